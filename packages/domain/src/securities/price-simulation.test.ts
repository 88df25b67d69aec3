import { describe, expect, it } from 'vitest';
import { createRandom, hashString, normalAt, simulatePrices, simulationParameters, type SimulatedSecurity } from './price-simulation.ts';
import type { AssetClass, RiskRating } from './contracts.ts';
import { isTradingDay, lastTradingDayOnOrBefore } from '../shared/trading-calendar.ts';

const stock = (symbol: string, sector: string, riskRating: RiskRating = 'medium', referenceClose?: number): SimulatedSecurity => ({
  symbol,
  sector,
  riskRating,
  assetClass: 'equity',
  ...(referenceClose === undefined ? {} : { referenceClose }),
});

// Most carry a reference close, as the seeded list does; a few do not and fall back on a level drawn from the symbol.
const universe: SimulatedSecurity[] = [
  stock('AAPL', 'Information Technology', 'medium', 230),
  stock('MSFT', 'Information Technology', 'medium', 420),
  stock('NVDA', 'Information Technology', 'high'),
  stock('ORCL', 'Information Technology'),
  stock('XOM', 'Energy'),
  stock('CVX', 'Energy'),
  stock('COP', 'Energy', 'high'),
  stock('EOG', 'Energy'),
  stock('JNJ', 'Health Care', 'low'),
  { symbol: 'SPY', assetClass: 'equity', sector: 'Diversified', riskRating: 'medium', referenceClose: 600 },
  { symbol: 'AGG', assetClass: 'fixed_income', sector: 'Fixed Income', riskRating: 'low', referenceClose: 98 },
  { symbol: 'IEF', assetClass: 'fixed_income', sector: 'Fixed Income', riskRating: 'medium' },
  { symbol: 'TLT', assetClass: 'fixed_income', sector: 'Fixed Income', riskRating: 'high' },
  { symbol: 'BIL', assetClass: 'cash', sector: 'Cash', riskRating: 'low', referenceClose: 91.5 },
  { symbol: 'SGOV', assetClass: 'cash', sector: 'Cash', riskRating: 'low', referenceClose: 100.5 },
  { symbol: 'GLD', assetClass: 'alternative', sector: 'Commodities', riskRating: 'medium', referenceClose: 240 },
  { symbol: 'SLV', assetClass: 'alternative', sector: 'Commodities', riskRating: 'high' },
  { symbol: 'VNQ', assetClass: 'real_estate', sector: 'Real Estate', riskRating: 'medium', referenceClose: 90 },
  { symbol: 'PLD', assetClass: 'real_estate', sector: 'Real Estate', riskRating: 'medium' },
];

const endDate = '2026-03-13';
const simulation = simulatePrices(universe, { endDate, years: 5 });
const closesOf = (symbol: string) => simulation.series.find((series) => series.symbol === symbol)!.closes;

const logReturns = (closes: number[]) => closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const stdev = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1));
};
const correlation = (a: number[], b: number[]) => {
  const ma = mean(a);
  const mb = mean(b);
  let cov = 0;
  for (let i = 0; i < a.length; i += 1) cov += (a[i]! - ma) * (b[i]! - mb);
  return cov / (a.length - 1) / (stdev(a) * stdev(b));
};
const annualVolatility = (symbol: string) => stdev(logReturns(closesOf(symbol))) * Math.sqrt(252);
const annualReturn = (symbol: string) => {
  const closes = closesOf(symbol);
  return (closes.at(-1)! / closes[0]!) ** (252 / (closes.length - 1)) - 1;
};

