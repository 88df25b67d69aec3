import { describe, expect, it } from 'vitest';
import {
  allocationBy,
  allocationPercent,
  cashBalance,
  cashEffect,
  gainLossPercent,
  marketValue,
  OversellError,
  oversellMessage,
  portfolioTotals,
  positionFromTransactions,
  roundMoney,
  roundPercent,
  roundPrice,
  roundQuantity,
  tradeValue,
  valueHolding,
  type LedgerEntry,
} from './ledger.ts';

const buy = (quantity: number, price: number): LedgerEntry => ({ type: 'buy', quantity, price });
const sell = (quantity: number, price: number): LedgerEntry => ({ type: 'sell', quantity, price });

describe('rounding', () => {
  it('rounds money to cents half away from zero, as the digits read (not as the float is stored)', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(-0.001)).toBe(0);
    expect(Object.is(roundMoney(-0.001), -0)).toBe(false);
  });

  it('rounds quantities to 6 decimals, prices to 4 and percentages to 2', () => {
    expect(roundQuantity(1.23456789)).toBe(1.234568);
    expect(roundQuantity(1e-7)).toBe(0);
    expect(roundPrice(187.123456)).toBe(187.1235);
    expect(roundPercent(33.333333)).toBe(33.33);
    expect(roundPercent(-12.345)).toBe(-12.35);
  });

  it('works out quantity × price exactly, to the cent', () => {
    expect(tradeValue(10, 187.1234)).toBe(1871.23);
    expect(tradeValue(3, 0.3333)).toBe(1);
    expect(tradeValue(1.5, 0.005)).toBe(0.01); // 0.0075 rounds up, half away from zero
    expect(tradeValue(0.1, 0.3)).toBe(0.03);
    expect(tradeValue(123_456.789012, 9_876.5432)).toBe(1_219_326_310.01); // exact: 1,219,326,310.0103033184;
  });
});

describe('cash effect of each transaction type', () => {
  it('a buy spends quantity × price and a sell brings it in', () => {
    expect(cashEffect(buy(10, 150.25))).toBe(-1502.5);
    expect(cashEffect(sell(4, 160))).toBe(640);
  });

  it('dividend, interest and deposit add their amount; withdrawal and fee take it', () => {
    expect(cashEffect({ type: 'dividend', amount: 12.34 })).toBe(12.34);
    expect(cashEffect({ type: 'interest', amount: 0.5 })).toBe(0.5);
    expect(cashEffect({ type: 'deposit', amount: 10_000 })).toBe(10_000);
    expect(cashEffect({ type: 'withdrawal', amount: 2_500 })).toBe(-2_500);
    expect(cashEffect({ type: 'fee', amount: 9.99 })).toBe(-9.99);
  });

  it('refuses a missing or non-positive quantity or amount, and a negative price', () => {
    expect(() => cashEffect({ type: 'buy', quantity: 0, price: 10 })).toThrow(RangeError);
    expect(() => cashEffect({ type: 'buy', quantity: 1, price: -1 })).toThrow(RangeError);
    expect(() => cashEffect({ type: 'sell', quantity: 1 })).toThrow(RangeError);
    expect(() => cashEffect({ type: 'fee', amount: -5 })).toThrow(RangeError);
    expect(() => cashEffect({ type: 'deposit' })).toThrow(RangeError);
  });

  it('a buy at a price of 0 (shares received) costs nothing', () => {
    expect(cashEffect(buy(5, 0))).toBe(0);
    expect(Object.is(cashEffect(buy(5, 0)), -0)).toBe(false);
  });

  it('sums a ledger to the cent without float drift', () => {
    const amounts = Array.from({ length: 1000 }, () => 0.1);
    expect(cashBalance(amounts)).toBe(100);
    expect(cashBalance([10_000, -1502.5, 640, 12.34, -9.99])).toBe(9139.85);
    expect(cashBalance([])).toBe(0);
  });
});

