import { and, asc, count, eq, getTableColumns, gte, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { pageInfo, pageTotal, pageWindow, perPageOf } from '@meridian/domain/shared/pagination';
import {
  defaultHistoryPeriod,
  securityLimits,
  type HistoryPeriod,
  type Security,
  type SecurityDetail,
  type SecurityHistoryQuery,
  type SecurityListQuery,
  type SecurityListResponse,
  type SecuritySearchResponse,
} from '@meridian/domain/securities/contracts';
import { addMonths } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { prices, securities, type SecurityRow } from '../../db/schema/securities.ts';
import { isUuid } from '@meridian/domain/shared/ids';

/** The public shape of a security (`securitySchema`), with the day's change worked out. */
export function toSecurity(row: SecurityRow): Security {
  const change = row.lastClose !== null && row.previousClose !== null ? row.lastClose - row.previousClose : null;
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    asset_class: row.assetClass,
    sector: row.sector,
    industry: row.industry,
    risk_rating: row.riskRating,
    is_active: row.isActive,
    last_close: row.lastClose,
    previous_close: row.previousClose,
    day_change: change === null ? null : Math.round(change * 10_000) / 10_000,
    day_change_percent: change === null || !row.previousClose ? null : Math.round((change / row.previousClose) * 10_000) / 100,
    last_price_date: row.lastPriceDate,
    price_source: row.priceSource,
    simulated: row.priceSource === 'simulated',
  };
}

/** LIKE treats % _ and \ specially; a search for "S&P_500" means those characters literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Every column of the row plus the count of all matches (a window over the same scan: one round trip). */
const rowWithTotal = { ...getTableColumns(securities), total: sql<number>`count(*) over ()`.mapWith(Number) };

/**
 * Active securities whose symbol starts with the text or whose name contains it, case-insensitively:
 * the exact symbol first, then other symbol prefixes, then names starting with the text, then the
 * rest of the name matches; alphabetical by symbol within each. Symbols are stored upper-case; the
 * name match can use the trigram index on lower(name).
 */
export async function searchSecurities(db: Db, q: string, limit: number): Promise<SecuritySearchResponse> {
  const symbol = q.toUpperCase();
  const name = q.toLowerCase();
  const symbolPrefix = `${escapeLike(symbol)}%`;
  const lowerName = sql`lower(${securities.name})`;
  const rank = sql`case
    when ${securities.symbol} = ${symbol} then 0
    when ${securities.symbol} like ${symbolPrefix} then 1
    when ${lowerName} like ${`${escapeLike(name)}%`} then 2
    else 3 end`;
  const rows = await db
    .select(rowWithTotal)
    .from(securities)
    .where(and(eq(securities.isActive, true), or(like(securities.symbol, symbolPrefix), like(lowerName, `%${escapeLike(name)}%`))))
    .orderBy(rank, asc(securities.symbol))
    .limit(limit);
  return { securities: rows.map(toSecurity), total: rows[0]?.total ?? 0 };
}

/** Active securities, filtered, by symbol, one page at a time with the total. */
export async function listSecurities(db: Db, query: SecurityListQuery): Promise<SecurityListResponse> {
  const perPage = perPageOf(query, securityLimits.listDefault);
  const { limit, offset } = pageWindow(query.page, perPage);
  const filters: SQL[] = [eq(securities.isActive, true)];
  if (query.sector) filters.push(sql`lower(${securities.sector}) = ${query.sector.toLowerCase()}`);
  if (query.risk_rating) filters.push(eq(securities.riskRating, query.risk_rating));
  if (query.asset_class) filters.push(eq(securities.assetClass, query.asset_class));
  const where = and(...filters);
  const rows = await db.select(rowWithTotal).from(securities).where(where).orderBy(asc(securities.symbol)).limit(limit).offset(offset);
  const total = await pageTotal(
    rows,
    query.page,
    async () => (await db.select({ total: count() }).from(securities).where(where))[0]?.total ?? 0,
  );
  return { securities: rows.map(toSecurity), ...pageInfo(total, query.page, perPage) };
}

/** A security by id or by symbol (case-insensitive); inactive ones too, since holdings may name them. */
export async function findSecurity(db: Db, idOrSymbol: string): Promise<SecurityRow | undefined> {
  const condition = isUuid(idOrSymbol) ? eq(securities.id, idOrSymbol) : eq(securities.symbol, idOrSymbol.trim().toUpperCase());
  const [row] = await db.select().from(securities).where(condition);
  return row;
}

const periodMonths: Record<Exclude<HistoryPeriod, 'ytd' | 'max'>, number> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12, '5y': 60 };

/** The dates a history query covers: from/to when given, else a period back from the latest close. */
export function historyRange(
  query: SecurityHistoryQuery,
  lastPriceDate: string | null,
): { period: HistoryPeriod | null; from: string | null; to: string | null } {
  if (query.from || query.to) {
    const to = query.to ?? lastPriceDate;
    const from = query.from ?? (to ? addMonths(to, -12) : null);
    return { period: null, from, to: to ?? null };
  }
  const period = query.period ?? defaultHistoryPeriod;
  if (!lastPriceDate) return { period, from: null, to: null };
  if (period === 'max') return { period, from: null, to: lastPriceDate };
  if (period === 'ytd') return { period, from: `${lastPriceDate.slice(0, 4)}-01-01`, to: lastPriceDate };
  return { period, from: addMonths(lastPriceDate, -periodMonths[period]), to: lastPriceDate };
}

/** A security with its daily closes over the range asked for, oldest first. */
export async function securityWithHistory(db: Db, row: SecurityRow, query: SecurityHistoryQuery): Promise<SecurityDetail> {
  const range = historyRange(query, row.lastPriceDate);
  const conditions: SQL[] = [eq(prices.securityId, row.id)];
  if (range.from) conditions.push(gte(prices.date, range.from));
  if (range.to) conditions.push(lte(prices.date, range.to));
  // No range at all means the security has no price yet.
  const points =
    range.from === null && range.to === null
      ? []
      : await db
          .select({ date: prices.date, close: prices.close, source: prices.source })
          .from(prices)
          .where(and(...conditions))
          .orderBy(asc(prices.date));
  return {
    ...toSecurity(row),
    history: {
      period: range.period,
      from: range.period === 'max' ? (points[0]?.date ?? null) : range.from,
      to: range.to,
      simulated: points.some((point) => point.source === 'simulated'),
      points,
    },
  };
}
