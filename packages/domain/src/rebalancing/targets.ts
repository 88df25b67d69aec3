import type { RealizedLot } from '../analytics/tax-lots.ts';
import { tradeValue } from '../portfolios/ledger.ts';
import type { ModelTargetKind } from '../model-portfolios/contracts.ts';
import type { WashSaleBlock, WeightRow } from '../recommendations/contracts.ts';
import { assetClassLabel, type AssetClass } from '../securities/contracts.ts';
import { addDays } from '../shared/trading-calendar.ts';
import type { PlanHolding, PlanSecurity, SecurityTarget } from './trade-plan.ts';

/** A model's targets for one portfolio: security weights, drift and wash-sale windows. */

export type ModelTargetInput = { assetClass: AssetClass | null; security: PlanSecurity | null; weight: number };

/** The weight row of cash: a security model's spare weight, an asset-class model's cash class. */
export const cashKey = 'cash';

/**
 * A model's targets as security weights for this portfolio. Security targets are taken as they are.
 * An asset class's weight goes to the portfolio's own holdings of that class in proportion to their
 * value (no needless switching of funds, no realised gains for it), else to the class's vehicle fund.
 * The cash class keeps the cash balance's share as cash and gives the rest to cash-like holdings.
 */
export function securityTargets(
  targets: readonly ModelTargetInput[],
  holdings: readonly PlanHolding[],
  cash: number,
  vehicles: ReadonlyMap<AssetClass, PlanSecurity>,
): SecurityTarget[] {
  const resolved: SecurityTarget[] = [];
  for (const target of targets) {
    if (target.security) {
      resolved.push({ ...target.security, weight: target.weight });
      continue;
    }
    const assetClass = target.assetClass;
    if (!assetClass) continue;
    const members = holdings.filter((holding) => holding.assetClass === assetClass && holding.quantity > 0 && holding.price > 0);
    const cashShare = assetClass === 'cash' ? Math.max(0, cash) : 0;
    const classValue = cashShare + members.reduce((sum, holding) => sum + tradeValue(holding.quantity, holding.price), 0);
    if (members.length === 0) {
      const vehicle = vehicles.get(assetClass);
      if (assetClass !== 'cash' && vehicle) resolved.push({ ...vehicle, weight: target.weight });
      continue;
    }
    for (const member of members) {
      const { securityId, symbol, name, price } = member;
      resolved.push({
        securityId,
        symbol,
        name,
        assetClass,
        price,
        weight: (target.weight * tradeValue(member.quantity, member.price)) / classValue,
      });
    }
  }
  return resolved;
}

/**
 * Current, target and proposed weights by the model's kind of target: by asset class (cash balance
 * counted as cash) or by security (with a cash row for what the model leaves uninvested).
 */
export function weightRows(
  kind: ModelTargetKind,
  targets: readonly ModelTargetInput[],
  securities: ReadonlyMap<string, PlanSecurity>,
  before: { cash: number; quantities: ReadonlyMap<string, number> },
  after: { cash: number; quantities: ReadonlyMap<string, number> },
): WeightRow[] {
  const keyOf = (security: PlanSecurity) => (kind === 'asset_class' ? security.assetClass : security.securityId);
  const labelOf = new Map<string, string>([[cashKey, 'Cash']]);
  const shares = (state: { cash: number; quantities: ReadonlyMap<string, number> }) => {
    const values = new Map<string, number>([[cashKey, state.cash]]);
    for (const [securityId, quantity] of state.quantities) {
      const security = securities.get(securityId);
      if (!security || quantity <= 0) continue;
      const key = keyOf(security);
      labelOf.set(key, kind === 'asset_class' ? assetClassLabel(security.assetClass) : security.symbol);
      values.set(key, (values.get(key) ?? 0) + tradeValue(quantity, security.price));
    }
    const total = [...values.values()].reduce((sum, value) => sum + value, 0);
    return (key: string) => (total > 0 ? (values.get(key) ?? 0) / total : 0);
  };
  const targetOf = new Map<string, number>();
  for (const target of targets) {
    const key = target.security ? target.security.securityId : (target.assetClass ?? cashKey);
    if (target.security) labelOf.set(key, target.security.symbol);
    else if (target.assetClass) labelOf.set(key, assetClassLabel(target.assetClass));
    targetOf.set(key, (targetOf.get(key) ?? 0) + target.weight);
  }
  if (kind === 'security') targetOf.set(cashKey, Math.max(0, 1 - [...targetOf.values()].reduce((sum, weight) => sum + weight, 0)));
  const current = shares(before);
  const proposed = shares(after);
  const keys = new Set([...targetOf.keys(), ...labelOf.keys()]);
  return [...keys]
    .map((key) => ({ key, label: labelOf.get(key) ?? key, current: current(key), target: targetOf.get(key) ?? 0, proposed: proposed(key) }))
    .filter((row) => row.current > 0 || row.target > 0 || row.proposed > 0)
    .sort((a, b) => b.target - a.target || b.current - a.current || (a.label < b.label ? -1 : 1));
}

/** The largest distance of a weight from its target. */
export const largestDrift = (rows: readonly WeightRow[], of: 'current' | 'proposed' = 'current') =>
  rows.reduce((largest, row) => Math.max(largest, Math.abs(row[of] - row.target)), 0);

/** A position's realised pieces (positionLots: each cost with its wash-sale adjustment). */
export type SecurityHistory = { securityId: string; symbol: string; realized: readonly RealizedLot[] };

/**
 * Securities the client may not buy back on `asOf`: sold at a loss in any of their accounts within the
 * window before it (IRS wash-sale rule: a purchase within 30 days of a loss sale disallows the loss).
 * `until` is the last day a purchase would still fall in the window.
 */
export function washSaleBlocks(histories: readonly SecurityHistory[], asOf: string, windowDays: number): Map<string, WashSaleBlock> {
  const blocks = new Map<string, WashSaleBlock>();
  const windowStart = addDays(asOf, -windowDays);
  for (const history of histories) {
    for (const piece of history.realized) {
      if (piece.realizedGain >= 0 || piece.soldOn < windowStart || piece.soldOn > asOf) continue;
      const existing = blocks.get(history.securityId);
      if (existing && existing.sold_on >= piece.soldOn) continue;
      blocks.set(history.securityId, {
        security_id: history.securityId,
        symbol: history.symbol,
        sold_on: piece.soldOn,
        until: addDays(piece.soldOn, windowDays),
      });
    }
  }
  return blocks;
}
