import { formatShortDate, formatWholeDollars } from '../shared/format.ts';
import type { LotMethod } from '../analytics/tax-lots.ts';
import { sumMoney, tradeValue } from '../portfolios/ledger.ts';
import { riskBandLabels, type ModelTargetKind, type RiskBand } from '../model-portfolios/contracts.ts';
import {
  recommendationLimits,
  type ProposedTrade,
  type RecommendationDetails,
  type RecommendationType,
  type WashSaleBlock,
  type WeightRow,
} from '../recommendations/contracts.ts';
import type { AssetClass } from '../securities/contracts.ts';
import { largestDrift, securityTargets, weightRows, cashKey, type ModelTargetInput } from './targets.ts';
import { planTrades, type PlanHolding, type PlanSecurity, type SecurityTarget } from './trade-plan.ts';

/**
 * One portfolio's review against its model: at most one recommendation, the most pressing of
 * risk mismatch (it follows a model of another band than the client's), rebalance (a weight past the
 * drift band), deploy cash (only cash is past it) and reduce concentration (one security above 20 %),
 * with a rationale written from the numbers.
 */

export type ReviewModel = {
  id: string;
  name: string;
  riskBand: RiskBand;
  driftBand: number;
  kind: ModelTargetKind;
  targets: readonly ModelTargetInput[];
};

export type PortfolioReview = {
  asOf: string;
  portfolioName: string;
  cash: number;
  lotMethod: LotMethod;
  taxDeferred: boolean;
  holdings: readonly PlanHolding[];
  /** The model the portfolio follows, else the one of the client's band. */
  model: ReviewModel;
  clientBand: RiskBand;
  /** The firm's model for the client's band, when the followed model is of another band. */
  bandModel: ReviewModel | null;
  vehicles: ReadonlyMap<AssetClass, PlanSecurity>;
  washSales: ReadonlyMap<string, WashSaleBlock>;
};

export type ReviewOutcome = {
  type: RecommendationType;
  model: ReviewModel;
  securityId: string | null;
  title: string;
  rationale: string;
  details: RecommendationDetails;
};

/** A weight or rate as rationales write it: one decimal. */
export const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const points = (fraction: number) => `${(fraction * 100).toFixed(1)} pts`;

type Planned = { details: RecommendationDetails; rows: WeightRow[] };

/** Trades to the targets and the figures a recommendation shows. */
export function planToTargets(
  review: PortfolioReview,
  model: ReviewModel,
  targets: readonly SecurityTarget[],
  sellable?: ReadonlySet<string>,
): Planned {
  const plan = planTrades({
    asOf: review.asOf,
    cash: review.cash,
    holdings: review.holdings,
    lotMethod: review.lotMethod,
    targets,
    washSales: review.washSales,
    minimumTrade: recommendationLimits.minimumTrade,
    sellable,
  });
  const securities = new Map<string, PlanSecurity>();
  for (const security of [...review.holdings, ...targets]) securities.set(security.securityId, security);
  const rows = weightRows(
    model.kind,
    model.targets,
    securities,
    { cash: review.cash, quantities: new Map(review.holdings.map((holding) => [holding.securityId, holding.quantity])) },
    { cash: plan.cashAfter, quantities: plan.quantitiesAfter },
  );
  const sum = (trades: ProposedTrade[], pick: (trade: ProposedTrade) => number) => sumMoney(trades.map(pick));
  const sells = plan.trades.filter((trade) => trade.side === 'sell');
  const buys = plan.trades.filter((trade) => trade.side === 'buy');
  return {
    rows,
    details: {
      trades: plan.trades,
      totals: {
        buys: sum(buys, (trade) => trade.amount),
        sells: sum(sells, (trade) => trade.amount),
        realized_short: sum(sells, (trade) => trade.realized_short),
        realized_long: sum(sells, (trade) => trade.realized_long),
        cash_before: review.cash,
        cash_after: plan.cashAfter,
      },
      drift: { before: largestDrift(rows), after: largestDrift(rows, 'proposed'), band: model.driftBand },
      weights: rows,
      wash_sale_blocked: plan.blocked,
      tax_deferred: review.taxDeferred,
      risk: null,
    },
  };
}

/** What the trades do and cost in tax, in a sentence or three. */
export function tradeSummary(details: RecommendationDetails): string {
  const { totals } = details;
  const parts = [`Selling ${formatWholeDollars(totals.sells)} and buying ${formatWholeDollars(totals.buys)}`];
  if (details.drift) parts[0] += ` brings every weight within ${points(details.drift.after)} of target.`;
  else parts[0] += '.';
  if (totals.sells > 0) {
    const tax = `Estimated realised gain: ${formatWholeDollars(totals.realized_long)} long-term and ${formatWholeDollars(totals.realized_short)} short-term`;
    parts.push(
      details.tax_deferred ? `${tax} (tax-deferred account: no tax due now).` : `${tax}; losses and long-term lots are sold first.`,
    );
  }
  for (const block of details.wash_sale_blocked) {
    parts.push(
      `${block.symbol} is not bought back: sold at a loss on ${formatShortDate(block.sold_on)}, so a purchase before ${formatShortDate(block.until)} would be a wash sale; its share stays in cash.`,
    );
  }
  return parts.join(' ');
}

