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
 *
 * This file walks the trades (walkLots); the wash-sale rule joins the walk from wash-sale-lots.ts.
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

export type RealizedLot = {
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

/** A trade of one security in one of a taxpayer's accounts. */
export type AccountTrade = LotTrade & { account: string };

/** An account's lot method, and whether it is tax-deferred or tax-free (an IRA, a 401(k), a Roth IRA...): no gain or loss is recognised in it. */
export type LotAccount = { method: LotMethod; taxDeferred: boolean };

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

/** What a replacement lot carries from a wash sale, in cents and days (wash-sale-lots.ts). */
export type WashCarry = { disallowedCents: bigint; addedCents: bigint; soldOn: string; boughtOn: string; daysAdded: number };

/** An open lot during the walk, in micro-shares and cents. */
export type Lot = {
  acquiredOn: string;
  costPerShare: number;
  micros: bigint;
  costCents: bigint;
  /** The buy the shares came from (its place among all the trades), and a wash sale's adjustment carried into them. */
  buy: number;
  wash: WashCarry | null;
};

const microsPerShare = 1_000_000;
export const centsPerDollar = 100;

// roundQuantity first: the ledger rounds shares half away from zero as the digits read.
const toMicros = (quantity: number) => BigInt(Math.round(roundQuantity(quantity) * microsPerShare));
const toCents = (dollars: number) => BigInt(Math.round(dollars * centsPerDollar));
export const shares = (micros: bigint) => Number(micros) / microsPerShare;
export const dollars = (cents: bigint) => Number(cents) / centsPerDollar;

/** whole × part / of, rounded half up (all three are non-negative). */
export const shareOf = (whole: bigint, part: bigint, of: bigint): bigint => (2n * whole * part + of) / (2n * of);

/** Drops the lots with no shares left. */
export function removeEmpty(pool: Lot[]) {
  for (let i = pool.length - 1; i >= 0; i -= 1) if ((pool[i] as Lot).micros === 0n) pool.splice(i, 1);
}

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

/** A trade as the walk takes it: its place among all the trades in date order, its size in micro-shares and cents. */
export type WalkedTrade = { trade: AccountTrade; place: number; micros: bigint; cents: bigint };

/** The shares a sale took from one lot: their cost and their share of the proceeds, in cents. */
export type SoldPiece = { acquiredOn: string; buy: number; micros: bigint; cost: bigint; proceeds: bigint };

/** A plain lot: a purchase (or what is left of one) at its own price. */
export const plainLot = (buy: WalkedTrade, micros: bigint, costCents: bigint): Lot => ({
  acquiredOn: buy.trade.date,
  costPerShare: roundPrice(buy.trade.price),
  micros,
  costCents,
  buy: buy.place,
  wash: null,
});

/**
 * Takes a sale's shares from the pool in the order of `method`, each piece's cost and proceeds shared
 * to the cent (a piece that takes all the rest gets exactly the rest); emptied lots leave the pool.
 * Throws the ledger's OversellError when the pool holds fewer shares.
 */
function sellFromPool(pool: Lot[], sale: Pick<WalkedTrade, 'micros' | 'cents'> & { trade: LotTrade }, method: SaleLotMethod): SoldPiece[] {
  const held = pool.reduce((sum, lot) => sum + lot.micros, 0n);
  if (sale.micros > held) throw new OversellError(shares(held), shares(sale.micros));
  let unsold = sale.micros;
  let unshared = sale.cents;
  const pieces: SoldPiece[] = [];
  for (const lot of [...pool].sort(lotOrder(method, sale.trade))) {
    if (unsold === 0n) break;
    const taken = lot.micros < unsold ? lot.micros : unsold;
    const cost = shareOf(lot.costCents, taken, lot.micros);
    const proceeds = shareOf(unshared, taken, unsold);
    pieces.push({ acquiredOn: lot.acquiredOn, buy: lot.buy, micros: taken, cost, proceeds });
    lot.micros -= taken;
    lot.costCents -= cost;
    unsold -= taken;
    unshared -= proceeds;
  }
  removeEmpty(pool);
  return pieces;
}

/** What the walk shares with a rule that joins it: the trades in date order, each account's pool and settings. */
export type Walk = {
  trades: readonly WalkedTrade[];
  poolOf: (account: string) => Lot[];
  accountOf: (account: string) => LotAccount;
};

/** How a rule (the wash-sale rule) joins the walk: it opens each buy's lots and judges each piece sold at a loss in a taxable account. */
export type WalkRule<Match> = {
  openBuy: (buy: WalkedTrade, pool: Lot[]) => void;
  judgeLoss: (piece: SoldPiece, sale: WalkedTrade) => { disallowedCents: bigint; matches: Match[] };
};

/** A piece sold, with what a rule disallowed of its loss (nothing without one). */
type SoldRecord<Match> = SoldPiece & { soldOn: string; disallowedCents: bigint; matches: Match[] };

export type AccountWalk<Match> = { lots: Lot[]; sold: SoldRecord<Match>[] };

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Walks the trades of one security across accounts in date order, then by account (each account's own
 * order kept; a date before the one above it in the same account is refused), buys opening lots and sells taking
 * them by each account's method (or the sell's own). Answers each account's open lots and sold pieces.
 */
