import { marketClasses } from '../optimization/capital-markets.ts';
import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { clientMessages } from '../shared/messages.ts';
import { recommendationMessages } from '../shared/advice-messages.ts';
import { riskBands } from '../model-portfolios/contracts.ts';
import { emptyAsMissing, pageOf, pageQuery } from '../shared/pagination.ts';
import { syncVersion } from '../shared/sync-version.ts';
import { taxTreatments } from '../rebalancing/tax-treatment.ts';

/** Recommendations and optimisation: contracts of /api/v1/recommendations and /portfolios/{id}/optimize. */

export const recommendationTypes = ['rebalance', 'reduce_concentration', 'deploy_cash', 'risk_mismatch'] as const;
export type RecommendationType = (typeof recommendationTypes)[number];

export const recommendationTypeLabels: Record<RecommendationType, string> = {
  rebalance: 'Rebalance',
  reduce_concentration: 'Reduce concentration',
  deploy_cash: 'Deploy cash',
  risk_mismatch: 'Risk mismatch',
};

export const recommendationStatuses = ['pending', 'accepted', 'rejected', 'implemented'] as const;
export type RecommendationStatus = (typeof recommendationStatuses)[number];

export const recommendationStatusLabels: Record<RecommendationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  implemented: 'Implemented',
};

/** review: generated for a client; optimizer: from a portfolio's optimum; drift: raised by a price import. */
export const recommendationSources = ['review', 'optimizer', 'drift'] as const;
export type RecommendationSource = (typeof recommendationSources)[number];

/** pending → accepted | rejected, accepted → implemented; rejected and implemented are final. */
const recommendationTransitions: Record<RecommendationStatus, readonly RecommendationStatus[]> = {
  pending: ['accepted', 'rejected'],
  accepted: ['implemented'],
  rejected: [],
  implemented: [],
};

export const canTransition = (from: RecommendationStatus, to: RecommendationStatus) => recommendationTransitions[from].includes(to);

/** Open recommendations still await a decision or its execution; generating again refreshes them instead of adding more. */
export const openRecommendationStatuses = ['pending', 'accepted'] as const satisfies readonly RecommendationStatus[];

export const recommendationLimits = {
  perPageDefault: 50,
  /** A position above this share of the portfolio is a concentration. */
  concentrationLimit: 0.2,
  /** Where a concentration is brought down to when the model names no lower target. */
  concentrationTarget: 0.1,
  /** The wash-sale window: nothing sold at a loss is bought back within this many days. */
  washSaleDays: 30,
  /** A trade smaller than this (dollars) is not worth its cost: the plan leaves it out. */
  minimumTrade: 100,
} as const;

// ---------------------------------------------------------------------------------------------
// Shapes

const soldLotSchema = z.object({
  acquired_on: z.string(),
  quantity: z.number(),
  cost_basis: z.number(),
  proceeds: z.number(),
  gain: z.number(),
  term: z.enum(['short', 'long']),
});

const proposedTradeSchema = z.object({
  security_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  side: z.enum(['buy', 'sell']),
  quantity: z.number(),
  price: z.number(),
  /** quantity × price, to the cent (positive for both sides). */
  amount: z.number(),
  /** Estimated realised gain of a sell by term (0 for a buy). */
  realized_short: z.number(),
  realized_long: z.number(),
  /** The lots a sell takes, in the tax-aware order: losses, then long-term, then short-term gains. */
  lots: z.array(soldLotSchema),
  /** A loss the wash-sale rule disallows (a purchase of the security within 30 days before or after, in any account): positive dollars, not deductible now. */
  disallowed_loss: z.number().optional(),
});
export type ProposedTrade = z.infer<typeof proposedTradeSchema>;

const weightRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  current: z.number(),
  target: z.number(),
  proposed: z.number(),
});
export type WeightRow = z.infer<typeof weightRowSchema>;

const washSaleSchema = z.object({ security_id: z.string(), symbol: z.string(), sold_on: z.string(), until: z.string() });
export type WashSaleBlock = z.infer<typeof washSaleSchema>;

const taxTreatmentSchema = z.enum(taxTreatments);

