import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import type { PricePoint } from '@meridian/domain/securities/contracts';

type Props = { symbol: string; points: PricePoint[]; width?: number; height?: number };

/** A year of closes as a small line: green when the period ended higher than it began, red when lower. */
export function PriceSparkline({ symbol, points, width = 140, height = 36 }: Props) {
  const theme = useTheme();
  const first = points[0]?.close;
  const last = points.at(-1)?.close;
  if (first === undefined || last === undefined) return null;
  const color = last >= first ? theme.palette.success.main : theme.palette.error.main;
  return (
    <Box
      role="img"
      aria-label={`${symbol} closing prices, ${formatShortDate(points[0]?.date)} to ${formatShortDate(points.at(-1)?.date)}`}
      data-testid="sparkline"
      sx={{ width, height }}
    >
      <SparkLineChart
        data={points.map((point) => point.close)}
        xAxis={{ data: points.map((point) => point.date), scaleType: 'point', valueFormatter: (date: string) => formatShortDate(date) }}
        width={width}
        height={height}
        color={color}
        margin={2}
        showTooltip
        showHighlight
        valueFormatter={(value) => (value === null ? '' : formatDollars(value))}
        skipAnimation
      />
    </Box>
  );
}
