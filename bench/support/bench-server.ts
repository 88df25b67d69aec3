import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '@meridian/server/config';
import { fromPostgresUrl } from '@meridian/server/db/client';
import { startServer, type RunningServer } from '@meridian/server/server';

/**
 * The real product as a benchmark measures it: production settings with a fresh secret, quiet
 * logs, loopback on a free port, a temporary data folder (removed by close) and no demo seed unless
 * `env` asks for one. `env` adds or overrides settings as the environment would.
 */
export async function startBenchServer(
  env: Record<string, string>,
  options: Parameters<typeof startServer>[1] = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'meridian-bench-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED: 'none',
      ...env,
    });
    const server = await startServer(config, options);
    return {
      ...server,
      close: async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs a benchmark's main, printing a failure and setting a failing exit code. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

/** Signs in through the API and answers the access token. */
export async function signIn(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 200)
    throw new Error(`login as ${account.email}: ${response.status} ${await response.text()} (run bench/seed-large.ts first)`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * What a scale benchmark sets side by side on one PostgreSQL database: the real server with its
 * limits out of the way, a bare Fastify route (the HTTP floor, at `bareUrl`), and a pool made as the
 * server makes its own (same size and planner settings) for the same statements straight through
 * pg. `close` stops all three.
 */
export async function startComparison(url: string) {
  const server = await startBenchServer({
    DATABASE_URL: url,
    RATE_LIMIT_MAX: '1000000000',
    LOGIN_MAX_FAILURES: '1000000000',
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  });
  const bare = Fastify({ logger: false });
  bare.get('/bench/bare', async () => ({ ok: true }));
  const bareUrl = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/bench/bare`;
  const raw = fromPostgresUrl(url);
  if (raw.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const close = async () => {
    await raw.close();
    await bare.close();
    await server.close();
  };
  return { server, bareUrl, rawPool: raw.pool, rawDb: raw.db, close };
}
