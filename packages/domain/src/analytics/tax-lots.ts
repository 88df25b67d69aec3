import { addDays, dayNumber } from '../shared/trading-calendar.ts';
import { cashEffect, OversellError, roundPrice, roundQuantity, tradeValue } from '../portfolios/ledger.ts';

/**
 * Tax lots of one security: each buy is a lot; a sell takes shares from lots in the order of the
 * method (FIFO by default, or HIFO) and realises a gain per piece, short- or long-term by how long
 * that lot was held. Money is in dollars, exact to the cent as in the ledger: quantities are carried
 * as millionths of a share and money as cents, and a lot's cost (a sell's proceeds) is shared among
 * its pieces so that they add up to it exactly, the last piece taking what is left.
 *
 * Trade fees are not in the lot cost: the ledger records a fee as a transaction of its own, so a
 * buy's cost is exactly quantity × price, as its cash effect is.
 */

/** A sell may name its own lot order (a tax-aware sale does); otherwise it takes the portfolio's method. */
export type LotTrade = { type: 'buy' | 'sell'; date: string; quantity: number; price: number; lotMethod?: SaleLotMethod | null };

/** fifo: the oldest lot first. hifo: the dearest (highest cost per share) first, the oldest among equals. */
export const lotMethods = ['fifo', 'hifo'] as const;
export type LotMethod = (typeof lotMethods)[number];

/**
 * The orders one sale may take lots in: a portfolio's method, or tax_optimized, which a tax-aware
 * recommendation records on its sells: losses first (short-term before long-term, as short-term
 * losses offset gains taxed at the higher rate), then long-term gains, then short-term gains; within
 * each, the dearest lot first (the largest loss, the smallest gain), the oldest among equals.
 */
export type SaleLotMethod = LotMethod | 'tax_optimized';

export type HoldingTerm = 'short' | 'long';

export type OpenLot = { acquiredOn: string; quantity: number; costPerShare: number; costBasis: number };

type RealizedLot = {
  acquiredOn: string;
  soldOn: string;
  quantity: number;
  costBasis: number;
  proceeds: number;
  /** proceeds − costBasis. */
  realizedGain: number;
  term: HoldingTerm;
};

export type LotHistory = { openLots: OpenLot[]; realized: RealizedLot[] };

/**
 * Long-term when the lot was held MORE than one year: sold after the anniversary of its purchase
 * (IRS rule: the holding period starts the day after acquisition). So a lot bought 2023-03-01 and
 * sold 2024-03-01 is short-term although that is 366 days; sold 2024-03-02 it is long-term. We take
 * the anniversary of 29 February to be 28 February (month ends clamped, as addMonths does).
 */
export function holdingTerm(acquiredOn: string, disposedOn: string): HoldingTerm {
  return disposedOn > anniversary(acquiredOn) ? 'long' : 'short';
}

/**
 * addMonths(date, 12) for a valid ISO date, without building a Date: the same month and day a year
 * on, except 29 February (the year after a leap year is never one). Lots ask it once each.
 */
function anniversary(date: string): string {
  const monthDay = date.slice(5);
  return `${Number(date.slice(0, 4)) + 1}-${monthDay === '02-29' ? '02-28' : monthDay}`;
}

type Lot = {
  acquiredOn: string;
  costPerShare: number;
  micros: bigint;
  costCents: bigint;
  /** The buy the shares came from (its place among all the trades), and a wash sale's adjustment carried into them. */
  buy: number;
  wash: WashCarry | null;
};

/** What a replacement lot carries from a wash sale, in cents and days, as washSaleLots keeps it. */
type WashCarry = { disallowedCents: bigint; addedCents: bigint; soldOn: string; boughtOn: string; daysAdded: number };

const microsPerShare = 1_000_000;
const centsPerDollar = 100;

// roundQuantity first: the ledger rounds shares half away from zero as the digits read.
const toMicros = (quantity: number) => BigInt(Math.round(roundQuantity(quantity) * microsPerShare));
const toCents = (dollars: number) => BigInt(Math.round(dollars * centsPerDollar));
const shares = (micros: bigint) => Number(micros) / microsPerShare;
const dollars = (cents: bigint) => Number(cents) / centsPerDollar;