const taxEffectSchema = z.object({
  /** From the account type: gains are estimated and budgeted only in taxable accounts. */
  treatment: taxTreatmentSchema,
  /** Estimated tax on the net realised gains at the client's rates (negative: tax saved by losses); 0 outside taxable accounts. */
  estimated_tax: z.number(),
  rates: z.object({ short: z.number(), long: z.number() }),
  /** The client's net realised-gain budget for the tax year, what is already used of it (this year's sales and the client's other open proposals), and what is left after these trades. */
  gain_budget: z.number().nullable(),
  gains_year_to_date: z.number(),
  budget_left: z.number().nullable(),
  /** Losses the wash-sale rule disallows, summed over the trades. */
  disallowed_loss: z.number(),
  /** Whether trades go back to the target or only to the band's edge (the firm's setting). */
  rebalance_to: z.enum(['target', 'band_edge']),
});
export type TaxEffect = z.infer<typeof taxEffectSchema>;

const heldBackReasons = ['hold_list', 'restricted', 'gain_budget', 'not_worth_tax'] as const;
const heldBackSchema = z.object({
  security_id: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  reason: z.enum(heldBackReasons),
  /** Dollars of the trade left undone. */
  amount: z.number(),
});
export type HeldBack = z.infer<typeof heldBackSchema>;

const riskReturnSchema = z.object({ expected_return: z.number(), volatility: z.number() });

const recommendationDetailsSchema = z.object({
  trades: z.array(proposedTradeSchema),
  totals: z.object({
    buys: z.number(),
    sells: z.number(),
    realized_short: z.number(),
    realized_long: z.number(),
    cash_before: z.number(),
    cash_after: z.number(),
  }),
  /** The largest distance of a weight from its target, before and after the trades, and the band. */
  drift: z.object({ before: z.number(), after: z.number(), band: z.number() }).nullable(),
  weights: z.array(weightRowSchema),
  /** Securities the plan would have bought but the client sold at a loss within 30 days. */
  wash_sale_blocked: z.array(washSaleSchema),
  /** IRA, 401(k) and the like: gains there are not taxed now. */
  tax_deferred: z.boolean(),
  /** The optimiser's figures, for a recommendation made from the optimum. */
  risk: z.object({ current: riskReturnSchema, proposed: riskReturnSchema }).nullable(),
  /** What the trades cost in tax against the drift they cure (absent on recommendations made before it was estimated). */
  tax: taxEffectSchema.optional(),
  /** Trades the client's settings held back: a held security not sold, a restricted one not bought, gains over the budget, a sale not worth its tax. */
  held_back: z.array(heldBackSchema).optional(),
});
export type RecommendationDetails = z.infer<typeof recommendationDetailsSchema>;

export const recommendationSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  portfolio_id: z.string(),
  portfolio_name: z.string(),
  model: z.object({ id: z.string(), name: z.string(), risk_band: z.enum(riskBands) }).nullable(),
  security_id: z.string().nullable(),
  type: z.enum(recommendationTypes),
  status: z.enum(recommendationStatuses),
  source: z.enum(recommendationSources),
  title: z.string(),
  rationale: z.string(),
  details: recommendationDetailsSchema,
  decided_at: z.string().nullable(),
  implemented_at: z.string().nullable(),
  sync_version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

export const recommendationListQuerySchema = z.object({
  client_id: z.preprocess(emptyAsMissing, idSchema(recommendationMessages.clientIdRequired).optional()),
  portfolio_id: z.preprocess(emptyAsMissing, idSchema(recommendationMessages.clientIdRequired).optional()),
  status: z.preprocess(emptyAsMissing, z.enum(recommendationStatuses, { error: recommendationMessages.statusInvalid }).optional()),
  ...pageQuery({ perPageDefault: recommendationLimits.perPageDefault }),
});
export type RecommendationListQuery = z.infer<typeof recommendationListQuerySchema>;

export const recommendationListResponseSchema = pageOf('recommendations', recommendationSchema);
export type RecommendationListResponse = z.infer<typeof recommendationListResponseSchema>;

export const generateRequestSchema = z.object({ client_id: idSchema(recommendationMessages.clientIdRequired) });

