/**
 * The dashboard's calls on the large book of bench/seed-large.ts (100,000 clients, 250,000
 * portfolios, their daily valuations and the advisors' books), each through the API and as the same
 * SQL straight through `pg`:
 *
 *   npx tsx bench/seed-large.ts && npx tsx bench/dashboard.ts      (npm run seed-large / dashboard -w bench)
 *
 * The real server (startServer, production settings, limits out of the way) runs in this process on
 * BENCH_DATABASE_URL. For every call the dashboard page makes (the four cards, the metrics panel, the
 * Client Portfolio table's first page), signed in as the firm admin (whole firm) and as an advisor:
 *
 *  (a) the API, BENCH_CONCURRENCY (4) requests at a time for BENCH_DURATION_MS (8 s) after
 *      BENCH_WARMUP_MS (2 s);
 *  (b) the same SQL through pg: the statements the server sent while answering the call once,
 *      captured on its own connections (text, parameters, row mode, prepared-statement name), then
 *      replayed in the same order, those the server had in flight together sent together, on a pool
 *      made as the server makes its own (fromPostgresUrl), at the same concurrency. Each replay must
 *      answer the rows the server got.
 *
 * Target: for each call, API p95 ÷ SQL p95 ≤ 1.5. A call that sends no SQL is reported beside a bare
 * Fastify route instead. Knobs: BENCH_DATABASE_URL, BENCH_CONCURRENCY, BENCH_DURATION_MS, BENCH_WARMUP_MS.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ensureDatabase, largeDatabaseUrl } from './seed-large.ts';
import { describeLoad, requireOk, runInProcess, runLoad } from './support/load.ts';
import { runMain, signIn, startComparison } from './support/bench-server.ts';
import { envNumber, machine, writeResults } from './support/report.ts';

const concurrency = envNumber('BENCH_CONCURRENCY', 4);
const durationMs = envNumber('BENCH_DURATION_MS', 8_000);
const warmupMs = envNumber('BENCH_WARMUP_MS', 2_000);
const ratioTarget = 1.5;

const accounts = {
  admin: { email: 'admin@summitridge.example', password: 'Admin#2026' },
  advisor: { email: 'alex.chen@summitridge.example', password: 'Advisor#2026' },
};

/** What the dashboard page asks for (features/dashboard: dashboard-api.ts and the Client Portfolio table). */
const calls = [
  '/api/v1/analytics/aum?period=current',
  '/api/v1/analytics/clients/count?period=current',
  '/api/v1/analytics/assessments/completed?period=current',
  '/api/v1/analytics/performance?period=1Y',
  '/api/v1/analytics/performance-metrics',
  '/api/v1/clients?page=1&per_page=5&performance_period=1Y',
];

// ------------------------------------------------------------------------------------------------
// Capturing the statements the server sends

type Statement = { text: string; values?: unknown[]; rowMode?: 'array'; name?: string; types?: unknown };
type Captured = { statement: Statement; start: number; end: number; rows: number };

let capturing: Captured[] | null = null;