/** whole × part / of, rounded half up (all three are non-negative). */
const shareOf = (whole: bigint, part: bigint, of: bigint): bigint => (2n * whole * part + of) / (2n * of);

/** A trade's quantity in micro-shares and its value in cents, checked as the ledger checks it. */
function tradeUnits(trade: LotTrade): { micros: bigint; cents: bigint } {
  // cashEffect refuses a quantity not above 0 and a negative price, with the ledger's messages.
  const cents = toCents(Math.abs(cashEffect(trade)));
  const micros = toMicros(trade.quantity);
  if (micros === 0n) throw new RangeError('quantity must be at least 0.000001');
  return { micros, cents };
}

const dearestFirst = (a: Lot, b: Lot) => b.costPerShare - a.costPerShare;

/** The tax_optimized rank of a lot sold at `price` on `date`: 0 short-term loss, 1 long-term loss, 2 long-term gain, 3 short-term gain. */
function taxRank(lot: Lot, price: number, date: string): number {
  const long = holdingTerm(lot.acquiredOn, date) === 'long';
  if (lot.costPerShare > price) return long ? 1 : 0;
  return long ? 2 : 3;
}

// Lots are kept in purchase order and the sort is stable: FIFO keeps that order, the others break ties by it.
function lotOrder(method: SaleLotMethod, sale: LotTrade): (a: Lot, b: Lot) => number {
  if (method === 'fifo') return () => 0;
  if (method === 'hifo') return dearestFirst;
  const price = roundPrice(sale.price);
  return (a, b) => taxRank(a, price, sale.date) - taxRank(b, price, sale.date) || dearestFirst(a, b);
}

/**
 * The open lots and realised pieces of one security's trades in ledger order (by date; a date before
 * the one above it is refused). Throws the ledger's OversellError where a sell exceeds the shares
 * held at that point, as positionFromTransactions does. No wash sales: washSaleLots finds those.
 */
export function taxLots(trades: readonly LotTrade[], method: LotMethod = 'fifo'): LotHistory {
  const history = lotEngine(
    trades.map((trade) => ({ ...trade, account: '' })),
    { '': { method, taxDeferred: false } },
    false,
  ).get('') ?? { openLots: [], realized: [] };
  return {
    openLots: history.openLots.map(({ acquiredOn, quantity, costPerShare, costBasis }) => ({
      acquiredOn,
      quantity,
      costPerShare,
      costBasis,
    })),
    realized: history.realized.map(({ acquiredOn, soldOn, quantity, costBasis, proceeds, realizedGain, term }) => ({
      acquiredOn,
      soldOn,
      quantity,
      costBasis,
      proceeds,
      realizedGain,
      term,
    })),
  };
}

/** A trade of one security in one of a taxpayer's accounts. */
export type AccountTrade = LotTrade & { account: string };

/** An account's lot method, and whether it is tax-deferred or tax-free (an IRA, a 401(k), a Roth IRA...): no gain or loss is recognised in it. */
export type LotAccount = { method: LotMethod; taxDeferred: boolean };

/**
 * A wash sale's mark on a replacement lot: the loss disallowed on the sale of `soldOn`, the part of
 * it added to the lot's basis (none in a tax-deferred account), and the days of the sold lot's
 * holding period added to the lot's (its acquiredOn is moved back by them; boughtOn is the purchase).
 */
type WashAdjustment = { disallowedLoss: number; basisAdded: number; soldOn: string; boughtOn: string; daysAdded: number };

/** One replacement purchase matched against a loss sale, and the loss disallowed for its shares. */
type WashMatch = {
  account: string;
  boughtOn: string;
  quantity: number;
  disallowedLoss: number;
  /** The disallowed loss added to the replacement's basis: all of it, or nothing in a tax-deferred account (Rev. Rul. 2008-5). */
  basisAdded: number;
  taxDeferred: boolean;
};

