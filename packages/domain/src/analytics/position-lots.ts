import type { AccountType } from '../portfolios/contracts.ts';
import { isTaxable } from '../rebalancing/tax-treatment.ts';
import type { LotAccount, LotMethod, LotTrade } from './tax-lots.ts';
import { washSaleLots, type WashLotHistory } from './wash-sale-lots.ts';

/**
 * The one definition of a position's lots (portfolio × security): its open lots' quantity, cost basis
 * and holding-period start, and its realised pieces. A client's trades of a security in all of their
 * accounts are walked together with the wash-sale rule (washSaleLots), so a loss sold in one account
 * moves into the basis and holding period of a replacement bought in another (none into an IRA's).
 * The holdings' stored cost, the portfolio page, the analytics and client report lots and the
 * rebalancer's tax estimates all take their lots from here.
 */

/** A buy or sell in one of a client's accounts; each account's trades in ledger order. */
export type PositionTrade = LotTrade & { portfolioId: string; securityId: string };

/** An account as its lots need it: its lot method, and whether gains are taxed in it (isTaxable). */
export const lotAccountOf = (account: { lotMethod: LotMethod; accountType: AccountType }): LotAccount => ({
  method: account.lotMethod,
  taxDeferred: !isTaxable(account.accountType),
});

/** The lots of every position of one client's trades, by portfolio then security. Every traded portfolio must be in `accounts`. */
export function positionLots(
  trades: readonly PositionTrade[],
  accounts: Readonly<Record<string, LotAccount>>,
): Map<string, Map<string, WashLotHistory>> {
  const bySecurity = new Map<string, Array<PositionTrade & { account: string }>>();
  for (const trade of trades) {
    const list = bySecurity.get(trade.securityId) ?? [];
    list.push({ ...trade, account: trade.portfolioId });
    bySecurity.set(trade.securityId, list);
  }
  const positions = new Map<string, Map<string, WashLotHistory>>();
  for (const [securityId, securityTrades] of bySecurity) {
    for (const [portfolioId, history] of washSaleLots(securityTrades, accounts)) {
      const held = positions.get(portfolioId) ?? new Map<string, WashLotHistory>();
      positions.set(portfolioId, held.set(securityId, history));
    }
  }
  return positions;
}
