import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import { plainFraction, weightsCaption } from '../../../lib/figure-format.ts';

type Concentration = NonNullable<PortfolioAnalytics['concentration']>;

/** How concentrated the holdings are: the largest position, the top five's share and the Herfindahl index. */
export function ConcentrationFigures({ concentration }: { concentration: Concentration | null }) {
  if (!concentration) {
    return <Typography color="text.secondary">No positions to measure.</Typography>;
  }
  const rows: [string, string, string][] = [
    ['largest', 'Largest position', `${concentration.largest_symbol} · ${plainFraction(concentration.largest_weight)}`],
    ['top-five', 'Top 5 positions', plainFraction(concentration.top_five_weight)],
    [
      'herfindahl',
      'Herfindahl index',
      `${concentration.herfindahl.toFixed(3)}${concentration.herfindahl > 0 ? ` (≈ ${(1 / concentration.herfindahl).toFixed(1)} equal positions)` : ''}`,
    ],
  ];
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}>
        {rows.map(([key, label, value]) => (
          <Box key={key} data-testid={`concentration-${key}`}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {weightsCaption}
      </Typography>
    </>
  );
}
