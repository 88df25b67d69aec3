import { z } from 'zod';
import { lotMethods } from './tax-lots.ts';
import { performancePeriods } from './returns.ts';
import { assetClasses } from '../securities/contracts.ts';

/**
 * Contracts of GET /portfolios/{id}/analytics and GET /households/{id}/analytics: one answer for a
 * portfolio or a household (its members' portfolios taken together by money, not by averaging).
 * Fractions are plain numbers (0.05 is 5 %); money is in dollars to the cent; dates are ISO days.
 */

export { performancePeriods, type PerformancePeriod } from './returns.ts';
export { lotMethods, type LotMethod } from './tax-lots.ts';

/** The period the charts cover when none is asked for; the returns table always shows every period. */
export const defaultAnalyticsPeriod = '1Y' satisfies (typeof performancePeriods)[number];

export const analyticsQuerySchema = z.object({
  period: z.enum(performancePeriods).default(defaultAnalyticsPeriod),
});

const fraction = z.number();
const money = z.number();
const isoDate = z.string();

const analyticsScopeSchema = z.object({
  kind: z.enum(['portfolio', 'household']),
  id: z.string(),
  name: z.string(),
  /** The benchmark the series and beta compare with: the portfolio's; a household's when all its portfolios share one, else the most common by value. */
  benchmark_symbol: z.string().nullable(),
  /**
   * How the benchmark is measured, like with like with the portfolio (whose return counts its
   * dividends): total return, the fund's distributions reinvested in it on their ex-dates. Where the
   * market data records none for the fund (simulated prices), distributions are simulated at the
   * fund's usual yield (annual_yield, a fraction), paid payments_per_year times. Null without a benchmark.
   */
  benchmark_basis: z
    .object({
      kind: z.literal('total_return'),
      distributions: z.enum(['recorded', 'simulated']),
      annual_yield: fraction.nullable(),
      payments_per_year: z.number().int().nullable(),
    })
    .nullable(),
  /** First day with a value (the first ledger entry); null for an empty portfolio. */
  inception_date: isoDate.nullable(),
  /** The last valued trading day. */
  as_of: isoDate.nullable(),
  /** The portfolios taken together (one for a portfolio). */
  portfolio_ids: z.array(z.string()),
});

/** One trading day of the chosen period. Growth indices are 100 at the close before the period (at the first deposit for a period from inception). */
const analyticsPointSchema = z.object({
  date: isoDate,
  value: money,
  /** External flows of the day: deposits (+) and withdrawals (−). */
  flow: money,
  /** 100 × the time-weighted growth since the period began. */
  growth: z.number(),
  /** The benchmark's growth on the same footing; null before its first close. */
  benchmark_growth: z.number().nullable(),
  /** Fall below the running peak of `growth`, as a fraction ≤ 0. */
  drawdown: fraction,
});

const periodReturnSchema = z.object({
  period: z.enum(performancePeriods),
  start_date: isoDate,
  end_date: isoDate,
  /** Time-weighted return over the period (cumulative). */
  twr: fraction,
  /** TWR per year when the period is longer than a year, else null (never annualise a short period). */
  twr_annualised: fraction.nullable(),
  /**
   * Money-weighted return (XIRR): per year when the period is longer than a year, else over the
   * period itself (as twr); null when it has no solution (no money in and out).
   */
  mwr: fraction.nullable(),
  /** The benchmark's total return over the same days (see scope.benchmark_basis); null without closes. */
  benchmark_return: fraction.nullable(),
  /** False when the portfolio is younger than the period: the figures then cover its life, as since inception. */
  complete: z.boolean(),
});

const drawdownSchema = z.object({
  /** The fall from peak to trough as a positive fraction of the peak (0.25: a quarter lost). */
  depth: fraction,
  peak_date: isoDate,
  trough_date: isoDate,
  recovery_date: isoDate.nullable(),
});

/** Risk over the chosen period, from daily time-weighted returns; a figure needs at least two returns, else null. */
const riskMetricsSchema = z.object({
  observations: z.number().int(),
  volatility: fraction.nullable(),
  sharpe: z.number().nullable(),
  sortino: z.number().nullable(),
  /** The firm's annual risk-free rate Sharpe used. */
  risk_free_rate: fraction,
  max_drawdown: drawdownSchema.nullable(),
  beta: z.number().nullable(),
  correlation: z.number().nullable(),
  /** One-day historical value at risk and expected shortfall at 95 %, as positive fractions of value. */
  var_95: fraction.nullable(),
  cvar_95: fraction.nullable(),
});

