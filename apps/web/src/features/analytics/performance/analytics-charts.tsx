import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AnalyticsPoint } from '@meridian/domain/analytics/contracts';
import { dayChartProps, dollarsOrBlank, utcDayAxis, yValueAxis } from '../../../lib/chart-axes.ts';
import { plainFraction } from '../../../lib/figure-format.ts';

/**
 * The page's two charts, in their own chunk (the page loads it with React.lazy), so the first paint
 * does not wait for the chart library. Dates are calendar days: a UTC axis keeps them in place.
 */

const timeAxis = (series: AnalyticsPoint[]) => utcDayAxis(series.map((point) => point.date));

type GrowthProps = { series: AnalyticsPoint[]; benchmark: string | null; height?: number };

/** Growth of 100 against the benchmark's on the left axis, and the market value (dashed) on the right. */
export function GrowthChart({ series, benchmark, height = 320 }: GrowthProps) {
  const theme = useTheme();
  return (
    <LineChart
      height={height}
      {...dayChartProps}
      // The market value's axis on the right leaves room for the last day's label.
      margin={{ ...dayChartProps.margin, right: 8 }}
      xAxis={[timeAxis(series)]}
      yAxis={[
        {
          id: 'growth',
          ...yValueAxis(
            series.flatMap((point) => [point.growth, point.benchmark_growth]),
            'number',
          ),
        },
        {
          id: 'value',
          position: 'right',
          ...yValueAxis(
            series.map((point) => point.value),
            'dollars',
          ),
        },
      ]}
      series={[
        {
          id: 'growth',
          label: 'Growth of 100',
          yAxisId: 'growth',
          data: series.map((point) => point.growth),
          color: theme.palette.primary.main,
          showMark: false,
          valueFormatter: (value) => (value === null ? '' : value.toFixed(2)),
        },
        {
          id: 'benchmark',
          label: benchmark ? `${benchmark} (benchmark)` : 'Benchmark',
          yAxisId: 'growth',
          data: series.map((point) => point.benchmark_growth),
          color: theme.palette.warning.main,
          showMark: false,
          valueFormatter: (value) => (value === null ? '—' : value.toFixed(2)),
        },
        {
          id: 'value',
          label: 'Market value',
          yAxisId: 'value',
          data: series.map((point) => point.value),
          color: theme.palette.grey[500],
          showMark: false,
          valueFormatter: dollarsOrBlank,
        },
      ]}
      sx={{ '& .MuiLineChart-line[data-series="value"]': { strokeDasharray: '4 4' } }}
    />
  );
}

/** The fall below the running peak, as an area under zero; its axis runs from zero down, at least to -1%. */
export function DrawdownChart({ series, height = 220 }: { series: AnalyticsPoint[]; height?: number }) {
  const theme = useTheme();
  return (
    <LineChart
      height={height}
      {...dayChartProps}
      hideLegend
      xAxis={[timeAxis(series)]}
      yAxis={[yValueAxis([...series.map((point) => point.drawdown), 0, -0.01], 'percent')]}
      series={[
        {
          id: 'drawdown',
          label: 'Drawdown',
          data: series.map((point) => point.drawdown),
          area: true,
          baseline: 'max',
          showMark: false,
          color: theme.palette.error.main,
          valueFormatter: (value) => (value === null ? '' : plainFraction(value)),
        },
      ]}
    />
  );
}
