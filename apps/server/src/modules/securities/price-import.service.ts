import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parsePriceCsv, type PriceCsvRow } from '@meridian/domain/securities/price-csv';
import {
  securityLimits,
  securityMessages,
  type PriceImportRejection,
  type PriceImportResponse,
} from '@meridian/domain/securities/contracts';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import { securities } from '../../db/schema/securities.ts';
import { portfoliosTrading, refreshValuations } from '../valuations/valuations.service.ts';
import { RequestValidationError } from '../../platform/errors.ts';
import { HttpError } from '../../platform/http-error.ts';

/** Rows per upsert statement: each sends three array parameters, so this only bounds their size. */
const rowsPerStatement = 10_000;

/** A whole-file problem, answered 422 in the validation shape at loc ['body', 'csv']. */
const invalidFile = (message: string) =>
  new RequestValidationError([{ code: 'custom', path: ['csv'], message, input: undefined } as RequestValidationError['issues'][number]]);

/**
 * Imports real closes from a CSV (`symbol,date,close`). Each good row replaces the close of that day
 * (simulated or imported before) or adds the day; each affected security's latest two closes, date and
 * source are then set from its price history, and the daily valuations of the portfolios that traded
 * them are rewritten from the first imported day. Bad rows are reported, not fatal; all good rows are
 * written in one transaction with one audit row.
 */
export async function importPrices(app: FastifyInstance, request: FastifyRequest, csv: string): Promise<PriceImportResponse> {
  if (Buffer.byteLength(csv, 'utf8') > securityLimits.importMaxBytes) throw new HttpError(413, securityMessages.csvTooLarge);
  const parsed = parsePriceCsv(csv, { today: marketDate(app.now()) });
  if (!parsed.ok) {
    if (parsed.problem === 'too-many-rows') throw new HttpError(413, parsed.message);
    throw invalidFile(parsed.message);
  }

  const known = await app.db.select({ id: securities.id, symbol: securities.symbol }).from(securities);
  const idOf = new Map(known.map((row) => [row.symbol, row.id]));
  const rejected: PriceImportRejection[] = [...parsed.rejected];
  const accepted: Array<PriceCsvRow & { securityId: string }> = [];
  for (const row of parsed.rows) {
    const securityId = idOf.get(row.symbol);
    if (securityId) accepted.push({ ...row, securityId });
    else
      rejected.push({ line: row.line, reason: `Unknown symbol '${row.symbol.length > 20 ? `${row.symbol.slice(0, 20)}…` : row.symbol}'` });
  }
  rejected.sort((a, b) => a.line - b.line);

  let repriced: string[] = [];
  if (accepted.length > 0) {
    const affected = [...new Set(accepted.map((row) => row.securityId))];
    const dates = accepted.map((row) => row.date).sort();
    repriced = await app.db.transaction(async (tx) => {
      // Ids, dates and closes were checked above, so the array literals need no quoting.
      for (let start = 0; start < accepted.length; start += rowsPerStatement) {
        const batch = accepted.slice(start, start + rowsPerStatement);
        await tx.execute(sql`
          insert into prices (security_id, date, close, source)
          select t.security_id, t.date, t.close, 'imported'
          from unnest(${`{${batch.map((row) => row.securityId).join(',')}}`}::uuid[],
                      ${`{${batch.map((row) => row.date).join(',')}}`}::date[],
                      ${`{${batch.map((row) => String(row.close)).join(',')}}`}::numeric[]) as t(security_id, date, close)
          on conflict (security_id, date) do update set close = excluded.close, source = excluded.source`);
      }
      const moved = (await tx.execute(sql`
        update securities s
        set last_close = latest.close, previous_close = prev.close, last_price_date = latest.date, price_source = latest.source,
            sync_version = s.sync_version + 1, updated_at = ${app.now().toISOString()}::timestamptz
        from unnest(${`{${affected.join(',')}}`}::uuid[]) as u(id)
        join securities old on old.id = u.id
        cross join lateral (
          select p.date, p.close, p.source from prices p where p.security_id = u.id order by p.date desc limit 1
        ) as latest
        left join lateral (
          select p.close from prices p where p.security_id = u.id and p.date < latest.date order by p.date desc limit 1
        ) as prev on true
        where s.id = u.id
          and (s.last_close, s.previous_close, s.last_price_date, s.price_source)
              is distinct from (latest.close, prev.close, latest.date, latest.source)
        returning s.id, old.last_close is distinct from latest.close as "closeMoved"`)) as unknown as {
        rows: Array<{ id: string; closeMoved: boolean }>;
      };
      // The series of every portfolio that traded these securities move from the first imported day.
      await refreshValuations(tx, await portfoliosTrading(tx, affected, dates[0]!), marketDate(app.now()));
      await app.audit(
        request,
        {
          action: 'prices imported',
          entity: 'prices',
          after: { accepted: accepted.length, rejected: rejected.length, securities: affected.length, from: dates[0], to: dates.at(-1) },
        },
        tx,
      );
      return moved.rows.filter((row) => row.closeMoved).map((row) => row.id);
    });
  }

  // After the closes are in: whoever acts on moved closes (the drift check of the followers of a model) sees the new prices.
  const rebalances = await app.marketEvents.closesMoved(request, repriced);
  return {
    accepted: accepted.length,
    rejected: rejected.slice(0, securityLimits.importRejectedListed),
    rejected_count: rejected.length,
    rebalance_recommendations: rebalances,
  };
}
