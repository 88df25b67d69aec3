/**
 * Portfolio analytics from the stored daily valuations against the same answer computed from the
 * ledger, on PostgreSQL.
 *
 *   npx tsx bench/analytics.ts        (npm run analytics -w bench)
 *
 * On BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/meridian_bench_analytics,
 * created when missing) the real server starts with the demo firm; the first run adds one client
 * of the demo advisor with a 5-year, 50-holding portfolio (a funding deposit, buys of 50 securities,
 * quarterly dividends, fees and contributions, yearly rebalancing: ~1,000 ledger entries) and
 * computes its daily valuations once, as a ledger write does.
 *
 *  (a) GET /api/v1/portfolios/{id}/analytics?period=1Y through HTTP, signed in as the advisor, one
 *      request at a time from a load-generator worker thread for BENCH_API_MS (5 s), so the client's
 *      own work (fetch, parsing the answer) is not counted on the server's event loop;
 *  (b) the same answer computed from the ledger, without the stored series: the whole ledger and
 *      every close of its securities since inception read and replayed (dailyValuations), then the
 *      same report. In process, no HTTP: the comparison favours (b).
 * Both answers must be equal (deep equality of the JSON). Target: (b) ÷ (a) ≥ 20 on the median.
 * Then the part the stored series replaces, alone: reading it against replaying it (equal too).
 *
 * Knobs: BENCH_DATABASE_URL, BENCH_ITERATIONS (30, for the in-process paths), BENCH_API_MS (5000), BENCH_PERIOD (1Y).
 */
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { dailyValuations, type DailyClose } from '@meridian/domain/analytics/valuation';
import { portfolioAnalyticsReport } from '@meridian/domain/analytics/report';
import { combineValuations } from '@meridian/domain/analytics/returns';
import { cashEffect, positionFromTransactions, roundPrice, type TransactionType } from '@meridian/domain/portfolios/ledger';
import { performancePeriods, type PerformancePeriod, type PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import { addMonths, marketDate, tradingDaysBetween } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '@meridian/server/db/client';
import { clients } from '@meridian/server/db/schema/clients';
import { holdings, portfolios, transactions, type PortfolioRow } from '@meridian/server/db/schema/portfolios';
import { prices, securities } from '@meridian/server/db/schema/securities';
import { users } from '@meridian/server/db/schema/users';
import { analyticsInputs } from '@meridian/server/modules/analytics/portfolio-analytics.service';
import { refreshValuations, storedSeries } from '@meridian/server/modules/valuations/valuations.service';
import { runMain, signIn, startBenchServer } from './support/bench-server.ts';
import { requireOk, runLoad } from './support/load.ts';
import { envNumber, machine, median, writeResults } from './support/report.ts';
import { defaultAdminUrl, ensureDatabase } from './seed-large.ts';

const iterations = envNumber('BENCH_ITERATIONS', 30);
const apiMs = envNumber('BENCH_API_MS', 5_000);
const period = (performancePeriods as readonly string[]).includes(process.env.BENCH_PERIOD ?? '')
  ? (process.env.BENCH_PERIOD as PerformancePeriod)
  : '1Y';
const databaseUrl = process.env.BENCH_DATABASE_URL || `${defaultAdminUrl}/meridian_bench_analytics`;
const advisor = { email: 'alex.chen@summitridge.example', password: 'Advisor#2026' };
const portfolioName = 'Bench: 5-year 50-holding';
const ratioTarget = 20;

type Entry = {
  type: TransactionType;
  tradeDate: string;
  securityId: string | null;
  quantity: number | null;
  price: number | null;
  amount: number;
};

/** The bench portfolio's ledger: deterministic, built from the seeded closes. */
function planLedger(held: readonly { id: string; closes: Map<string, number> }[], days: readonly string[]): Entry[] {
  const entries: Entry[] = [];
  const entry = (
    type: TransactionType,
    tradeDate: string,
    fields: { securityId?: string; quantity?: number; price?: number; amount?: number },
  ) =>
    entries.push({
      type,
      tradeDate,
      securityId: fields.securityId ?? null,
      quantity: fields.quantity ?? null,
      price: fields.price ?? null,
      amount: cashEffect({ type, quantity: fields.quantity, price: fields.price, amount: fields.amount }),
    });
  const first = days[0] as string;
  entry('deposit', first, { amount: 5_000_000 });
  const shares = new Map<string, number>();
  for (const security of held) {
    const price = roundPrice(security.closes.get(first) ?? 100);
    const quantity = Math.floor(95_000 / price);
    shares.set(security.id, quantity);
    entry('buy', first, { securityId: security.id, quantity, price });
  }
  // Month ends: dividends on a third of the holdings each quarter, a fee, a contribution or a withdrawal; a yearly rebalance.
  let month = 0;
  for (let cursor = addMonths(first, 1); cursor <= (days.at(-1) as string); cursor = addMonths(cursor, 1), month += 1) {
    const day = days.find((candidate) => candidate >= cursor);
    if (!day) break;
    if (month % 3 === 2) {
      held.forEach((security, index) => {
        if (index % 3 === (month % 9) / 3)
          entry('dividend', day, { securityId: security.id, amount: Math.round((shares.get(security.id) ?? 0) * 0.5 * 100) / 100 });
      });
      entry('fee', day, { amount: 6_250 });
      entry(month % 2 ? 'deposit' : 'withdrawal', day, { amount: 25_000 });
    }
    if (month % 12 === 11) {
      held.forEach((security, index) => {
        const price = roundPrice(security.closes.get(day) ?? 100);
        const quantity = Math.max(1, Math.floor((shares.get(security.id) ?? 0) / 10));
        if (index % 2 === 0) {
          entry('sell', day, { securityId: security.id, quantity, price });
          shares.set(security.id, (shares.get(security.id) ?? 0) - quantity);
        } else {
          entry('buy', day, { securityId: security.id, quantity, price });
          shares.set(security.id, (shares.get(security.id) ?? 0) + quantity);
        }
      });
    }
  }
  return entries;
}

/** The bench portfolio, created on first run: ledger, holdings, cash and its daily valuations. */
async function benchPortfolio(db: Db, today: string): Promise<PortfolioRow> {
  const [existing] = await db.select().from(portfolios).where(eq(portfolios.name, portfolioName));
  if (existing) return existing;
  const [owner] = await db.select().from(users).where(eq(users.email, advisor.email));
  if (!owner) throw new Error('the demo advisor is missing');
  const held = await db
    .select({ id: securities.id })
    .from(securities)
    .where(eq(securities.assetClass, 'equity'))
    .orderBy(asc(securities.symbol))
    .limit(50);
  const closeRows = await db
    .select()
    .from(prices)
    .where(
      inArray(
        prices.securityId,
        held.map((row) => row.id),
      ),
    );
  const closes = new Map(held.map((row) => [row.id, new Map<string, number>()]));
  for (const row of closeRows) closes.get(row.securityId)?.set(row.date, row.close);
  const firstClose = closeRows.reduce((min, row) => (row.date < min ? row.date : min), today);
  const days = tradingDaysBetween(firstClose, today).filter((day) => closes.get(held[0]!.id)?.has(day));
  const ledger = planLedger(
    held.map((row) => ({ id: row.id, closes: closes.get(row.id)! })),
    days,
  );
  return db.transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({
        firmId: owner.firmId,
        advisorId: owner.id,
        firstName: 'Bench',
        lastName: 'Fifty',
        email: 'bench.fifty@example.com',
        riskCapacity: 'high',
      })
      .returning();
    const [portfolio] = await tx
      .insert(portfolios)
      .values({ firmId: owner.firmId, clientId: client!.id, name: portfolioName, accountType: 'taxable', cashBalance: 0 })
      .returning();
    const start = Date.parse(`${days[0]}T21:00:00Z`);
    await tx.insert(transactions).values(
      ledger.map((entry, index) => ({
        ...entry,
        firmId: owner.firmId,
        portfolioId: portfolio!.id,
        createdBy: owner.id,
        createdAt: new Date(start + index),
      })),
    );
    for (const security of held) {
      const position = positionFromTransactions(
        ledger.filter((entry) => entry.securityId === security.id && (entry.type === 'buy' || entry.type === 'sell')),
      );
      if (position.quantity > 0) {
        await tx.insert(holdings).values({
          firmId: owner.firmId,
          portfolioId: portfolio!.id,
          securityId: security.id,
          quantity: position.quantity,
          averageCost: position.averageCost,
        });
      }
    }
    const [updated] = await tx
      .update(portfolios)
      .set({ cashBalance: sql`(select sum(amount) from transactions where portfolio_id = ${portfolio!.id})` })
      .where(eq(portfolios.id, portfolio!.id))
      .returning();
    await refreshValuations(tx, [{ portfolioId: portfolio!.id, from: null }], today);
    return updated!;
  });
}