type WashOpenLot = OpenLot & { washSale: WashAdjustment | null };
/** realizedGain is proceeds − cost; recognizedGain adds back the disallowed loss (a positive amount), so counts only the allowed loss. */
type WashRealizedLot = RealizedLot & { disallowedLoss: number; recognizedGain: number; washSales: WashMatch[] };
export type WashLotHistory = { openLots: WashOpenLot[]; realized: WashRealizedLot[] };

/** Wash sales look 30 calendar days either side of a loss sale (IRC §1091). */
const washSaleWindowDays = 30;

/**
 * The lots of one security across all of one taxpayer's accounts, with wash sales (IRC §1091): a
 * sale at a loss in a taxable account, where shares of the same security are bought within 30
 * calendar days before or after it in any of the accounts (IRAs included), other than the shares
 * sold, has its loss disallowed for as many shares as were bought. Replacement purchases are matched
 * in the order they were made, each share once. The disallowed loss is added to the replacement
 * lot's basis, and the sold lot's holding period to the replacement's (its acquisition date moves
 * back by it), so a later sale of it realises the loss and takes the longer term. A replacement in a
 * tax-deferred account has the loss disallowed all the same, and added to no basis (Rev. Rul.
 * 2008-5): it is lost. Sales in tax-deferred accounts are not wash sales (no loss is recognised there).
 *
 * Trades of each account must be in date order; accounts' trades may come interleaved in any way.
 * Answers each account's open lots and realised pieces.
 */
export function washSaleLots(trades: readonly AccountTrade[], accounts: Readonly<Record<string, LotAccount>>): Map<string, WashLotHistory> {
  return lotEngine(trades, accounts, true);
}

type Pending = { micros: bigint; wash: WashCarry };

