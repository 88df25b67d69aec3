import { randomBytes } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { simulatePrices, simulationParameters } from '@meridian/domain/securities/price-simulation';
import { assetClasses, gicsSectors, riskRatings, sectors } from '@meridian/domain/securities/contracts';
import { isTradingDay } from '@meridian/domain/shared/trading-calendar';
import { adminQuery, databaseUrlWithName } from '../../test/postgres-admin.ts';
import { databaseKinds, describeEachDatabase, type DatabaseKind } from '../../test/harness.ts';
import { createPglite, fromPglite, fromPostgresUrl, migrate, type Database } from '../client.ts';
import { prices, securities } from '../schema/securities.ts';
import { demoMarketEndDate, seedMarket } from './market.ts';
import { securitiesList } from './securities-list.ts';

describe('securities list', () => {
  it('holds 150+ distinct real symbols with valid classes, sectors and ratings', () => {
    expect(securitiesList.length).toBeGreaterThanOrEqual(150);
    const symbols = securitiesList.map((s) => s.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const s of securitiesList) {
      expect(s.symbol, s.symbol).toMatch(/^[A-Z]{1,5}(\.[A-Z])?$/);
      expect(s.name.trim(), s.symbol).not.toBe('');
      expect(s.industry.trim(), s.symbol).not.toBe('');
      expect(assetClasses, s.symbol).toContain(s.assetClass);
      expect(riskRatings, s.symbol).toContain(s.riskRating);
      expect(sectors, s.symbol).toContain(s.sector);
      // An approximate price level in whole cents: anchors the simulation, not market data.
      expect(Number.isFinite(s.referenceClose) && s.referenceClose >= 1 && s.referenceClose <= 10_000, s.symbol).toBe(true);
      expect(Math.round(s.referenceClose * 100) / 100, s.symbol).toBe(s.referenceClose);
    }
  });

  it('anchors each security on a believable price level', () => {
    const level = (symbol: string) => securitiesList.find((s) => s.symbol === symbol)!.referenceClose;
    const near = (symbol: string, low: number, high: number) => {
      expect(level(symbol), symbol).toBeGreaterThanOrEqual(low);
      expect(level(symbol), symbol).toBeLessThanOrEqual(high);
    };
    near('SPY', 450, 750);
    near('AAPL', 150, 300);
    near('AGG', 90, 105);
    near('GLD', 180, 400);
    // Shares of one underlying trade at consistent levels (IVV ≈ SPY, GOOG ≈ GOOGL, IAU ≈ GLD / 5).
    expect(level('IVV') / level('SPY')).toBeCloseTo(1, 1);
    expect(level('GOOG') / level('GOOGL')).toBeCloseTo(1, 1);
    expect(level('IAU') / level('GLD')).toBeCloseTo(0.2, 1);
    // T-bill and ultra-short funds sit near their issue price of $50 or $100 (BIL near $91.5).
    for (const s of securitiesList.filter((security) => security.assetClass === 'cash')) {
      expect(
        [50, 91.5, 100, 110].some((par) => Math.abs(s.referenceClose / par - 1) < 0.02),
        s.symbol,
      ).toBe(true);
    }
  });

  it('covers every GICS sector and the funds an advisor reaches for', () => {
    const bySymbol = new Map(securitiesList.map((s) => [s.symbol, s]));
    for (const sector of gicsSectors) expect(securitiesList.filter((s) => s.sector === sector).length, sector).toBeGreaterThanOrEqual(5);
    const expectClass = (assetClass: string, list: string[]) => {
      for (const symbol of list) expect(bySymbol.get(symbol)?.assetClass, symbol).toBe(assetClass);
    };
    expectClass('equity', ['SPY', 'VTI', 'QQQ', 'IWM', 'EFA', 'VEA', 'VWO', 'AAPL', 'MSFT', 'JPM', 'XOM']);
    expectClass('fixed_income', ['AGG', 'BND', 'TLT', 'IEF', 'SHY', 'LQD', 'HYG', 'TIP', 'MUB', 'BNDX']);
    expectClass('cash', ['BIL', 'SGOV', 'SHV']);
    expectClass('real_estate', ['VNQ', 'SCHH', 'PLD', 'AMT', 'O', 'SPG']);
    expectClass('alternative', ['GLD', 'IAU', 'SLV', 'DBC']);
    // 2023 GICS: payments in Financials, the big-box grocers in Consumer Staples.
    expect(bySymbol.get('V')?.sector).toBe('Financials');
    expect(bySymbol.get('WMT')?.sector).toBe('Consumer Staples');
    expect(bySymbol.get('GOOGL')?.sector).toBe('Communication Services');
    expect(bySymbol.get('AMZN')?.sector).toBe('Consumer Discretionary');
  });
});

