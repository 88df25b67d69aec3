import { formatShortDate, formatWholeDollars } from '../shared/format.ts';
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
import { planTrades, type PlanHolding, type PlanSecurity, type SecurityTarget, type TradePlan } from './trade-plan.ts';
import { planBandRebalance, type RebalanceTo, type TaxProfile } from './band-plan.ts';

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
  /** The account's tax treatment, the client's tax settings and what they realised this year. */
  tax: TaxProfile;
  /** Back to the target or to the band's edge (the firm's setting). */
  rebalanceTo: RebalanceTo;
  holdings: readonly PlanHolding[];
  /** The model the portfolio follows, else the one of the client's band. */
  model: ReviewModel;
  clientBand: RiskBand;
  /** The firm's model for the client's band, when the followed model is of another band. */
  bandModel: ReviewModel | null;
  vehicles: ReadonlyMap<AssetClass, PlanSecurity>;
  washSales: ReadonlyMap<string, WashSaleBlock>;
  /** Shares of a security bought within 30 days before in the client's other accounts (or proposed there): they wash a loss sold here. */
  replacementShares: (securityId: string) => number;
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

/** Trades to security targets (a concentration, the optimum) and the figures a recommendation shows. */
export function planToTargets(
  review: PortfolioReview,
  model: ReviewModel,
  targets: readonly SecurityTarget[],
  sellable?: ReadonlySet<string>,
): Planned {
  const { tax } = review;
  const taxable = tax.treatment === 'taxable';
  const plan = planTrades({
    asOf: review.asOf,
    cash: review.cash,
    holdings: review.holdings,
    targets,
    washSales: review.washSales,
    minimumTrade: recommendationLimits.minimumTrade,
    sellable,
    holdList: tax.holdList,
    restricted: tax.restricted,
    gainRoom: taxable && tax.gainBudget !== null ? tax.gainBudget - tax.gainsYearToDate : undefined,
  });
  const gains = {
    short: taxable ? sumMoney(plan.trades.map((trade) => trade.realized_short)) : 0,
    long: taxable ? sumMoney(plan.trades.map((trade) => trade.realized_long)) : 0,
  };
  return detailsOf(review, model, targets, model.kind, model.targets, {
    ...plan,
    taxableGain: gains,
    estimatedTax: sumMoney([gains.short * tax.rates.short, gains.long * tax.rates.long]),
    disallowed: 0,
  });
}

/** A model's targets by asset class (a security target counts for its security's class). */
function classTargetsOf(targets: readonly ModelTargetInput[]): Map<AssetClass, number> {
  const byClass = new Map<AssetClass, number>();
  for (const target of targets) {
    const assetClass = target.security?.assetClass ?? target.assetClass;
    if (assetClass) byClass.set(assetClass, (byClass.get(assetClass) ?? 0) + target.weight);
  }
  return byClass;
}

/** The model's targets as asset classes, cash given what the others leave: the rows a band plan is judged by. */
function classInputs(model: ReviewModel): ModelTargetInput[] {
  const byClass = classTargetsOf(model.targets);
  const invested = [...byClass.entries()].filter(([key]) => key !== 'cash').reduce((sum, [, weight]) => sum + weight, 0);
  byClass.set('cash', Math.max(byClass.get('cash') ?? 0, 1 - invested));
  return [...byClass.entries()]
    .filter(([, weight]) => weight > 1e-12)
    .map(([assetClass, weight]) => ({ assetClass, security: null, weight }));
}

/** A tax-aware rebalance to the model by asset class, within its band (band-plan.ts). */
function planToBand(review: PortfolioReview, model: ReviewModel): Planned {
  const funds: SecurityTarget[] = model.targets.flatMap((target) =>
    target.security ? [{ ...target.security, weight: target.weight }] : [],
  );
  for (const target of model.targets) {
    const vehicle = !target.security && target.assetClass ? review.vehicles.get(target.assetClass) : undefined;
    if (vehicle) funds.push({ ...vehicle, weight: target.weight });
  }
  const plan = planBandRebalance({
    asOf: review.asOf,
    cash: review.cash,
    holdings: review.holdings,
    classTargets: classTargetsOf(model.targets),
    funds,
    vehicles: review.vehicles,
    band: model.driftBand,
    rebalanceTo: review.rebalanceTo,
    tax: review.tax,
    washSales: review.washSales,
    replacementShares: review.replacementShares,
    minimumTrade: recommendationLimits.minimumTrade,
  });
  return detailsOf(review, model, funds, 'asset_class', classInputs(model), plan);
}

type DetailedPlan = TradePlan & Pick<ReturnType<typeof planBandRebalance>, 'heldBack' | 'taxableGain' | 'estimatedTax' | 'disallowed'>;

