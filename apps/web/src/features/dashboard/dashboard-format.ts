import type { MetricUnit } from '@meridian/domain/dashboard/contracts';
import { formatCompactDollars } from '@meridian/domain/shared/format';
import type { SignedFigure } from '../../components/signed-value.tsx';

/**
 * The dashboard's figures (spec part 1 §9): compact USD with one decimal, signed changes with one
 * decimal. A change is shown with its sign and the direction it went, after rounding, so a change
 * that rounds to nothing reads '+0' and is not coloured (SignedValue shows them).
 */
const signed = (rounded: number, body: (magnitude: number) => string): SignedFigure => ({
  text: `${rounded < 0 ? '-' : '+'}${body(Math.abs(rounded))}`,
  direction: rounded > 0 ? 1 : rounded < 0 ? -1 : 0,
});

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export const formatCount = (value: number) => value.toLocaleString('en-US');

/** A quarter as a chart's tick shows it: 'Q4 2026' → "Q4 '26". */
export const shortQuarter = (quarter: string) => quarter.replace(/ \d\d(\d\d)$/, " '$1");

/** +3, -12, +0 */
export const signedCount = (value: number): SignedFigure => signed(Math.round(value), formatCount);

/** +$1.2M, -$350K; rounded as formatCompactDollars shows it. */
export function signedCompactDollars(value: number): SignedFigure {
  const shown = formatCompactDollars(Math.abs(value));
  const direction = shown === '$0' ? 0 : value > 0 ? 1 : -1;
  return { text: `${direction < 0 ? '-' : '+'}${shown}`, direction };
}

/** A difference of two fractions in percentage points: 0.008 → +0.8 pts */
export const signedPoints = (fraction: number): SignedFigure => signed(oneDecimal(fraction * 100), (v) => `${v.toFixed(1)} pts`);

/** A rating change: +0.2 */
const signedRating = (value: number): SignedFigure => signed(oneDecimal(value), (v) => v.toFixed(1));

/** A metric's value in its unit: $125.3M, 156, 4.8 / 5. */
export function formatMetricValue(value: number, unit: MetricUnit): string {
  switch (unit) {
    case 'currency':
      return formatCompactDollars(value);
    case 'number':
      return formatCount(value);
    case 'rating':
      return `${value.toFixed(1)} / 5`;
  }
}

/** A metric's change in its unit. */
export function signedMetricChange(value: number, unit: MetricUnit): SignedFigure {
  switch (unit) {
    case 'currency':
      return signedCompactDollars(value);
    case 'number':
      return signedCount(value);
    case 'rating':
      return signedRating(value);
  }
}
