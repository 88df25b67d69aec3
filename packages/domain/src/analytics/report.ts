import { sumMoney } from '../portfolios/ledger.ts';
import type { Allocations, AnalyticsPoint, BenchmarkBasis, PeriodReturn, PortfolioAnalytics, RiskMetrics } from './contracts.ts';
import { totalReturnCloses, type Distribution } from './benchmark.ts';
import { assetClassLabel, type AssetClass } from '../securities/contracts.ts';
import { addDays, dayNumber } from '../shared/trading-calendar.ts';
import { accountWeights, concentration, type KeyedValue } from './allocation.ts';
import {
  annualise,
  dailyReturns,
  growthIndex,
  performancePeriods,
  periodSlice,
  periodStart,
  timeWeightedReturn,
  xirr,
  type CashFlow,
  type DailyValuation,
  type DatedReturn,
  type PerformancePeriod,
  type PeriodSlice,
} from './returns.ts';
import {
  alignByDate,
  annualisedVolatility,
  beta,
  correlation,
  historicalCVaR,
  historicalVaR,
  maxDrawdown,
  sharpeRatio,
  sortinoRatio,
  type DatedValue,
} from './risk.ts';
import { lotsOf, lotTotals, methodOfAll, type WashAccount } from './report-lots.ts';
import type { LotMethod, SaleLotMethod } from './tax-lots.ts';

/**
 * The answer of GET /portfolios/{id}/analytics and GET /households/{id}/analytics (the contract and
 * its rules are in contracts.ts), assembled from the tested pieces of this folder. Pure: the
 * service reads the ledger and prices, this turns them into figures. Money sums are to the cent
 * (sumMoney); fractions are left at full precision.
 */

export type AnalyticsPosition = {
  portfolioId: string;
  securityId: string;
  symbol: string;
  name: string;
  assetClass: AssetClass;
  sector: string;
  quantity: number;
  /** The latest close, or the average cost when the security has none. */
  price: number;
  marketValue: number;
};

export type AnalyticsTrade = {
  portfolioId: string;
  securityId: string;
  symbol: string;
  name: string;
  assetClass: AssetClass;
  type: 'buy' | 'sell';
  date: string;
  quantity: number;
  price: number;
  /** A sell's own lot order (a tax-aware sale's); null takes the portfolio's method. */
  lotMethod?: SaleLotMethod | null;
};

type BenchmarkClose = { date: string; close: number };

export type AnalyticsInput = {
  scope: { kind: 'portfolio' | 'household'; id: string; name: string; benchmarkSymbol: string | null; portfolioIds: readonly string[] };
  /** The period of the series and the risk figures (the returns table has every period). */
  period: PerformancePeriod;
  /**
   * The daily valuations since inception, one row per trading day, oldest first, dates unique; a
   * household's already combined with combineValuations. The value before the first row is 0.
   */
  series: readonly DailyValuation[];
  /** The benchmark's daily closes, oldest first; empty without a benchmark. */
  benchmarkCloses: readonly BenchmarkClose[];
  /**
   * The benchmark's distributions per share, reinvested on their ex-dates so that its figures are a
   * total return as the portfolio's are, and where they come from; none: the closes alone.
   */
  benchmarkDistributions?: {
    distributions: readonly Distribution[];
    source: 'recorded' | 'simulated';
    annualYield: number | null;
    paymentsPerYear: number | null;
  };
  /** Current cash, summed over the portfolios. */
  cash: number;
  /** Current positions, one per portfolio × security. */
  positions: readonly AnalyticsPosition[];
  /** Buys and sells in ledger order (per portfolio × security they must be in date order, as taxLots requires). */
  trades: readonly AnalyticsTrade[];
  /** Each portfolio's lot method by id (FIFO where missing): a household's lots follow their own portfolio's. */
  lotMethods: Readonly<Record<string, LotMethod>>;
  /**
   * For wash sales: each portfolio's owner (the client) and whether it is tax-deferred (an IRA...),
   * those in scope and the owners' other ones; a portfolio missing is its own owner's only, taxable.
   */
  accounts?: Readonly<Record<string, WashAccount>>;
  /** The buys and sells of the owners' portfolios outside the scope: their purchases can make a sale in scope a wash sale. */
  otherAccountTrades?: readonly AnalyticsTrade[];
  /** The firm's annual risk-free rate, a fraction; Sharpe's hurdle. */
  riskFreeRate: number;
};

/** The cash balance as a security slice and as a sector slice. */
const cashSecurity = { key: 'CASH', label: 'Cash' } as const;
const cashSector = { key: 'Cash', label: 'Cash' } as const;