function lotEngine(
  trades: readonly AccountTrade[],
  accounts: Readonly<Record<string, LotAccount>>,
  washSales: boolean,
): Map<string, WashLotHistory> {
  const lastDate = new Map<string, string>();
  for (const trade of trades) {
    const previousDate = lastDate.get(trade.account) ?? '';
    if (trade.date < previousDate) throw new RangeError(`Trades must be in date order: ${trade.date} comes after ${previousDate}`);
    lastDate.set(trade.account, trade.date);
  }
  // All accounts in date order, each account's own order kept (the sort is stable).
  const ordered = trades.map((trade) => ({ trade, ...tradeUnits(trade) }));
  if (washSales) ordered.sort((a, b) => byDate(a.trade.date, b.trade.date));
  const buys = washSales ? ordered.map((entry, place) => ({ ...entry, place })).filter((entry) => entry.trade.type === 'buy') : [];
  /** Shares of each buy (by its place in `ordered`) not yet matched as a replacement. */
  const unmatched = new Map<number, bigint>();
  const pending = new Map<number, Pending[]>();
  const pools = new Map<string, Lot[]>();
  const realizedOf = new Map<string, WashRealizedLot[]>();
  const accountOf = (account: string): LotAccount => {
    const found = accounts[account];
    if (!found) throw new RangeError(`No lot method for account ${account}`);
    return found;
  };

  ordered.forEach((entry, place) => {
    const { trade, micros, cents } = entry;
    const account = accountOf(trade.account);
    const pool = pools.get(trade.account) ?? [];
    pools.set(trade.account, pool);
    if (trade.type === 'buy') {
      let rest = micros;
      let restCents = cents;
      for (const part of pending.get(place) ?? []) {
        const cost = shareOf(restCents, part.micros, rest);
        pool.push(washLot(trade.date, part.micros, cost, place, part.wash));
        rest -= part.micros;
        restCents -= cost;
      }
      if (rest > 0n)
        pool.push({
          acquiredOn: trade.date,
          costPerShare: roundPrice(trade.price),
          micros: rest,
          costCents: restCents,
          buy: place,
          wash: null,
        });
      return;
    }
    const held = pool.reduce((sum, lot) => sum + lot.micros, 0n);
    if (micros > held) throw new OversellError(shares(held), shares(micros));
    let unsoldMicros = micros;
    let unsharedProceeds = cents;
    const pieces: Array<{ lot: Lot; taken: bigint; cost: bigint; proceeds: bigint; acquiredOn: string }> = [];
    for (const lot of [...pool].sort(lotOrder(trade.lotMethod ?? account.method, trade))) {
      if (unsoldMicros === 0n) break;
      const taken = lot.micros < unsoldMicros ? lot.micros : unsoldMicros;
      // Shares of what is left, to the cent: a piece that takes all the rest gets exactly the rest.
      const cost = shareOf(lot.costCents, taken, lot.micros);
      const proceeds = shareOf(unsharedProceeds, taken, unsoldMicros);
      pieces.push({ lot, taken, cost, proceeds, acquiredOn: lot.acquiredOn });
      lot.micros -= taken;
      lot.costCents -= cost;
      unsoldMicros -= taken;
      unsharedProceeds -= proceeds;
    }
    for (let i = pool.length - 1; i >= 0; i -= 1) if ((pool[i] as Lot).micros === 0n) pool.splice(i, 1);
    const realized = realizedOf.get(trade.account) ?? [];
    realizedOf.set(trade.account, realized);
    for (const piece of pieces) {
      const matches: WashMatch[] = [];
      let disallowedCents = 0n;
      if (washSales && !account.taxDeferred && piece.cost > piece.proceeds) {
        const lossCents = piece.cost - piece.proceeds;
        const daysAdded = dayNumber(trade.date) - dayNumber(piece.acquiredOn);
        let need = piece.taken;
        const from = addDays(trade.date, -washSaleWindowDays);
        const to = addDays(trade.date, washSaleWindowDays);
        for (const candidate of buys) {
          if (need === 0n) break;
          if (candidate.trade.date < from || candidate.trade.date > to) continue;
          const buyPlace = candidate.place;
          if (buyPlace === piece.lot.buy) continue;
          const done = buyPlace < place;
          const candidatePool = pools.get(candidate.trade.account) ?? [];
          // A purchase already made serves with the shares of it still held (and not yet matched).
          const plain = done ? candidatePool.filter((lot) => lot.buy === buyPlace && lot.wash === null) : [];
          const heldPlain = plain.reduce((sum, lot) => sum + lot.micros, 0n);
          const left = unmatched.get(buyPlace) ?? candidate.micros;
          const available = done ? (heldPlain < left ? heldPlain : left) : left;
          if (available === 0n) continue;
          const taken = available < need ? available : need;
          // The loss of the shares still to match, shared to the cent as proceeds are.
          const disallowed = shareOf(lossCents - disallowedCents, taken, need);
          const deferred = accountOf(candidate.trade.account).taxDeferred;
          const wash: WashCarry = {
            disallowedCents: disallowed,
            addedCents: deferred ? 0n : disallowed,
            soldOn: trade.date,
            boughtOn: candidate.trade.date,
            daysAdded: deferred ? 0 : daysAdded,
          };
          if (done) splitInto(candidatePool, plain, taken, wash);
          else pending.set(buyPlace, [...(pending.get(buyPlace) ?? []), { micros: taken, wash }]);
          unmatched.set(buyPlace, left - taken);
          need -= taken;
          disallowedCents += disallowed;
          matches.push({
            account: candidate.trade.account,
            boughtOn: candidate.trade.date,
            quantity: shares(taken),
            disallowedLoss: dollars(disallowed),
            basisAdded: dollars(wash.addedCents),
            taxDeferred: deferred,
          });
        }
      }
      realized.push({
        acquiredOn: piece.acquiredOn,
        soldOn: trade.date,
        quantity: shares(piece.taken),
        costBasis: dollars(piece.cost),
        proceeds: dollars(piece.proceeds),
        realizedGain: dollars(piece.proceeds - piece.cost),
        term: holdingTerm(piece.acquiredOn, trade.date),
        disallowedLoss: dollars(disallowedCents),
        recognizedGain: dollars(piece.proceeds - piece.cost + disallowedCents),
        washSales: matches,
      });
    }
  });
  const histories = new Map<string, WashLotHistory>();
  for (const account of new Set(trades.map((trade) => trade.account))) {
    const openLots = (pools.get(account) ?? []).map((lot) => ({
      acquiredOn: lot.acquiredOn,
      quantity: shares(lot.micros),
      costPerShare: lot.costPerShare,
      costBasis: dollars(lot.costCents),
      washSale: lot.wash && {
        disallowedLoss: dollars(lot.wash.disallowedCents),
        basisAdded: dollars(lot.wash.addedCents),
        soldOn: lot.wash.soldOn,
        boughtOn: lot.wash.boughtOn,
        daysAdded: lot.wash.daysAdded,
      },
    }));
    histories.set(account, { openLots, realized: realizedOf.get(account) ?? [] });
  }
  return histories;
}

