import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatSignedDollars, formatSignedPercent } from '@meridian/domain/format';

/** A figure signed and rounded as it is shown, and which way it went once rounded (0: it rounds to nothing). */
export type SignedFigure = { text: string; direction: 1 | 0 | -1 };

type Figure =
  /** Dollars with cents, or a percent (4.25 is +4.25%) with two decimals unless `decimals` says one. */
  | { value: number; kind: 'dollars'; decimals?: never; figure?: never }
  | { value: number; kind: 'percent'; decimals?: 1 | 2; figure?: never }
  /** A figure signed elsewhere: a count, compact dollars, percentage points. */
  | { figure: SignedFigure; value?: never; kind?: never; decimals?: never };

type Props = Figure & {
  /** An arrow before the figure. */
  trend?: boolean;
  /** Words after the figure, in the text colour ('since Q3 2026'). */
  suffix?: string;
} & Omit<TypographyProps, 'children'>;

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function signed({ value, kind, decimals, figure }: Figure): SignedFigure {
  if (figure) return figure;
  const scale = kind === 'percent' && decimals === 1 ? 10 : 100;
  const rounded = Math.round(value * scale) / scale;
  const text =
    kind === 'dollars'
      ? formatSignedDollars(value)
      : scale === 10
        ? `${rounded < 0 ? '-' : '+'}${oneDecimal.format(Math.abs(rounded))}%`
        : formatSignedPercent(value);
  return { text, direction: rounded > 0 ? 1 : rounded < 0 ? -1 : 0 };
}

const colour = { 1: 'success.main', 0: 'text.secondary', [-1]: 'error.main' } as const;
const arrows = { 1: TrendingUpIcon, 0: TrendingFlatIcon, [-1]: TrendingDownIcon } as const;
const names = { 1: 'up', 0: 'flat', [-1]: 'down' } as const;
const figureSx = { fontWeight: 500, whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 0.5 } as const;

/**
 * A gain, loss or change: signed, green when up, red when down, grey when it rounds to nothing;
 * the sign (and with `trend` an arrow) says the same to someone who does not read the colour.
 */
export function SignedValue(allProps: Props) {
  const shown = signed(allProps);
  // What is left once the figure's own props are taken out goes to the Typography.
  const { value, kind, decimals, figure, trend = false, suffix, ...props } = allProps;
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
    <Typography variant="body2" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }} {...props}>
      <Typography component="span" variant="inherit" sx={{ ...figureSx, color: colour[shown.direction] }}>
        {content}
      </Typography>
      <Typography component="span" variant="inherit" color="text.secondary">
        {suffix}
      </Typography>
    </Typography>
  );
}
