import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatDollars } from '@meridian/domain/shared/format';

export type DonutSlice = { key: string; label: string; weight: number; market_value: number };

type Props = {
  title: string;
  slices: DonutSlice[];
  /** How a slice's weight is written (a percent, a fraction). */
  formatWeight: (weight: number) => string;
  palette: readonly string[];
  testId: string;
};

/** One allocation as a donut, with a legend listing each slice's weight and market value. */
export function AllocationDonut({ title, slices, formatWeight, palette, testId }: Props) {
  const color = (index: number) => palette[index % palette.length]!;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {slices.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          No holdings yet
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <PieChart
            width={180}
            height={180}
            hideLegend
            series={[
              {
                data: slices.map((slice, index) => ({ id: slice.key, value: slice.weight, label: slice.label, color: color(index) })),
                innerRadius: 50,
                outerRadius: 85,
                paddingAngle: 1,
                cornerRadius: 3,
                valueFormatter: (item) => formatWeight(item.value),
              },
            ]}
          />
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, flex: '1 1 200px', minWidth: 0 }} aria-label={`${title} slices`}>
            {slices.map((slice, index) => (
              <Box
                component="li"
                key={slice.key}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
                data-testid={`${testId}-${slice.key}`}
              >
                <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: color(index), flexShrink: 0 }} />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                  {slice.label}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                  {formatWeight(slice.weight)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatDollars(slice.market_value)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