/** Records every query of every pg client of this process while `capturing` is set (the server's, during one call). */
function recordQueries(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const log = capturing;
    if (!log) return query.apply(this, args);
    // (text, values) or (config, values?) as pg takes them; the config keeps its row mode, name and type parsers.
    const first = args[0] as string | Statement;
    const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined;
    const statement: Statement = typeof first === 'string' ? { text: first, values } : { ...first, values: first.values ?? values };
    const entry: Captured = { statement, start: performance.now(), end: Number.NaN, rows: 0 };
    log.push(entry);
    const done = (result?: { rowCount?: number | null; rows?: unknown[] }) => {
      entry.end = performance.now();
      entry.rows = result?.rows?.length ?? 0;
    };
    const callbackAt = args.findIndex((arg) => typeof arg === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
      args[callbackAt] = (error: unknown, result: { rows?: unknown[] }) => {
        done(result);
        callback(error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<{ rows?: unknown[] }>;
    return result.then((answer) => {
      done(answer);
      return answer;
    });
  };
}

/** Statements in the order sent, grouped into waves: a statement joins the wave still in flight when it was sent. */
type Plan = { call: string; waves: Captured[][] };

function wavesOf(captured: Captured[]): Captured[][] {
  const waves: Captured[][] = [];
  let openUntil = -Infinity;
  for (const entry of [...captured].sort((a, b) => a.start - b.start)) {
    if (entry.start < openUntil) {
      waves.at(-1)!.push(entry);
      openUntil = Math.max(openUntil, entry.end);
    } else {
      waves.push([entry]);
      openUntil = entry.end;
    }
  }
  return waves;
}

async function capture(base: string, token: string, call: string, rawPool: pg.Pool): Promise<Plan> {
  capturing = [];
  try {
    const response = await fetch(`${base}${call}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${call}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    const captured = capturing;
    if (captured.some((entry) => /^\s*(begin|commit|rollback|start transaction)\b/i.test(entry.statement.text))) {
      throw new Error(`${call} runs a transaction: a replay on a pool would not be the same SQL`);
    }
    const plan = { call, waves: wavesOf(captured) };
    await replay(rawPool, plan); // fails here, with its reason, when the replay is not the same SQL
    return plan;
  } finally {
    capturing = null;
  }
}

/** The plan's statements through the pool, wave after wave; each must answer the rows the server got. */
async function replay(pool: pg.Pool, plan: Plan): Promise<void> {
  for (const wave of plan.waves) {
    await Promise.all(
      wave.map(async ({ statement, rows }) => {
        const answer = await pool.query(statement as pg.QueryConfig);
        if (answer.rows.length !== rows)
          throw new Error(`${plan.call}: replay answered ${answer.rows.length} rows, the server got ${rows}`);
      }),
    );
  }
}

runMain(async () => {
  const url = largeDatabaseUrl();
  await ensureDatabase(url);
  recordQueries();
  const { server, bareUrl, rawPool, close } = await startComparison(url);
  try {
    const info = machine();
    const sizes = (
      await rawPool.query<{ clients: string; portfolios: string; valuations: string; book: string }>(
        `select (select count(*) from clients) as clients, (select count(*) from portfolios) as portfolios,
              (select reltuples::bigint from pg_class where relname = 'portfolio_valuations') as valuations,
              (select count(*) from book_valuations) as book`,
      )
    ).rows[0]!;
    console.log(
      `Meridian dashboard benchmark: ${info.cores} cores (${info.cpuModel}), Node ${info.node}, PostgreSQL ${url.replace(/:[^:@/]*@/, ':***@')}`,
    );
    console.log(
      `book: ${Number(sizes.clients).toLocaleString('en-US')} clients, ${Number(sizes.portfolios).toLocaleString('en-US')} portfolios, ~${Number(sizes.valuations).toLocaleString('en-US')} daily valuations, ${Number(sizes.book).toLocaleString('en-US')} book rows`,
    );
    if (Number(sizes.clients) < 10_000 || Number(sizes.valuations) < 1_000_000)
      throw new Error('the book is small: run bench/seed-large.ts first');
    console.log(`concurrency ${concurrency}, ${durationMs / 1000} s per measurement after ${warmupMs / 1000} s warm-up\n`);

    const results: Record<string, unknown> = {};
    let allMet = true;
    for (const [role, account] of Object.entries(accounts)) {
      const token = await signIn(server.url, account);
      for (const call of calls) {
        const plan = await capture(server.url, token, call, rawPool);
        const statements = plan.waves.flat().length;
        const api = (ms: number) =>
          runLoad({ url: `${server.url}${call}`, headers: { authorization: `Bearer ${token}` }, concurrency, durationMs: ms });
        const sql = (ms: number) =>
          runInProcess(
            [plan],
            (p) => p.call,
            concurrency,
            ms,
            (p) => replay(rawPool, p),
          );
        const floor = (ms: number) => runLoad({ url: bareUrl, concurrency, durationMs: ms });
        const baseline = statements > 0 ? sql : floor;
        requireOk(`${call} warm-up`, await api(warmupMs));
        requireOk(`${call} baseline warm-up`, await baseline(warmupMs));
        const viaApi = await api(durationMs);
        const viaBaseline = await baseline(durationMs);
        requireOk(call, viaApi);
        requireOk(`${call} baseline`, viaBaseline);
        const ratio = viaApi.p95Ms / viaBaseline.p95Ms;
        const met = statements === 0 || ratio <= ratioTarget;
        allMet &&= met;
        console.log(`${role} ${call}: ${statements} statements in ${plan.waves.length} waves`);
        console.log(`  ${describeLoad('API', viaApi)}`);
        console.log(`  ${describeLoad(statements > 0 ? 'same SQL through pg' : 'bare Fastify (no SQL sent)', viaBaseline)}`);
        console.log(
          `  p95 ratio ${ratio.toFixed(2)}${statements > 0 ? ` (target ≤ ${ratioTarget}) ${met ? 'MET' : 'NOT MET'}` : ' (no SQL: against the HTTP floor)'}\n`,
        );
        results[`${role} ${call}`] = {
          statements,
          waves: plan.waves.length,
          api: viaApi,
          baseline: viaBaseline,
          baselineKind: statements > 0 ? 'sql' : 'bare',
          ratio,
          met,
        };
      }
    }
    console.log(
      `${allMet ? 'every call MET' : 'NOT MET for some calls'}; results: ${writeResults('dashboard', { machine: machine(), concurrency, durationMs, results })}`,
    );
  } finally {
    await close();
  }
});
