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

type Lot = { acquiredOn: string; costPerShare: number; micros: bigint; costCents: bigint };

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
 * held at that point, as positionFromTransactions does.
 */
export function taxLots(trades: readonly LotTrade[], method: LotMethod = 'fifo'): LotHistory {
  let lots: Lot[] = [];
  const realized: RealizedLot[] = [];
  let previousDate = '';
  for (const trade of trades) {
    if (trade.date < previousDate) throw new RangeError(`Trades must be in date order: ${trade.date} comes after ${previousDate}`);
    previousDate = trade.date;
    const { micros, cents } = tradeUnits(trade);
    if (trade.type === 'buy') {
      lots.push({ acquiredOn: trade.date, costPerShare: roundPrice(trade.price), micros, costCents: cents });
      continue;
    }
    const held = lots.reduce((sum, lot) => sum + lot.micros, 0n);
    if (micros > held) throw new OversellError(shares(held), shares(micros));
    let unsoldMicros = micros;
    let unsharedProceeds = cents;
    for (const lot of [...lots].sort(lotOrder(trade.lotMethod ?? method, trade))) {
      if (unsoldMicros === 0n) break;
      const taken = lot.micros < unsoldMicros ? lot.micros : unsoldMicros;
      // Shares of what is left, to the cent: a piece that takes all the rest gets exactly the rest.
      const cost = shareOf(lot.costCents, taken, lot.micros);
      const proceeds = shareOf(unsharedProceeds, taken, unsoldMicros);
      realized.push({
        acquiredOn: lot.acquiredOn,
        soldOn: trade.date,
        quantity: shares(taken),
        costBasis: dollars(cost),
        proceeds: dollars(proceeds),
        realizedGain: dollars(proceeds - cost),
        term: holdingTerm(lot.acquiredOn, trade.date),
      });
      lot.micros -= taken;
      lot.costCents -= cost;
      unsoldMicros -= taken;
      unsharedProceeds -= proceeds;
    }
    lots = lots.filter((lot) => lot.micros > 0n);
  }
  const openLots = lots.map((lot) => ({
    acquiredOn: lot.acquiredOn,
    quantity: shares(lot.micros),
    costPerShare: lot.costPerShare,
    costBasis: dollars(lot.costCents),
  }));
  return { openLots, realized };
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
