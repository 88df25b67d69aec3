/**
 * The arithmetic of chart axes, kept apart from the chart library: round tick values for a value
 * axis, labels precise enough that no two ticks read the same, and how much room a label needs.
 */

/** A value axis' ticks: evenly spaced by `step`, from `min` to `max` inclusive. */
export type TickScale = { min: number; max: number; step: number; ticks: number[] };

/** How a value axis writes its ticks: dollars (compact from $1K up), a fraction as a percentage, or a plain number. */
export type TickFormat = 'dollars' | 'percent' | 'number';

const mantissas = [1, 2, 2.5, 5] as const;
const fewestTicks = 4;
const mostTicks = 6;
const idealTicks = 5;
// Division leaves 2.9999999 where 3 was meant; a tick that far off a multiple counts as on it.
const epsilon = 1e-9;

/** Rounds off binary noise (0.1 × 3 = 0.30000000000000004) without touching real digits. */
const clean = (value: number) => Number(value.toPrecision(12));

/** The decimals needed to write every multiple of `step` exactly: 0.05 → 2, 2.5 → 1, 500 → 0. */
export function decimalsOf(step: number): number {
  for (let decimals = 0; decimals < 12; decimals += 1) {
    const scaled = step * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) < epsilon * Math.max(1, scaled)) return decimals;
  }
  return 12;
}

function ticksWithStep(low: number, high: number, step: number): TickScale {
  const first = Math.floor(low / step + epsilon);
  const last = Math.ceil(high / step - epsilon);
  const ticks = Array.from({ length: last - first + 1 }, (_, index) => clean((first + index) * step));
  return { min: ticks[0]!, max: ticks.at(-1)!, step, ticks };
}

/** The range to tick when every value is the same: a little either side of it (0 to 1 for zero). */
function spread(low: number, high: number): [number, number] {
  if (high > low) return [low, high];
  if (low === 0) return [0, 1];
  const margin = Math.abs(low) * 0.05;
  return [low - margin, high + margin];
}

/**
 * Round ticks covering every value: a step of 1, 2, 2.5 or 5 × 10^n and 4 to 6 ticks, from a
 * multiple of the step at or below the lowest value to one at or above the highest. A step of 2.5
 * (whose labels need a decimal more) only where no other gives 4 to 6 ticks; then five ticks are
 * preferred, then the larger step. `integers` keeps to whole steps, for counts. Values that are not
 * finite are left out.
 */
export function niceTicks(values: readonly (number | null)[], { integers = false }: { integers?: boolean } = {}): TickScale {
  const finite = values.filter((value): value is number => value !== null && Number.isFinite(value));
  const [low, spreadHigh] = spread(finite.length ? Math.min(...finite) : 0, finite.length ? Math.max(...finite) : 1);
  // Whole steps over a range of one or two would leave two or three ticks: counts reach at least 3 above the lowest.
  const high = integers ? Math.max(spreadHigh, low + fewestTicks - 1) : spreadHigh;
  const magnitude = Math.floor(Math.log10((high - low) / idealTicks));
  let best: { scale: TickScale; score: number } | undefined;
  for (let exponent = magnitude - 1; exponent <= magnitude + 1; exponent += 1) {
    for (const mantissa of mantissas) {
      const step = clean(mantissa * 10 ** exponent);
      if (integers && !Number.isInteger(step)) continue;
      const scale = ticksWithStep(low, high, step);
      const count = scale.ticks.length;
      const score = (count < fewestTicks || count > mostTicks ? 100 : 0) + Math.abs(count - idealTicks) + (mantissa === 2.5 ? 1.5 : 0);
      if (!best || score <= best.score) best = { scale, score };
    }
  }
  return best!.scale;
}

const formats = new Map<string, Intl.NumberFormat>();

