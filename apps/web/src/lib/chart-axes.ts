import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import { categorySpacing, dayTicks, endLabelRoom, niceTicks, tickLabeller, widestDayTickLabel, type TickFormat } from './axis-ticks.ts';

/**
 * The axes every chart of the app draws the same way (./axis-ticks.ts does the arithmetic): value
 * axes with 4 to 6 round ticks labelled as precisely as their step needs, category and day axes
 * with no more labels than fit, and margins wide enough that the label at an axis' end is never cut.
 */

/** The margin of a chart whose axes are on the left and bottom: room on the right for the last x label. */
const margin = (right: number) => ({ top: 16, right, bottom: 8, left: 8 });

/** A UTC-midnight Date as the calendar day it stands for. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A chart's x axis of calendar days ('YYYY-MM-DD'). The scale is UTC, so no time zone shifts a day;
 * at most six ticks, on whole days, weeks, months or years, that read briefly and never alike
 * (dayTicks); the tooltip shows the short date.
 */
export function utcDayAxis(days: string[]) {
  const data = days.map((day) => new Date(`${day}T00:00:00Z`));
  const { ticks, label } = dayTicks(data[0] ?? new Date(0), data.at(-1) ?? new Date(0));
  return {
    data,
    scaleType: 'utc' as const,
    tickInterval: ticks,
    valueFormatter: (date: Date, context: { location: string }) =>
      context.location === 'tick' ? label(date) : formatShortDate(isoDay(date)),
  };
}

/** What the daily line charts share: drawn at once (no animation), horizontal grid lines, room for the last day's label. */
export const dayChartProps = {
  skipAnimation: true,
  grid: { horizontal: true },
  margin: margin(endLabelRoom(widestDayTickLabel)),
} as const;

/** A tooltip's dollars, blank where the series has no value that day. */
export const dollarsOrBlank = (value: number | null) => (value === null ? '' : formatDollars(value));

/**
 * A value axis over `values`: its domain and ticks round (niceTicks), its labels as precise as the
 * step needs (tickLabeller). `integers` keeps to whole steps, for counts.
 */
export function valueAxis(values: readonly (number | null)[], format: TickFormat, { integers = false } = {}) {
  const scale = niceTicks(values, { integers });
  const label = tickLabeller(format, scale);
  return {
    min: scale.min,
    max: scale.max,
    tickInterval: scale.ticks,
    valueFormatter: (value: number | null) => (value === null ? '' : label(value)),
  };
}

/** valueAxis as a y axis, as wide as its labels (measured by the chart), so none is cut. */
export const yValueAxis = (...args: Parameters<typeof valueAxis>) => ({ ...valueAxis(...args), width: 'auto' as const });

type CategoryOptions<Scale extends 'point' | 'band'> = {
  /** 'band' for bars (a band per category, its label in the middle), 'point' for lines (the default). */
  scaleType?: Scale;
  /** The label of a category's tick; the tooltip names it in full. */
  short?: (category: string) => string;
};

/**
 * An axis of categories (quarters, score bands…): a tick only as often as the labels fit side by
 * side at the chart's width; ticks may read `short`, the tooltip the category in full.
 */
export function categoryAxis<Scale extends 'point' | 'band' = 'point'>(
  categories: string[],
  { scaleType = 'point' as Scale, short = (category) => category }: CategoryOptions<Scale> = {},
) {
  // The chart thins the ticks as if n categories took n spacings: bands do, points take n - 1.
  const spacings = Math.max(1, scaleType === 'band' ? categories.length : categories.length - 1);
  return {
    scaleType,
    data: categories,
    tickSpacing: (categorySpacing(categories.map(short)) * spacings) / Math.max(1, categories.length),
    valueFormatter: (category: string, context: { location: string }) => (context.location === 'tick' ? short(category) : category),
  };
}

/**
 * The margin of a chart with its y axes on the left and `xAxis` (a value or category axis) at the
 * bottom: room on the right for half the x axis' last label, which the chart centres on the axis'
 * end and would otherwise cut ('17.…', 'Q4…').
 */
export function chartMargin(xAxis: ReturnType<typeof valueAxis> | ReturnType<typeof categoryAxis>) {
  const last =
    'tickInterval' in xAxis
      ? xAxis.valueFormatter(xAxis.tickInterval.at(-1) ?? null)
      : xAxis.valueFormatter(xAxis.data.at(-1) ?? '', { location: 'tick' });
  return margin(endLabelRoom(last));
}