/** The contract: a risk figure needs at least two daily returns. */
const minimumObservations = 2;

export function portfolioAnalyticsReport(input: AnalyticsInput): PortfolioAnalytics {
  const { scope, series, cash, positions } = input;
  const paid = input.benchmarkDistributions;
  // Every benchmark figure below (returns, growth, beta) is taken of this index: a total return.
  const benchmarkCloses = paid ? totalReturnCloses(input.benchmarkCloses, paid.distributions) : input.benchmarkCloses;
  const benchmarkBasis: BenchmarkBasis =
    scope.benchmarkSymbol === null
      ? null
      : {
          kind: 'total_return',
          distributions: paid?.source ?? 'recorded',
          annual_yield: paid?.annualYield ?? null,
          payments_per_year: paid?.paymentsPerYear ?? null,
        };
  const first = series[0];
  const last = series[series.length - 1];
  const answerScope = {
    kind: scope.kind,
    id: scope.id,
    name: scope.name,
    benchmark_symbol: scope.benchmarkSymbol,
    benchmark_basis: benchmarkBasis,
    inception_date: first?.date ?? null,
    as_of: last?.date ?? null,
    portfolio_ids: [...scope.portfolioIds],
  };
  const market_value = sumMoney([...positions.map((position) => position.marketValue), cash]);
  const allocation = allocations(positions, cash);
  const held = concentration(
    positions.map((position) => ({ key: position.symbol, marketValue: position.marketValue })),
    cash,
  );
  const concentrationFigures = held && {
    largest_symbol: held.largestKey,
    largest_weight: held.largestWeight,
    top_five_weight: held.topFiveWeight,
    herfindahl: held.herfindahl,
  };

  if (!first || !last) {
    return {
      scope: answerScope,
      period: input.period,
      start_date: null,
      market_value,
      cash,
      series: [],
      returns: [],
      risk: riskMetrics([], [], benchmarkCloses, input.riskFreeRate),
      allocation,
      concentration: concentrationFigures,
      lots: { method: methodOfAll(input.lotMethods), open: [], realized: [], totals: lotTotals([], []) },
    };
  }

  const asOf = last.date;
  const inception = first.date;
  const chosen = periodWindow(series, input.period);
  const chosenReturns = dailyReturns(chosen.days, chosen.openingValue);
  const points = periodSeries(chosen, chosenReturns, benchmarkCloses, asOf);
  return {
    scope: answerScope,
    period: input.period,
    start_date: chosen.start,
    market_value,
    cash,
    series: points,
    returns: performancePeriods.map((period) => periodReturnRow(periodWindow(series, period), asOf, inception, benchmarkCloses)),
    risk: riskMetrics(chosenReturns, growthSinceOpening(chosen, points), benchmarkCloses, input.riskFreeRate),
    allocation,
    concentration: concentrationFigures,
    lots: lotsOf(input.trades, positions, input.lotMethods, chosen.start, asOf, input.accounts, input.otherAccountTrades),
  };
}

// ---------------------------------------------------------------------------------------------
// Periods and returns

/** A period's days [start, asOf] and the close of the last row before them (0 when none). */
type PeriodWindow = PeriodSlice & { period: PerformancePeriod };

function periodWindow(series: readonly DailyValuation[], period: PerformancePeriod): PeriodWindow {
  // The series is not empty here (an empty one answers before any period is cut).
  return { period, ...(periodSlice(series, period) as PeriodSlice) };
}