/** The series replayed from the whole ledger and every close of its securities since inception. */
async function replayedSeries(db: Db, portfolio: PortfolioRow, today: string) {
  const ledger = await db
    .select({
      type: transactions.type,
      date: transactions.tradeDate,
      symbol: transactions.securityId,
      quantity: transactions.quantity,
      price: transactions.price,
      amount: transactions.amount,
    })
    .from(transactions)
    .where(eq(transactions.portfolioId, portfolio.id))
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
  const ids = [...new Set(ledger.flatMap((entry) => (entry.symbol ? [entry.symbol] : [])))];
  const closeRows = await db.select().from(prices).where(inArray(prices.securityId, ids)).orderBy(asc(prices.date));
  const closes = new Map<string, DailyClose[]>();
  for (const row of closeRows) {
    const list = closes.get(row.securityId) ?? [];
    list.push({ date: row.date, close: row.close });
    closes.set(row.securityId, list);
  }
  return dailyValuations(
    ledger.map((entry) => ({ ...entry, amount: Math.abs(entry.amount) })),
    closes,
    ledger[0]!.date,
    today,
  ).days;
}

/** (b): the same report with the series replayed instead of read. */
async function fromLedger(db: Db, portfolio: PortfolioRow, today: string): Promise<PortfolioAnalytics> {
  const days = await replayedSeries(db, portfolio, today);
  const scope = {
    kind: 'portfolio' as const,
    id: portfolio.id,
    name: portfolio.name,
    benchmarkSymbol: portfolio.benchmarkSymbol,
    portfolioIds: [portfolio.id],
  };
  return portfolioAnalyticsReport(await analyticsInputs(db, scope, [portfolio], period, days));
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number[]; last: T }> {
  const ms: number[] = [];
  let last: T | undefined;
  for (let index = 0; index < iterations; index += 1) {
    const started = performance.now();
    last = await run();
    ms.push(performance.now() - started);
  }
  return { ms, last: last as T };
}

