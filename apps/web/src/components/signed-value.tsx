import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatSignedDollars, formatSignedPercent, formatSignedReturn } from '@meridian/domain/shared/format';

/** A figure signed and rounded as it is shown, and which way it went once rounded (0: it rounds to nothing). */
export type SignedFigure = { text: string; direction: 1 | 0 | -1 };

type Figure =
  /** Dollars with cents, or a percent with two decimals (4.25 is +4.25%). */
  | { value: number; kind: 'dollars' | 'percent'; figure?: never }
  /** A figure signed elsewhere: a return, a count, compact dollars, percentage points. */
  | { figure: SignedFigure; value?: never; kind?: never };

type Props = Figure & {
  /** An arrow before the figure. */
  trend?: boolean;
  /** Words after the figure, in the text colour ('since Q3 2026'). */
  suffix?: string;
} & Omit<TypographyProps, 'children'>;

const directionOf = (rounded: number): SignedFigure['direction'] => (rounded > 0 ? 1 : rounded < 0 ? -1 : 0);

function signed({ value, kind, figure }: Figure): SignedFigure {
  if (figure) return figure;
  return {
    text: kind === 'dollars' ? formatSignedDollars(value) : formatSignedPercent(value),
    direction: directionOf(Math.round(value * 100)),
  };
}

/** A return or a relative change given as a fraction, as lists and cards show it (formatSignedReturn): 0.125 → +12.5%. */
export const returnFigure = (fraction: number): SignedFigure => ({
  text: formatSignedReturn(fraction),
  direction: directionOf(Math.round(fraction * 1000)),
});

const colour = { 1: 'success.main', 0: 'text.secondary', [-1]: 'error.main' } as const;
const arrows = { 1: TrendingUpIcon, 0: TrendingFlatIcon, [-1]: TrendingDownIcon } as const;
const names = { 1: 'up', 0: 'flat', [-1]: 'down' } as const;
const figureSx = { fontWeight: 500, whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 0.5 } as const;

/**
 * A gain, loss or change: signed, green when up, red when down, grey when it rounds to nothing;
 * the sign (and with `trend` an arrow) says the same to someone who does not read the colour.
 */
export function SignedValue({ value, kind, figure, trend = false, suffix, ...props }: Props) {
  // The figure's own props make the figure; the rest go to the Typography.
  const shown = signed({ value, kind, figure } as Figure);
  const Arrow = arrows[shown.direction];
  const content = (
    <>
      {trend && <Arrow fontSize="small" aria-hidden data-testid={`trend-${names[shown.direction]}`} />}
      {shown.text}
    </>
  );
  if (!suffix) {
    return (
      <Typography variant="body2" component="span" sx={{ ...figureSx, color: colour[shown.direction] }} {...props}>
        {content}
      </Typography>
    );
  }
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
      {...props}
    >
      <Typography component="span" variant="inherit" sx={{ ...figureSx, color: colour[shown.direction] }}>
        {content}
      </Typography>
      <Typography component="span" variant="inherit" color="text.secondary">
        {suffix}
      </Typography>
    </Typography>
  );
}