function periodReturnRow(window: PeriodWindow, asOf: string, inception: string, closes: readonly BenchmarkClose[]): PeriodReturn {
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

// ---------------------------------------------------------------------------------------------
// Benchmark

/** The latest close on or before a date (closes oldest first). */
function closeOnOrBefore(closes: readonly BenchmarkClose[], date: string): BenchmarkClose | undefined {
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
function benchmarkBase(closes: readonly BenchmarkClose[], start: string, asOf: string): number | null {
  const before = closeOnOrBefore(closes, addDays(start, -1));
  if (before) return before.close;
  const earliest = closes[0];
  return earliest !== undefined && earliest.date <= asOf ? earliest.close : null;
}

/** The benchmark's return from each close of its (total return) index to the next. */
function benchmarkReturns(closes: readonly BenchmarkClose[]): DatedReturn[] {
  return closes.slice(1).map((day, index) => ({ date: day.date, return: day.close / (closes[index]?.close ?? day.close) - 1 }));
}

// ---------------------------------------------------------------------------------------------
// Chart series and risk

/** The growth index at the period's opening close: the first peak a drawdown is measured from. */
const openingGrowth = 100;

/**
 * One point per day of the period: growth is 100 × the growth index of the daily time-weighted
 * returns (the first day's return included, so the last point is 100 × (1 + the period's TWR)); a day
 * without capital at work (no return) keeps the growth it had, 100 before any. The drawdown runs from
 * the highest growth since the opening close (100), so a fall on the period's first day counts.
 */
function periodSeries(
  window: PeriodWindow,
  returns: readonly DatedReturn[],
  closes: readonly BenchmarkClose[],
  asOf: string,
): AnalyticsPoint[] {
  const growthByDate = new Map(growthIndex(returns).map((point) => [point.date, point.value]));
  const base = benchmarkBase(closes, window.start, asOf);
  let growthIndexValue = 1;
  let peak = openingGrowth;
  return window.days.map((day) => {
    growthIndexValue = growthByDate.get(day.date) ?? growthIndexValue;
    const growth = openingGrowth * growthIndexValue;
    peak = Math.max(peak, growth);
    const close = base === null ? undefined : closeOnOrBefore(closes, day.date);
    return {
      date: day.date,
      value: day.value,
      flow: day.flow,
      growth,
      benchmark_growth: base === null || close === undefined ? null : (openingGrowth * close.close) / base,
      drawdown: growth / peak - 1,
    };
  });
}

/** The chart's growth with the opening close (100, the period's first peak) before its first day. */
function growthSinceOpening(window: PeriodWindow, points: readonly AnalyticsPoint[]): DatedValue[] {
  return [{ date: window.openingDate, value: openingGrowth }, ...points.map((point) => ({ date: point.date, value: point.growth }))];
}

function riskMetrics(
  returns: readonly DatedReturn[],
  growth: readonly DatedValue[],
  closes: readonly BenchmarkClose[],
  riskFreeRate: number,
): RiskMetrics {
  const values = returns.map((day) => day.return);
  const risk: RiskMetrics = {
    observations: values.length,
    volatility: null,
    sharpe: null,
    sortino: null,
    risk_free_rate: riskFreeRate,
    max_drawdown: null,
    beta: null,
    correlation: null,
    var_95: null,
    cvar_95: null,
  };
  if (values.length < minimumObservations) return risk;
  const paired = alignByDate(returns, benchmarkReturns(closes));
  const drawdown = maxDrawdown(growth);
  return {
    ...risk,
    volatility: annualisedVolatility(values),
    sharpe: sharpeRatio(values, riskFreeRate),
    // One basis for both ratios: Sortino's target is the firm's risk-free rate, as Sharpe's is.
    sortino: sortinoRatio(values, riskFreeRate),
    max_drawdown: drawdown && {
      depth: drawdown.depth,
      peak_date: drawdown.peakDate,
      trough_date: drawdown.troughDate,
      recovery_date: drawdown.recoveryDate,
    },
    beta: beta(paired.returns, paired.benchmark),
    correlation: correlation(paired.returns, paired.benchmark),
    var_95: historicalVaR(values, 0.95),
    cvar_95: historicalCVaR(values, 0.95),
  };
}

// ---------------------------------------------------------------------------------------------
// Allocation

type LabelledValue = KeyedValue & { label: string };

/** Weights of the account's total value per key, cash its own slice (accountWeights), with each key's label. */
function slicesOf(values: readonly LabelledValue[], cash: number, cashSlice: { key: string; label: string }): Allocations['asset_class'] {
  const labels = new Map(values.map((value) => [value.key, value.label]));
  labels.set(cashSlice.key, labels.get(cashSlice.key) ?? cashSlice.label);
  return accountWeights(values, cash, cashSlice.key).map((slice) => ({
    key: slice.key,
    label: labels.get(slice.key) ?? slice.key,
    market_value: slice.marketValue,
    weight: slice.weight,
  }));
}

/** Every chart weighs the whole account: cash is a slice by asset class, by sector and by security alike. */
function allocations(positions: readonly AnalyticsPosition[], cash: number): Allocations {
  return {
    asset_class: slicesOf(
      positions.map((position) => ({
        key: position.assetClass,
        label: assetClassLabel(position.assetClass),
        marketValue: position.marketValue,
      })),
      cash,
      { key: 'cash', label: assetClassLabel('cash') },
    ),
    sector: slicesOf(
      positions.map((position) => ({ key: position.sector, label: position.sector, marketValue: position.marketValue })),
      cash,
      cashSector,
    ),
    security: slicesOf(
      positions.map((position) => ({ key: position.symbol, label: position.name, marketValue: position.marketValue })),
      cash,
      cashSecurity,
    ),
  };
}