export const generateResponseSchema = z.object({
  /** Recommendations created or refreshed by this run. */
  recommendations: z.array(recommendationSchema),
  created: z.number(),
  refreshed: z.number(),
  /** Open ones this run left alone (accepted ones await execution). */
  unchanged: z.number(),
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

export const statusUpdateSchema = z.object({
  status: z.enum(recommendationStatuses, { error: recommendationMessages.statusInvalid }),
  /** When sent, must be the recommendation's current version (409 otherwise). */
  sync_version: syncVersion(clientMessages.syncVersionInvalid).nullish(),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Optimisation

const riskPointSchema = z.object({ expected_return: z.number(), volatility: z.number() });
export type RiskPoint = z.infer<typeof riskPointSchema>;

export const optimizationSchema = z.object({
  portfolio_id: z.string(),
  risk_band: z.enum(riskBands),
  /** The band's annual volatility the optimum aims at. */
  target_volatility: z.number(),
  risk_free_rate: z.number(),
  /** The closes the estimates come from: first and last day, and how many daily returns. */
  history: z.object({ start: z.string(), end: z.string(), days: z.number() }),
  /** Ledoit–Wolf shrinkage of the sample covariance towards a scaled identity (0 none, 1 all). */
  shrinkage: z.number(),
  /** Some of the band's ranges could not be met with these securities and were left out. */
  constraints_relaxed: z.boolean(),
  /** The held securities and the model's, each with its weight of the whole portfolio now and at the optimum. */
  assets: z.array(
    z.object({
      security_id: z.string(),
      symbol: z.string(),
      name: z.string(),
      asset_class: z.string(),
      /** The capital-market class whose assumed return the security expects. */
      market_class: z.enum(marketClasses),
      expected_return: z.number(),
      volatility: z.number(),
      max_weight: z.number(),
      current_weight: z.number(),
      optimal_weight: z.number(),
    }),
  ),
  /** Per market class: the firm's assumed return, the band's range, and the class's weight now and at the optimum. */
  classes: z.array(
    z.object({
      market_class: z.enum(marketClasses),
      expected_return: z.number(),
      min_weight: z.number(),
      max_weight: z.number(),
      current_weight: z.number(),
      optimal_weight: z.number(),
    }),
  ),
  /** The band's range for stocks in all. */
  stocks_range: z.object({ min: z.number(), max: z.number() }),
  /** Cash's share now (the optimum is fully invested). */
  cash_weight: z.number(),
  current: riskPointSchema,
  optimal: riskPointSchema,
  minimum_variance: riskPointSchema,
  maximum_sharpe: riskPointSchema.nullable(),
  frontier: z.array(riskPointSchema),
  /** The tax-aware trades from now to the optimum, as a recommendation would propose them. */
  trades: z.array(proposedTradeSchema),
  totals: recommendationDetailsSchema.shape.totals,
  wash_sale_blocked: z.array(washSaleSchema),
  /** The trades' tax against the drift they cure and the client's gain budget, and what their settings held back. */
  tax: taxEffectSchema.optional(),
  held_back: z.array(heldBackSchema),
});
export type Optimization = z.infer<typeof optimizationSchema>;

export const statisticsLimits = { securitiesMax: 60, historyDays: 756, historyDaysMin: 60 } as const;

export const statisticsRequestSchema = z.object({
  security_ids: z
    .array(idSchema(recommendationMessages.securityIdsInvalid), { error: recommendationMessages.securityIdsInvalid })
    .min(1, recommendationMessages.securityIdsInvalid)
    .max(statisticsLimits.securitiesMax, recommendationMessages.securityIdsTooMany),
});

/** Annual return statistics of some securities over their common history: what the portfolio builder computes with. */
export const statisticsSchema = z.object({
  securities: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      name: z.string(),
      asset_class: z.string(),
      sector: z.string(),
      fund: z.boolean(),
      market_class: z.enum(marketClasses),
    }),
  ),
  /** Each security's market class's assumption (cash: the risk-free rate), not a mean of its past returns. */
  expected_returns: z.array(z.number()),
  /** Row-major, securities × securities. */
  covariance: z.array(z.number()),
  shrinkage: z.number(),
  history: z.object({ start: z.string(), end: z.string(), days: z.number() }),
  risk_free_rate: z.number(),
});
export type Statistics = z.infer<typeof statisticsSchema>;
