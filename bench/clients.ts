/**
 * Client search at scale: GET /api/v1/clients?search=…&per_page=50 on the large book of
 * bench/seed-large.ts (100,000 clients, 250,000 portfolios, 1.1M holdings, 2M transactions).
 *
 *   npx tsx bench/seed-large.ts && npx tsx bench/clients.ts      (npm run seed-large / clients -w bench)
 *
 * The real server (startServer: NODE_ENV=production, SEED=none, LOG_LEVEL=warn, limits out of the
 * way) runs in this process on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
 * meridian_bench_large), with a bare Fastify route beside it. Measured at BENCH_CONCURRENCY (32),
 * BENCH_DURATION_MS (10 s) after BENCH_WARMUP_MS (3 s) each, rotating over realistic search terms:
 *
 *  (a) the API, signed in as the firm admin (whole firm) and as an advisor (own book);
 *  (b) the SAME statement straight through `pg` (a Pool of 10, as the server's): built by the
 *      product's own query builder (clientConditions + selectClients with countMatches, exactly as
 *      listClients calls them) on a drizzle node-postgres instance, taken out with toSQL(), and sent
 *      with the same text, parameters and row mode, as a named prepared statement like the API's,
 *      on a pool made as the server makes its own
 *      (fromPostgresUrl: same size, same planner settings per connection);
 *  (c) a bare Fastify route (the HTTP + load generator floor).
 *  A 2-letter term (no trigram: page and count as two statements at once) is reported separately.
 *
 * Targets: API p95 ≤ 20 ms, and API p95 ÷ raw-statement p95 ≤ 1.5. Then a diagnostic pass: per term
 * EXPLAIN ANALYZE (planning, execution, the per-row valuation and last-trade subplan, the count window), count
 * alone, the page without AUM, and what the server adds over the database (inject vs raw, and
 * toClient + JSON serialisation of a page).
 *
 * Knobs: BENCH_DATABASE_URL, BENCH_CONCURRENCY (32), BENCH_DURATION_MS (10000), BENCH_WARMUP_MS
 * (3000), BENCH_RUNS (1; the summary takes the run with the least other CPU), BENCH_SKIP_DIAG.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { and, count, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { clientListQuerySchema, type ClientListQuery } from '@meridian/domain/clients/list-query';
import { clientListResponseSchema } from '@meridian/domain/clients/contracts';
import type { Db } from '@meridian/server/db/client';
import { clients } from '@meridian/server/db/schema/clients';
import {
  clientConditions,
  selectClients,
  toClient,
  usesTrigrams,
  type ClientListRow,
} from '@meridian/server/modules/clients/clients.queries';
import type { Viewer } from '@meridian/server/platform/reach';
import { ensureDatabase, largeDatabaseUrl } from './seed-large.ts';
import { describeLoad, requireOk, runInProcess, runLoad, type LoadOptions, type LoadResult } from './support/load.ts';
import { envNumber, machine, median, writeResults } from './support/report.ts';
import { runMain, signIn, startComparison } from './support/bench-server.ts';

const concurrency = envNumber('BENCH_CONCURRENCY', 32);
const durationMs = envNumber('BENCH_DURATION_MS', 10_000);
const warmupMs = envNumber('BENCH_WARMUP_MS', 3_000);
const runs = envNumber('BENCH_RUNS', 1);
const skipDiagnostics = Boolean(process.env.BENCH_SKIP_DIAG);
const p95Target = 20;
const ratioTarget = 1.5;

/** Surname fragments (common to rare) and e-mail fragments, all ≥ 3 letters: the trigram path. */
const terms = ['smi', 'john', 'garc', 'nguy', 'mart', 'ander', 'lee', 'rodr', 'patel', 'kowal', 'jsmith', '.garcia'];
const shortTerm = 'li';
const admin = { email: 'admin@summitridge.example', password: 'Admin#2026' };
const advisor = { email: 'alex.chen@summitridge.example', password: 'Advisor#2026' };

// ------------------------------------------------------------------------------------------------
// Machine state

function machineBusyMs(): number {
  return os.cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0);
}
/** CPU used by other processes (PostgreSQL included) in cores, over `ms`. */
async function otherCores(ms = 1000): Promise<number> {
  const busy = machineBusyMs();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const own = process.cpuUsage(cpu);
  return Math.max(0, (machineBusyMs() - busy - (own.user + own.system) / 1000) / (performance.now() - started));
}
const loadAverage = () => os.loadavg().map((x) => Number(x.toFixed(2)));

