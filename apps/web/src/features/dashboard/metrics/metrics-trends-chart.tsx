import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { PerformanceMetricsResponse } from '@meridian/domain/dashboard/contracts';
import { formatCompactDollars } from '@meridian/domain/shared/format';
import { formatCount } from '../dashboard-format.ts';

type TrendPoint = PerformanceMetricsResponse['data']['trends'][number];
type Series = {
  key: 'total_aum' | 'active_clients' | 'completed_assessments';
  title: string;
  color: string;
  format: (value: number) => string;
};

const series: Series[] = [
  { key: 'total_aum', title: 'Assets Under Management', color: '#1565c0', format: formatCompactDollars },
  { key: 'active_clients', title: 'Active Clients', color: '#2e7d32', format: formatCount },
  { key: 'completed_assessments', title: 'Completed Assessments', color: '#c80046', format: formatCount },
];

/** One metric over the quarters, with its first and last figures written out for those who cannot see the chart. */
function TrendChart({ trends, line }: { trends: TrendPoint[]; line: Series }) {
  const quarters = trends.map((point) => point.quarter);
  const values = trends.map((point) => point[line.key]);
  const first = trends[0]!;
  const last = trends.at(-1)!;
  const summary = `${line.format(first[line.key])} in ${first.quarter}, ${line.format(last[line.key])} in ${last.quarter}`;
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }} data-testid={`trend-${line.key}`}>
      <Typography variant="subtitle2" component="figcaption">
        {line.title}
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {summary}
        </Typography>
      </Typography>
      <LineChart
        height={220}
        xAxis={[{ scaleType: 'point', data: quarters }]}
        yAxis={[{ valueFormatter: (value: number) => line.format(value), width: 64 }]}
        series={[
          { data: values, label: line.title, color: line.color, valueFormatter: (value) => (value === null ? '' : line.format(value)) },
        ]}
        hideLegend
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      />
    </Box>
  );
}

/** The Trends tab: AUM, clients and assessments over the last quarters (loaded lazily with the chart library). */
export function MetricsTrendsChart({ trends }: { trends: TrendPoint[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' } }}>
      {series.map((line) => (
        <TrendChart key={line.key} trends={trends} line={line} />
      ))}
    </Box>
  );
}
