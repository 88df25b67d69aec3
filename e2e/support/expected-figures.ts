/**
 * The figures a journey expects on screen, written out from the display rules (spec part 2 §9) by
 * hand: the journeys never format through the product's own formatters, so a fault there shows as a
 * difference on the page instead of being copied into the expectation.
 */

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 1234567.891 with 2 decimals → "1,234,567.89" (no sign). */
function grouped(magnitude: number, decimals: number): string {
  const [whole, fraction] = magnitude.toFixed(decimals).split('.') as [string, string | undefined];
  const withCommas = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

/** A minus sign only for a figure that is below zero once shown to `decimals` places. */
const minusFor = (value: number, decimals: number) => (value < 0 && Number(Math.abs(value).toFixed(decimals)) > 0 ? '-' : '');

/** Portfolio views: $1,250,000.50 and -$12.00. */
export const dollars = (value: number): string => `${minusFor(value, 2)}$${grouped(Math.abs(value), 2)}`;

/** +$1.25, -$0.40 and +$0.00. */
export const signedDollars = (value: number): string => `${minusFor(value, 2) || '+'}$${grouped(Math.abs(value), 2)}`;

/** Lists and cards: $980, $12.5K, $980K, $125.3M, $2B — one decimal at most, none when it is 0. */
export function compactDollars(value: number): string {
  const units = ['', 'K', 'M', 'B', 'T'];
  let scaled = Math.abs(value);
  let unit = 0;
  while (unit < units.length - 1 && Number(scaled.toFixed(1)) >= 1000) {
    scaled /= 1000;
    unit += 1;
  }
  const shown = scaled.toFixed(1).replace(/\.0$/, '');
  return `${minusFor(value, 1)}$${shown}${units[unit]}`;
}

/** A percentage with two decimals and its sign: 12.5 → +12.50%, -3.2 → -3.20%, 0 → +0.00%. */
export const signedPercent = (percent: number): string => `${minusFor(percent, 2) || '+'}${grouped(Math.abs(percent), 2)}%`;

/** A return given as a fraction, with one decimal: 0.0523 → +5.2%, -0.031 → -3.1%. */
export const signedReturn = (fraction: number): string => `${minusFor(fraction * 100, 1) || '+'}${Math.abs(fraction * 100).toFixed(1)}%`;

/** 2026-11-23 → Nov 23, 2026. */
export function shortDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${months[month - 1]} ${day}, ${year}`;
}