type Measured = LoadResult & { serverUtilization: number; cpuCores: number; otherCores: number; loadAverage: number[] };

async function measure(run: () => Promise<LoadResult>): Promise<Measured> {
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const busy = machineBusyMs();
  const started = performance.now();
  const result = await run();
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuCores = (used.user + used.system) / 1000 / elapsed;
  return {
    ...result,
    serverUtilization: performance.eventLoopUtilization(elu).utilization,
    cpuCores,
    otherCores: Math.max(0, (machineBusyMs() - busy) / elapsed - cpuCores),
    loadAverage: loadAverage(),
  };
}

const describe = (label: string, m: Measured) =>
  `${describeLoad(label, m)}  loop ${(m.serverUtilization * 100).toFixed(0)}% client ${(m.clientUtilization * 100).toFixed(0)}% others ${m.otherCores.toFixed(2)} cores`;

// ------------------------------------------------------------------------------------------------
// Raw SQL: the statements listClients sends, built by the product's query builder

type Statement = { name: string; text: string; values: unknown[]; rowMode: 'array' };
/** What listClients sends for one search: one statement (trigram search), or page and count at once. */
type RawPlan = { term: string; page: Statement; count?: Statement };

/** Named as the API's are (a prepared statement per distinct text), so PostgreSQL parses each once. */
const statementNames = new Map<string, string>();

function statementOf(query: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = query.toSQL();
  if (!statementNames.has(text)) statementNames.set(text, `bench_raw_${statementNames.size + 1}`);
  return { name: statementNames.get(text)!, text, values: params, rowMode: 'array' };
}

function rawPlan(db: Db, viewer: Viewer, term: string): RawPlan {
  const query: ClientListQuery = clientListQuerySchema.parse({ search: term, per_page: '50' });
  const where = clientConditions(viewer, query);
  const options = { sort: query.sort, order: query.order, limit: query.per_page ?? 50, offset: 0 };
  if (usesTrigrams(term)) return { term, page: statementOf(selectClients(db, where, { ...options, countMatches: true })) };
  return {
    term,
    page: statementOf(selectClients(db, where, options)),
    count: statementOf(db.select({ total: count() }).from(clients).where(where)),
  };
}

const planTerm = (plan: RawPlan) => plan.term;

/** The statement(s) alone, as the API sends them (a 2-letter term: page and count at once). */
async function runRawStatement(pool: pg.Pool, plan: RawPlan): Promise<number> {
  const [page] = await Promise.all([pool.query(plan.page), plan.count ? pool.query(plan.count) : undefined]);
  return page.rowCount ?? 0;
}

// ------------------------------------------------------------------------------------------------
// Diagnostics

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'Actual Total Time'?: number;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
};

const relationsOf = (node: PlanNode): string[] => [
  ...(node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(relationsOf),
];
const nodeTime = (node: PlanNode) => (node['Actual Total Time'] ?? 0) * (node['Actual Loops'] ?? 1);

/**
 * The per-row parts of a plan with their total time: the valuation (AUM and gain/loss, an aggregate
 * over the client's portfolios, joined laterally) and the last-trade subplan (reads transactions).
 */
function subplans(node: PlanNode, found: Array<{ name: string; ms: number; loops: number }> = []) {
  const relations = relationsOf(node);
  if (node['Node Type'] === 'Aggregate' && relations.length > 0 && relations.every((relation) => relation === 'portfolios')) {
    found.push({ name: 'aum', ms: nodeTime(node), loops: node['Actual Loops'] ?? 1 });
    return found;
  }
  if (node['Parent Relationship'] === 'SubPlan' || node['Parent Relationship'] === 'InitPlan') {
    const name = relations.includes('transactions') ? 'lastTrade' : (node['Subplan Name'] ?? 'subplan');
    found.push({ name, ms: nodeTime(node), loops: node['Actual Loops'] ?? 1 });
    return found;
  }
  for (const child of node.Plans ?? []) subplans(child, found);
  return found;
}
/** The WindowAgg (count(*) over ()) node's own input: the scan of the matches. */
function findNode(node: PlanNode, type: string): PlanNode | undefined {
  if (node['Node Type'] === type) return node;
  for (const child of node.Plans ?? []) {
    const hit = findNode(child, type);
    if (hit) return hit;
  }
  return undefined;
}

async function sequentialMs(times: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const begin = performance.now();
    await fn();
    samples.push(performance.now() - begin);
  }
  return median(samples);
}

// ------------------------------------------------------------------------------------------------

