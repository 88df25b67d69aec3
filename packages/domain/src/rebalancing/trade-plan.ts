import { sellOpenLots, type OpenLot } from '../analytics/tax-lots.ts';
import { roundMoney, roundQuantity, sumMoney, tradeValue } from '../portfolios/ledger.ts';
import type { HeldBack, ProposedTrade, WashSaleBlock } from '../recommendations/contracts.ts';
import type { AssetClass } from '../securities/contracts.ts';

/**
 * The trades that move a portfolio to target weights, tax-aware. Sells come first and take lots in
 * the tax_optimized order (losses, then long-term, then short-term gains), each with its estimated
 * realised gain by term; their proceeds and the spare cash fund the buys. A buy of a security the
 * client sold at a loss within the wash-sale window is never proposed: its money stays in cash.
 * Quantities are whole shares, except that closing a position sells every share, fractions included.
 */

export type PlanSecurity = { securityId: string; symbol: string; name: string; assetClass: AssetClass; price: number };

export type PlanHolding = PlanSecurity & {
  quantity: number;
  /** The position's open lots (positionLots: wash sales' adjustments included): what its sells take. */
  lots: readonly OpenLot[];
};

/** A security's share of the whole portfolio (cash included); what the targets leave is cash. */
export type SecurityTarget = PlanSecurity & { weight: number };

export type TradePlanInput = {
  asOf: string;
  cash: number;
  holdings: readonly PlanHolding[];
  targets: readonly SecurityTarget[];
  washSales: ReadonlyMap<string, WashSaleBlock>;
  /** Trades below this many dollars are left out. */
  minimumTrade: number;
  /** Sell only these securities (a concentration plan); every holding when absent. An empty set sells nothing (deploying cash). */
  sellable?: ReadonlySet<string>;
  /** Never sold (the client's hold list) and never bought (their restrictions). */
  holdList?: ReadonlySet<string>;
  restricted?: ReadonlySet<string>;
  /** Net realised gain the sells may add (what is left of the client's budget); no limit when absent. */
  gainRoom?: number;
};

export type TradePlan = {
  trades: ProposedTrade[];
  /** What the client's settings kept undone: a held security's excess, gains over the budget, a restricted buy. */
  heldBack: HeldBack[];
  cashAfter: number;
  /** Quantities held after the trades, by security id. */
  quantitiesAfter: Map<string, number>;
  blocked: WashSaleBlock[];
};

/** The lots a sell of `quantity` at the holding's price on `date` takes, tax_optimized, with the gain of each by term. */
export function taxAwareSale(
  holding: PlanHolding,
  quantity: number,
  date: string,
): Pick<ProposedTrade, 'lots' | 'realized_short' | 'realized_long'> {
  const pieces = sellOpenLots(holding.lots, { date, quantity, price: holding.price, lotMethod: 'tax_optimized' });
  const lots = pieces.map((piece) => ({
    acquired_on: piece.acquiredOn,
    quantity: piece.quantity,
    cost_basis: piece.costBasis,
    proceeds: piece.proceeds,
    gain: piece.realizedGain,
    term: piece.term,
  }));
  const gainOf = (term: 'short' | 'long') => sumMoney(lots.filter((lot) => lot.term === term).map((lot) => lot.gain));
  return { lots, realized_short: gainOf('short'), realized_long: gainOf('long') };
}

const tradeOf = (
  security: PlanSecurity,
  side: 'buy' | 'sell',
  quantity: number,
): Omit<ProposedTrade, 'lots' | 'realized_short' | 'realized_long'> => ({
  security_id: security.securityId,
  symbol: security.symbol,
  name: security.name,
  side,
  quantity,
  price: security.price,
  amount: tradeValue(quantity, security.price),
});

/** A buy as a plan proposes it: no lots, no gain. */
export const buyOf = (security: PlanSecurity, quantity: number): ProposedTrade => ({
  ...tradeOf(security, 'buy', quantity),
  lots: [],
  realized_short: 0,
  realized_long: 0,
});

/** A trade the client's settings kept undone, and the dollars of it left undone. */
export const heldBackOf = (security: PlanSecurity, side: 'buy' | 'sell', reason: HeldBack['reason'], amount: number): HeldBack => ({
  security_id: security.securityId,
  symbol: security.symbol,
  side,
  reason,
  amount: roundMoney(amount),
});

