/**
 * Display formatting shared by every screen (spec part 2 §9): US dollars in en-US, no decimals for
 * client net worth, two in portfolio views, compact on lists; signed percentages with two
 * decimals; en-US short-month dates. Labels and categories of spec part 1 §9.
 */

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Date-only values (YYYY-MM-DD) are calendar days, not instants: format them in UTC so no time
// zone moves them to the day before.
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortDateLocal = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Client net worth and other whole-dollar figures: $1,250,000 */
export const formatWholeDollars = (value: number): string => wholeDollars.format(value);

/** Portfolio views: $1,250,000.50 */
export const formatDollars = (value: number): string => dollarsAndCents.format(value);

/** Lists and cards: $125.3M, $980K, $12.5K */
export const formatCompactDollars = (value: number): string => compactDollars.format(value);

/** +12.50%, -3.20%, and +0.00% (a plus sign when zero or positive). */
export function formatSignedPercent(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  const sign = rounded >= 0 ? '+' : '-';
  return `${sign}${twoDecimals.format(Math.abs(rounded))}%`;
}

/** A return given as a fraction, as lists show it: 0.0523 → +5.2%, one decimal, a plus sign when zero or positive. */
export function formatSignedReturn(fraction: number): string {
  const rounded = Math.round(fraction * 1000) / 10;
  return `${rounded >= 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}%`;
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** Nov 23, 2026 — from a date-only string, an ISO instant or a Date; '' for nothing. */
export function formatShortDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && dateOnly.test(value)) return shortDate.format(new Date(`${value}T00:00:00Z`));
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : shortDateLocal.format(date);
}

/** Whole years between a YYYY-MM-DD birth date and `today` (YYYY-MM-DD); null without a birth date. */
export function ageFrom(birthDate: string | null | undefined, today: string): number | null {
  if (!birthDate || !dateOnly.test(birthDate) || !dateOnly.test(today)) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

const netWorthCategories = [
  { below: 100_000, label: 'Building Wealth' },
  { below: 500_000, label: 'Emerging Affluent' },
  { below: 1_000_000, label: 'Mass Affluent' },
  { below: 5_000_000, label: 'High Net Worth' },
  { below: Infinity, label: 'Ultra High Net Worth' },
] as const;

/** Spec §9 net-worth category; a missing net worth counts as 0. */
export function netWorthCategory(netWorth: number | null | undefined): string {
  const value = netWorth ?? 0;
  return netWorthCategories.find((category) => value < category.below)!.label;
}

const experienceLabels: Record<string, string> = {
  beginner: 'Beginner (0-2 years)',
  intermediate: 'Intermediate (3-5 years)',
  advanced: 'Advanced (6-10 years)',
  expert: 'Expert (10+ years)',
};

/** Spec §9 experience label; anything else is 'Not specified'. */
export const experienceLabel = (level: string | null | undefined): string => (level && experienceLabels[level]) || 'Not specified';

export type RiskTone = 'success' | 'warning' | 'error' | 'default';

/** Spec risk colours: low/conservative green, medium/moderate orange, high/aggressive red, else grey. */
export function riskTone(level: string | null | undefined): RiskTone {
  switch (level?.toLowerCase()) {
    case 'low':
    case 'conservative':
      return 'success';
    case 'medium':
    case 'moderate':
      return 'warning';
    case 'high':
    case 'aggressive':
      return 'error';
    default:
      return 'default';
  }
}

export type RiskProfile = 'Conservative' | 'Moderate' | 'Aggressive';

/** The client list's risk profile (spec part 1 §3): low → Conservative, high → Aggressive, else Moderate. */
export function riskProfile(riskCapacity: string | null | undefined): RiskProfile {
  if (riskCapacity === 'low') return 'Conservative';
  if (riskCapacity === 'high') return 'Aggressive';
  return 'Moderate';
}

/** +$1.25, -$0.40 and +$0.00: the sign rule of formatSignedPercent, in dollars with cents. */
export function formatSignedDollars(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return rounded >= 0 ? `+${formatDollars(Math.abs(rounded))}` : `-${formatDollars(Math.abs(rounded))}`;
}

/** Spec part 2 §5: a part's percentage of a total; 0 when the total is not above 0. */
export const percentOf = (part: number, total: number): number => (total > 0 ? (part / total) * 100 : 0);
