import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatSignedDollars, formatSignedPercent } from '@meridian/domain/format';

type Props = { value: number; kind: 'dollars' | 'percent'; trend?: boolean } & Omit<TypographyProps, 'children'>;

/**
 * A gain or loss: signed, green when up, red when down, grey at zero (after rounding to the cent);
 * with `trend`, an arrow before it says the same to someone who does not read the colour.
 */
export function SignedValue({ value, kind, trend = false, ...props }: Props) {
  const rounded = Math.round(value * 100) / 100;
  const color = rounded > 0 ? 'success.main' : rounded < 0 ? 'error.main' : 'text.secondary';
  const Arrow = rounded > 0 ? TrendingUpIcon : rounded < 0 ? TrendingDownIcon : TrendingFlatIcon;
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color, fontWeight: 500, whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      {...props}
    >
      {trend && <Arrow fontSize="small" aria-hidden data-testid={`trend-${rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat'}`} />}
      {kind === 'dollars' ? formatSignedDollars(value) : formatSignedPercent(value)}
    </Typography>
  );
}