function detailsOf(
  review: PortfolioReview,
  model: ReviewModel,
  targets: readonly PlanSecurity[],
  kind: ModelTargetKind,
  rowTargets: readonly ModelTargetInput[],
  plan: DetailedPlan,
): Planned {
  const securities = new Map<string, PlanSecurity>();
  for (const security of [...review.holdings, ...targets]) securities.set(security.securityId, security);
  const rows = weightRows(
    kind,
    rowTargets,
    securities,
    { cash: review.cash, quantities: new Map(review.holdings.map((holding) => [holding.securityId, holding.quantity])) },
    { cash: plan.cashAfter, quantities: plan.quantitiesAfter },
  );
  const sum = (trades: ProposedTrade[], pick: (trade: ProposedTrade) => number) => sumMoney(trades.map(pick));
  const sells = plan.trades.filter((trade) => trade.side === 'sell');
  const buys = plan.trades.filter((trade) => trade.side === 'buy');
  const { tax } = review;
  const taxable = tax.treatment === 'taxable';
  const planned = sumMoney([plan.taxableGain.short, plan.taxableGain.long]);
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
      tax_deferred: tax.treatment === 'tax_deferred',
      risk: null,
      tax: {
        treatment: tax.treatment,
        estimated_tax: taxable ? plan.estimatedTax : 0,
        rates: tax.rates,
        gain_budget: taxable ? tax.gainBudget : null,
        gains_year_to_date: taxable ? tax.gainsYearToDate : 0,
        budget_left: taxable && tax.gainBudget !== null ? sumMoney([tax.gainBudget, -tax.gainsYearToDate, -planned]) : null,
        disallowed_loss: plan.disallowed,
        rebalance_to: review.rebalanceTo,
      },
      held_back: plan.heldBack,
    },
  };
}

/** What the trades do and cost in tax, in a sentence or three. */
export function tradeSummary(details: RecommendationDetails): string {
  const { totals } = details;
  const parts = [`Selling ${formatWholeDollars(totals.sells)} and buying ${formatWholeDollars(totals.buys)}`];
  if (details.drift) parts[0] += ` brings every weight within ${points(details.drift.after)} of target.`;
  else parts[0] += '.';
  const treatment = details.tax?.treatment ?? (details.tax_deferred ? 'tax_deferred' : 'taxable');
  if (totals.sells > 0) {
    if (treatment === 'tax_deferred') parts.push('Tax-deferred account: no tax is due on these sales now.');
    else if (treatment === 'tax_free') parts.push('Tax-free account: these sales owe no tax.');
    else {
      const gains = `Estimated realised gain: ${formatWholeDollars(totals.realized_long)} long-term and ${formatWholeDollars(totals.realized_short)} short-term`;
      const tax = details.tax;
      const cured = details.drift ? `, to cure ${points(Math.max(0, details.drift.before - details.drift.after))} of drift` : '';
      parts.push(
        tax
          ? `${gains}; estimated tax ${formatWholeDollars(Math.max(0, tax.estimated_tax))}${cured}. Losses and long-term lots are sold first.`
          : `${gains}; losses and long-term lots are sold first.`,
      );
    }
  }
  const tax = details.tax;
  if (tax && tax.disallowed_loss > 0)
    parts.push(
      `The wash-sale rule disallows ${formatWholeDollars(tax.disallowed_loss)} of the losses (the same security was bought within 30 days in one of the client's accounts); it is added to the basis of the shares bought.`,
    );
  for (const row of details.held_back ?? []) {
    if (row.reason === 'hold_list') parts.push(`${row.symbol} is on the client's hold list and is not sold.`);
    else if (row.reason === 'restricted') parts.push(`${row.symbol} is restricted for this client and is not bought.`);
    else if (row.reason === 'gain_budget')
      parts.push(
        `${row.symbol} is sold only as far as the client's realised-gain budget allows (${formatWholeDollars(tax?.budget_left ?? 0)} left this year); ${formatWholeDollars(row.amount)} of its overweight stays.`,
      );
    else parts.push(`The rest of ${row.symbol}'s overweight is not worth the tax its sale would cost.`);
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
    const { details } = planToBand(review, model);
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
  const { details, rows } = planToBand(review, model);
  const drift = details.drift?.before ?? 0;
  if (drift > model.driftBand && details.trades.length > 0) {
    const cashRow = rows.find((row) => row.key === cashKey && row.current - row.target > model.driftBand);
    if (cashRow && details.trades.every((trade) => trade.side === 'buy')) {
      return {
        type: 'deploy_cash',
        model,
        securityId: null,
        title: `Invest ${formatWholeDollars(details.totals.buys)} of idle cash`,
        rationale:
          `Cash is ${percent(cashRow.current)} of ${review.portfolioName} against the ${model.name} model's ${percent(cashRow.target)} (band ±${points(model.driftBand)}). ` +
          `Investing it by the model's weights puts the money to work without selling anything. ${tradeSummary(details)}`,
        details,
      };
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
  return concentration(review, model, securityTargets(model.targets, review.holdings, review.cash, review.vehicles));
}
