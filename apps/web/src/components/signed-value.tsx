import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatSignedDollars, formatSignedPercent } from '@meridian/domain/format';

type Props = { value: number; kind: 'dollars' | 'percent' } & Omit<TypographyProps, 'children'>;

/** A gain or loss: signed, green when up, red when down, grey at zero (after rounding to the cent). */
export function SignedValue({ value, kind, ...props }: Props) {
  const rounded = Math.round(value * 100) / 100;
  const color = rounded > 0 ? 'success.main' : rounded < 0 ? 'error.main' : 'text.secondary';
  return (
    <Typography variant="body2" component="span" sx={{ color, fontWeight: 500, whiteSpace: 'nowrap' }} {...props}>
      {kind === 'dollars' ? formatSignedDollars(value) : formatSignedPercent(value)}
    </Typography>
  );
}