const byDate = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A replacement lot: the purchase's cost plus the disallowed loss, acquired earlier by the sold lot's holding period. */
function washLot(boughtOn: string, micros: bigint, costCents: bigint, buy: number, wash: WashCarry): Lot {
  const total = costCents + wash.addedCents;
  return {
    acquiredOn: addDays(boughtOn, -wash.daysAdded),
    costPerShare: roundPrice(Number(total) / centsPerDollar / shares(micros)),
    micros,
    costCents: total,
    buy,
    wash,
  };
}

/** Moves `micros` shares of a purchase's plain lots (in the pool's order) into replacement lots placed just after them. */
function splitInto(pool: Lot[], plain: readonly Lot[], micros: bigint, wash: WashCarry) {
  let rest = micros;
  let restAdded = wash.addedCents;
  let restDisallowed = wash.disallowedCents;
  for (const lot of plain) {
    if (rest === 0n) break;
    const taken = lot.micros < rest ? lot.micros : rest;
    const cost = shareOf(lot.costCents, taken, lot.micros);
    const added = shareOf(restAdded, taken, rest);
    const disallowed = shareOf(restDisallowed, taken, rest);
    lot.micros -= taken;
    lot.costCents -= cost;
    const replacement = washLot(lot.acquiredOn, taken, cost, lot.buy, { ...wash, addedCents: added, disallowedCents: disallowed });
    pool.splice(pool.indexOf(lot) + 1, 0, replacement);
    rest -= taken;
    restAdded -= added;
    restDisallowed -= disallowed;
  }
  for (let i = pool.length - 1; i >= 0; i -= 1) if ((pool[i] as Lot).micros === 0n) pool.splice(i, 1);
}

export type UnrealizedLot = OpenLot & { marketValue: number; unrealizedGain: number; term: HoldingTerm };

/** Each open lot at a price on `asOf`: its market value (quantity × price, to the cent), its gain over cost, and the term it would have if sold that day. */
export function unrealizedGains(openLots: readonly OpenLot[], price: number, asOf: string): UnrealizedLot[] {
  return openLots.map((lot) => {
    const marketValue = tradeValue(lot.quantity, price);
    // Whole cents as plain numbers: exact far beyond any position (toCents' BigInt is for products).
    const gainCents = Math.round(marketValue * centsPerDollar) - Math.round(lot.costBasis * centsPerDollar);
    const { acquiredOn, quantity, costPerShare, costBasis } = lot;
    return {
      acquiredOn,
      quantity,
      costPerShare,
      costBasis,
      marketValue,
      unrealizedGain: gainCents / centsPerDollar,
      term: holdingTerm(acquiredOn, asOf),
    };
  });
}

/**
 * The cost of the shares still held, by the portfolio's lot method: what every screen shows as a
 * position's cost basis (and its unrealised gain over it), so the holdings table and the analytics
 * lots agree. Under average cost a sale would leave 10 shares of a 100 and a 200 lot at 1,500; FIFO
 * leaves the 200 lot (2,000), HIFO the 100 lot (1,000).
 */
export function openLotsCost(trades: readonly LotTrade[], method: LotMethod = 'fifo'): { quantity: number; costBasis: number } {
  const { openLots } = taxLots(trades, method);
  const micros = openLots.reduce((sum, lot) => sum + toMicros(lot.quantity), 0n);
  const costCents = openLots.reduce((sum, lot) => sum + toCents(lot.costBasis), 0n);
  return { quantity: shares(micros), costBasis: dollars(costCents) };
}
