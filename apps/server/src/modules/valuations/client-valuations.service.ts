import { and, eq, isNull, ne, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { combineValuations, periodMonths, periodReturn, periodStart, type PerformancePeriod } from '@meridian/domain/analytics/returns';
import { addDays, lastTradingDayOnOrBefore } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { portfolios } from '../../db/schema/portfolios.ts';
import { uuidArray } from '../../db/sql-values.ts';
import { storedSeries } from './valuations.service.ts';

/**
 * What a client's portfolios are worth today (cash and the stored valuation of their holdings) and
 * how they performed (their stored daily series): the reads the client list, a client's profile,
 * households and the dashboard share.
 */

/** Far enough back that a period's nominal start is never clamped by it. */
const beforeAnyInception = '1900-01-01';

/**
 * The first day of stored series a period's return needs: a little before the period's nominal start,
 * so the close before its first day is there. Null for since inception (the whole series).
 */
export function seriesFrom(period: PerformancePeriod, today: string): string | null {
  if (period === 'SI') return null;
  return addDays(periodStart(period, lastTradingDayOnOrBefore(today), beforeAnyInception), -10);
}

/**
 * Each client's time-weighted return over the period, their open (active or proposed, not deleted)
 * portfolios taken together by money; null for a client without valued history. Reads the stored
 * daily valuations only: a page of clients costs one query for a period's rows.
 */
export async function clientPerformance(
  db: Db,
  clientIds: readonly string[],
  period: PerformancePeriod,
  today: string,
): Promise<Map<string, number | null>> {
  const result = new Map<string, number | null>(clientIds.map((id) => [id, null]));
  if (clientIds.length === 0) return result;
  const owned = (await db.execute(sql`
    select id, client_id from portfolios
    where client_id = any(${uuidArray(clientIds)}::uuid[]) and deleted_at is null and status <> 'closed'
    order by client_id, id`)) as unknown as { rows: Array<{ id: string; client_id: string }> };
  const series = await storedSeries(
    db,
    owned.rows.map((row) => row.id),
    seriesFrom(period, today) ?? undefined,
  );
  const byClient = new Map<string, (typeof series)[number][]>();
  owned.rows.forEach((row, index) => byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), series[index] ?? []]));
  for (const [clientId, portfolioSeries] of byClient) result.set(clientId, periodReturn(combineValuations(portfolioSeries), period));
  return result;
}

/** periodStart in SQL: the first day of the period ending on `last`, never before `first`. */
function periodStartSql(period: PerformancePeriod, first: SQL, last: SQL): SQL {
  if (period === 'SI') return first;
  const start =
    period === 'YTD'
      ? sql`date_trunc('year', ${last})::date`
      : sql`(${last} - ${sql.raw(`interval '${periodMonths[period]} months'`)})::date + 1`;
  return sql`greatest(${first}, ${start})`;
}

/**
 * clientPerformance as one SQL expression, so the client list can sort by it: the client's open
 * portfolios' stored series from `from` (seriesFrom; null since inception) summed per day
 * (combineValuations), each day's return V / (previous close + flow) − 1 counted when that capital
 * is above 0 (dailyReturns) from the period's first day, geometrically linked (periodReturn); null
 * without a valued day. Linked as exp(Σ ln |1 + r|) with the sign of the product, in double
 * precision as the domain links them. The API tests hold its order to the figures clientPerformance
 * answers.
 */
export function performanceOf(clientId: SQL | AnyColumn, period: PerformancePeriod, from: string | Placeholder | null): SQL<number | null> {
  const since = from === null ? sql`` : sql`and v.date >= ${from}::date`;
  return sql<number | null>`(
    select case
      when count(*) = 0 then null
      when bool_or(r.counted and r.value = 0) then -1
      else (case when count(*) filter (where r.counted and r.value < 0) % 2 = 1 then -1 else 1 end)
        * exp(coalesce(sum(ln(nullif(abs(r.value / r.invested), 0)::float8)) filter (where r.counted), 0)) - 1
    end::float8
    from (
      select d.value, d.invested, d.invested > 0 and d.date >= ${periodStartSql(period, sql`d.first_day`, sql`d.last_day`)} as counted
      from (
        select s.date, s.value, coalesce(lag(s.value) over (order by s.date), 0) + s.flow as invested,
          min(s.date) over () as first_day, max(s.date) over () as last_day
        from (
          select v.date, sum(v.value) as value, sum(v.flow) as flow
          from portfolio_valuations v join ${portfolios} on ${portfolios.id} = v.portfolio_id
          where ${openPortfoliosOf(clientId)} ${since}
          group by v.date
        ) s
      ) d
    ) r
  )`;
}

/**
 * What one client's open portfolios (not closed, not deleted) are worth, as the portfolios API values
 * them, so a client's AUM is the sum of their portfolios' total_value to the cent: cash plus the
 * stored valuation of each portfolio's holdings (see the portfolios table). Unrealised gain/loss
 * compares the holdings' market value with their cost; its percent is 0 when the cost is not above 0
 * (spec). Numeric all the way. A lateral subquery: joined to each client of a page.
 */
export function valuationOf(db: Db, clientId: SQL | AnyColumn) {
  const marketValue = sql`coalesce(sum(${portfolios.holdingsValue}), 0)`;
  const cost = sql`coalesce(sum(${portfolios.holdingsCost}), 0)`;
  return db
    .select({
      portfolioCount: sql<number>`count(*)::int`.mapWith(Number).as('portfolio_count'),
      aum: sql<number>`round(coalesce(sum(${portfolios.cashBalance}), 0) + ${marketValue}, 2)`.mapWith(Number).as('aum'),
      costBasis: sql<number>`round(${cost}, 2)`.mapWith(Number).as('cost_basis'),
      gainLoss: sql<number>`round(${marketValue} - ${cost}, 2)`.mapWith(Number).as('gain_loss'),
      gainLossPercent: sql<number>`case when ${cost} > 0 then round((${marketValue} - ${cost}) / ${cost} * 100, 2) else 0 end`
        .mapWith(Number)
        .as('gain_loss_percent'),
    })
    .from(portfolios)
    .where(openPortfoliosOf(clientId))
    .as('valuation');
}

/** The client's portfolios that count: not deleted, not closed. */
export const openPortfoliosOf = (clientId: SQL | AnyColumn) =>
  and(eq(portfolios.clientId, clientId), isNull(portfolios.deletedAt), ne(portfolios.status, 'closed'));

/** Portfolio count, AUM and unrealised gain/loss of one client's open portfolios. */
export async function clientValuation(db: Db, clientId: string) {
  const [row] = await db.select().from(valuationOf(db, sql`${clientId}`));
  return {
    portfolio_count: row?.portfolioCount ?? 0,
    aum: row?.aum ?? 0,
    cost_basis: row?.costBasis ?? 0,
    gain_loss: row?.gainLoss ?? 0,
    gain_loss_percent: row?.gainLossPercent ?? 0,
  };
}
