import { sumMoney, tradeValue } from '../portfolios/ledger.ts';
import type { HeldBack, ProposedTrade, WashSaleBlock } from '../recommendations/contracts.ts';
import type { AssetClass } from '../securities/contracts.ts';
import { buyOf, heldBackOf, type PlanHolding, type PlanSecurity, type SecurityTarget } from './trade-plan.ts';

/**
 * The buys of a band rebalance: each underweight class's money goes to the model's funds of the class
 * (by how far each is below its weight), else to a held fund of the class, else to the class's vehicle;
 * never to a restricted security or one the wash-sale rule blocks. Whole shares, rounded toward the
 * class's goal while the money lasts.
 */

export type BuyBook = {
  total: number;
  holdings: readonly PlanHolding[];
  funds: readonly SecurityTarget[];
  vehicles: ReadonlyMap<AssetClass, PlanSecurity>;
  restricted: ReadonlySet<string>;
  washSales: ReadonlyMap<string, WashSaleBlock>;
  /** Shares held once the sells are done (a class bought is never one sold). */
  quantityOf: (securityId: string) => number;
  minimumTrade: number;
};

export type WholeShareBuys = { buys: ProposedTrade[]; heldBack: HeldBack[]; blocked: WashSaleBlock[] };

/** Buys toward each class's goal (dollars) with at most `money` spent. */
export function wholeShareBuys(book: BuyBook, goals: ReadonlyArray<readonly [AssetClass, number]>, money: number): WholeShareBuys {
  const heldBack: HeldBack[] = [];
  const blocked: WashSaleBlock[] = [];
  const buys: ProposedTrade[] = [];
  const valueAfter = (security: PlanSecurity) => tradeValue(book.quantityOf(security.securityId), security.price);
  const byClass = new Map<AssetClass, ProposedTrade[]>();
  const largestFirst = [...goals].sort((a, b) => b[1] - a[1]);
  for (const [key, budget] of largestFirst) {
    let washBlocked = false;
    const allowed = (security: PlanSecurity) => {
      if (!(security.price > 0)) return false;
      if (book.restricted.has(security.securityId)) {
        heldBack.push(heldBackOf(security, 'buy', 'restricted', 0));
        return false;
      }
      const block = book.washSales.get(security.securityId);
      if (block) {
        if (!blocked.some((entry) => entry.security_id === block.security_id)) blocked.push(block);
        washBlocked = true;
        return false;
      }
      return true;
    };
    let funds: Array<{ security: PlanSecurity; weight: number }> = book.funds
      .filter((fund) => fund.assetClass === key && allowed(fund))
      .map((fund) => ({ security: fund, weight: Math.max(0, fund.weight * book.total - valueAfter(fund)) }));
    if (funds.length > 0 && funds.every((fund) => fund.weight <= 0))
      funds = funds.map((fund) => ({ ...fund, weight: book.funds.find((model) => model.securityId === fund.security.securityId)!.weight }));
    if (funds.length === 0 && !washBlocked) {
      // No model fund may be bought (restricted): a held fund of the class, else the class's vehicle. A fund the wash-sale rule blocks leaves its share in cash.
      const held = book.holdings
        .filter((holding) => holding.assetClass === key && !book.funds.some((fund) => fund.securityId === holding.securityId))
        .sort((a, b) => tradeValue(b.quantity, b.price) - tradeValue(a.quantity, a.price))
        .find(allowed);
      const vehicle = book.vehicles.get(key);
      const fallback = held ?? (vehicle && allowed(vehicle) ? vehicle : undefined);
      if (fallback) funds = [{ security: fallback, weight: 1 }];
    }
    const weights = funds.reduce((sum, fund) => sum + fund.weight, 0);
    const ofClass: ProposedTrade[] = [];
    for (const { security, weight } of funds) {
      const quantity = Math.floor((budget * weight) / weights / security.price);
      if (quantity <= 0 || tradeValue(quantity, security.price) < book.minimumTrade) continue;
      ofClass.push(buyOf(security, quantity));
    }
    byClass.set(key, ofClass);
    buys.push(...ofClass);
  }
  // Whole shares fall short of a goal: more shares of a class's first fund while the money lasts, so the class ends inside its band.
  let spare = money - sumMoney(buys.map((buy) => buy.amount));
  for (const [key, budget] of largestFirst) {
    const ofClass = byClass.get(key) ?? [];
    const first = ofClass[0];
    while (first && sumMoney(ofClass.map((buy) => buy.amount)) < budget - 0.005 && spare >= first.price) {
      first.quantity += 1;
      first.amount = tradeValue(first.quantity, first.price);
      spare -= first.price;
    }
  }
  return { buys, heldBack, blocked };
}