describe('positions by the average-cost method', () => {
  it('a buy sets quantity, cost and average cost', () => {
    expect(positionFromTransactions([buy(10, 100)])).toEqual({ quantity: 10, costBasis: 1000, averageCost: 100, realizedGain: 0 });
  });

  it('a second buy raises the cost and moves the average', () => {
    expect(positionFromTransactions([buy(10, 100), buy(5, 130)])).toEqual({
      quantity: 15,
      costBasis: 1650,
      averageCost: 110,
      realizedGain: 0,
    });
  });

  it('a partial sell removes shares at the average cost and realises the gain', () => {
    const position = positionFromTransactions([buy(10, 100), buy(5, 130), sell(6, 150)]);
    // 6 shares leave at 110 each (660); the proceeds are 900: 240 realised.
    expect(position).toEqual({ quantity: 9, costBasis: 990, averageCost: 110, realizedGain: 240 });
  });

  it('a sell at a loss realises a negative gain', () => {
    expect(positionFromTransactions([buy(10, 100), sell(4, 80)])).toEqual({
      quantity: 6,
      costBasis: 600,
      averageCost: 100,
      realizedGain: -80,
    });
  });

  it('selling everything zeroes the position and keeps the realised gain', () => {
    const position = positionFromTransactions([buy(10, 100), buy(5, 130), sell(6, 150), sell(9, 90)]);
    expect(position).toEqual({ quantity: 0, costBasis: 0, averageCost: 0, realizedGain: 240 - 180 });
  });

  it('a re-buy after selling everything starts a fresh average cost', () => {
    const position = positionFromTransactions([buy(10, 100), sell(10, 120), buy(4, 50)]);
    expect(position).toEqual({ quantity: 4, costBasis: 200, averageCost: 50, realizedGain: 200 });
  });

  it('dividends, interest, deposits, withdrawals and fees leave the position alone', () => {
    const entries: LedgerEntry[] = [
      buy(10, 100),
      { type: 'dividend', amount: 8.5, quantity: 10, price: 0.85 },
      { type: 'fee', amount: 4.95 },
      { type: 'interest', amount: 1 },
      { type: 'deposit', amount: 500 },
      { type: 'withdrawal', amount: 100 },
    ];
    expect(positionFromTransactions(entries)).toEqual({ quantity: 10, costBasis: 1000, averageCost: 100, realizedGain: 0 });
    expect(cashBalance(entries.map(cashEffect))).toBe(-1000 + 8.5 - 4.95 + 1 + 500 - 100);
  });

  it('keeps the cost exact when shares leave in thirds (no cent lost or made)', () => {
    // 3 shares for 10.00: a third of the cost is 3.333…, rounded to 3.33, and the last sale takes the rest.
    const entries = [buy(3, 3.3333), sell(1, 3.3333), sell(2, 3.3333)];
    // 2 shares keep two thirds of 10.00 (6.666…, shown 6.67) at the same average cost, 3.3333.
    expect(positionFromTransactions(entries.slice(0, 2))).toEqual({ quantity: 2, costBasis: 6.67, averageCost: 3.3333, realizedGain: 0 });
    expect(positionFromTransactions(entries)).toEqual({ quantity: 0, costBasis: 0, averageCost: 0, realizedGain: 0 });
  });

  it('handles fractional shares to 6 decimals', () => {
    const position = positionFromTransactions([buy(0.333333, 3), buy(1.666667, 3)]);
    expect(position.quantity).toBe(2);
    expect(position.costBasis).toBe(6); // 1.00 + 5.00
    expect(position.averageCost).toBe(3);
  });

  it('refuses to sell more than is held, naming what is held', () => {
    expect(() => positionFromTransactions([buy(10.5, 20), sell(11, 20)])).toThrow(OversellError);
    try {
      positionFromTransactions([buy(10.5, 20), sell(11, 20)]);
    } catch (error) {
      expect(error).toBeInstanceOf(OversellError);
      expect((error as OversellError).held).toBe(10.5);
      expect((error as OversellError).requested).toBe(11);
      expect((error as Error).message).toBe('Cannot sell more than the 10.5 shares held');
    }
  });

  it('refuses a sell before any buy, and a sell that is only covered by a later buy', () => {
    expect(() => positionFromTransactions([sell(1, 10)])).toThrow('Cannot sell: no shares are held');
    expect(() => positionFromTransactions([buy(5, 10), sell(6, 10), buy(5, 10)])).toThrow('Cannot sell more than the 5 shares held');
  });

  it('words the oversell message for one share and for thousands', () => {
    expect(oversellMessage(1)).toBe('Cannot sell more than the 1 share held');
    expect(oversellMessage(1234.5)).toBe('Cannot sell more than the 1,234.5 shares held');
    expect(oversellMessage(0)).toBe('Cannot sell: no shares are held');
  });

  it('partial sells leave the average cost where it was (no drift by rounded cents)', () => {
    // 15 shares for 1,133.00: 75.5333… each; selling 2.5 and then 0.3 keeps it.
    const bought = [buy(10, 75.5), buy(5, 75.6)];
    const average = positionFromTransactions(bought).averageCost;
    expect(average).toBe(75.5333);
    expect(positionFromTransactions([...bought, sell(2.5, 80)]).averageCost).toBe(average);
    expect(positionFromTransactions([...bought, sell(2.5, 80), sell(0.3, 70), sell(7, 90)]).averageCost).toBe(average);
    // The realised gains of the pieces add up to the gain of selling everything.
    const pieces = positionFromTransactions([...bought, sell(5, 80), sell(5, 80), sell(5, 80)]);
    const whole = positionFromTransactions([...bought, sell(15, 80)]);
    expect(pieces.realizedGain).toBe(whole.realizedGain);
    expect(whole.realizedGain).toBe(1200 - 1133);
  });
});

