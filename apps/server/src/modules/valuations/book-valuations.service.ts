import { sql, type SQL } from 'drizzle-orm';
import { periodSlice, timeWeightedReturn, type PerformancePeriod } from '@meridian/domain/analytics/returns';
import type { BookPerformanceResponse } from '@meridian/domain/dashboard/contracts';
import { addMonths } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { bookValuationChanges, bookValuations } from '../../db/schema/portfolios.ts';
import { bookReach, type Viewer } from '../../platform/reach.ts';
import { seriesFrom } from './client-valuations.service.ts';

/** An advisor's (or a firm's) book over time: its stored daily values and the returns read from them. */

type BookPerformance = BookPerformanceResponse['data'];

/** Which days of the books a read takes: from a day on, some days, or all. */
type BookDays = { from: string } | { on: readonly string[] } | 'all';

/**
 * The books in reach on some days, per day, through the last day every series is complete: the
 * folded rows and the changes not folded yet taken together, days without a counted portfolio left
 * out. Rows come as the driver gives them: a mapping per field would cost more than the query.
 */
export async function booksByDay(db: Db, viewer: Viewer, days: BookDays): Promise<Array<{ date: string; value: number; flow: number }>> {
  const onDays = (table: typeof bookValuations | typeof bookValuationChanges): SQL => {
    if (days === 'all') return sql``;
    if ('from' in days) return sql` and ${table.date} >= ${days.from}::date`;
    return sql` and ${table.date} = any(${`{${days.on.join(',')}}`}::date[])`;
  };
  // Up to the day every series is complete through: past it, a trade's own series may stand alone.
  const part = (table: typeof bookValuations | typeof bookValuationChanges) =>
    sql`select ${table.date} as date, ${table.value} as value, ${table.flow} as flow, ${table.portfolios} as portfolios from ${table}
        where ${bookReach(viewer, table)}${onDays(table)} and ${table.date} <= (select through from valuation_progress)`;
  const result = (await db.execute(sql`
    select date::text as date, sum(value)::float8 as value, sum(flow)::float8 as flow
    from (${part(bookValuations)} union all ${part(bookValuationChanges)}) books
    group by date having sum(portfolios) > 0 order by date`)) as unknown as { rows: Array<{ date: string; value: number; flow: number }> };
  return result.rows;
}

/** The book's daily series (values and flows of the open portfolios in reach summed per day) from a day on. */
const bookSeries = (db: Db, viewer: Viewer, from: string | null) => booksByDay(db, viewer, from ? { from } : 'all');

/**
 * The book's time-weighted return over a period ending on the latest valued day, with the period
 * before it for comparison: the dashboard's Portfolio Performance card and the client list's, one
 * figure for one book and one period.
 */
export async function bookReturn(db: Db, viewer: Viewer, period: PerformancePeriod, today: string): Promise<BookPerformance> {
  // Far enough back for the period asked for and the one before it.
  const series = await bookSeries(db, viewer, period === 'SI' ? null : seriesFrom(period, addMonths(today, -monthsOf(period))));
  const current = periodSlice(series, period);
  if (!current) return { period, start_date: null, as_of: null, twr: null, previous_twr: null, change: null };
  const twr = timeWeightedReturn(current.days, current.openingValue);
  // The period before: the same length ending the day before this one began, when the book was invested then.
  const previous =
    period === 'SI' || current.openingValue <= 0
      ? null
      : periodSlice(
          series.filter((day) => day.date < current.start),
          period,
        );
  const previousTwr = previous && previous.openingValue > 0 ? timeWeightedReturn(previous.days, previous.openingValue) : null;
  return {
    period,
    start_date: current.start,
    as_of: current.end,
    twr,
    previous_twr: previousTwr,
    change: previousTwr === null ? null : twr - previousTwr,
  };
}

/** A period's length in months for reaching back one more period (YTD reaches a whole year). */
const monthsOf = (period: PerformancePeriod) => ({ '1M': 1, '3M': 3, YTD: 12, '1Y': 12, '3Y': 36, SI: 0 })[period];
