import type { LotTrade } from '../analytics/tax-lots.ts';
import { positionLots } from '../analytics/position-lots.ts';
import type { PlanHolding, PlanSecurity } from '../rebalancing/trade-plan.ts';

/** Trades, securities and holdings as the lot and rebalancing tests write them. */

export const buy = (date: string, quantity: number, price: number): LotTrade => ({ type: 'buy', date, quantity, price });
export const sell = (date: string, quantity: number, price: number): LotTrade => ({ type: 'sell', date, quantity, price });

/** A fund priced at `price`, its id made from its symbol. */
export const planSecurity = (symbol: string, assetClass: PlanSecurity['assetClass'], price: number): PlanSecurity => ({
  securityId: `id-${symbol}`,
  symbol,
  name: `${symbol} fund`,
  assetClass,
  price,
});

/** A holding of these trades in the client's only account, taxable and FIFO: its lots as positionLots gives them. */
export function planHolding(base: PlanSecurity, trades: readonly LotTrade[]): PlanHolding {
  const positionTrades = trades.map((trade) => ({ ...trade, portfolioId: 'account', securityId: base.securityId }));
  const lots = positionLots(positionTrades, { account: { method: 'fifo', taxDeferred: false } })
    .get('account')
    ?.get(base.securityId);
  return {
    ...base,
    quantity: trades.reduce((sum, trade) => sum + (trade.type === 'buy' ? trade.quantity : -trade.quantity), 0),
    lots: lots?.openLots ?? [],
  };
}
