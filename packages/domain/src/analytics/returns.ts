import { sumMoney } from '../portfolios/ledger.ts';
import { addDays, addMonths, dayNumber } from '../shared/trading-calendar.ts';

/**
 * Portfolio returns: time-weighted (the manager's performance, blind to the timing of deposits and
 * withdrawals) and money-weighted (the investor's, XIRR). Returns are fractions: 0.05 is 5 %.
 * Dates are ISO YYYY-MM-DD calendar days; money is in dollars.
 */

/** One day of a portfolio: its value at the close and the day's net external flow (deposits +, withdrawals −). */
export type DailyValuation = { date: string; value: number; flow: number };

/** The return of one day. */
export type DatedReturn = { date: string; return: number };

/**
 * Each day's return, flows at the START of the day (the day's flow is invested for the whole day):
 *   r = V_end / (V_start + F) − 1,  V_start being the previous close (`openingValue` for the first day).
 * A day with no capital at work (V_start + F ≤ 0: before the first deposit, or after everything was
 * withdrawn) has no return and is left out, rather than counted as a 0 % day that would understate
 * volatility. So the first funding day (V_start = 0) is V_end / F − 1, with no division by zero.
 */
export function dailyReturns(days: readonly DailyValuation[], openingValue = 0): DatedReturn[] {
  const returns: DatedReturn[] = [];
  let previousClose = openingValue;
  for (const day of days) {
    const invested = previousClose + day.flow;
    if (invested > 0) returns.push({ date: day.date, return: day.value / invested - 1 });
    previousClose = day.value;
  }
  return returns;
}

/** Geometric linking: Π(1 + r) − 1. No returns is 0. */
export function linkReturns(returns: readonly number[]): number {
  return returns.reduce((growth, r) => growth * (1 + r), 1) - 1;
}

/**
 * Time-weighted return over the days given (GIPS daily valuation, flows at the start of the day; see
 * dailyReturns), geometrically linked. `openingValue` is the close of the day before the first day:
 * 0 since inception.
 */
export function timeWeightedReturn(days: readonly DailyValuation[], openingValue = 0): number {
  return linkReturns(dailyReturns(days, openingValue).map((day) => day.return));
}

/**
 * The growth of 1 through the returns, one point a day: the flow-free value series that drawdowns
 * are measured on (a withdrawal lowers the market value but is not a loss).
 */
export function growthIndex(returns: readonly DatedReturn[]): { date: string; value: number }[] {
  let value = 1;
  return returns.map((day) => {
    value *= 1 + day.return;
    return { date: day.date, value };
  });
}

const daysPerYear = 365;

/**
 * A total return over `calendarDays` as a yearly rate, (1 + R)^(365 / days) − 1, only past one year
 * (more than 365 days); a shorter period's return is given unchanged, as GIPS requires (annualising
 * a few good weeks would promise what was not earned). Actual/365, like xirr, so the two compare.
 * Mind a 1Y period spanning 29 February: it has 366 days and would be annualised by a hair
 * (1.1 becomes 1.1^(365/366)); a view that must show 1Y as earned should not annualise it.
 */
export function annualise(totalReturn: number, calendarDays: number): number {
  if (calendarDays <= daysPerYear) return totalReturn;
  if (totalReturn < -1) throw new RangeError(`A return cannot lose more than everything: ${totalReturn}`);
  return (1 + totalReturn) ** (daysPerYear / calendarDays) - 1;
}

/** A dated external cash flow of the investor: money put in is negative, money taken out (and the final value) positive. */
export type CashFlow = { date: string; amount: number };

const newtonGuess = 0.1;
const newtonMaxSteps = 50;
const rateTolerance = 1e-10;
const bisectionSteps = 200;
// Rates from −99.9999 % to over 100,000,000 % a year bound the search.
const lowestRate = -0.999999;
const highestRate = 1e6;

/**
 * Money-weighted return: the yearly rate r at which Σ amount / (1 + r)^(days since the first flow / 365)
 * is 0 (Actual/365, Excel's XIRR). Newton's method from 10 %; where it leaves the domain (r ≤ −1) or
 * does not converge, bisection over a bracketing interval. Null when the flows do not change sign
 * (no rate can balance them) or no bracket is found.
 */
export function xirr(flows: readonly CashFlow[]): number | null {
  if (!flows.some((flow) => flow.amount > 0) || !flows.some((flow) => flow.amount < 0)) return null;
  const first = Math.min(...flows.map((flow) => dayNumber(flow.date)));
  const terms = flows.map((flow) => ({ years: (dayNumber(flow.date) - first) / daysPerYear, amount: flow.amount }));
  const presentValue = (rate: number) => terms.reduce((sum, term) => sum + term.amount / (1 + rate) ** term.years, 0);
  const slope = (rate: number) => terms.reduce((sum, term) => sum - (term.years * term.amount) / (1 + rate) ** (term.years + 1), 0);
  return newtonRoot(presentValue, slope) ?? bisectionRoot(presentValue);
}