/** en-US numbers (or dollars) with exactly `decimals` decimals; one formatter per kind, made once. */
function fixed(decimals: number, currency: boolean): Intl.NumberFormat {
  const key = `${decimals}${currency ? '$' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      ...(currency && { style: 'currency', currency: 'USD' }),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(key, format);
  }
  return format;
}

const units = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/**
 * How an axis' ticks read: every label with the same decimals, as many as the step needs, so
 * adjacent ticks never read alike ($1.45M, $1.50M, $1.55M, not $1.5M three times). Dollars from
 * $1K up are compact, in one unit for the whole axis (that of its largest tick); below, a step
 * under a dollar shows cents. Zero is written plainly ($0, 0%, 0).
 */
export function tickLabeller(format: TickFormat, { step, ticks }: Pick<TickScale, 'step' | 'ticks'>): (value: number) => string {
  if (format === 'percent') {
    const decimals = decimalsOf(clean(step * 100));
    return (value) => (value === 0 ? '0%' : `${(value * 100).toFixed(decimals)}%`);
  }
  if (format === 'number') {
    const number = fixed(decimalsOf(step), false);
    return (value) => (value === 0 ? '0' : number.format(value));
  }
  const largest = Math.max(...ticks.map(Math.abs));
  const unit = units.find((candidate) => largest >= candidate.size);
  const stepDecimals = decimalsOf(clean(step / (unit?.size ?? 1)));
  const decimals = unit || stepDecimals === 0 ? stepDecimals : Math.max(2, stepDecimals);
  const dollars = fixed(decimals, true);
  return (value) => (value === 0 ? '$0' : `${dollars.format(value / (unit?.size ?? 1))}${unit?.suffix ?? ''}`);
}

// Tick labels are 12 px Roboto: digits are 6.7 px wide, capitals and % up to 11; 7.5 a character
// errs on the wide side, so a label given this room is never cut.
const pixelsPerCharacter = 7.5;

/** A generous estimate of a tick label's width in pixels. */
export const labelWidth = (label: string): number => Math.ceil(label.length * pixelsPerCharacter);

/**
 * The room beside the drawing area for the label centred on an axis' end tick: half its width and
 * a little, never less than `least` (the chart's ordinary margin).
 */
export const endLabelRoom = (label: string, least = 16): number => Math.max(least, Math.ceil(labelWidth(label) / 2) + 4);

/** Pixels between two category ticks so their labels (the widest of `labels`) never touch. */
export const categorySpacing = (labels: readonly string[]): number => Math.max(0, ...labels.map(labelWidth)) + 12;

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

const dayMs = 24 * 60 * 60 * 1000;
// 1970-01-01, day 0, was a Thursday: Mondays are the days 4 past a multiple of 7.
const firstMonday = 4;

type DayInterval = { unit: 'day' | 'month' | 'year'; every: number };
const dayIntervals: DayInterval[] = [
  { unit: 'day', every: 1 },
  { unit: 'day', every: 2 },
  { unit: 'day', every: 7 },
  { unit: 'day', every: 14 },
  ...[1, 2, 3, 6].map((every) => ({ unit: 'month' as const, every })),
  ...[1, 2, 5, 10, 20, 50, 100].map((every) => ({ unit: 'year' as const, every })),
];

/** The days from `first` to `last` (UTC midnights) that start an interval: Mondays for weeks, firsts for months, January 1st for years. */
function intervalStarts(first: Date, last: Date, { unit, every }: DayInterval): Date[] {
  const starts: Date[] = [];
  if (unit === 'day') {
    const offset = every % 7 === 0 ? firstMonday : 0;
    const firstDay = Math.ceil(first.getTime() / dayMs);
    const lastDay = Math.floor(last.getTime() / dayMs);
    for (let day = firstDay + ((((offset - firstDay) % every) + every) % every); day <= lastDay; day += every) {
      starts.push(new Date(day * dayMs));
    }
    return starts;
  }
  const months = unit === 'month' ? every : every * 12;
  let index = first.getUTCFullYear() * 12 + first.getUTCMonth();
  index += (months - (index % months)) % months;
  for (; ; index += months) {
    const start = new Date(Date.UTC(Math.floor(index / 12), index % 12, 1));
    if (start > last) return starts;
    if (start >= first) starts.push(start);
  }
}

/**
 * A time axis' ticks from `first` to `last` (UTC midnights): at most six, on whole days, weeks
 * (Mondays), months or years, and labels that never read alike: 'Nov 8' for days and weeks; for
 * months the year on January ('2026') and the month else ('Apr'), with its year ("Apr '25") where
 * the axis spans more than a year; the year for years.
 */
export function dayTicks(first: Date, last: Date): { ticks: Date[]; label: (day: Date) => string } {
  let chosen = dayIntervals.at(-1)!;
  let ticks: Date[] = [];
  for (const interval of dayIntervals) {
    ticks = intervalStarts(first, last, interval);
    chosen = interval;
    if (ticks.length <= mostTicks) break;
  }
  const years = last.getTime() - first.getTime() > 366 * dayMs;
  const label = (day: Date): string => {
    if (chosen.unit === 'day') return monthDay.format(day);
    if (chosen.unit === 'year' || day.getUTCMonth() === 0) return String(day.getUTCFullYear());
    return years ? `${month.format(day)} '${String(day.getUTCFullYear()).slice(2)}` : month.format(day);
  };
  return { ticks, label };
}

/** The widest label dayTicks writes, to leave room for one at an axis' end. */
export const widestDayTickLabel = "Sep '25";
