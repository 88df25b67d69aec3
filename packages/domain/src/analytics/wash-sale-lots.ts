import { roundPrice } from '../portfolios/ledger.ts';
import { addDays, dayNumber } from '../shared/trading-calendar.ts';
import {
  centsPerDollar,
  dollars,
  openLotOf,
  plainLot,
  realizedLotOf,
  removeEmpty,
  shareOf,
  shares,
  walkLots,
  type AccountTrade,
  type Lot,
  type LotAccount,
  type OpenLot,
  type RealizedLot,
  type SoldPiece,
  type Walk,
  type WalkedTrade,
  type WalkRule,
  type WashCarry,
} from './tax-lots.ts';

/**
 * The wash-sale rule (IRC §1091) in the lot walk of tax-lots.ts: a sale at a loss in a taxable
 * account, where shares of the same security are bought within 30 calendar days before or after it
 * in any of the taxpayer's accounts (IRAs included), other than the shares sold, has its loss
 * disallowed for as many shares as were bought, and the replacement lots carry it.
 */

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
 * The lots of one security across all of one taxpayer's accounts, with wash sales: a loss sale's
 * replacement purchases are matched in the order they were made, each share once. The disallowed
 * loss is added to the replacement lot's basis, and the sold lot's holding period to the
 * replacement's (its acquisition date moves back by it), so a later sale of it realises the loss and
 * takes the longer term. A replacement in a tax-deferred account has the loss disallowed all the
 * same, and added to no basis (Rev. Rul. 2008-5): it is lost. Sales in tax-deferred accounts are not
 * wash sales (no loss is recognised there).
 *
 * Trades of each account must be in date order; accounts' trades may come interleaved in any way.
 * Answers each account's open lots and realised pieces.
 */
export function washSaleLots(trades: readonly AccountTrade[], accounts: Readonly<Record<string, LotAccount>>): Map<string, WashLotHistory> {
  const histories = new Map<string, WashLotHistory>();
  for (const [account, walk] of walkLots(trades, accounts, washSaleRule)) {
    histories.set(account, {
      openLots: walk.lots.map((lot) => ({ ...openLotOf(lot), washSale: lot.wash && adjustmentOf(lot.wash) })),
      realized: walk.sold.map((piece) => ({
        ...realizedLotOf(piece),
        disallowedLoss: dollars(piece.disallowedCents),
        recognizedGain: dollars(piece.proceeds - piece.cost + piece.disallowedCents),
        washSales: piece.matches,
      })),
    });
  }
  return histories;
}

const adjustmentOf = (wash: WashCarry): WashAdjustment => ({
  disallowedLoss: dollars(wash.disallowedCents),
  basisAdded: dollars(wash.addedCents),
  soldOn: wash.soldOn,
  boughtOn: wash.boughtOn,
  daysAdded: wash.daysAdded,
});

/** Shares of a purchase still to come, already matched as a replacement, with what they carry. */
type Pending = { micros: bigint; wash: WashCarry };

function washSaleRule(walk: Walk): WalkRule<WashMatch> {
  const buys = walk.trades.filter((entry) => entry.trade.type === 'buy');
  /** Shares of each buy (by its place in the walk) not yet matched as a replacement. */
  const unmatched = new Map<number, bigint>();
  const pending = new Map<number, Pending[]>();

  const openBuy = (buy: WalkedTrade, pool: Lot[]) => {
    let rest = buy.micros;
    let restCents = buy.cents;
    for (const part of pending.get(buy.place) ?? []) {
      const cost = shareOf(restCents, part.micros, rest);
      pool.push(washLot(buy.trade.date, part.micros, cost, buy.place, part.wash));
      rest -= part.micros;
      restCents -= cost;
    }
    if (rest > 0n) pool.push(plainLot(buy, rest, restCents));
  };

  const judgeLoss = (piece: SoldPiece, sale: WalkedTrade) => {
    const matches: WashMatch[] = [];
    let disallowedCents = 0n;
    const lossCents = piece.cost - piece.proceeds;
    const daysAdded = dayNumber(sale.trade.date) - dayNumber(piece.acquiredOn);
    let need = piece.micros;
    const from = addDays(sale.trade.date, -washSaleWindowDays);
    const to = addDays(sale.trade.date, washSaleWindowDays);
    // The buys are in walk (date) order: start at the first of the window, stop after its last.
    for (let index = firstOnOrAfter(buys, from); index < buys.length; index += 1) {
      const candidate = buys[index] as WalkedTrade;
      if (need === 0n || candidate.trade.date > to) break;
      const buyPlace = candidate.place;
      if (buyPlace === piece.buy) continue;
      const done = buyPlace < sale.place;
      const candidatePool = walk.poolOf(candidate.trade.account);
      // A purchase already made serves with the shares of it still held (and not yet matched).
      const plain = done ? candidatePool.filter((lot) => lot.buy === buyPlace && lot.wash === null) : [];
      const heldPlain = plain.reduce((sum, lot) => sum + lot.micros, 0n);
      const left = unmatched.get(buyPlace) ?? candidate.micros;
      const available = done ? (heldPlain < left ? heldPlain : left) : left;
      if (available === 0n) continue;
      const taken = available < need ? available : need;
      // The loss of the shares still to match, shared to the cent as proceeds are.
      const disallowed = shareOf(lossCents - disallowedCents, taken, need);
      const deferred = walk.accountOf(candidate.trade.account).taxDeferred;
      const wash: WashCarry = {
        disallowedCents: disallowed,
        addedCents: deferred ? 0n : disallowed,
        soldOn: sale.trade.date,
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
    return { disallowedCents, matches };
  };

  return { openBuy, judgeLoss };
}

/** The index of the first buy dated on or after `date` (buys in date order). */
function firstOnOrAfter(buys: readonly WalkedTrade[], date: string): number {
  let low = 0;
  let high = buys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((buys[middle] as WalkedTrade).trade.date < date) low = middle + 1;
    else high = middle;
  }
  return low;
}

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
  removeEmpty(pool);
}
