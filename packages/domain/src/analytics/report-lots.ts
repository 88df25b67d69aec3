import { sumMoney } from '../portfolios/ledger.ts';
import type { Lots } from './contracts.ts';
import type { AnalyticsPosition, AnalyticsTrade } from './report.ts';
import { positionLots } from './position-lots.ts';
import type { WashLotHistory } from './wash-sale-lots.ts';
import { unrealizedGains, type LotAccount, type LotMethod } from './tax-lots.ts';

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

/** A portfolio's owner (the client whose tax it is) and whether it is not taxable (an IRA, a 401(k), a Roth IRA, a 529 plan...). */
export type WashAccount = { owner: string; taxDeferred: boolean; lotMethod?: LotMethod };

/**
 * Lots per portfolio × security, by that portfolio's method: the open ones at the position's price
 * on asOf, by symbol then date acquired; the pieces sold within [start, asOf], newest first. Wash
 * sales are found across all of an owner's portfolios (otherTrades: those outside the scope, whose
 * lots are not answered): a disallowed loss is shown on the sale and in the replacement lot's basis.
 */
export function lotsOf(
  trades: readonly AnalyticsTrade[],
  positions: readonly AnalyticsPosition[],
  methods: LotMethods,
  start: string,
  asOf: string,
  accounts: Readonly<Record<string, WashAccount>> = {},
  otherTrades: readonly AnalyticsTrade[] = [],
): Lots {
  const holdingKey = (portfolioId: string, securityId: string) => `${portfolioId}\u0000${securityId}`;
  const ownerOf = (portfolioId: string) => accounts[portfolioId]?.owner ?? `portfolio ${portfolioId}`;
  const inScope = new Set(trades.map((trade) => trade.portfolioId));
  // Each taxpayer's trades, all their accounts together: the lots of their positions (positionLots).
  const tradesByOwner = new Map<string, AnalyticsTrade[]>();
  const washAccounts: Record<string, LotAccount> = {};
  const securityOf = new Map<string, AnalyticsTrade>();
  for (const trade of [...trades, ...otherTrades]) {
    const owner = ownerOf(trade.portfolioId);
    const list = tradesByOwner.get(owner) ?? [];
    list.push(trade);
    tradesByOwner.set(owner, list);
    washAccounts[trade.portfolioId] ??= {
      method: methods[trade.portfolioId] ?? accounts[trade.portfolioId]?.lotMethod ?? methodOf(methods, trade.portfolioId),
      taxDeferred: accounts[trade.portfolioId]?.taxDeferred ?? false,
    };
    if (!securityOf.has(trade.securityId)) securityOf.set(trade.securityId, trade);
  }
  const positionByHolding = new Map(positions.map((position) => [holdingKey(position.portfolioId, position.securityId), position]));
  const open: OpenLotRow[] = [];
  const realized: RealizedLotRow[] = [];
  for (const ownerTrades of tradesByOwner.values()) {
    for (const [portfolioId, held] of positionLots(ownerTrades, washAccounts)) {
      if (!inScope.has(portfolioId)) continue;
      for (const [securityId, history] of held) {
        const trade = securityOf.get(securityId) as AnalyticsTrade;
        const holding = { portfolioId, trade };
        if (history.openLots.length > 0) {
          const position = positionByHolding.get(holdingKey(portfolioId, securityId));
          if (!position)
            throw new RangeError(`No position for ${trade.symbol} in portfolio ${portfolioId}, whose trades leave shares held`);
          open.push(...openLotRows(holding, history, position.price, asOf));
        }
        realized.push(...realizedLotRows(holding, history, start, asOf));
      }
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

/** Whose lots a row is of: the portfolio, and a trade of the security (its symbol, name and class). */
type LotHolding = { portfolioId: string; trade: AnalyticsTrade };

/** A position's open lots at `price` on asOf, with any wash sale each carries. */
function openLotRows(holding: LotHolding, history: WashLotHistory, price: number, asOf: string): OpenLotRow[] {
  const { portfolioId, trade } = holding;
  return unrealizedGains(history.openLots, price, asOf).map((row, index) => {
    const wash = history.openLots[index]?.washSale ?? null;
    // Every field written out, not spread: a spread made each row a slow dictionary object (2 µs a lot).
    return {
      portfolio_id: portfolioId,
      security_id: trade.securityId,
      symbol: trade.symbol,
      name: trade.name,
      asset_class: trade.assetClass,
      acquired_on: row.acquiredOn,
      quantity: row.quantity,
      cost_per_share: row.costPerShare,
      cost_basis: row.costBasis,
      price,
      market_value: row.marketValue,
      unrealized_gain: row.unrealizedGain,
      term: row.term,
      wash_sale: wash && {
        disallowed_loss: wash.disallowedLoss,
        basis_added: wash.basisAdded,
        sold_on: wash.soldOn,
        bought_on: wash.boughtOn,
        days_added: wash.daysAdded,
      },
    };
  });
}

/** A position's pieces sold within [start, asOf], with the wash sales that disallowed their losses. */
function realizedLotRows(holding: LotHolding, history: WashLotHistory, start: string, asOf: string): RealizedLotRow[] {
  const { portfolioId, trade } = holding;
  return history.realized
    .filter((piece) => piece.soldOn >= start && piece.soldOn <= asOf)
    .map((piece) => ({
      portfolio_id: portfolioId,
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
      disallowed_loss: piece.disallowedLoss,
      recognized_gain: piece.recognizedGain,
      wash_sales: piece.washSales.map((match) => ({
        portfolio_id: match.account,
        bought_on: match.boughtOn,
        quantity: match.quantity,
        disallowed_loss: match.disallowedLoss,
        basis_added: match.basisAdded,
        tax_deferred: match.taxDeferred,
      })),
    }));
}

export function lotTotals(open: readonly OpenLotRow[], realized: readonly RealizedLotRow[]): Lots['totals'] {
  const unrealized = (term: 'short' | 'long') => sumMoney(open.filter((lot) => lot.term === term).map((lot) => lot.unrealized_gain));
  // Only the allowed losses count: a wash sale's disallowed loss is in the replacement's basis instead.
  const gained = (term: 'short' | 'long') => sumMoney(realized.filter((lot) => lot.term === term).map((lot) => lot.recognized_gain));
  return {
    unrealized_short: unrealized('short'),
    unrealized_long: unrealized('long'),
    realized_short: gained('short'),
    realized_long: gained('long'),
    realized_disallowed: sumMoney(realized.map((lot) => lot.disallowed_loss)),
  };
}
