import { sumMoney } from '../portfolios/ledger.ts';
import type { Lots } from './contracts.ts';
import type { AnalyticsPosition, AnalyticsTrade } from './report.ts';
import { taxLots, unrealizedGains, type LotMethod } from './tax-lots.ts';

/** The tax lots of a report (report.ts): open lots at today's price and sales of the chosen period. */

type OpenLotRow = Lots['open'][number];
type RealizedLotRow = Lots['realized'][number];

type LotMethods = Readonly<Record<string, LotMethod>>;

/**
 * Tickers, ISO dates and ids compared as written: the order a locale would give them is the same,
 * and a lot list sorts thousands of pairs (localeCompare was a tenth of an analytics answer).
 */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A portfolio's lot method: FIFO unless it chose otherwise. */
const methodOf = (methods: LotMethods, portfolioId: string): LotMethod => methods[portfolioId] ?? 'fifo';

/** The method the answer names: the portfolios' one, or 'mixed' when they differ. */
export function methodOfAll(methods: LotMethods): Lots['method'] {
  const distinct = new Set(Object.values(methods));
  return distinct.size > 1 ? 'mixed' : ([...distinct][0] ?? 'fifo');
}

/**
 * Lots per portfolio × security, by that portfolio's method: the open ones at the position's price
 * on asOf, by symbol then date acquired; the pieces sold within [start, asOf], newest first.
 */
export function lotsOf(
  trades: readonly AnalyticsTrade[],
  positions: readonly AnalyticsPosition[],
  methods: LotMethods,
  start: string,
  asOf: string,
): Lots {
  const holdingKey = (row: { portfolioId: string; securityId: string }) => `${row.portfolioId}\u0000${row.securityId}`;
  const tradesByHolding = new Map<string, AnalyticsTrade[]>();
  for (const trade of trades) {
    const list = tradesByHolding.get(holdingKey(trade)) ?? [];
    list.push(trade);
    tradesByHolding.set(holdingKey(trade), list);
  }
  const positionByHolding = new Map(positions.map((position) => [holdingKey(position), position]));
  const open: OpenLotRow[] = [];
  const realized: RealizedLotRow[] = [];
  for (const [key, holdingTrades] of tradesByHolding) {
    const [trade] = holdingTrades;
    if (!trade) continue;
    const history = taxLots(holdingTrades, methodOf(methods, trade.portfolioId));
    if (history.openLots.length > 0) {
      const position = positionByHolding.get(key);
      if (!position)
        throw new RangeError(`No position for ${trade.symbol} in portfolio ${trade.portfolioId}, whose trades leave shares held`);
      for (const lot of unrealizedGains(history.openLots, position.price, asOf)) {
        // Every field written out, not spread: a spread made each row a slow dictionary object (2 µs a lot).
        open.push({
          portfolio_id: trade.portfolioId,
          security_id: trade.securityId,
          symbol: trade.symbol,
          name: trade.name,
          asset_class: trade.assetClass,
          acquired_on: lot.acquiredOn,
          quantity: lot.quantity,
          cost_per_share: lot.costPerShare,
          cost_basis: lot.costBasis,
          price: position.price,
          market_value: lot.marketValue,
          unrealized_gain: lot.unrealizedGain,
          term: lot.term,
        });
      }
    }
    for (const piece of history.realized) {
      if (piece.soldOn < start || piece.soldOn > asOf) continue;
      realized.push({
        portfolio_id: trade.portfolioId,
        security_id: trade.securityId,
        symbol: trade.symbol,
        name: trade.name,
        asset_class: trade.assetClass,
        acquired_on: piece.acquiredOn,
        sold_on: piece.soldOn,
        quantity: piece.quantity,
        cost_basis: piece.costBasis,
        proceeds: piece.proceeds,
        realized_gain: piece.realizedGain,
        term: piece.term,
      });
    }
  }
  open.sort(
    (a, b) => byCodeUnits(a.symbol, b.symbol) || byCodeUnits(a.acquired_on, b.acquired_on) || byCodeUnits(a.portfolio_id, b.portfolio_id),
  );
  realized.sort(
    (a, b) =>
      byCodeUnits(b.sold_on, a.sold_on) ||
      byCodeUnits(a.symbol, b.symbol) ||
      byCodeUnits(a.acquired_on, b.acquired_on) ||
      byCodeUnits(a.portfolio_id, b.portfolio_id),
  );
  return { method: methodOfAll(methods), open, realized, totals: lotTotals(open, realized) };
}

export function lotTotals(open: readonly OpenLotRow[], realized: readonly RealizedLotRow[]): Lots['totals'] {
  const unrealized = (term: 'short' | 'long') => sumMoney(open.filter((lot) => lot.term === term).map((lot) => lot.unrealized_gain));
  const gained = (term: 'short' | 'long') => sumMoney(realized.filter((lot) => lot.term === term).map((lot) => lot.realized_gain));
  return {
    unrealized_short: unrealized('short'),
    unrealized_long: unrealized('long'),
    realized_short: gained('short'),
    realized_long: gained('long'),
  };
}