function newtonRoot(f: (rate: number) => number, slope: (rate: number) => number): number | null {
  let rate = newtonGuess;
  for (let step = 0; step < newtonMaxSteps; step += 1) {
    const next = rate - f(rate) / slope(rate);
    if (!Number.isFinite(next) || next <= -1) return null;
    if (Math.abs(next - rate) < rateTolerance) return next;
    rate = next;
  }
  return null;
}

function bisectionRoot(f: (rate: number) => number): number | null {
  let low = lowestRate;
  const lowSign = Math.sign(f(low));
  let high = 1;
  while (Math.sign(f(high)) === lowSign && high < highestRate) high *= 10;
  const highSign = Math.sign(f(high));
  if (Number.isNaN(lowSign) || Number.isNaN(highSign) || lowSign === highSign) return null;
  if (lowSign === 0) return low;
  for (let step = 0; step < bisectionSteps && high - low > rateTolerance; step += 1) {
    const middle = (low + high) / 2;
    if (Math.sign(f(middle)) === lowSign) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

export const performancePeriods = ['1M', '3M', 'YTD', '1Y', '3Y', 'SI'] as const;
export type PerformancePeriod = (typeof performancePeriods)[number];

/** How many months the fixed periods reach back (YTD and SI are not counted in months). */
export const periodMonths: Record<Exclude<PerformancePeriod, 'YTD' | 'SI'>, number> = { '1M': 1, '3M': 3, '1Y': 12, '3Y': 36 };

/**
 * The first day of a period ending on `asOf` (both days belong to it): its return runs from the close
 * of the day before. 1M as of 2024-06-30 starts 2024-05-31 (the day after the same date a month back,
 * month ends clamped); YTD starts on 1 January; SI on inception. Never before inception: a period
 * longer than the portfolio's life is its life.
 */
export function periodStart(period: PerformancePeriod, asOf: string, inceptionDate: string): string {
  if (dayNumber(asOf) < dayNumber(inceptionDate)) throw new RangeError(`${asOf} is before the inception date ${inceptionDate}`);
  const start =
    period === 'SI' ? inceptionDate : period === 'YTD' ? `${asOf.slice(0, 4)}-01-01` : addDays(addMonths(asOf, -periodMonths[period]), 1);
  return start < inceptionDate ? inceptionDate : start;
}

/**
 * One series for a household or a book: per date, the portfolios' values summed and their flows
 * summed, so its return weights each portfolio by its money (averaging returns would not). A
 * portfolio without a row on a date counts at its last close and no flow (nothing before its first
 * row). Sums are to the cent.
 */
export function combineValuations(portfolios: readonly (readonly DailyValuation[])[]): DailyValuation[] {
  if (portfolios.length === 1) return [...(portfolios[0] ?? [])];
  // A merge of the date-ordered series: each step takes the earliest date still ahead of any of them.
  const next = portfolios.map(() => 0);
  const lastClose = portfolios.map(() => 0);
  const combined: DailyValuation[] = [];
  for (;;) {
    let date: string | undefined;
    portfolios.forEach((days, index) => {
      const day = days[next[index] as number];
      if (day && (date === undefined || day.date < date)) date = day.date;
    });
    if (date === undefined) return combined;
    const flows: number[] = [];
    portfolios.forEach((days, index) => {
      const day = days[next[index] as number];
      if (!day || day.date !== date) return;
      lastClose[index] = day.value;
      flows.push(day.flow);
      next[index] = (next[index] as number) + 1;
    });
    combined.push({ date, value: sumMoney(lastClose), flow: sumMoney(flows) });
  }
}

/** A series' days of a period ending on its last day, with the close before them (0 at inception). */
/**
 * A period's days and what its return starts from: the value at the close before its first day, on
 * `openingDate` (the period's own start when it opens with nothing, since inception).
 */
export type PeriodSlice = { start: string; end: string; openingDate: string; openingValue: number; days: DailyValuation[] };

/**
 * The part of a daily series (oldest first, from inception) that a period ending on its last day
 * covers, with the opening value its return starts from. Null for an empty series.
 */
export function periodSlice(series: readonly DailyValuation[], period: PerformancePeriod): PeriodSlice | null {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return null;
  const start = periodStart(period, last.date, first.date);
  const index = series.findIndex((day) => day.date >= start);
  const opening = index > 0 ? series[index - 1] : undefined;
  return { start, end: last.date, openingDate: opening?.date ?? start, openingValue: opening?.value ?? 0, days: series.slice(index) };
}

/** The time-weighted return of a series over a period ending on its last day; null for an empty series. */
export function periodReturn(series: readonly DailyValuation[], period: PerformancePeriod): number | null {
  const slice = periodSlice(series, period);
  return slice ? timeWeightedReturn(slice.days, slice.openingValue) : null;
}