export function planTrades(input: TradePlanInput): TradePlan {
  const holdingValue = (holding: PlanHolding) => tradeValue(holding.quantity, holding.price);
  const total = input.cash + input.holdings.reduce((sum, holding) => sum + holdingValue(holding), 0);
  const targetValue = new Map(input.targets.map((target) => [target.securityId, target.weight * total]));
  const quantitiesAfter = new Map(input.holdings.map((holding) => [holding.securityId, holding.quantity]));
  const trades: ProposedTrade[] = [];
  const heldBack: HeldBack[] = [];
  const holdBack = (...row: Parameters<typeof heldBackOf>) => heldBack.push(heldBackOf(...row));

  for (const holding of input.holdings) {
    if (input.sellable && !input.sellable.has(holding.securityId)) continue;
    if (!(holding.price > 0)) continue;
    const target = targetValue.get(holding.securityId) ?? 0;
    const excess = holdingValue(holding) - target;
    if (excess < input.minimumTrade) continue;
    if (input.holdList?.has(holding.securityId)) {
      holdBack(holding, 'sell', 'hold_list', excess);
      continue;
    }
    // Whatever would remain below a worthwhile trade goes too: no dust positions.
    const closes = target < input.minimumTrade;
    let quantity = closes ? holding.quantity : Math.min(holding.quantity, Math.floor(excess / holding.price));
    // Over by less than one share: nothing whole to sell.
    if (quantity <= 0) continue;
    const room =
      input.gainRoom === undefined
        ? Infinity
        : input.gainRoom - sumMoney(trades.map((trade) => trade.realized_short + trade.realized_long));
    let sale = taxAwareSale(holding, quantity, input.asOf);
    if (sale.realized_short + sale.realized_long > room) {
      // The largest whole number of shares whose gain fits the budget (gains only grow once the losses are sold).
      let low = 0;
      let high = Math.floor(quantity);
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        const trial = taxAwareSale(holding, middle, input.asOf);
        if (trial.realized_short + trial.realized_long <= room) low = middle;
        else high = middle - 1;
      }
      holdBack(holding, 'sell', 'gain_budget', tradeValue(quantity - low, holding.price));
      quantity = low;
      if (quantity <= 0) continue;
      sale = taxAwareSale(holding, quantity, input.asOf);
    }
    if (tradeValue(quantity, holding.price) < input.minimumTrade) continue;
    trades.push({ ...tradeOf(holding, 'sell', quantity), ...sale });
    quantitiesAfter.set(holding.securityId, roundQuantity(holding.quantity - quantity));
  }

  const proceeds = sumMoney(trades.map((trade) => trade.amount));
  const targetCash = Math.max(0, 1 - input.targets.reduce((sum, target) => sum + target.weight, 0)) * total;
  const spendable = Math.max(0, input.cash + proceeds - targetCash);
  const blocked: WashSaleBlock[] = [];
  const wanted: Array<{ target: SecurityTarget; deficit: number }> = [];
  for (const target of input.targets) {
    if (!(target.price > 0)) continue;
    const held = tradeValue(quantitiesAfter.get(target.securityId) ?? 0, target.price);
    const deficit = target.weight * total - held;
    if (deficit < input.minimumTrade) continue;
    if (input.restricted?.has(target.securityId)) {
      holdBack(target, 'buy', 'restricted', deficit);
      continue;
    }
    const washSale = input.washSales.get(target.securityId);
    if (washSale) {
      blocked.push(washSale);
      continue;
    }
    wanted.push({ target, deficit });
  }
  // Short of cash (money held back for blocked buys stays in cash, not spread over the others): every buy shrinks alike.
  const wantedTotal = wanted.reduce((sum, want) => sum + want.deficit, 0);
  const scale = wantedTotal > spendable ? spendable / wantedTotal : 1;
  const buys: ProposedTrade[] = [];
  for (const { target, deficit } of wanted.sort((a, b) => b.deficit - a.deficit)) {
    const quantity = Math.floor((deficit * scale) / target.price);
    if (quantity <= 0 || tradeValue(quantity, target.price) < input.minimumTrade) continue;
    buys.push(buyOf(target, quantity));
    quantitiesAfter.set(target.securityId, roundQuantity((quantitiesAfter.get(target.securityId) ?? 0) + quantity));
  }
  trades.push(...buys);
  const cashAfter = sumMoney([input.cash, proceeds, ...buys.map((buy) => -buy.amount)]);
  return { trades, heldBack, cashAfter, quantitiesAfter, blocked };
}
