import { sql } from 'drizzle-orm';
import { dailyValuations, type DailyClose, type ValuationTransaction } from '@meridian/domain/analytics/valuation';
import type { DailyValuation } from '@meridian/domain/analytics/returns';
import { addDays, isTradingDay, lastTradingDayOnOrBefore } from '@meridian/domain/shared/trading-calendar';
import type { TransactionType } from '@meridian/domain/portfolios/ledger';
import type { Db } from '../../db/client.ts';
import { uuidArray } from '../../db/sql-values.ts';

/**
 * Keeps `portfolio_valuations` (one row per portfolio and trading day) equal to what
 * dailyValuations replays from the ledger and the closes. Callers name the portfolios and the first
 * day that may have changed: a ledger write its earliest trade date, a price import its earliest
 * close, a new trading day the day after each series' end. Rows from that day on are rewritten;
 * earlier rows stand. Runs inside the caller's transaction when given one, so a write and its
 * valuations commit together.
 */

/** A portfolio whose series changed from `from` on (null: from its first ledger entry). */
export type StaleSeries = { portfolioId: string; from: string | null };

/** Portfolios per batch: one ledger query, one price query and one write per batch. */
const portfoliosPerBatch = 200;
/** Rows per INSERT (three array parameters). */
const rowsPerInsert = 20_000;

type LedgerRow = {
  portfolio_id: string;
  type: TransactionType;
  trade_date: string;
  security_id: string | null;
  quantity: string | number | null;
  price: string | number | null;
  amount: string | number;
};

const num = (value: string | number | null) => (value === null ? null : Number(value));

