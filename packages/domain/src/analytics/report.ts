import { sumMoney } from '../portfolios/ledger.ts';
import type { BenchmarkBasis, PortfolioAnalytics } from './contracts.ts';
import { totalReturnCloses, type BenchmarkClose, type Distribution } from './benchmark.ts';
import type { AssetClass } from '../securities/contracts.ts';
import { concentration } from './allocation.ts';
import { dailyReturns, performancePeriods, type DailyValuation, type PerformancePeriod } from './returns.ts';
import { lotsOf, lotTotals, methodOfAll, type WashAccount } from './report-lots.ts';
import { periodReturnRow, periodWindow } from './report-returns.ts';
import { growthSinceOpening, periodSeries, riskMetrics } from './report-risk.ts';
import { allocations } from './report-allocation.ts';
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
