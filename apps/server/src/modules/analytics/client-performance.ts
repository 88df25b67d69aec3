import { sql } from 'drizzle-orm';
import { combineValuations, periodReturn, periodStart, type PerformancePeriod } from '@meridian/domain/analytics/returns';
import { addDays, lastTradingDayOnOrBefore } from '@meridian/domain/trading-calendar';
import type { Db } from '../../db/client.ts';
import { storedSeries, uuidArray } from './valuations.service.ts';

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
export async function clientPerformance(db: Db, clientIds: readonly string[], period: PerformancePeriod, today: string): Promise<Map<string, number | null>> {
  const result = new Map<string, number | null>(clientIds.map((id) => [id, null]));
  if (clientIds.length === 0) return result;
  const owned = (await db.execute(sql`
    select id, client_id from portfolios
    where client_id = any(${uuidArray(clientIds)}::uuid[]) and deleted_at is null and status <> 'closed'
    order by client_id, id`)) as unknown as { rows: Array<{ id: string; client_id: string }> };
  const series = await storedSeries(db, owned.rows.map((row) => row.id), seriesFrom(period, today) ?? undefined);
  const byClient = new Map<string, (typeof series)[number][]>();
  owned.rows.forEach((row, index) => byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), series[index] ?? []]));
  for (const [clientId, portfolios] of byClient) result.set(clientId, periodReturn(combineValuations(portfolios), period));
  return result;
}