/** The first trading day on or after a date. */
function tradingDayOnOrAfter(date: string): string {
  let day = date;
  while (!isTradingDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * Rewrites the series of the given portfolios from each one's `from` through the last trading day on
 * or before `today` (New York). A portfolio without ledger entries loses its rows.
 */
export async function refreshValuations(
  db: Db,
  stale: readonly StaleSeries[],
  today: string,
): Promise<{ portfolios: number; rows: number }> {
  // One entry per portfolio, from the earliest day asked (null, the whole series, first of all).
  const fromOf = new Map<string, string | null>();
  for (const { portfolioId, from } of stale) {
    const known = fromOf.get(portfolioId);
    fromOf.set(portfolioId, known === undefined ? from : known === null || from === null ? null : from < known ? from : known);
  }
  const merged = [...fromOf]
    .map(([portfolioId, from]) => ({ portfolioId, from }))
    .sort((a, b) => a.portfolioId.localeCompare(b.portfolioId));
  let rows = 0;
  const through = lastTradingDayOnOrBefore(today);
  for (let start = 0; start < merged.length; start += portfoliosPerBatch) {
    rows += await refreshBatch(db, merged.slice(start, start + portfoliosPerBatch), through);
  }
  return { portfolios: merged.length, rows };
}

async function refreshBatch(db: Db, stale: readonly StaleSeries[], through: string): Promise<number> {
  const ids = stale.map((entry) => entry.portfolioId);
  // Writers of a portfolio queue on its row (as ledger writes do), in id order so batches never deadlock.
  await db.execute(sql`select id from portfolios where id = any(${uuidArray(ids)}::uuid[]) order by id for update`);
  const ledgerRows = (await db.execute(sql`
    select portfolio_id, type, trade_date::text as trade_date, security_id, quantity, price, amount
    from transactions where portfolio_id = any(${uuidArray(ids)}::uuid[]) and voided_at is null
    order by portfolio_id, trade_date, created_at, id`)) as unknown as { rows: LedgerRow[] };
  const ledgers = new Map<string, ValuationTransaction[]>();
  for (const row of ledgerRows.rows) {
    const list = ledgers.get(row.portfolio_id) ?? [];
    // The table stores the signed cash effect; the domain takes the amount and signs it by type.
    list.push({
      type: row.type,
      date: row.trade_date,
      symbol: row.security_id,
      quantity: num(row.quantity),
      price: num(row.price),
      amount: Math.abs(Number(row.amount)),
    });
    ledgers.set(row.portfolio_id, list);
  }

  // A series that does not reach back to its inception (never computed) is computed whole.
  const firstStored = (await db.execute(sql`
    select s.id, (select v.date::text from portfolio_valuations v where v.portfolio_id = s.id order by v.date limit 1) as first
    from unnest(${uuidArray(ids)}::uuid[]) as s(id)`)) as unknown as { rows: Array<{ id: string; first: string | null }> };
  const storedFrom = new Map(firstStored.rows.map((row) => [row.id, row.first]));

  // Each portfolio's range: from the later of the day asked for and its first entry.
  const ranges = stale.map(({ portfolioId, from }) => {
    const ledger = ledgers.get(portfolioId) ?? [];
    const inception = ledger[0] ? tradingDayOnOrAfter(ledger[0].date) : null;
    const stored = storedFrom.get(portfolioId) ?? null;
    const whole = !inception || !from || stored === null || stored > inception;
    const first = whole || tradingDayOnOrAfter(from) <= inception ? inception : tradingDayOnOrAfter(from);
    return { portfolioId, ledger, from: first };
  });
  const valued = ranges.filter((range): range is typeof range & { from: string } => range.from !== null && range.from <= through);

  // Closes from a little before the earliest day needed, and each security's latest close before that.
  const securityIds = [...new Set(valued.flatMap((range) => range.ledger.flatMap((entry) => (entry.symbol ? [entry.symbol] : []))))];
  const closes = new Map<string, DailyClose[]>();
  if (securityIds.length > 0) {
    const earliest = valued.reduce((min, range) => (range.from < min ? range.from : min), through);
    const window = addDays(earliest, -10);
    // One row per security with its dates and closes joined: far cheaper to carry than a row per close.
    const closeRows = (await db.execute(sql`
      select security_id, string_agg(date::text, ',' order by date) as dates, string_agg(close::text, ',' order by date) as closes from (
        select p.security_id, p.date, p.close from prices p
        where p.security_id = any(${uuidArray(securityIds)}::uuid[]) and p.date >= ${window}::date and p.date <= ${through}::date
        union all
        select b.security_id, b.date, b.close from unnest(${uuidArray(securityIds)}::uuid[]) as s(id)
        cross join lateral (select p.security_id, p.date, p.close from prices p where p.security_id = s.id and p.date < ${window}::date order by p.date desc limit 1) b
      ) c group by security_id`)) as unknown as { rows: Array<{ security_id: string; dates: string; closes: string }> };
    for (const row of closeRows.rows) {
      const closeList = row.closes.split(',');
      closes.set(
        row.security_id,
        row.dates.split(',').map((date, index) => ({ date, close: Number(closeList[index]) })),
      );
    }
  }

  const portfolioIds: string[] = [];
  const dates: string[] = [];
  const values: number[] = [];
  const flows: number[] = [];
  for (const range of valued) {
    const { days } = dailyValuations(range.ledger, closes, range.from, through);
    for (const day of days) {
      portfolioIds.push(range.portfolioId);
      dates.push(day.date);
      values.push(day.value);
      flows.push(day.flow);
    }
  }

  // Rows from each portfolio's first changed day go; an empty ledger clears its series.
  const deleteFrom = ranges.map((range) => range.from ?? '0001-01-01');
  await db.execute(sql`
    delete from portfolio_valuations v using unnest(${uuidArray(ids)}::uuid[], ${`{${deleteFrom.join(',')}}`}::date[]) as s(id, from_date)
    where v.portfolio_id = s.id and v.date >= s.from_date`);
  for (let start = 0; start < dates.length; start += rowsPerInsert) {
    const end = start + rowsPerInsert;
    await db.execute(sql`
      insert into portfolio_valuations (portfolio_id, date, value, flow)
      select * from unnest(${uuidArray(portfolioIds.slice(start, end))}::uuid[], ${`{${dates.slice(start, end).join(',')}}`}::date[],
                           ${`{${values.slice(start, end).join(',')}}`}::numeric[], ${`{${flows.slice(start, end).join(',')}}`}::numeric[])`);
  }
  return dates.length;
}

/**
 * Brings every series that ends before the latest trading day up to it (a new trading day, or a
 * series never computed, as after the migration that added the table). Cheap when all are current:
 * one pass over the portfolios with the last day of each series.
 */
export async function extendValuations(
  db: Db,
  today: string,
  portfolioIds?: readonly string[],
): Promise<{ portfolios: number; rows: number }> {
  // A pass over every portfolio ends by recording that all series are complete through the latest trading day.
  const whole = portfolioIds === undefined;
  // Looked up first outside a transaction: when every series is current (the usual case) nothing is locked.
  if ((await seriesBehind(db, today, portfolioIds)).length === 0) {
    if (whole) await recordComplete(db, today);
    return { portfolios: 0, rows: 0 };
  }
  return db.transaction(async (tx) => {
    const written = await refreshValuations(tx, await seriesBehind(tx, today, portfolioIds), today);
    if (whole) await recordComplete(tx, today);
    return written;
  });
}

/** Every series is complete through the latest trading day on or before today (never moves back). */
async function recordComplete(db: Db, today: string): Promise<void> {
  await db.execute(sql`
    insert into valuation_progress (id, through) values (true, ${lastTradingDayOnOrBefore(today)}::date)
    on conflict (id) do update set through = greatest(valuation_progress.through, excluded.through)
    where valuation_progress.through < excluded.through`);
}

/** The series that end before the latest trading day (or were never computed), from the day after their end. */
async function seriesBehind(db: Db, today: string, portfolioIds?: readonly string[]): Promise<StaleSeries[]> {
  const through = lastTradingDayOnOrBefore(today);
  const scope = portfolioIds ? sql`and p.id = any(${uuidArray(portfolioIds)}::uuid[])` : sql``;
  const behind = (await db.execute(sql`
    select p.id, last.date::text as last_date from portfolios p
    left join lateral (select v.date from portfolio_valuations v where v.portfolio_id = p.id order by v.date desc limit 1) last on true
    where (last.date is null or last.date < ${through}::date)
      and exists (select 1 from transactions t where t.portfolio_id = p.id and t.voided_at is null) ${scope}`)) as unknown as {
    rows: Array<{ id: string; last_date: string | null }>;
  };
  return behind.rows.map((row) => ({ portfolioId: row.id, from: row.last_date ? addDays(row.last_date, 1) : null }));
}

/** The portfolios whose series a change of these securities' closes from `from` on moves: those that ever traded them. */
export async function portfoliosTrading(db: Db, securityIds: readonly string[], from: string): Promise<StaleSeries[]> {
  if (securityIds.length === 0) return [];
  const rows = (await db.execute(sql`
    select distinct portfolio_id from transactions where security_id = any(${uuidArray(securityIds)}::uuid[]) and voided_at is null`)) as unknown as {
    rows: Array<{ portfolio_id: string }>;
  };
  return rows.rows.map((row) => ({ portfolioId: row.portfolio_id, from }));
}

/** The stored series of some portfolios, oldest first, one list per portfolio in the order asked. */
export async function storedSeries(db: Db, portfolioIds: readonly string[], from?: string): Promise<DailyValuation[][]> {
  if (portfolioIds.length === 0) return [];
  const rows = (await db.execute(sql`
    select portfolio_id, date::text as date, value, flow from portfolio_valuations
    where portfolio_id = any(${uuidArray(portfolioIds)}::uuid[]) ${from ? sql`and date >= ${from}::date` : sql``}
    order by portfolio_id, date`)) as unknown as {
    rows: Array<{ portfolio_id: string; date: string; value: string | number; flow: string | number }>;
  };
  const byPortfolio = new Map<string, DailyValuation[]>(portfolioIds.map((id) => [id, []]));
  for (const row of rows.rows)
    byPortfolio.get(row.portfolio_id)?.push({ date: row.date, value: Number(row.value), flow: Number(row.flow) });
  return portfolioIds.map((id) => byPortfolio.get(id) ?? []);
}
