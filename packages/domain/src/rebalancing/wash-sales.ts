import type { LotTrade } from '../analytics/tax-lots.ts';
import { roundMoney } from '../portfolios/ledger.ts';
import { addDays } from '../shared/trading-calendar.ts';

/**
 * The wash-sale rule (IRC §1091) on the purchase side of a loss sale: a loss is disallowed when the
 * same security was bought within 30 calendar days before or after the sale, in any of the client's
 * accounts (IRAs included). Days are calendar days: a sale on 2026-11-20 is washed by a purchase on any
 * day from 2026-10-21 (20 − 30 = 30 days before) to 2026-12-20 (30 days after); 2026-10-20 and
 * 2026-12-21 are 31 days away and do not wash it. (The buy-back side is washSaleBlocks in targets.ts.)
 */

export type WashHistory = { securityId: string; portfolioId: string; trades: readonly LotTrade[] };

/** A purchase of a security within the window before a sale on `asOf`. */
export type RecentPurchase = { portfolioId: string; date: string; quantity: number; price: number };

/** True when a purchase on `bought` falls in the wash-sale window of a sale on `sold` (either side, `days` calendar days). */
export const inWashWindow = (bought: string, sold: string, days: number): boolean =>
  bought >= addDays(sold, -days) && bought <= addDays(sold, days);

/** Every purchase of each security in the `days` calendar days up to and including `asOf`, across the given accounts. */
export function recentPurchases(histories: readonly WashHistory[], asOf: string, days: number): Map<string, RecentPurchase[]> {
  const recent = new Map<string, RecentPurchase[]>();
  for (const history of histories) {
    for (const trade of history.trades) {
      if (trade.type !== 'buy' || !inWashWindow(trade.date, asOf, days) || trade.date > asOf) continue;
      const list = recent.get(history.securityId) ?? [];
      list.push({ portfolioId: history.portfolioId, date: trade.date, quantity: trade.quantity, price: trade.price });
      recent.set(history.securityId, list);
    }
  }
  return recent;
}

export type LossPiece = { quantity: number; gain: number };

/**
 * The part of a sale's losses the rule disallows: each replacement share washes one share sold at a
 * loss, the sale's pieces taken in their order. Returns the disallowed loss as a positive amount and
 * how many shares it covers; the replacement shares carry it in their basis.
 */
export function disallowedLoss(pieces: readonly LossPiece[], replacementShares: number): { amount: number; shares: number } {
  let left = Math.max(0, replacementShares);
  let amount = 0;
  let shares = 0;
  for (const piece of pieces) {
    if (left <= 0) break;
    if (!(piece.gain < 0) || !(piece.quantity > 0)) continue;
    const washed = Math.min(left, piece.quantity);
    amount += (-piece.gain * washed) / piece.quantity;
    shares += washed;
    left -= washed;
  }
  return { amount: roundMoney(amount), shares };
}