/** The path of the first place two JSON values differ, with both values. */
function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? null : `${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)] ?? Number.NaN;

runMain(async () => {
  await ensureDatabase(databaseUrl);
  const server = await startBenchServer({ DATABASE_URL: databaseUrl, SEED: 'demo', RATE_LIMIT_MAX: '1000000' });
  try {
    const db = server.app.db;
    const today = marketDate(new Date());
    const setupStarted = performance.now();
    const portfolio = await benchPortfolio(db, today);
    const counted = (await db.execute(sql`select (select count(*)::int from transactions where portfolio_id = ${portfolio.id}) as entries,
                                  (select count(*)::int from portfolio_valuations where portfolio_id = ${portfolio.id}) as days`)) as unknown as {
      rows: Array<{ entries: number; days: number }>;
    };
    const { entries, days } = counted.rows[0]!;
    console.log(
      `portfolio ${portfolio.id}: ${entries} ledger entries, ${days} valued days (ready in ${Math.round(performance.now() - setupStarted)} ms)`,
    );

    const token = await signIn(server.url, advisor);
    const viaApi = () =>
      fetch(`${server.url}/api/v1/portfolios/${portfolio.id}/analytics?period=${period}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then(async (response) => {
        if (response.status !== 200) throw new Error(`analytics answered ${response.status}: ${await response.text()}`);
        return (await response.json()) as PortfolioAnalytics;
      });
    await fromLedger(db, portfolio, today); // warm both paths
    const answer = await viaApi();
    const load = {
      url: `${server.url}/api/v1/portfolios/${portfolio.id}/analytics?period=${period}`,
      headers: { authorization: `Bearer ${token}` },
      concurrency: 1,
    };
    requireOk('analytics warm-up', await runLoad({ ...load, durationMs: 1_000 }));
    const api = await runLoad({ ...load, durationMs: apiMs });
    requireOk('analytics', api);
    const ledger = await timed(() => fromLedger(db, portfolio, today));
    // The part the stored series replaces, alone: reading it against replaying it.
    const storedPart = await timed(async () => combineValuations(await storedSeries(db, [portfolio.id])));
    const replayedPart = await timed(() => replayedSeries(db, portfolio, today));
    const seriesEqual = isDeepStrictEqual(storedPart.last, replayedPart.last);
    const equal = isDeepStrictEqual(JSON.parse(JSON.stringify(ledger.last)), answer);
    const ratio = median(ledger.ms) / api.p50Ms;
    const figures = {
      period,
      entries,
      days,
      iterations,
      api: { requests: api.requests, medianMs: api.p50Ms, p95Ms: api.p95Ms },
      fromLedger: { medianMs: median(ledger.ms), p95Ms: p95(ledger.ms) },
      ratio,
      ratioTarget,
      equal,
      series: {
        storedMedianMs: median(storedPart.ms),
        replayedMedianMs: median(replayedPart.ms),
        ratio: median(replayedPart.ms) / median(storedPart.ms),
        equal: seriesEqual,
      },
    };
    console.log(
      `(a) GET /portfolios/{id}/analytics?period=${period}: median ${figures.api.medianMs.toFixed(1)} ms, p95 ${figures.api.p95Ms.toFixed(1)} ms`,
    );
    console.log(
      `(b) from the ledger, no stored series:      median ${figures.fromLedger.medianMs.toFixed(1)} ms, p95 ${figures.fromLedger.p95Ms.toFixed(1)} ms`,
    );
    console.log(
      `ratio (b) / (a): ${ratio.toFixed(1)}× (target ≥ ${ratioTarget}×) ${ratio >= ratioTarget ? 'MET' : 'NOT MET'}; answers equal: ${equal}`,
    );
    console.log(
      `series alone: stored ${figures.series.storedMedianMs.toFixed(1)} ms vs replayed ${figures.series.replayedMedianMs.toFixed(1)} ms = ${figures.series.ratio.toFixed(0)}×; equal: ${seriesEqual}`,
    );
    console.log(`results: ${writeResults('analytics', { machine: machine(), ...figures })}`);
    if (!equal || !seriesEqual) {
      console.log(`first difference: ${firstDifference(JSON.parse(JSON.stringify(ledger.last)), answer)}`);
      process.exitCode = 1;
    }
  } finally {
    await server.close();
  }
});