async function main() {
  const url = largeDatabaseUrl();
  await ensureDatabase(url);
  const { server, bareUrl, rawPool, rawDb, close } = await startComparison(url);

  try {
    const info = machine();
    const sizes = (
      await rawPool.query<{ clients: string; portfolios: string; holdings: string; transactions: string }>(
        `select (select count(*) from clients) as clients, (select count(*) from portfolios) as portfolios,
              (select count(*) from holdings) as holdings, (select count(*) from transactions) as transactions`,
      )
    ).rows[0]!;
    console.log(
      `Meridian client search benchmark: ${info.cores} cores (${info.cpuModel}), Node ${info.node}, PostgreSQL ${url.replace(/:[^:@/]*@/, ':***@')}`,
    );
    console.log(
      `book: ${Object.entries(sizes)
        .map(([k, v]) => `${Number(v).toLocaleString('en-US')} ${k}`)
        .join(', ')}`,
    );
    if (Number(sizes.clients) < 10_000) throw new Error('the book is small: run bench/seed-large.ts first');
    console.log(
      `concurrency ${concurrency}, ${durationMs / 1000} s per measurement after ${warmupMs / 1000} s warm-up; terms ${terms.join(' ')}; 2-letter '${shortTerm}'`,
    );

    const adminToken = await signIn(server.url, admin);
    const advisorToken = await signIn(server.url, advisor);
    const viewerOf = async (email: string): Promise<Viewer> => {
      const row = (
        await rawPool.query<{ id: string; firm_id: string; role: Viewer['role'] }>('select id, firm_id, role from users where email = $1', [
          email,
        ])
      ).rows[0];
      if (!row) throw new Error(`no user ${email}`);
      return { id: row.id, firmId: row.firm_id, role: row.role };
    };
    const adminViewer = await viewerOf(admin.email);
    const advisorViewer = await viewerOf(advisor.email);

    const path = (term: string) => `/api/v1/clients?search=${encodeURIComponent(term)}&per_page=50`;
    const api = (token: string, list: string[]): LoadOptions => ({
      url: `${server.url}${path(list[0]!)}`,
      paths: list.map(path),
      headers: { authorization: `Bearer ${token}` },
      concurrency,
      durationMs,
    });
    const adminPlans = terms.map((term) => rawPlan(rawDb, adminViewer, term));
    const advisorPlans = terms.map((term) => rawPlan(rawDb, advisorViewer, term));
    const shortPlans = [rawPlan(rawDb, adminViewer, shortTerm)];

    // Same rows from both sides (the raw statement is the API's).
    for (const [index, term] of terms.entries()) {
      const answer = (await (await fetch(`${server.url}${path(term)}`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
        clients: unknown[];
        total: number;
      };
      const raw = await rawPool.query(adminPlans[index]!.page);
      const totalColumn = raw.rows[0] ? (raw.rows[0] as unknown[]).at(-1) : 0;
      if (raw.rowCount !== answer.clients.length || Number(totalColumn ?? 0) !== answer.total) {
        throw new Error(`'${term}': API ${answer.clients.length} rows of ${answer.total}, raw ${raw.rowCount} rows of ${totalColumn}`);
      }
    }

    type Scenario = { key: string; label: string; run: (ms: number) => Promise<LoadResult> };
    const scenarios: Scenario[] = [
      { key: 'apiAdmin', label: 'API admin (firm)', run: (ms) => runLoad({ ...api(adminToken, terms), durationMs: ms }) },
      {
        key: 'rawStatement',
        label: 'raw SQL statement (admin)',
        run: (ms) => runInProcess(adminPlans, planTerm, concurrency, ms, (p) => runRawStatement(rawPool, p)),
      },
      { key: 'bare', label: 'bare Fastify', run: (ms) => runLoad({ url: bareUrl, concurrency, durationMs: ms }) },
      { key: 'apiAdvisor', label: 'API advisor (own book)', run: (ms) => runLoad({ ...api(advisorToken, terms), durationMs: ms }) },
      {
        key: 'rawAdvisor',
        label: 'raw SQL statement (advisor)',
        run: (ms) => runInProcess(advisorPlans, planTerm, concurrency, ms, (p) => runRawStatement(rawPool, p)),
      },
      {
        key: 'apiShort',
        label: `API admin '${shortTerm}' (2 letters)`,
        run: (ms) => runLoad({ ...api(adminToken, [shortTerm]), durationMs: ms }),
      },
      {
        key: 'rawShort',
        label: `raw SQL '${shortTerm}' (page ∥ count)`,
        run: (ms) => runInProcess(shortPlans, planTerm, concurrency, ms, (p) => runRawStatement(rawPool, p)),
      },
    ];

    for (const scenario of scenarios) requireOk(`${scenario.label} warm-up`, await scenario.run(warmupMs));

    const allRuns: Array<{ run: number; otherCoresBefore: number; loadAverageBefore: number[]; results: Record<string, Measured> }> = [];
    for (let run = 0; run < runs; run += 1) {
      const before = await otherCores();
      const loadBefore = loadAverage();
      console.log(
        `\nrun ${run + 1}/${runs}: other processes ${before.toFixed(2)} of ${info.cores} cores, load average ${loadBefore.join(' ')}`,
      );
      const results: Record<string, Measured> = {};
      for (const scenario of scenarios) {
        const result = await measure(() => scenario.run(durationMs));
        requireOk(scenario.label, result);
        results[scenario.key] = result;
        console.log(`  ${describe(scenario.label, result)}`);
      }
      allRuns.push({ run: run + 1, otherCoresBefore: before, loadAverageBefore: loadBefore, results });
    }
    // The quietest run: least CPU taken by other processes just before it and during its bare-Fastify
    // measurement (the one moment PostgreSQL, counted among "others" everywhere else, is idle).
    const disturbance = (r: (typeof allRuns)[number]) => r.otherCoresBefore + r.results.bare!.otherCores;
    const quiet = [...allRuns].sort((a, b) => disturbance(a) - disturbance(b))[0]!;
    const q = quiet.results;
    const apiP95 = q.apiAdmin!.p95Ms;
    const rawP95 = q.rawStatement!.p95Ms;
    const ratio = apiP95 / rawP95;

    console.log(`\nPer term (run ${quiet.run}), p95 ms: API admin | raw statement | API advisor | raw advisor`);
    for (const [index, term] of terms.entries()) {
      const p = (m: Measured | undefined, key: string) => m?.byPath?.[key]?.p95Ms.toFixed(1).padStart(6) ?? '     -';
      console.log(
        `  ${term.padEnd(9)} ${p(q.apiAdmin, path(term))} ${p(q.rawStatement, term)} ${p(q.apiAdvisor, path(term))} ${p(q.rawAdvisor, term)}   (matches: ${await matchCount(rawPool, adminPlans[index]!)})`,
      );
    }

    // -------------------------------------------------------------------------- diagnostics
    const diagnostics: Record<string, unknown> = {};
    if (!skipDiagnostics) {
      console.log('\nWhere the time goes (sequential, one request at a time, median of 15; admin):');
      console.log('  term      matches  plan  exec |   valuation  lastTrade | count-only  page-no-aum | raw stmt  inject  http');
      const rows: Array<Record<string, number | string>> = [];
      for (const plan of [...adminPlans, ...shortPlans]) {
        const client = await rawPool.connect();
        let explained: { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number };
        try {
          const result = await client.query({
            text: `explain (analyze, buffers, format json) ${plan.page.text}`,
            values: plan.page.values,
          });
          explained = (result.rows[0] as { 'QUERY PLAN': Array<typeof explained> })['QUERY PLAN'][0]!;
        } finally {
          client.release();
        }
        const subs = subplans(explained.Plan);
        const aumMs = subs.filter((s) => s.name === 'aum').reduce((a, s) => a + s.ms, 0);
        const lastTradeMs = subs.filter((s) => s.name === 'lastTrade').reduce((a, s) => a + s.ms, 0);
        const windowNode = findNode(explained.Plan, 'WindowAgg');
        const query: ClientListQuery = clientListQuerySchema.parse({ search: plan.term, per_page: '50' });
        const where = clientConditions(adminViewer, query);
        const countOnly = statementOf(rawDb.select({ total: count() }).from(clients).where(where));
        const countMs = await sequentialMs(15, () => rawPool.query(countOnly));
        // The page without AUM and last activity: the narrow match/page part plus the joins only.
        const noAum = statementOf(pageWithoutValuation(rawDb, where));
        const noAumMs = await sequentialMs(15, () => rawPool.query(noAum));
        const rawMs = await sequentialMs(15, () => runRawStatement(rawPool, plan));
        const injectMs = await sequentialMs(15, () =>
          server.app.inject({ method: 'GET', url: path(plan.term), headers: { authorization: `Bearer ${adminToken}` } }),
        );
        const httpMs = await sequentialMs(15, () =>
          fetch(`${server.url}${path(plan.term)}`, { headers: { authorization: `Bearer ${adminToken}` } }).then((r) => r.arrayBuffer()),
        );
        const matches = await matchCount(rawPool, plan);
        const row = {
          term: plan.term,
          matches,
          planningMs: explained['Planning Time'],
          executionMs: explained['Execution Time'],
          aumSubplanMs: aumMs,
          lastTradeSubplanMs: lastTradeMs,
          windowCountMs: windowNode ? nodeTime(windowNode) : Number.NaN,
          countOnlyMs: countMs,
          pageWithoutValuationMs: noAumMs,
          rawStatementMs: rawMs,
          injectMs,
          httpMs,
        };
        rows.push(row);
        const f = (x: number, w = 5) => x.toFixed(1).padStart(w);
        console.log(
          `  ${plan.term.padEnd(9)} ${String(matches).padStart(6)} ${f(row.planningMs)} ${f(row.executionMs)} | ${f(aumMs, 11)} ${f(lastTradeMs, 10)} | ${f(countMs, 10)} ${f(noAumMs, 12)} | ${f(rawMs, 8)} ${f(injectMs, 7)} ${f(httpMs, 5)}`,
        );
      }
      // Serialisation of one page: toClient over 50 rows and JSON of the answer, in this process.
      const sample = (await selectClients(
        rawDb,
        clientConditions(adminViewer, clientListQuerySchema.parse({ search: 'smi', per_page: '50' })),
        { sort: 'name', order: 'asc', limit: 50, offset: 0, countMatches: true },
      )) as ClientListRow[];
      const now = new Date();
      const serializeUs =
        (await sequentialMs(200, async () =>
          JSON.stringify({ clients: sample.map((r) => toClient(r, now, null)), total: 1, page: 1, per_page: 50, pages: 1 }),
        )) * 1000;
      const mapUs = (await sequentialMs(200, async () => sample.map((r) => toClient(r, now, null)))) * 1000;
      // The response schema encode fastify-type-provider-zod runs on every 200 (then JSON.stringify).
      const response = { clients: sample.map((r) => toClient(r, now, null)), total: 7310, page: 1, per_page: 50, pages: 147 };
      const zodEncodeUs = (await sequentialMs(200, async () => clientListResponseSchema.safeEncode(response))) * 1000;
      // Drizzle's execution of the same statement (row mapping, mapWith) against the raw pg query.
      const smiPlan = adminPlans[0]!;
      const smiWhere = clientConditions(adminViewer, clientListQuerySchema.parse({ search: smiPlan.term, per_page: '50' }));
      const drizzleMs = await sequentialMs(20, () =>
        selectClients(rawDb, smiWhere, { sort: 'name', order: 'asc', limit: 50, offset: 0, countMatches: true }),
      );
      const rawSmiMs = await sequentialMs(20, () => rawPool.query(smiPlan.page));
      const meMs = await sequentialMs(50, () =>
        server.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${adminToken}` } }),
      );
      console.log(
        `  zod safeEncode of the page (response serializer) ${zodEncodeUs.toFixed(0)} µs; '${smiPlan.term}' via drizzle ${drizzleMs.toFixed(2)} ms vs raw pg ${rawSmiMs.toFixed(2)} ms; GET /users/me via inject (auth + user lookup) ${meMs.toFixed(2)} ms`,
      );
      diagnostics.zodEncodeUs = zodEncodeUs;
      diagnostics.drizzleVsRaw = { term: smiPlan.term, drizzleMs, rawMs: rawSmiMs };
      diagnostics.usersMeInjectMs = meMs;
      const bytes = (
        await (await fetch(`${server.url}${path('smi')}`, { headers: { authorization: `Bearer ${adminToken}` } })).arrayBuffer()
      ).byteLength;
      console.log(
        `  one page of 50 rows: toClient ${mapUs.toFixed(0)} µs, toClient + JSON.stringify ${serializeUs.toFixed(0)} µs, response ${(bytes / 1024).toFixed(1)} KiB`,
      );
      const injectMinusRaw = median(rows.map((r) => Number(r.injectMs) - Number(r.rawStatementMs)));
      console.log(`  the server adds (inject − raw statement, median over terms): ${injectMinusRaw.toFixed(2)} ms per request when alone`);
      // How p95 follows concurrency: the same rotation at lower concurrency (5 s each).
      const sweep: Array<{ concurrency: number; rps: number; p50Ms: number; p95Ms: number }> = [];
      for (const lanes of [1, 2, 4, 8, 16]) {
        const result = await runLoad({ ...api(adminToken, terms), concurrency: lanes, durationMs: 5_000 });
        requireOk(`sweep ${lanes}`, result);
        sweep.push({ concurrency: lanes, rps: result.requestsPerSecond, p50Ms: result.p50Ms, p95Ms: result.p95Ms });
      }
      console.log(
        `  API admin by concurrency (5 s each): ${sweep.map((x) => `${x.concurrency}: ${x.rps.toFixed(0)} req/s p95 ${x.p95Ms.toFixed(1)} ms`).join(' | ')}`,
      );
      diagnostics.concurrencySweep = sweep;
      diagnostics.perTerm = rows;
      diagnostics.serialization = { toClientUs: mapUs, toClientAndJsonUs: serializeUs, responseBytes: bytes };
      diagnostics.injectMinusRawMs = injectMinusRaw;
    }

    console.log(
      `\nSummary (run ${quiet.run} of ${runs}, the quietest: other processes ${disturbance(quiet).toFixed(2)} cores before + during bare, load average ${quiet.loadAverageBefore.join(' ')} before)`,
    );
    console.log(
      `  API p95 ${apiP95.toFixed(1)} ms (p50 ${q.apiAdmin!.p50Ms.toFixed(1)}, p99 ${q.apiAdmin!.p99Ms.toFixed(1)}), ${q.apiAdmin!.requestsPerSecond.toFixed(0)} req/s — target ≤ ${p95Target} ms: ${apiP95 <= p95Target ? 'met' : 'NOT met'}`,
    );
    console.log(`  raw SQL statement p95 ${rawP95.toFixed(1)} ms, ${q.rawStatement!.requestsPerSecond.toFixed(0)} q/s`);
    console.log(
      `  ratio API p95 ÷ raw statement p95 = ${ratio.toFixed(2)} (target ≤ ${ratioTarget}: ${ratio <= ratioTarget ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  bare Fastify ${q.bare!.requestsPerSecond.toFixed(0)} req/s p95 ${q.bare!.p95Ms.toFixed(2)} ms; advisor API p95 ${q.apiAdvisor!.p95Ms.toFixed(1)} ms (raw ${q.rawAdvisor!.p95Ms.toFixed(1)}); '${shortTerm}' API p95 ${q.apiShort!.p95Ms.toFixed(1)} ms (raw ${q.rawShort!.p95Ms.toFixed(1)})`,
    );

    const file = writeResults('clients', {
      benchmark: 'clients',
      date: new Date().toISOString(),
      machine: info,
      database: 'postgres',
      book: Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, Number(v)])),
      concurrency,
      durationMs,
      warmupMs,
      poolSize: rawPool.options.max,
      terms,
      shortTerm,
      runs: allRuns,
      quietestRun: quiet.run,
      summary: {
        apiP95Ms: apiP95,
        apiP50Ms: q.apiAdmin!.p50Ms,
        apiRps: q.apiAdmin!.requestsPerSecond,
        rawStatementP95Ms: rawP95,
        rawStatementRps: q.rawStatement!.requestsPerSecond,
        bareRps: q.bare!.requestsPerSecond,
        bareP95Ms: q.bare!.p95Ms,
        ratio,
        p95Target,
        ratioTarget,
        p95Met: apiP95 <= p95Target,
        ratioMet: ratio <= ratioTarget,
        advisorP95Ms: q.apiAdvisor!.p95Ms,
        advisorRawP95Ms: q.rawAdvisor!.p95Ms,
        shortTermP95Ms: q.apiShort!.p95Ms,
        shortTermRawP95Ms: q.rawShort!.p95Ms,
      },
      diagnostics,
    });
    console.log(`Results: ${file}`);
  } finally {
    await close();
  }
}

/** Number of matches of a plan's search (the total the API reports). */
async function matchCount(pool: pg.Pool, plan: RawPlan): Promise<number> {
  const result = await pool.query(plan.count ?? plan.page);
  const row = result.rows[0] as unknown[] | undefined;
  return Number(row?.at(-1) ?? 0);
}

/** The list's page with the same reach, search and order, but no AUM or last-activity subqueries. */
function pageWithoutValuation(db: Db, where: SQL) {
  return db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      total: sql<number>`count(*) over ()`,
    })
    .from(clients)
    .where(and(where))
    .orderBy(sql`lower(${clients.lastName})`, sql`lower(${clients.firstName})`, clients.id)
    .limit(50);
}

runMain(main);
