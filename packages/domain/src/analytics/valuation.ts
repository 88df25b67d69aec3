import { cashEffect, isTrade, OversellError, roundQuantity, sumMoney, tradeValue, type LedgerEntry } from '../portfolios/ledger.ts';
import { addDays, isTradingDay, lastTradingDayOnOrBefore, tradingDaysBetween } from '../shared/trading-calendar.ts';
import type { DailyValuation } from './returns.ts';

/**
 * The daily valuation series of one portfolio, from its ledger and daily closes: the input of
 * timeWeightedReturn (returns.ts). Money is in dollars, exact to the cent as in the ledger.
 *
 * Rules:
 * - One row per trading day (NYSE calendar) from `from` to `to`; value is at the close.
 * - A transaction dated on a non-trading day (weekend, holiday) counts on the next trading day.
 *   Within a day, transactions apply in the order given (the ledger's recorded order).
 * - value = cash + Σ quantity × the latest close on or before the day, each holding to the cent.
 *   A security with no close yet on that day is valued at its last trade price (the latest buy or
 *   sell of it on or before the day), so a buy leaves the value unchanged on its trade day.
 * - flow = the day's external flows only: deposits (+) and withdrawals (−). Buys, sells,
 *   dividends, interest and fees move cash inside the portfolio and show in its return.
 * - openingValue is the value at the close of the last trading day before `from` (0 before the
 *   first transaction): timeWeightedReturn(days, openingValue) is the period's return.
 */

/** A ledger entry (amount positive, its sign from the type, as in ledger.ts) with its trade date and security. */
export type ValuationTransaction = LedgerEntry & {
  /** The trade date, ISO YYYY-MM-DD. */
  date: string;
  /** The security's symbol: required for buy and sell, ignored for the rest. */
  symbol?: string | null;
};

export type DailyClose = { date: string; close: number };

/** Closes by symbol, each list sorted by date (ascending). */
export type PriceHistory = ReadonlyMap<string, readonly DailyClose[]>;

export type ValuationSeries = { openingValue: number; days: DailyValuation[] };

/** The first trading day on or after a date. */
function nextTradingDayOnOrAfter(date: string): string {
  let day = date;
  while (!isTradingDay(day)) day = addDays(day, 1);
  return day;
}

type Holding = { quantity: number; lastTradePrice: number };

/**
 * The valuation of one portfolio on each trading day from `from` to `to` (both included), with the
 * value at the close of the day before `from` (see the rules above). Walks the ledger once and each
 * security's closes once: O(transactions + closes + days × holdings). Throws OversellError where a
 * sell exceeds what is held, RangeError on a trade without a symbol or `from` after `to`.
 */
export function dailyValuations(
  transactions: readonly ValuationTransaction[],
  prices: PriceHistory,
  from: string,
  to: string,
): ValuationSeries {
  if (from > to) throw new RangeError(`The range starts after it ends: ${from} > ${to}`);
  // Stable sort by the trading day each transaction counts on; ISO dates compare as text.
  const ledger = transactions
    .map((transaction, index) => ({ transaction, index, day: nextTradingDayOnOrAfter(transaction.date) }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.index - b.index));

  let cash = 0;
  const holdings = new Map<string, Holding>();
  const priceCursor = new Map<string, number>(); // index of the latest close applied, per symbol
  let next = 0;

  /** Applies every transaction counting on or before `day`; returns the external flow among them. */
  const applyThrough = (day: string): number => {
    const flows: number[] = [];
    for (; next < ledger.length && (ledger[next]?.day ?? '') <= day; next += 1) {
      const { transaction } = ledger[next] as (typeof ledger)[number];
      const effect = cashEffect(transaction);
      cash = sumMoney([cash, effect]);
      if (transaction.type === 'deposit' || transaction.type === 'withdrawal') flows.push(effect);
      if (isTrade(transaction.type)) applyTrade(transaction);
    }
    return sumMoney(flows);
  };

  const applyTrade = (transaction: ValuationTransaction) => {
    const symbol = transaction.symbol;
    if (!symbol) throw new RangeError(`A ${transaction.type} needs a symbol (${transaction.date})`);
    const held = holdings.get(symbol)?.quantity ?? 0;
    const quantity = roundQuantity(transaction.quantity ?? 0);
    if (transaction.type === 'sell' && quantity > held) throw new OversellError(held, quantity);
    const after = roundQuantity(transaction.type === 'buy' ? held + quantity : held - quantity);
    const price = transaction.price ?? 0;
    if (after === 0) holdings.delete(symbol);
    else holdings.set(symbol, { quantity: after, lastTradePrice: price });
  };

  /** The latest close on or before `day`, moving the symbol's cursor forward only. */
  const closeOn = (symbol: string, day: string): number | null => {
    const closes = prices.get(symbol) ?? [];
    let index = priceCursor.get(symbol) ?? -1;
    while (index + 1 < closes.length && (closes[index + 1]?.date ?? '') <= day) index += 1;
    priceCursor.set(symbol, index);
    return closes[index]?.close ?? null;
  };

  const valueOn = (day: string): number =>
    sumMoney([
      cash,
      ...[...holdings].map(([symbol, holding]) => tradeValue(holding.quantity, closeOn(symbol, day) ?? holding.lastTradePrice)),
    ]);

  const dayBefore = lastTradingDayOnOrBefore(addDays(from, -1));
  applyThrough(dayBefore);
  const openingValue = valueOn(dayBefore);
  const days = tradingDaysBetween(from, to).map((date) => {
    const flow = applyThrough(date);
    return { date, value: valueOn(date), flow };
  });
  return { openingValue, days };
}
