import type { PeriodReturn } from './contracts.ts';
import { benchmarkBase, closeOnOrBefore, type BenchmarkClose } from './benchmark.ts';
import { addDays, dayNumber } from '../shared/trading-calendar.ts';
import {
  annualise,
  periodSlice,
  periodStart,
  timeWeightedReturn,
  xirr,
  type CashFlow,
  type DailyValuation,
  type PerformancePeriod,
  type PeriodSlice,
} from './returns.ts';

/** The analytics report's returns table (report.ts): each period's time- and money-weighted return and the benchmark's. */

/** A period's days [start, asOf] and the close of the last row before them (0 when none). */
export type PeriodWindow = PeriodSlice & { period: PerformancePeriod };

export function periodWindow(series: readonly DailyValuation[], period: PerformancePeriod): PeriodWindow {
  // The series is not empty here (an empty one answers before any period is cut).
  return { period, ...(periodSlice(series, period) as PeriodSlice) };
}

export function periodReturnRow(window: PeriodWindow, asOf: string, inception: string, closes: readonly BenchmarkClose[]): PeriodReturn {
  const { period, start } = window;
  const twr = timeWeightedReturn(window.days, window.openingValue);
  // periodStart clamps to the date given as inception: given this period's start, it moves only when a
  // year back from asOf reaches earlier, i.e. the period is longer than a year. A 1Y period across
  // 29 February has 366 days yet is one year, and is not annualised (see annualise).
  const longerThanAYear = periodStart('1Y', asOf, start) !== start;
  // Given the day before inception, periodStart shows the nominal start unless it reaches back further.
  const complete = period === 'SI' || periodStart(period, asOf, addDays(inception, -1)) >= inception;
  const base = benchmarkBase(closes, start, asOf);
  const end = closeOnOrBefore(closes, asOf);
  return {
    period,
    start_date: start,
    end_date: asOf,
    twr,
    // Below −100 % (buys recorded before their funding took the value negative) no yearly rate exists.
    twr_annualised: longerThanAYear && twr >= -1 ? annualise(twr, dayNumber(asOf) - dayNumber(start) + 1) : null,
    mwr: moneyWeightedReturn(window, asOf, longerThanAYear),
    benchmark_return: base === null || end === undefined ? null : end.close / base - 1,
    complete,
  };
}

/**
 * XIRR of the investor's flows over the period: the opening value paid in on the day before the
 * start, deposits paid in (−), withdrawals received (+), the closing value received on asOf. A yearly
 * rate for a period longer than a year; for a year or less, the rate over the period itself (as TWR
 * is given), so a good month does not read as +40 % a year.
 */
function moneyWeightedReturn(window: PeriodWindow, asOf: string, perYear: boolean): number | null {
  const flows: CashFlow[] = [];
  const paidFrom = addDays(window.start, -1);
  if (window.openingValue > 0) flows.push({ date: paidFrom, amount: -window.openingValue });
  for (const day of window.days) if (day.flow !== 0) flows.push({ date: day.date, amount: -day.flow });
  const closing = window.days[window.days.length - 1]?.value ?? 0;
  if (closing !== 0) flows.push({ date: asOf, amount: closing });
  const annual = xirr(flows);
  if (annual === null || perYear) return annual;
  const first = flows.reduce((min, flow) => (flow.date < min ? flow.date : min), asOf);
  return (1 + annual) ** ((dayNumber(asOf) - dayNumber(first)) / 365) - 1;
}
