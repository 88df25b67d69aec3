import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { PricePoint } from '@meridian/domain/securities/contracts';
import { dayChartProps, dollarsOrBlank, utcDayAxis, yValueAxis } from '../../../lib/chart-axes.ts';

type Props = { symbol: string; points: PricePoint[]; height?: number };

/**
 * Daily closes as a line on a UTC time axis (dates are calendar days, so no time zone may shift
 * them). Imported closes are marked with a dot; simulated ones are the plain line.
 */
export function PriceHistoryChart({ symbol, points, height = 320 }: Props) {
  const theme = useTheme();
  const first = points[0]?.close ?? 0;
  const last = points.at(-1)?.close ?? 0;
  return (
    <LineChart
      height={height}
      {...dayChartProps}
      hideLegend
      xAxis={[utcDayAxis(points.map((point) => point.date))]}
      yAxis={[
        yValueAxis(
          points.map((point) => point.close),
          'dollars',
        ),
      ]}
      series={[
        {
          id: symbol,
          label: `${symbol} close`,
          data: points.map((point) => point.close),
          color: last >= first ? theme.palette.success.main : theme.palette.error.main,
          showMark: ({ index }) => points[index]?.source === 'imported',
          valueFormatter: dollarsOrBlank,
        },
      ]}
    />
  );
}
