import { count, sql } from 'drizzle-orm';
import { simulatePrices } from '@meridian/domain/securities/price-simulation';
import { lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../client.ts';
import { securities } from '../schema/securities.ts';
import { securitiesList, type SecuritySeed } from './securities-list.ts';

export type SeedMarketOptions = {
  /** Last day of simulated history (the last trading day on or before it). */
  endDate: string;
  /** Years of daily closes before endDate. */
  years: number;
  /** The securities to create; the curated list by default. */
  list?: readonly SecuritySeed[];
};

export type SeedMarketResult = { skipped: boolean; securities: number; prices: number };

/** Securities per INSERT of prices: ~25 × 1,260 closes per statement keeps each under a few MB of text. */
const securitiesPerStatement = 25;

/** The end date of the demo's history: the last trading day on or before today in New York. */
export function demoMarketEndDate(now: Date): string {
  return lastTradingDayOnOrBefore(marketDate(now));
}

/**
 * Creates the securities master and its simulated daily closes, in one transaction, unless
 * securities already exist (then it does nothing: imported prices are never overwritten). Each
 * security's history ends, on endDate, within 2 % of its list's referenceClose (an approximate real
 * level), on ordinary cents.
 *
 * Speed: prices go in with one INSERT … SELECT over unnest() of three array parameters per batch of
 * securities (the closes flattened, the ids and dates indexed arithmetically), so ~250k rows cost a
 * handful of statements instead of thousands, on PGlite and PostgreSQL alike.
 */
export async function seedMarket(db: Db, options: SeedMarketOptions): Promise<SeedMarketResult> {
  const list = options.list ?? securitiesList;
  const [existing] = await db.select({ total: count() }).from(securities);
  if ((existing?.total ?? 0) > 0) return { skipped: true, securities: 0, prices: 0 };

  const simulation = simulatePrices(
    list.map((s) => ({
      symbol: s.symbol,
      assetClass: s.assetClass,
      sector: s.sector,
      riskRating: s.riskRating,
      referenceClose: s.referenceClose,
    })),
    { endDate: options.endDate, years: options.years },
  );
  const { dates } = simulation;
  const lastDate = dates.at(-1) ?? null;

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(securities)
      .values(
        list.map((seed, index) => {
          const closes = simulation.series[index]!.closes;
          return {
            symbol: seed.symbol,
            name: seed.name,
            assetClass: seed.assetClass,
            sector: seed.sector,
            industry: seed.industry,
            riskRating: seed.riskRating,
            lastClose: closes.at(-1) ?? null,
            previousClose: closes.at(-2) ?? null,
            lastPriceDate: lastDate,
            priceSource: lastDate ? ('simulated' as const) : null,
          };
        }),
      )
      .returning({ id: securities.id, symbol: securities.symbol });
    const idOf = new Map(inserted.map((row) => [row.symbol, row.id]));

    const dateArray = `{${dates.join(',')}}`;
    let prices = 0;
    for (let start = 0; start < list.length && dates.length > 0; start += securitiesPerStatement) {
      const batch = simulation.series.slice(start, start + securitiesPerStatement);
      const ids = `{${batch.map((series) => idOf.get(series.symbol)).join(',')}}`;
      const closes = `{${batch.map((series) => series.closes.join(',')).join(',')}}`;
      // Row n (1-based) of the flattened closes is security ⌈n / days⌉ on date ((n − 1) mod days) + 1.
      await tx.execute(sql`
        insert into prices (security_id, date, close, source)
        select (${ids}::uuid[])[(t.n::int - 1) / ${dates.length}::int + 1],
               (${dateArray}::date[])[(t.n::int - 1) % ${dates.length}::int + 1],
               t.close,
               'simulated'
        from unnest(${closes}::numeric[]) with ordinality as t(close, n)`);
      prices += batch.length * dates.length;
    }
    return { skipped: false, securities: inserted.length, prices };
  });
}
