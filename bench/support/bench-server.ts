import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@meridian/server/config';
import { startServer, type RunningServer } from '@meridian/server/server';

/**
 * The real product as a benchmark measures it: production settings with a fresh secret, quiet
 * logs, loopback on a free port, a temporary data folder (removed by close) and no demo seed unless
 * `env` asks for one. `env` adds or overrides settings as the environment would.
 */
export async function startBenchServer(env: Record<string, string>, options: Parameters<typeof startServer>[1] = {}): Promise<RunningServer> {
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