/** The rows past the band, largest first, as "Equity 72.4% against 60.0%". */
function driftedRows(rows: readonly WeightRow[], band: number): string {
  return rows
    .filter((row) => Math.abs(row.current - row.target) > band)
    .sort((a, b) => Math.abs(b.current - b.target) - Math.abs(a.current - a.target))
    .slice(0, 3)
    .map((row) => `${row.label} is ${percent(row.current)} against ${percent(row.target)}`)
    .join('; ');
}

function concentration(review: PortfolioReview, model: ReviewModel, targets: readonly SecurityTarget[]): ReviewOutcome | null {
  const total = review.cash + review.holdings.reduce((sum, holding) => sum + tradeValue(holding.quantity, holding.price), 0);
  if (!(total > 0)) return null;
  const largest = [...review.holdings].sort((a, b) => tradeValue(b.quantity, b.price) - tradeValue(a.quantity, a.price))[0];
  if (!largest) return null;
  const weight = tradeValue(largest.quantity, largest.price) / total;
  const modelWeight =
    model.kind === 'security' ? (model.targets.find((target) => target.security?.securityId === largest.securityId)?.weight ?? 0) : 0;
  if (weight <= recommendationLimits.concentrationLimit || weight <= modelWeight + model.driftBand) return null;
  const cap = Math.max(modelWeight, recommendationLimits.concentrationTarget);
  // The weight cut from the position goes to its asset class's vehicle, else stays in cash.
  const vehicle = review.vehicles.get(largest.assetClass);
  const others = targets.filter((target) => target.securityId !== largest.securityId && target.securityId !== vehicle?.securityId);
  const vehicleTarget = targets.find((target) => target.securityId === vehicle?.securityId)?.weight ?? 0;
  const adjusted: SecurityTarget[] = [...others, { ...largest, weight: cap }];
  if (vehicle && vehicle.securityId !== largest.securityId)
    adjusted.push({ ...vehicle, weight: vehicleTarget + Math.max(0, weight - cap) });
  const { details } = planToTargets(review, model, adjusted, new Set([largest.securityId]));
  if (details.trades.length === 0) return null;
  const into = vehicle && vehicle.securityId !== largest.securityId ? `, moving the proceeds into ${vehicle.symbol}` : '';
  return {
    type: 'reduce_concentration',
    model,
    securityId: largest.securityId,
    title: `Reduce ${largest.symbol} from ${percent(weight)} to ${percent(cap)}`,
    rationale:
      `${largest.symbol} is ${percent(weight)} of ${review.portfolioName}, above the ${percent(recommendationLimits.concentrationLimit)} a single holding should carry. ` +
      `Trimming it to ${percent(cap)}${into} lowers the risk of one company or fund. ${tradeSummary(details)}`,
    details,
  };
}

export function reviewPortfolio(review: PortfolioReview): ReviewOutcome | null {
  if (review.bandModel && review.bandModel.riskBand !== review.model.riskBand) {
    const model = review.bandModel;
    const { details } = planToTargets(review, model, securityTargets(model.targets, review.holdings, review.cash, review.vehicles));
    if (details.trades.length > 0) {
      return {
        type: 'risk_mismatch',
        model,
        securityId: null,
        title: `Move to the ${model.name} model`,
        rationale:
          `${review.portfolioName} follows ${review.model.name} (${riskBandLabels[review.model.riskBand]}), but the client's risk band is ${riskBandLabels[review.clientBand]}. ` +
          `Moving it to ${model.name} aligns the account with the risk the client can take. ${tradeSummary(details)}`,
        details,
      };
    }
  }
  const model = review.model;
  const targets = securityTargets(model.targets, review.holdings, review.cash, review.vehicles);
  const { details, rows } = planToTargets(review, model, targets);
  const drift = details.drift?.before ?? 0;
  if (drift > model.driftBand && details.trades.length > 0) {
    const overweight = rows.filter((row) => row.current - row.target > model.driftBand);
    const onlyCash = overweight.length > 0 && overweight.every((row) => row.key === cashKey);
    if (onlyCash) {
      const cashRow = overweight[0]!;
      const deploy = planToTargets(review, model, targets, new Set());
      if (deploy.details.trades.length > 0) {
        return {
          type: 'deploy_cash',
          model,
          securityId: null,
          title: `Invest ${formatWholeDollars(deploy.details.totals.buys)} of idle cash`,
          rationale:
            `Cash is ${percent(cashRow.current)} of ${review.portfolioName} against the ${model.name} model's ${percent(cashRow.target)} (band ±${points(model.driftBand)}). ` +
            `Investing it by the model's weights puts the money to work without selling anything. ${tradeSummary(deploy.details)}`,
          details: deploy.details,
        };
      }
    }
    return {
      type: 'rebalance',
      model,
      securityId: null,
      title: `Rebalance to ${model.name}`,
      rationale:
        `${review.portfolioName} has drifted ${points(drift)} from the ${model.name} model, past its ±${points(model.driftBand)} band: ${driftedRows(rows, model.driftBand)}. ` +
        tradeSummary(details),
      details,
    };
  }
  return concentration(review, model, targets);
}
