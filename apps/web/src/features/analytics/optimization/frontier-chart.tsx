import { useTheme } from '@mui/material/styles';
import { ScatterChart } from '@mui/x-charts/ScatterChart';
import type { Optimization, RiskPoint } from '@meridian/domain/recommendations/contracts';
import { chartMargin, valueAxis, yValueAxis } from '../../../lib/chart-axes.ts';
import { plainFraction } from '../../../lib/figure-format.ts';

/**
 * The efficient frontier (volatility across, expected return up) with the portfolio now and at its
 * optimum, in its own chunk like the page's other charts.
 */
const xy = (point: RiskPoint, id: string) => ({ x: point.volatility, y: point.expected_return, id });

export function FrontierChart({ optimization, height = 300 }: { optimization: Optimization; height?: number }) {
  const theme = useTheme();
  const points = [...optimization.frontier, optimization.current, optimization.optimal];
  const xAxis = valueAxis(
    points.map((point) => point.volatility),
    'percent',
  );
  return (
    <ScatterChart
      height={height}
      margin={chartMargin(xAxis)}
      xAxis={[{ label: 'Volatility (annual)', ...xAxis }]}
      yAxis={[
        {
          label: 'Expected return (annual)',
          ...yValueAxis(
            points.map((point) => point.expected_return),
            'percent',
          ),
        },
      ]}
      series={[
        {
          id: 'frontier',
          label: 'Efficient frontier',
          data: optimization.frontier.map((point, index) => xy(point, `f${index}`)),
          color: theme.palette.primary.light,
          markerSize: 4,
          valueFormatter: (value) => value && `${plainFraction(value.y)} at ${plainFraction(value.x)} volatility`,
        },
        {
          id: 'current',
          label: 'Now',
          data: [xy(optimization.current, 'current')],
          color: theme.palette.warning.main,
          markerSize: 9,
          valueFormatter: (value) => value && `Now: ${plainFraction(value.y)} at ${plainFraction(value.x)}`,
        },
        {
          id: 'optimal',
          label: 'Optimal',
          data: [xy(optimization.optimal, 'optimal')],
          color: theme.palette.success.main,
          markerSize: 9,
          valueFormatter: (value) => value && `Optimal: ${plainFraction(value.y)} at ${plainFraction(value.x)}`,
        },
      ]}
    />
  );
}