export function walkLots<Match>(
  trades: readonly AccountTrade[],
  accounts: Readonly<Record<string, LotAccount>>,
  rule?: (walk: Walk) => WalkRule<Match>,
): Map<string, AccountWalk<Match>> {
  const lastDate = new Map<string, string>();
  for (const trade of trades) {
    const previousDate = lastDate.get(trade.account) ?? '';
    if (trade.date < previousDate) throw new RangeError(`Trades must be in date order: ${trade.date} comes after ${previousDate}`);
    lastDate.set(trade.account, trade.date);
  }
  // All accounts in date order, each account's own order kept (the sort is stable). The accounts of one day
  // go by account id, whatever order they came in: every caller then walks one client's trades alike.
  const walked: WalkedTrade[] = trades
    .map((trade) => {
      const { micros, cents } = tradeUnits(trade);
      return { trade, place: 0, micros, cents };
    })
    .sort((a, b) => byCodeUnits(a.trade.date, b.trade.date) || byCodeUnits(a.trade.account, b.trade.account));
  walked.forEach((entry, place) => (entry.place = place));
  const pools = new Map<string, Lot[]>();
  const sold = new Map<string, SoldRecord<Match>[]>();
  const poolOf = (account: string) => {
    const pool = pools.get(account) ?? [];
    pools.set(account, pool);
    return pool;
  };
  const accountOf = (account: string): LotAccount => {
    const found = accounts[account];
    if (!found) throw new RangeError(`No lot method for account ${account}`);
    return found;
  };
  const joined = rule?.({ trades: walked, poolOf, accountOf });
  for (const entry of walked) {
    const { trade } = entry;
    const account = accountOf(trade.account);
    const pool = poolOf(trade.account);
    if (trade.type === 'buy') {
      if (joined) joined.openBuy(entry, pool);
      else pool.push(plainLot(entry, entry.micros, entry.cents));
      continue;
    }
    const records = sold.get(trade.account) ?? [];
    sold.set(trade.account, records);
    for (const piece of sellFromPool(pool, entry, trade.lotMethod ?? account.method)) {
      const judged = joined && !account.taxDeferred && piece.cost > piece.proceeds ? joined.judgeLoss(piece, entry) : null;
      // Every field written out, not spread: a spread made each record a slow dictionary object.
      records.push({
        acquiredOn: piece.acquiredOn,
        buy: piece.buy,
        micros: piece.micros,
        cost: piece.cost,
        proceeds: piece.proceeds,
        soldOn: trade.date,
        disallowedCents: judged?.disallowedCents ?? 0n,
        matches: judged?.matches ?? [],
      });
    }
  }
  return new Map(
    [...new Set(trades.map((trade) => trade.account))].map((account) => [
      account,
      { lots: pools.get(account) ?? [], sold: sold.get(account) ?? [] },
    ]),
  );
}

export const openLotOf = (lot: Lot): OpenLot => ({
  acquiredOn: lot.acquiredOn,
  quantity: shares(lot.micros),
  costPerShare: lot.costPerShare,
  costBasis: dollars(lot.costCents),
});

export const realizedLotOf = (piece: SoldPiece & { soldOn: string }): RealizedLot => ({
  acquiredOn: piece.acquiredOn,
  soldOn: piece.soldOn,
  quantity: shares(piece.micros),
  costBasis: dollars(piece.cost),
  proceeds: dollars(piece.proceeds),
  realizedGain: dollars(piece.proceeds - piece.cost),
  term: holdingTerm(piece.acquiredOn, piece.soldOn),
});

/**
 * The open lots and realised pieces of one security's trades in ledger order (by date; a date before
 * the one above it is refused). Throws the ledger's OversellError where a sell exceeds the shares
 * held at that point, as positionFromTransactions does. No wash sales: washSaleLots finds those.
 */
export function taxLots(trades: readonly LotTrade[], method: LotMethod = 'fifo'): LotHistory {
  const walk = walkLots(
    trades.map((trade) => ({ ...trade, account: '' })),
    { '': { method, taxDeferred: false } },
  ).get('');
  return { openLots: (walk?.lots ?? []).map(openLotOf), realized: (walk?.sold ?? []).map(realizedLotOf) };
}

/**
 * The pieces a sale on `sale.date` would take from these open lots (a position's, as positionLots
 * answers them), in the sale's lot order (FIFO when it names none): what the ledger will realise when
 * the sale is recorded after the trades the lots come from.
 */
export function sellOpenLots(openLots: readonly OpenLot[], sale: Omit<LotTrade, 'type'>): RealizedLot[] {
  const pool: Lot[] = openLots.map((lot, place) => ({
    acquiredOn: lot.acquiredOn,
    costPerShare: lot.costPerShare,
    micros: toMicros(lot.quantity),
    costCents: toCents(lot.costBasis),
    buy: place,
    wash: null,
  }));
  const trade: LotTrade = { ...sale, type: 'sell' };
  return sellFromPool(pool, { trade, ...tradeUnits(trade) }, sale.lotMethod ?? 'fifo').map((piece) =>
    realizedLotOf({ ...piece, soldOn: sale.date }),
  );
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
 * The shares and cost of a position's open lots (positionLots): what every screen shows as its cost
 * basis (and its unrealised gain over it). Under average cost a sale would leave 10 shares of a 100
 * and a 200 lot at 1,500; FIFO leaves the 200 lot (2,000), HIFO the 100 lot (1,000).
 */
export function openLotsCost(openLots: readonly OpenLot[]): { quantity: number; costBasis: number } {
  const micros = openLots.reduce((sum, lot) => sum + toMicros(lot.quantity), 0n);
  const costCents = openLots.reduce((sum, lot) => sum + toCents(lot.costBasis), 0n);
  return { quantity: shares(micros), costBasis: dollars(costCents) };
}
