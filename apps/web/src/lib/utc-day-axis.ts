import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';

/** A UTC-midnight Date as the calendar day it stands for. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A chart's x axis of calendar days ('YYYY-MM-DD'). The scale is UTC, so no time zone shifts a day;
 * ticks are labelled by the chart, the tooltip with the short date.
 */
export function utcDayAxis(days: string[]) {
  return {
    data: days.map((day) => new Date(`${day}T00:00:00Z`)),
    scaleType: 'utc' as const,
    tickNumber: 6,
    valueFormatter: (date: Date, context: { location: string; defaultTickLabel?: string }) =>
      context.location === 'tick' ? (context.defaultTickLabel ?? '') : formatShortDate(isoDay(date)),
  };
}

/** What the daily line charts share: drawn at once (no animation), horizontal grid lines, tight margins. */
export const dayChartProps = {
  skipAnimation: true,
  grid: { horizontal: true },
  margin: { top: 16, right: 16, bottom: 8, left: 8 },
} as const;

/** A tooltip's dollars, blank where the series has no value that day. */
export const dollarsOrBlank = (value: number | null) => (value === null ? '' : formatDollars(value));
