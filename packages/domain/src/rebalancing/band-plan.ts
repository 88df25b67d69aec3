import { holdingTerm } from '../analytics/tax-lots.ts';
import { roundMoney, roundPrice, roundQuantity, sumMoney, tradeValue } from '../portfolios/ledger.ts';
import type { HeldBack, ProposedTrade, WashSaleBlock } from '../recommendations/contracts.ts';
import type { AssetClass } from '../securities/contracts.ts';
import { wholeShareBuys, type BuyBook } from './band-buys.ts';
import type { TaxTreatment } from './tax-treatment.ts';
import { heldBackOf, taxAwareSale, type PlanHolding, type PlanSecurity, type SecurityTarget, type TradePlan } from './trade-plan.ts';
import { disallowedLoss } from './wash-sales.ts';

/**
 * A tax-aware rebalance by asset class. A held security serves its asset class's target whatever fund
 * the model names (IAU serves a gold target set with GLD): nothing is swapped for a fund of the same
 * class. Only classes outside the band are traded, back to the target or to the band's edge (the
 * firm's choice); the money moved between them is settled through the classes inside the band, towards
 * their targets, and cash. Sells take the tax-cheapest shares first (losses, then the smallest tax per
 * dollar), never a security on the client's hold list, within the client's realised-gain budget for the
 * year, and never where the tax is too high for the drift it cures. Buys go to the model's funds of the
 * class, never to a restricted security or one sold at a loss within the wash-sale window.
 */

export type RebalanceTo = 'target' | 'band_edge';

export type TaxProfile = {
  treatment: TaxTreatment;
  /** Rates the estimated tax is worked at, by holding term. */
  rates: { short: number; long: number };
  /** Net realised gains the client allows in the tax year (null: no budget) and those already used of it: realised, or in the client's other open proposals. */
  gainBudget: number | null;
  gainsYearToDate: number;
  /** Dollars of drift a sale must cure per dollar of its estimated tax (0: any sale is worth it). */
  minBenefitRatio: number;
  /** Securities never sold, and never bought, for this client. */
  holdList: ReadonlySet<string>;
  restricted: ReadonlySet<string>;
};

export const untaxedProfile = (treatment: TaxTreatment): TaxProfile => ({
  treatment,
  rates: { short: 0, long: 0 },
  gainBudget: null,
  gainsYearToDate: 0,
  minBenefitRatio: 0,
  holdList: new Set(),
  restricted: new Set(),
});

export type BandPlanInput = {
  asOf: string;
  cash: number;
  holdings: readonly PlanHolding[];
  /** Each asset class's target share of the whole portfolio; cash's is what the others leave. */
  classTargets: ReadonlyMap<AssetClass, number>;
  /** The model's own funds with their weights: what an underweight class buys. */
  funds: readonly SecurityTarget[];
  /** A class's fund when the model names none (an asset-class model). */
  vehicles: ReadonlyMap<AssetClass, PlanSecurity>;
  band: number;
  rebalanceTo: RebalanceTo;
  tax: TaxProfile;
  /** Securities sold at a loss within the window: not bought back. */
  washSales: ReadonlyMap<string, WashSaleBlock>;
  /** Shares of a security bought within 30 days before, in the client's other accounts or by this run's other proposals: they wash a loss sold here. */
  replacementShares: (securityId: string) => number;
  minimumTrade: number;
};

export type BandPlan = TradePlan & {
  heldBack: HeldBack[];
  /** Net realised gain of the sells, wash-sale disallowed losses added back (what is taxed and budgeted). */
  taxableGain: { short: number; long: number };
  estimatedTax: number;
  disallowed: number;
};

type Tranche = { quantity: number; gainPerShare: number; term: 'short' | 'long' };

/** A holding's open lots in the order the ledger's tax_optimized sell takes them (short-term losses, long-term losses, long-term gains, short-term gains; dearest first within each). */
function tranches(holding: PlanHolding, asOf: string): Tranche[] {
  const price = roundPrice(holding.price);
  const rank = (cost: number, term: 'short' | 'long') => (cost > price ? (term === 'long' ? 1 : 0) : term === 'long' ? 2 : 3);
  return holding.lots
    .map((lot) => ({ lot, term: holdingTerm(lot.acquiredOn, asOf) }))
    .map((entry, index) => ({ ...entry, index }))
    .sort(
      (a, b) =>
        rank(a.lot.costPerShare, a.term) - rank(b.lot.costPerShare, b.term) || b.lot.costPerShare - a.lot.costPerShare || a.index - b.index,
    )
    .map(({ lot, term }) => ({ quantity: lot.quantity, gainPerShare: price - lot.costPerShare, term }));
}

