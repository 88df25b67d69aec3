import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatDollars, formatSignedPercent } from '@meridian/domain/shared/format';

/** Rounded to the cent, so a change of -$0.001 reads as no change. */
const cents = (value: number) => Math.round(value * 100) / 100;

/** +$1.25, -$0.40 and +$0.00: the sign rule of formatSignedPercent, in dollars. */
const formatSignedDollars = (value: number): string => {
  const rounded = cents(value);
  return rounded >= 0 ? `+${formatDollars(rounded)}` : formatDollars(rounded);
};

type Props = { value: number | null; kind: 'dollars' | 'percent' } & Omit<TypographyProps, 'children'>;

/** A day change: signed, green when up, red when down, grey when unchanged; an en dash when unknown. */
export function PriceChange({ value, kind, ...props }: Props) {
  if (value === null) {
    return (
      <Typography variant="body2" color="text.secondary" component="span" {...props}>
        –
      </Typography>
    );
  }
  const rounded = cents(value);
  const color = rounded > 0 ? 'success.main' : rounded < 0 ? 'error.main' : 'text.secondary';
  return (
    <Typography variant="body2" component="span" sx={{ color, fontWeight: 500, whiteSpace: 'nowrap' }} {...props}>
      {kind === 'dollars' ? formatSignedDollars(value) : formatSignedPercent(value)}
    </Typography>
  );
}