describe('price simulation', () => {
  it('gives the same closes for the same inputs, and others for another seed', () => {
    const again = simulatePrices(universe, { endDate, years: 5 });
    expect(again).toEqual(simulation);
    const reseeded = simulatePrices(universe, { endDate, years: 5, seed: 'another' });
    expect(reseeded.dates).toEqual(simulation.dates);
    expect(reseeded.series[0]!.closes).not.toEqual(simulation.series[0]!.closes);
  });

  it('ends every series within 2 % (and 49 cents) of its reference close (or a level drawn from the symbol), on ordinary cents', () => {
    for (const security of universe) {
      const last = closesOf(security.symbol).at(-1)!;
      const { referenceClose, lastClose } = simulationParameters(security);
      expect(last, security.symbol).toBe(lastClose);
      if (security.referenceClose !== undefined) expect(referenceClose, security.symbol).toBe(security.referenceClose);
      expect(Math.abs(last / referenceClose - 1), security.symbol).toBeLessThanOrEqual(0.02 + 0.5 / referenceClose);
      // Never a whole dollar ($600.00 reads as invented), always a whole number of cents.
      expect(Math.round(last * 100) % 100, security.symbol).not.toBe(0);
      expect(Math.round(last * 100) / 100, security.symbol).toBe(last);
    }
    expect(Math.abs(closesOf('SPY').at(-1)! / 600 - 1)).toBeLessThanOrEqual(0.02 + 0.5 / 600);
    expect(Math.abs(closesOf('BIL').at(-1)! / 91.5 - 1)).toBeLessThanOrEqual(0.02 + 0.5 / 91.5);
    // The cents differ from one symbol to the next.
    expect(new Set(universe.map((security) => Math.round(closesOf(security.symbol).at(-1)! * 100) % 100)).size).toBeGreaterThan(
      universe.length / 2,
    );
    // Whatever the end date: the level is pinned on the last trading day of the window.
    const earlier = simulatePrices(universe, { endDate: '2024-07-07', years: 2 });
    expect(earlier.series.find((series) => series.symbol === 'AAPL')!.closes.at(-1)).toBe(closesOf('AAPL').at(-1));
    expect(() => simulatePrices([stock('BAD', 'Any', 'medium', 0)], { endDate, years: 1 })).toThrow(RangeError);
    expect(() => simulatePrices([stock('BAD', 'Any', 'medium', Number.NaN)], { endDate, years: 1 })).toThrow(RangeError);
  });

  it('gives the same closes on shared days to windows ending on the same day, whatever their length', () => {
    const longer = simulatePrices(universe.slice(0, 3), { endDate, years: 7 });
    const at = (sim: typeof longer, symbol: string, date: string) =>
      sim.series.find((series) => series.symbol === symbol)!.closes[sim.dates.indexOf(date)];
    for (const date of ['2021-06-01', '2023-09-15', '2025-06-30', simulation.dates.at(-1)!]) {
      expect(at(longer, 'AAPL', date)).toBe(at(simulation, 'AAPL', date));
      expect(at(longer, 'NVDA', date)).toBe(at(simulation, 'NVDA', date));
    }
  });

  it('gives the same returns whatever the window or the reference close: the level is one multiplicative rescale', () => {
    // A window ending earlier, with another reference: a different level, the same day-to-day moves.
    const aapl = universe[0]!;
    const other = simulatePrices([{ ...aapl, referenceClose: 23 }], { endDate: '2025-06-30', years: 3 });
    const shared = other.dates.filter((date) => simulation.dates.includes(date));
    expect(shared.length).toBeGreaterThan(252 * 3 - 5);
    const closesOn = (dates: string[], closes: number[]) => shared.map((date) => closes[dates.indexOf(date)]!);
    const base = closesOn(simulation.dates, closesOf('AAPL'));
    const rescaled = closesOn(other.dates, other.series[0]!.closes);
    // The ratio of the two paths is one constant (to cent rounding: ±0.005 on the smaller one).
    const ratio = base.at(-1)! / rescaled.at(-1)!;
    for (let i = 0; i < shared.length; i += 1) expect(Math.abs(base[i]! - rescaled[i]! * ratio)).toBeLessThan(0.006 * ratio + 0.006);
    // So are the returns, and their volatility.
    const baseReturns = logReturns(base);
    const otherReturns = logReturns(rescaled);
    for (let i = 0; i < baseReturns.length; i += 1) expect(Math.abs(baseReturns[i]! - otherReturns[i]!)).toBeLessThan(1e-3);
    expect(stdev(otherReturns) / stdev(baseReturns)).toBeCloseTo(1, 2);
    // A reference ten times higher scales every close by one factor of about ten (the last closes'
    // cents differ), to cent rounding.
    const tenfold = simulatePrices([{ ...aapl, referenceClose: 2300 }], { endDate, years: 5 }).series[0]!.closes;
    const factor = tenfold.at(-1)! / closesOf('AAPL').at(-1)!;
    expect(factor).toBeCloseTo(10, 1);
    closesOf('AAPL').forEach((close, i) => expect(Math.abs(tenfold[i]! - close * factor)).toBeLessThan(0.06));
  });

  it('covers five years of trading days ending on the last trading day on or before the end date', () => {
    const { dates } = simulation;
    expect(dates.at(-1)).toBe(lastTradingDayOnOrBefore(endDate));
    expect(dates[0]! > '2021-03-13').toBe(true);
    expect(dates[0]! < '2021-03-20').toBe(true);
    expect(dates.length).toBeGreaterThanOrEqual(252 * 5 - 5);
    expect(dates.length).toBeLessThanOrEqual(252 * 5 + 2);
    expect(dates.every(isTradingDay)).toBe(true);
    expect(new Set(dates).size).toBe(dates.length);
    expect([...dates].sort()).toEqual(dates);
    const weekend = simulatePrices(universe.slice(0, 1), { endDate: '2024-07-07', years: 1 });
    expect(weekend.dates.at(-1)).toBe('2024-07-05');
  });

  it('keeps every close positive and in whole cents', () => {
    for (const series of simulation.series) {
      expect(series.closes).toHaveLength(simulation.dates.length);
      for (const close of series.closes) {
        expect(close).toBeGreaterThan(0);
        expect(Math.abs(close * 100 - Math.round(close * 100))).toBeLessThan(1e-6);
      }
    }
  });

  it('moves securities of one sector together more than securities of different sectors', () => {
    const tech = ['AAPL', 'MSFT', 'NVDA', 'ORCL'].map((symbol) => logReturns(closesOf(symbol)));
    const energy = ['XOM', 'CVX', 'COP', 'EOG'].map((symbol) => logReturns(closesOf(symbol)));
    const within: number[] = [];
    const across: number[] = [];
    for (const group of [tech, energy]) {
      for (let i = 0; i < group.length; i += 1)
        for (let j = i + 1; j < group.length; j += 1) within.push(correlation(group[i]!, group[j]!));
    }
    for (const a of tech) for (const b of energy) across.push(correlation(a, b));
    expect(mean(within)).toBeGreaterThan(mean(across) + 0.12);
    expect(mean(across)).toBeGreaterThan(0.2); // one market
    // Bonds and stocks barely move together; the index fund is the market.
    expect(Math.abs(correlation(logReturns(closesOf('AGG')), logReturns(closesOf('AAPL'))))).toBeLessThan(0.2);
    expect(correlation(logReturns(closesOf('SPY')), logReturns(closesOf('MSFT')))).toBeGreaterThan(0.5);
  });

  it('has the annual volatility of its asset class and risk rating', () => {
    for (const security of universe) {
      const expected = simulationParameters(security).volatility;
      const measured = annualVolatility(security.symbol);
      if (security.assetClass === 'cash') continue; // cent rounding dominates; see below
      expect(measured, security.symbol).toBeGreaterThan(expected * 0.85);
      expect(measured, security.symbol).toBeLessThan(expected * 1.15);
    }
    const within = (symbol: string, low: number, high: number) => {
      expect(annualVolatility(symbol), symbol).toBeGreaterThan(low);
      expect(annualVolatility(symbol), symbol).toBeLessThan(high);
    };
    within('JNJ', 0.14, 0.22); // low-risk stock
    within('AAPL', 0.2, 0.3);
    within('NVDA', 0.28, 0.42); // high-risk stock
    within('SPY', 0.14, 0.23);
    within('AGG', 0.03, 0.05);
    within('TLT', 0.08, 0.14);
    within('GLD', 0.12, 0.18);
    within('VNQ', 0.17, 0.27);
    within('BIL', 0, 0.005);
  });

  it('accrues cash funds smoothly at about 4% a year', () => {
    for (const symbol of ['BIL', 'SGOV']) {
      expect(annualReturn(symbol)).toBeGreaterThan(0.035);
      expect(annualReturn(symbol)).toBeLessThan(0.047);
      const returns = logReturns(closesOf(symbol));
      // Never more than a few cents a day on a fund worth $50-$110.
      expect(Math.max(...returns.map(Math.abs))).toBeLessThan(0.002);
    }
  });

  it('draws drift and volatility from realistic ranges for every class and rating', () => {
    const ranges: Record<AssetClass, { drift: [number, number]; volatility: [number, number] }> = {
      equity: { drift: [0.05, 0.12], volatility: [0.15, 0.4] },
      fixed_income: { drift: [0.015, 0.045], volatility: [0.035, 0.125] },
      cash: { drift: [0.035, 0.05], volatility: [0, 0.005] },
      alternative: { drift: [0.03, 0.08], volatility: [0.1, 0.3] },
      real_estate: { drift: [0.03, 0.09], volatility: [0.15, 0.31] },
    };
    for (const assetClass of Object.keys(ranges) as AssetClass[]) {
      for (const riskRating of ['low', 'medium', 'high'] as const) {
        for (const symbol of ['AAA', 'BBB', 'CCCC', 'Z']) {
          const p = simulationParameters({ symbol, assetClass, riskRating, sector: 'Any' });
          const range = ranges[assetClass];
          expect(p.drift).toBeGreaterThanOrEqual(range.drift[0]);
          expect(p.drift).toBeLessThanOrEqual(range.drift[1]);
          expect(p.volatility).toBeGreaterThanOrEqual(range.volatility[0]);
          expect(p.volatility).toBeLessThanOrEqual(range.volatility[1]);
          expect(p.market ** 2 + p.sector ** 2 + p.own ** 2).toBeCloseTo(1, 10);
          expect(p.referenceClose).toBeGreaterThan(10);
          expect(p.referenceClose).toBeLessThan(600);
        }
      }
    }
    // A riskier rating means more volatility, for one and the same symbol.
    for (const assetClass of ['equity', 'fixed_income', 'real_estate'] as const) {
      const vol = (riskRating: RiskRating) => simulationParameters({ symbol: 'SAME', assetClass, riskRating, sector: 'Any' }).volatility;
      expect(vol('low')).toBeLessThan(vol('medium'));
      expect(vol('medium')).toBeLessThan(vol('high'));
    }
  });

  it('draws a fallback level deterministically from the symbol alone, and otherwise keeps the reference', () => {
    const a = simulationParameters(stock('AAPL', 'Information Technology'));
    const b = simulationParameters(stock('AAPL', 'Information Technology'));
    const c = simulationParameters(stock('MSFT', 'Information Technology'));
    expect(a).toEqual(b);
    expect(a.referenceClose).not.toBe(c.referenceClose);
    const anchored = simulationParameters(stock('AAPL', 'Information Technology', 'medium', 230));
    // The reference moves the level (and the last close with it), nothing else.
    expect(anchored).toEqual({ ...a, referenceClose: 230, lastClose: anchored.lastClose });
    expect(Math.abs(anchored.lastClose / 230 - 1)).toBeLessThanOrEqual(0.02 + 0.5 / 230);
  });
});

describe('seeded random numbers', () => {
  it('draws standard normal shocks keyed by factor and day', () => {
    const draws = Array.from({ length: 20_000 }, (_, day) => normalAt(hashString('test'), day));
    expect(Math.abs(mean(draws))).toBeLessThan(0.03);
    expect(stdev(draws)).toBeGreaterThan(0.97);
    expect(stdev(draws)).toBeLessThan(1.03);
    const other = Array.from({ length: 20_000 }, (_, day) => normalAt(hashString('other'), day));
    expect(Math.abs(correlation(draws, other))).toBeLessThan(0.03);
    // Consecutive days are independent.
    expect(Math.abs(correlation(draws.slice(1), draws.slice(0, -1)))).toBeLessThan(0.03);
    expect(normalAt(hashString('test'), 42)).toBe(draws[42]);
  });

  it('repeats a sequential stream for the same seed', () => {
    const a = createRandom('seed');
    const b = createRandom('seed');
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(createRandom('other').next()).not.toBe(first[0]);
    const dice = createRandom(7);
    const rolls = Array.from({ length: 600 }, () => dice.int(1, 6));
    expect(Math.min(...rolls)).toBe(1);
    expect(Math.max(...rolls)).toBe(6);
  });
});