const valueOf = (holding: PlanHolding) => tradeValue(holding.quantity, holding.price);

export function planBandRebalance(input: BandPlanInput): BandPlan {
  const { tax } = input;
  const taxable = tax.treatment === 'taxable';
  const total = input.cash + input.holdings.reduce((sum, holding) => sum + valueOf(holding), 0);
  const heldBack: HeldBack[] = [];
  const blocked: WashSaleBlock[] = [];
  const quantitiesAfter = new Map(input.holdings.map((holding) => [holding.securityId, holding.quantity]));
  const empty: BandPlan = {
    trades: [],
    cashAfter: input.cash,
    quantitiesAfter,
    blocked,
    heldBack,
    taxableGain: { short: 0, long: 0 },
    estimatedTax: 0,
    disallowed: 0,
  };
  if (!(total > 0)) return empty;

  // Value and target of each class; the cash balance is part of the cash class.
  const classes = new Set<AssetClass>([...input.classTargets.keys(), 'cash']);
  for (const holding of input.holdings) classes.add(holding.assetClass);
  const invested = [...input.classTargets.entries()].filter(([key]) => key !== 'cash').reduce((sum, [, weight]) => sum + weight, 0);
  const targetOf = (key: AssetClass) =>
    (key === 'cash' ? Math.max(input.classTargets.get('cash') ?? 0, 1 - invested) : (input.classTargets.get(key) ?? 0)) * total;
  const valueNow = (key: AssetClass) =>
    (key === 'cash' ? input.cash : 0) +
    input.holdings.filter((holding) => holding.assetClass === key).reduce((sum, holding) => sum + valueOf(holding), 0);
  const bandValue = input.band * total;

  // How far each class moves: out-of-band classes to their goal, the rest left alone for now.
  const move = new Map<AssetClass, number>(); // positive: buy into the class; negative: sell out of it
  for (const key of classes) {
    const gap = targetOf(key) - valueNow(key);
    if (Math.abs(gap) <= bandValue + 1e-9) continue;
    const toEdge = input.rebalanceTo === 'band_edge' ? Math.sign(gap) * bandValue : 0;
    move.set(key, gap - toEdge);
  }
  if (move.size === 0) return empty;
  const buyBook: BuyBook = {
    total,
    holdings: input.holdings,
    funds: input.funds,
    vehicles: input.vehicles,
    restricted: tax.restricted,
    washSales: input.washSales,
    quantityOf: (securityId) => quantitiesAfter.get(securityId) ?? 0,
    minimumTrade: input.minimumTrade,
  };
  // Money has to balance: a shortfall is sold from in-band classes above target (cash first), a surplus bought into those below it.
  // A class bought up to the band's edge in whole shares rounded down would stay just outside it: its last share is
  // rounded up, and the money for it raised too (a class sold down to the edge rounds its shares up already).
  const roundingUp =
    input.rebalanceTo === 'band_edge'
      ? [...move]
          .filter(([key, amount]) => key !== 'cash' && amount > 0)
          .reduce(
            (sum, goal) => sum + Math.max(0, sumMoney(wholeShareBuys(buyBook, [goal], Infinity).buys.map((buy) => buy.amount)) - goal[1]),
            0,
          )
      : 0;
  const net = [...move.values()].reduce((sum, amount) => sum + amount, roundingUp);
  // How much further a class may go for the other side: a class inside the band towards its target; one already
  // brought to the band's edge on to its target.
  // What of a class may be sold at all: not the securities on the client's hold list.
  const sellableValue = (key: AssetClass) =>
    (key === 'cash' ? input.cash : 0) +
    input.holdings
      .filter((holding) => holding.assetClass === key && !tax.holdList.has(holding.securityId))
      .reduce((sum, holding) => sum + valueOf(holding), 0);
  const roomOf = (key: AssetClass, sign: 1 | -1) => {
    const moved = move.get(key);
    const room =
      moved === undefined
        ? Math.max(0, sign * (targetOf(key) - valueNow(key)))
        : input.rebalanceTo === 'band_edge' && Math.sign(moved) === sign
          ? bandValue
          : 0;
    return sign < 0 ? Math.max(0, Math.min(room, sellableValue(key) + (moved ?? 0))) : room;
  };
  const settle = (sign: 1 | -1, amount: number) => {
    const room = [...classes].map((key) => ({ key, room: roomOf(key, sign) })).filter((entry) => entry.room > 0);
    let left = amount;
    // Spare cash is spent before anything is sold; surplus cash is simply kept.
    const cash = room.find((entry) => entry.key === 'cash');
    if (sign < 0 && cash) {
      const taken = Math.min(left, cash.room);
      move.set('cash', (move.get('cash') ?? 0) - taken);
      left -= taken;
    }
    const others = room.filter((entry) => entry.key !== 'cash');
    const roomTotal = others.reduce((sum, entry) => sum + entry.room, 0);
    if (left <= 0 || roomTotal <= 0) return;
    const share = Math.min(1, left / roomTotal);
    for (const entry of others) move.set(entry.key, (move.get(entry.key) ?? 0) + sign * entry.room * share);
  };
  if (net > 0) settle(-1, net);
  else if (net < 0) settle(1, -net);

  // Sells: per class, the tax-cheapest shares first across its holdings.
  const trades: ProposedTrade[] = [];
  const modelFunds = new Set(input.funds.map((fund) => fund.securityId));
  let budgetRoom = taxable && tax.gainBudget !== null ? tax.gainBudget - tax.gainsYearToDate : Infinity;
  const rateOf = (term: 'short' | 'long') => (taxable ? tax.rates[term] : 0);
  for (const [key, amount] of move) {
    if (amount >= 0) continue;
    // Cash comes out of the cash balance first, then out of cash-like holdings (a Treasury bill fund).
    let left = key === 'cash' ? -amount - input.cash : -amount;
    if (left <= 0) continue;
    const members = input.holdings.filter((holding) => holding.assetClass === key && holding.quantity > 0 && holding.price > 0);
    for (const holding of members) {
      if (tax.holdList.has(holding.securityId)) {
        heldBack.push(heldBackOf(holding, 'sell', 'hold_list', Math.min(left, valueOf(holding))));
      }
    }
    const queues = members
      .filter((holding) => !tax.holdList.has(holding.securityId))
      .map((holding) => ({ holding, queue: tranches(holding, input.asOf), taken: 0, stopped: false }));
    // The tax of a share sold now, per dollar; a loss the wash-sale rule would disallow saves nothing.
    const costPerDollar = (entry: (typeof queues)[number], tranche: Tranche) => {
      const washed = tranche.gainPerShare < 0 && input.replacementShares(entry.holding.securityId) > 0;
      return washed ? 0 : (tranche.gainPerShare * rateOf(tranche.term)) / entry.holding.price;
    };
    while (left > 0.005) {
      const candidates = queues.filter((entry) => !entry.stopped && entry.queue.length > 0);
      if (candidates.length === 0) break;
      candidates.sort(
        (a, b) =>
          costPerDollar(a, a.queue[0]!) - costPerDollar(b, b.queue[0]!) ||
          Number(modelFunds.has(a.holding.securityId)) - Number(modelFunds.has(b.holding.securityId)) ||
          valueOf(b.holding) - valueOf(a.holding),
      );
      const entry = candidates[0]!;
      const tranche = entry.queue[0]!;
      const price = entry.holding.price;
      const cost = costPerDollar(entry, tranche);
      if (taxable && tax.minBenefitRatio > 0 && cost > 1 / tax.minBenefitRatio) {
        // Every other share of this class costs at least as much: the rest of its drift is not worth the tax.
        for (const rest of candidates) heldBack.push(heldBackOf(rest.holding, 'sell', 'not_worth_tax', left / candidates.length));
        break;
      }
      let shares = Math.min(tranche.quantity, Math.ceil(left / price - 1e-9));
      if (tranche.gainPerShare > 0 && taxable && shares * tranche.gainPerShare > budgetRoom) {
        shares = Math.max(0, Math.floor(budgetRoom / tranche.gainPerShare));
        heldBack.push(heldBackOf(entry.holding, 'sell', 'gain_budget', left - shares * price));
        entry.stopped = true;
      }
      if (shares > 0) {
        entry.taken += shares;
        if (taxable) budgetRoom -= shares * tranche.gainPerShare;
        left -= shares * price;
        tranche.quantity = roundQuantity(tranche.quantity - shares);
      }
      if (tranche.quantity <= 0) entry.queue.shift();
    }
    for (const entry of queues) {
      const { holding } = entry;
      // Whole shares, except that what would be left below a worthwhile trade is sold too.
      let quantity = entry.taken >= holding.quantity - 1e-6 ? holding.quantity : Math.floor(entry.taken + 1e-9);
      if (quantity > 0 && !entry.stopped && tradeValue(holding.quantity - quantity, holding.price) < input.minimumTrade)
        quantity = holding.quantity;
      if (quantity <= 0 || tradeValue(quantity, holding.price) < input.minimumTrade) continue;
      const sale = taxAwareSale(holding, quantity, input.asOf);
      const pieces = sale.lots.map((lot) => ({ quantity: lot.quantity, gain: lot.gain }));
      const washed = disallowedLoss(pieces, input.replacementShares(holding.securityId));
      trades.push({
        security_id: holding.securityId,
        symbol: holding.symbol,
        name: holding.name,
        side: 'sell',
        quantity,
        price: holding.price,
        amount: tradeValue(quantity, holding.price),
        ...sale,
        ...(washed.amount > 0 ? { disallowed_loss: washed.amount } : {}),
      });
      quantitiesAfter.set(holding.securityId, roundQuantity(holding.quantity - quantity));
    }
  }

  // Buys: the money the sells raised and the cash the plan frees, into the underweight classes.
  const proceeds = sumMoney(trades.map((trade) => trade.amount));
  const cashMove = move.get('cash') ?? 0;
  const buyMoves = [...move.entries()].filter(([key, amount]) => key !== 'cash' && amount > 0);
  const wanted = buyMoves.reduce((sum, [, amount]) => sum + amount, 0);
  const balanceUsed = cashMove < 0 ? Math.min(input.cash, -cashMove) : -cashMove;
  const spendable = Math.max(0, Math.min(input.cash + proceeds, proceeds + balanceUsed));
  const scale = wanted > spendable ? spendable / wanted : 1;
  const bought = wholeShareBuys(
    buyBook,
    buyMoves.map(([key, amount]) => [key, amount * scale] as const),
    spendable,
  );
  const buys = bought.buys;
  heldBack.push(...bought.heldBack);
  for (const block of bought.blocked) if (!blocked.some((entry) => entry.security_id === block.security_id)) blocked.push(block);
  for (const buy of buys) quantitiesAfter.set(buy.security_id, roundQuantity((quantitiesAfter.get(buy.security_id) ?? 0) + buy.quantity));
  trades.push(...buys);
  const cashAfter = sumMoney([input.cash, proceeds, ...buys.map((buy) => -buy.amount)]);
  const sells = trades.filter((trade) => trade.side === 'sell');
  const disallowed = sumMoney(sells.map((trade) => trade.disallowed_loss ?? 0));
  // A disallowed loss is not deducted now: it is added back to the term it was realised in.
  const disallowedOf = (term: 'short' | 'long') =>
    sumMoney(
      sells.map((trade) => {
        const losses = trade.lots.filter((lot) => lot.gain < 0);
        const all = sumMoney(losses.map((lot) => -lot.gain));
        const ofTerm = sumMoney(losses.filter((lot) => lot.term === term).map((lot) => -lot.gain));
        return all > 0 ? roundMoney(((trade.disallowed_loss ?? 0) * ofTerm) / all) : 0;
      }),
    );
  const taxableGain = taxable
    ? {
        short: sumMoney([...sells.map((trade) => trade.realized_short), disallowedOf('short')]),
        long: sumMoney([...sells.map((trade) => trade.realized_long), disallowedOf('long')]),
      }
    : { short: 0, long: 0 };
  const estimatedTax = taxable ? roundMoney(taxableGain.short * tax.rates.short + taxableGain.long * tax.rates.long) : 0;
  return { trades, cashAfter, quantitiesAfter, blocked, heldBack: mergeHeldBack(heldBack), taxableGain, estimatedTax, disallowed };
}

/** One line per security, side and reason. */
function mergeHeldBack(rows: readonly HeldBack[]): HeldBack[] {
  const merged = new Map<string, HeldBack>();
  for (const row of rows) {
    const key = `${row.security_id}:${row.side}:${row.reason}`;
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, amount: roundMoney(existing.amount + row.amount) } : row);
  }
  return [...merged.values()];
}