describe('valuation', () => {
  it('values a holding at the latest close: market value, cost basis, gain and its percentage', () => {
    expect(valueHolding({ quantity: 10, averageCost: 100, lastClose: 112.5 })).toEqual({
      marketValue: 1125,
      costBasis: 1000,
      gainLoss: 125,
      gainLossPercent: 12.5,
    });
    expect(valueHolding({ quantity: 3, averageCost: 50, lastClose: 40 })).toEqual({
      marketValue: 120,
      costBasis: 150,
      gainLoss: -30,
      gainLossPercent: -20,
    });
  });

  it('gain/loss percent is 0 when the cost base is not above 0 (zero-cost shares)', () => {
    expect(valueHolding({ quantity: 5, averageCost: 0, lastClose: 20 })).toEqual({
      marketValue: 100,
      costBasis: 0,
      gainLoss: 100,
      gainLossPercent: 0,
    });
    expect(gainLossPercent(50, 0)).toBe(0);
    expect(gainLossPercent(50, -10)).toBe(0);
    expect(gainLossPercent(-25, 200)).toBe(-12.5);
  });

  it('values a security with no close yet at its average cost', () => {
    expect(valueHolding({ quantity: 4, averageCost: 25, lastClose: null })).toEqual({
      marketValue: 100,
      costBasis: 100,
      gainLoss: 0,
      gainLossPercent: 0,
    });
  });

  it('market value is quantity × close to the cent', () => {
    expect(marketValue(0.5, 10.01)).toBe(5.01);
    expect(marketValue(0, 10)).toBe(0);
  });

  it('allocation percent is 0 when the total is not above 0', () => {
    expect(allocationPercent(25, 100)).toBe(25);
    expect(allocationPercent(1, 3)).toBe(33.33);
    expect(allocationPercent(25, 0)).toBe(0);
    expect(allocationPercent(25, -100)).toBe(0);
  });

  it("groups the holdings' percentages of total market value by sector, largest first", () => {
    const holdings = [
      { sector: 'Information Technology', value: 600 },
      { sector: 'Energy', value: 200 },
      { sector: 'Information Technology', value: 200 },
    ];
    expect(
      allocationBy(
        holdings,
        (h) => h.sector,
        (h) => h.value,
      ),
    ).toEqual([
      { key: 'Information Technology', marketValue: 800, percent: 80, holdings: 2 },
      { key: 'Energy', marketValue: 200, percent: 20, holdings: 1 },
    ]);
  });

  it('sums the unrounded percentages and rounds once (two thirds is 66.67, not 33.33 + 33.33)', () => {
    const holdings = [
      { assetClass: 'equity', value: 1 },
      { assetClass: 'equity', value: 1 },
      { assetClass: 'fixed_income', value: 1 },
    ];
    expect(
      allocationBy(
        holdings,
        (h) => h.assetClass,
        (h) => h.value,
      ),
    ).toEqual([
      { key: 'equity', marketValue: 2, percent: 66.67, holdings: 2 },
      { key: 'fixed_income', marketValue: 1, percent: 33.33, holdings: 1 },
    ]);
  });

  it('gives every slice 0% when the total market value is 0, and nothing for no holdings', () => {
    expect(
      allocationBy(
        [
          { k: 'a', v: 0 },
          { k: 'b', v: 0 },
        ],
        (h) => h.k,
        (h) => h.v,
      ),
    ).toEqual([
      { key: 'a', marketValue: 0, percent: 0, holdings: 1 },
      { key: 'b', marketValue: 0, percent: 0, holdings: 1 },
    ]);
    expect(
      allocationBy(
        [],
        () => 'x',
        () => 0,
      ),
    ).toEqual([]);
  });

  it("totals a portfolio: cash plus holdings, gain on the holdings' cost; negative cash lowers the total", () => {
    const valuations = [
      valueHolding({ quantity: 10, averageCost: 100, lastClose: 110 }),
      valueHolding({ quantity: 2, averageCost: 50, lastClose: 45.555 }),
    ];
    expect(portfolioTotals(-250.5, valuations)).toEqual({
      cashBalance: -250.5,
      holdingsValue: 1191.11,
      totalValue: 940.61,
      costBasis: 1100,
      gainLoss: 91.11,
      gainLossPercent: 8.28,
    });
    expect(portfolioTotals(0, [])).toEqual({
      cashBalance: 0,
      holdingsValue: 0,
      totalValue: 0,
      costBasis: 0,
      gainLoss: 0,
      gainLossPercent: 0,
    });
  });
});
