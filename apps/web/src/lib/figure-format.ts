import { formatSignedPercent } from '@meridian/domain/shared/format';

/** Shown for a figure the server could not compute (null). */
export const noFigure = '—';

/** A fraction as a signed percentage with two decimals: 0.1234 → +12.34% (format.ts's rule). */
export const signedFraction = (value: number | null | undefined): string =>
  value === null || value === undefined ? noFigure : formatSignedPercent(value * 100);

/** A fraction as an unsigned percentage with two decimals: 0.1234 → 12.34%. */
export const plainFraction = (value: number | null | undefined): string =>
  value === null || value === undefined ? noFigure : `${(value * 100).toFixed(2)}%`;

/** A ratio (Sharpe, beta…) with two decimals. */
export const ratio = (value: number | null | undefined): string => (value === null || value === undefined ? noFigure : value.toFixed(2));

/** Under every weight: what it is a share of (allocation donuts, holdings' allocation, concentration). */
export const weightsCaption = 'Weights are shares of the total value, cash included (cash is its own slice).';