/** A fresh, migrated, empty database of a kind (the test template is already seeded). */
async function freshDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = fromPglite(await createPglite());
    await migrate(database);
    return database;
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `meridian_seed_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const database = fromPostgresUrl(databaseUrlWithName(url, name));
  // pool.end() resolves before the sockets close, so the forced drop below can kill a backend that is
  // still hanging up; without a listener the pool would rethrow that as an uncaught error.
  if (database.kind === 'postgres') database.pool.on('error', () => {});
  await migrate(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

describe.each(databaseKinds)('seedMarket [%s]', (kind) => {
  const list = securitiesList.filter((s) => ['AAPL', 'MSFT', 'AGG', 'BIL', 'GLD', 'VNQ', 'BRK.B'].includes(s.symbol));

  it('writes the simulated closes exactly, sets each latest close, and does nothing the second time', async () => {
    const database = await freshDatabase(kind);
    try {
      const endDate = '2026-03-15'; // a Sunday: the series ends on Friday the 13th
      const result = await seedMarket(database.db, { endDate, years: 2, list });
      const expected = simulatePrices(list, { endDate, years: 2 });
      expect(result).toEqual({ skipped: false, securities: list.length, prices: list.length * expected.dates.length });
      expect(expected.dates.at(-1)).toBe('2026-03-13');

      for (const [index, seed] of list.entries()) {
        const [row] = await database.db.select().from(securities).where(eq(securities.symbol, seed.symbol));
        const closes = expected.series[index]!.closes;
        expect(row).toMatchObject({
          name: seed.name,
          assetClass: seed.assetClass,
          sector: seed.sector,
          industry: seed.industry,
          riskRating: seed.riskRating,
          isActive: true,
          lastClose: simulationParameters(seed).lastClose,
          previousClose: closes.at(-2),
          lastPriceDate: '2026-03-13',
          priceSource: 'simulated',
        });
        const stored = await database.db
          .select({ date: prices.date, close: prices.close, source: prices.source })
          .from(prices)
          .where(eq(prices.securityId, row!.id))
          .orderBy(asc(prices.date));
        expect(stored.map((p) => p.date)).toEqual(expected.dates);
        expect(stored.map((p) => p.close)).toEqual(closes);
        expect(closes.at(-1)).toBe(simulationParameters(seed).lastClose);
        expect(stored.every((p) => p.source === 'simulated' && isTradingDay(p.date))).toBe(true);
      }

      expect(await seedMarket(database.db, { endDate: '2026-06-30', years: 5 })).toEqual({ skipped: true, securities: 0, prices: 0 });
      const [total] = await database.db.select({ n: count() }).from(prices);
      expect(total!.n).toBe(result.prices);
    } finally {
      await database.close();
    }
  });
});

describeEachDatabase('demo market seed', (t) => {
  it('seeded the whole list with five years of closes, and seeding again skips', async () => {
    const [securityCount] = await t.db.select({ n: count() }).from(securities);
    expect(securityCount!.n).toBe(securitiesList.length);
    const [priceCount] = await t.db.select({ n: count() }).from(prices);
    expect(priceCount!.n).toBeGreaterThanOrEqual(securitiesList.length * 252 * 5 - securitiesList.length * 5);
    expect(await seedMarket(t.db, { endDate: demoMarketEndDate(new Date()), years: 5 })).toMatchObject({ skipped: true });
  });

  it('ends the demo history on the last trading day on or before today in New York', () => {
    expect(demoMarketEndDate(new Date('2024-07-06T15:00:00Z'))).toBe('2024-07-05'); // a Saturday
    expect(demoMarketEndDate(new Date('2024-07-05T02:00:00Z'))).toBe('2024-07-03'); // still the 4th in New York
    expect(demoMarketEndDate(new Date('2024-07-08T20:00:00Z'))).toBe('2024-07-08');
  });
});
