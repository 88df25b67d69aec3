import { Worker } from 'node:worker_threads';

export type LoadOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  durationMs: number;
  /**
   * Paths (with query) on the url's origin to rotate over, one request after another across all
   * lanes; the result then also has each path's own figures in `byPath`. Without it, only `url`.
   */
  paths?: string[];
};

type PathResult = { requests: number; p50Ms: number; p95Ms: number; p99Ms: number };

export type LoadResult = {
  requests: number;
  errors: number;
  statusCounts: Record<string, number>;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /**
   * Event-loop utilisation of the load generator's worker thread (0..1). Near 1 means the client,
   * not the server, was the bottleneck, and the figure understates the server.
   */
  clientUtilization: number;
  /** Per path, when `paths` was given. */
  byPath?: Record<string, PathResult>;
};

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, method, headers, body, concurrency, durationMs, paths } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const target = new URL(url);
const latencies = [];
const pathIndexes = [];
const rotation = paths && paths.length ? paths : [target.pathname + target.search];
let turn = 0;
const statusCounts = {};
let errors = 0;
const deadline = performance.now() + durationMs;
function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    const pathIndex = turn++ % rotation.length;
    const request = http.request({ agent, hostname: target.hostname, port: target.port, path: rotation[pathIndex], method, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        latencies.push(performance.now() - started);
        pathIndexes.push(pathIndex);
        statusCounts[response.statusCode] = (statusCounts[response.statusCode] || 0) + 1;
        resolve();
      });
    });
    request.on('error', () => { errors += 1; resolve(); });
    if (body) request.write(body);
    request.end();
  });
}
async function lane() { while (performance.now() < deadline) await once(); }
const started = performance.now();
const elu = performance.eventLoopUtilization();
Promise.all(Array.from({ length: concurrency }, lane)).then(() => {
  agent.destroy();
  const utilization = performance.eventLoopUtilization(elu).utilization;
  parentPort.postMessage({ latencies, pathIndexes, rotation, errors, statusCounts, utilization, elapsedMs: performance.now() - started });
});
`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Drives a URL with `concurrency` keep-alive connections for `durationMs` from a worker thread,
 * so the load generator does not share the event loop with the server under test.
 */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { method: 'GET', headers: {}, ...options },
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once(
      'message',
      (message: {
        latencies: number[];
        pathIndexes: number[];
        rotation: string[];
        errors: number;
        statusCounts: Record<string, number>;
        utilization: number;
        elapsedMs: number;
      }) => {
        const sorted = [...message.latencies].sort((a, b) => a - b);
        let byPath: Record<string, PathResult> | undefined;
        if (options.paths?.length) {
          byPath = {};
          message.rotation.forEach((path, index) => {
            const own = message.latencies.filter((_, i) => message.pathIndexes[i] === index).sort((a, b) => a - b);
            byPath![path] = { requests: own.length, p50Ms: percentile(own, 50), p95Ms: percentile(own, 95), p99Ms: percentile(own, 99) };
          });
        }
        resolve({
          requests: sorted.length,
          errors: message.errors,
          statusCounts: message.statusCounts,
          requestsPerSecond: (sorted.length / message.elapsedMs) * 1000,
          p50Ms: percentile(sorted, 50),
          p95Ms: percentile(sorted, 95),
          p99Ms: percentile(sorted, 99),
          clientUtilization: message.utilization,
          ...(byPath ? { byPath } : {}),
        });
        void worker.terminate();
      },
    );
  });
}

export function describeLoad(label: string, result: LoadResult): string {
  const statuses = Object.entries(result.statusCounts)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return `${label.padEnd(34)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50Ms.toFixed(2)} ms   p95 ${result.p95Ms.toFixed(2)} ms   p99 ${result.p99Ms.toFixed(2)} ms   [${statuses}${result.errors ? ` errors×${result.errors}` : ''}]`;
}

/**
 * `concurrency` lanes in this thread, rotating over `items`, for `ms`: the same figures as runLoad
 * (per item under `keyOf` in byPath), for work that is not an HTTP request (statements through pg).
 */
export async function runInProcess<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  concurrency: number,
  ms: number,
  run: (item: T) => Promise<unknown>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const perItem = items.map(() => [] as number[]);
  let turn = 0;
  let errors = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const index = turn++ % items.length;
        const begin = performance.now();
        try {
          await run(items[index]!);
          const took = performance.now() - begin;
          latencies.push(took);
          perItem[index]!.push(took);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = performance.now() - started;
  const sorted = [...latencies].sort((a, b) => a - b);
  const byPath = Object.fromEntries(
    items.map((item, i) => {
      const own = perItem[i]!.sort((a, b) => a - b);
      return [keyOf(item), { requests: own.length, p50Ms: percentile(own, 50), p95Ms: percentile(own, 95), p99Ms: percentile(own, 99) }];
    }),
  );
  return {
    requests: sorted.length,
    errors,
    statusCounts: { 200: sorted.length },
    requestsPerSecond: (sorted.length / elapsed) * 1000,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    clientUtilization: Number.NaN,
    byPath,
  };
}

/** Throws unless every request of a measurement answered `expected` (200 by default). */
export function requireOk(label: string, result: LoadResult, expected = 200): void {
  const unexpected = Object.keys(result.statusCounts).filter((status) => Number(status) !== expected);
  if (result.errors > 0 || unexpected.length > 0 || result.requests === 0) {
    throw new Error(`${label}: expected only ${expected} answers, got ${JSON.stringify(result.statusCounts)} and ${result.errors} errors`);
  }
}