const allocationSliceSchema = z.object({
  key: z.string(),
  label: z.string(),
  market_value: money,
  weight: fraction,
});

const allocationsSchema = z.object({
  asset_class: z.array(allocationSliceSchema),
  sector: z.array(allocationSliceSchema),
  security: z.array(allocationSliceSchema),
});

const concentrationSchema = z.object({
  largest_symbol: z.string(),
  largest_weight: fraction,
  top_five_weight: fraction,
  herfindahl: z.number(),
});

const lotSecurity = {
  portfolio_id: z.string(),
  security_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  asset_class: z.enum(assetClasses),
};

const openLotSchema = z.object({
  ...lotSecurity,
  acquired_on: isoDate,
  quantity: z.number(),
  cost_per_share: z.number(),
  cost_basis: money,
  price: z.number(),
  market_value: money,
  unrealized_gain: money,
  term: z.enum(['short', 'long']),
  /**
   * A replacement lot of a wash sale: the loss disallowed on the sale of sold_on, the part added to
   * cost_basis (none in an IRA or other tax-deferred account), and the sold lot's days of holding
   * added (acquired_on is bought_on moved back by them).
   */
  wash_sale: z
    .object({ disallowed_loss: money, basis_added: money, sold_on: isoDate, bought_on: isoDate, days_added: z.number().int() })
    .nullable(),
});

const realizedLotSchema = z.object({
  ...lotSecurity,
  acquired_on: isoDate,
  sold_on: isoDate,
  quantity: z.number(),
  cost_basis: money,
  proceeds: money,
  /** proceeds − cost_basis. */
  realized_gain: money,
  term: z.enum(['short', 'long']),
  /** The part of a loss disallowed as a wash sale (a positive amount; 0 when none). */
  disallowed_loss: money,
  /** realized_gain + disallowed_loss: the gain or allowed loss that counts for tax. */
  recognized_gain: money,
  /** The replacement purchases that made it a wash sale, in the order matched (the client's other accounts included). */
  wash_sales: z.array(
    z.object({
      portfolio_id: z.string(),
      bought_on: isoDate,
      quantity: z.number(),
      disallowed_loss: money,
      /** The disallowed loss added to the replacement's basis: 0 when it was bought in a tax-deferred account (Rev. Rul. 2008-5). */
      basis_added: money,
      tax_deferred: z.boolean(),
    }),
  ),
});

const lotsSchema = z.object({
  /** The lot method of the portfolios in scope; 'mixed' for a household whose portfolios differ (each lot follows its own portfolio's). */
  method: z.enum([...lotMethods, 'mixed']),
  open: z.array(openLotSchema),
  /** Sales in the chosen period, newest first. */
  realized: z.array(realizedLotSchema),
  totals: z.object({
    unrealized_short: money,
    unrealized_long: money,
    /** Realised gains and allowed losses (wash sales' disallowed losses left out), by term. */
    realized_short: money,
    realized_long: money,
    /** The losses of the period's sales disallowed as wash sales. */
    realized_disallowed: money,
  }),
});

export const portfolioAnalyticsSchema = z.object({
  scope: analyticsScopeSchema,
  period: z.enum(performancePeriods),
  start_date: isoDate.nullable(),
  market_value: money,
  cash: money,
  series: z.array(analyticsPointSchema),
  returns: z.array(periodReturnSchema),
  risk: riskMetricsSchema,
  allocation: allocationsSchema,
  concentration: concentrationSchema.nullable(),
  lots: lotsSchema,
});
export type PortfolioAnalytics = z.infer<typeof portfolioAnalyticsSchema>;
export type BenchmarkBasis = z.infer<typeof analyticsScopeSchema>['benchmark_basis'];
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;
export type PeriodReturn = z.infer<typeof periodReturnSchema>;
export type RiskMetrics = z.infer<typeof riskMetricsSchema>;
export type Allocations = z.infer<typeof allocationsSchema>;
export type Lots = z.infer<typeof lotsSchema>;
