import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { metricLabels, type PerformanceMetricsResponse } from '@meridian/domain/dashboard/contracts';
import { formatCompactDollars } from '@meridian/domain/shared/format';
import type { TickFormat } from '../../../lib/axis-ticks.ts';
import { categoryAxis, chartMargin, yValueAxis } from '../../../lib/chart-axes.ts';
import { formatCount, shortQuarter } from '../dashboard-format.ts';

type TrendPoint = PerformanceMetricsResponse['data']['trends'][number];
type Series = {
  key: 'total_aum' | 'active_clients' | 'completed_assessments';
  title: string;
  color: string;
  format: (value: number) => string;
  /** How the value axis writes its ticks; counts keep to whole steps. */
  ticks: TickFormat;
  integers: boolean;
};

const series: Series[] = [
  { key: 'total_aum', title: metricLabels.total_aum, color: '#1565c0', format: formatCompactDollars, ticks: 'dollars', integers: false },
  { key: 'active_clients', title: metricLabels.active_clients, color: '#2e7d32', format: formatCount, ticks: 'number', integers: true },
  {
    key: 'completed_assessments',
    title: metricLabels.completed_assessments,
    color: '#c80046',
    format: formatCount,
    ticks: 'number',
    integers: true,
  },
];

/** One metric over the quarters, with its first and last figures written out for those who cannot see the chart. */
function TrendChart({ trends, line }: { trends: TrendPoint[]; line: Series }) {
  const values = trends.map((point) => point[line.key]);
  const first = trends[0]!;
  const last = trends.at(-1)!;
  const summary = `${line.format(first[line.key])} in ${first.quarter}, ${line.format(last[line.key])} in ${last.quarter}`;
  const xAxis = categoryAxis(
    trends.map((point) => point.quarter),
    { short: shortQuarter },
  );
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
        xAxis={[xAxis]}
        yAxis={[yValueAxis(values, line.ticks, { integers: line.integers })]}
        series={[
          { data: values, label: line.title, color: line.color, valueFormatter: (value) => (value === null ? '' : line.format(value)) },
        ]}
        hideLegend
        margin={chartMargin(xAxis)}
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
