import { roundPrice } from '../portfolios/ledger.ts';
import { addDays } from '../shared/trading-calendar.ts';
import type { AssetClass } from '../securities/contracts.ts';
import type { BenchmarkBasis } from './contracts.ts';
import type { DatedReturn } from './returns.ts';

/**
 * The benchmark on the same footing as the portfolio: a portfolio's return counts the dividends it
 * received, so its benchmark's must count the fund's distributions too (total return), or every
 * portfolio beats it by the fund's yield.
 *
 * A total return index starts at the first close and grows each day by (close + the day's
 * distributions per share) / the previous close: each distribution is reinvested in the fund at the
 * close of its ex-date. Every ratio the report takes of it (period returns, growth, beta) is then a
 * total return.
 */

export type BenchmarkClose = { date: string; close: number };

/** A distribution of one share of a fund: its ex-date and the amount per share. */
export type Distribution = { date: string; amount: number };

/** The total return index of closes (oldest first) with distributions reinvested on their ex-dates; the closes themselves without any. */
export function totalReturnCloses(closes: readonly BenchmarkClose[], distributions: readonly Distribution[]): BenchmarkClose[] {
  const paid = [...distributions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let next = 0;
  // A distribution dated before the first close has nothing to reinvest in.
  while (next < paid.length && (paid[next]?.date ?? '') <= (closes[0]?.date ?? '')) next += 1;
  let index = closes[0]?.close ?? 0;
  return closes.map((day, position) => {
    if (position === 0) return { date: day.date, close: index };
    let perShare = 0;
    for (; next < paid.length && (paid[next]?.date ?? '') <= day.date; next += 1) perShare += paid[next]?.amount ?? 0;
    const previous = closes[position - 1]?.close ?? day.close;
    index *= (day.close + perShare) / previous;
    return { date: day.date, close: index };
  });
}

/** The latest close on or before a date (closes oldest first). */
export function closeOnOrBefore(closes: readonly BenchmarkClose[], date: string): BenchmarkClose | undefined {
  let low = 0;
  let high = closes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((closes[middle]?.date ?? '') <= date) low = middle + 1;
    else high = middle;
  }
  return closes[low - 1];
}

/**
 * The close a period's benchmark figures are measured from: the latest on or before the day before
 * the start, or, when the benchmark begins later, its first close if that falls within the period.
 */
export function benchmarkBase(closes: readonly BenchmarkClose[], start: string, asOf: string): number | null {
  const before = closeOnOrBefore(closes, addDays(start, -1));
  if (before) return before.close;
  const earliest = closes[0];
  return earliest !== undefined && earliest.date <= asOf ? earliest.close : null;
}

/** The benchmark's return from each close of its (total return) index to the next. */
export function benchmarkReturns(closes: readonly BenchmarkClose[]): DatedReturn[] {
  return closes.slice(1).map((day, index) => ({ date: day.date, return: day.close / (closes[index]?.close ?? day.close) - 1 }));
}

/**
 * Yearly distribution yields of the benchmark funds, as they have paid in recent years (SPY about
 * 1.3 %, the aggregate bond funds about 3.5 %); another fund takes its asset class's.
 */
const fundYields: Readonly<Record<string, number>> = { SPY: 0.013, VT: 0.02, QQQ: 0.006, AGG: 0.035, BND: 0.035 };
const assetClassYields: Readonly<Record<AssetClass, number>> = {
  equity: 0.015,
  fixed_income: 0.035,
  real_estate: 0.035,
  cash: 0.045,
  alternative: 0,
};

/** Quarterly, as the benchmark funds pay. */
export const simulatedPaymentsPerYear = 4;

/** The yearly yield a fund's simulated distributions pay. */
export function simulatedYield(symbol: string, assetClass: AssetClass): number {
  return fundYields[symbol] ?? assetClassYields[assetClass];
}

/** The day of the month from which a quarter's ex-date is taken (funds go ex around the third Friday). */
const exDayOfMonth = 20;

/**
 * Distributions for a simulated price history, which has none of its own: a quarter of the yearly
 * yield of the close, on the first close on or after the 20th of March, June, September and
 * December (per share, to 4 decimals as prices are).
 */
export function simulatedDistributions(closes: readonly BenchmarkClose[], annualYield: number): Distribution[] {
  if (annualYield <= 0) return [];
  const distributions: Distribution[] = [];
  let paidQuarter = '';
  for (const day of closes) {
    const month = Number(day.date.slice(5, 7));
    const quarter = `${day.date.slice(0, 4)}-${month}`;
    if (month % 3 !== 0 || Number(day.date.slice(8, 10)) < exDayOfMonth || quarter === paidQuarter) continue;
    paidQuarter = quarter;
    distributions.push({ date: day.date, amount: roundPrice((day.close * annualYield) / simulatedPaymentsPerYear) });
  }
  return distributions;
}

const paymentWords: Readonly<Record<number, string>> = { 1: 'yearly', 2: 'twice a year', 4: 'quarterly', 12: 'monthly' };

/**
 * What the page says under the benchmark's figures, e.g. 'Benchmark: SPY total return, distributions
 * reinvested (simulated at 1.3 % a year, paid quarterly)'; null without a benchmark.
 */
export function benchmarkCaption(symbol: string | null, basis: BenchmarkBasis): string | null {
  if (symbol === null || basis === null) return null;
  const caption = `Benchmark: ${symbol} total return, distributions reinvested`;
  if (basis.distributions !== 'simulated' || basis.annual_yield === null) return caption;
  const yieldText = `${Number((basis.annual_yield * 100).toFixed(2))} % a year`;
  const paid =
    basis.payments_per_year === null ? '' : `, paid ${paymentWords[basis.payments_per_year] ?? `${basis.payments_per_year} times a year`}`;
  return `${caption} (simulated at ${yieldText}${paid}: the market data has none for it)`;
}
