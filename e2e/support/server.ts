import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '@meridian/server/config';
import { startServer, type RunningServer } from '@meridian/server/server';
import { startMailSink } from '@meridian/server/test/mail-sink';
import { copyDemoDataDir, seedsAlike } from '@meridian/server/test/demo-data-dir';

export type JourneyServer = RunningServer & {
  /**
   * The newest e-mail to this address as its recipient got it (the server delivers over SMTP to a
   * sink of its own); waits a few seconds for one to arrive.
   */
  lastMailTo: (to: string) => Promise<{ subject: string; text: string } | undefined>;
  stop: () => Promise<void>;
};

/**
 * The real product (API and built web app) on a PGlite database of its own in a temporary folder,
 * seeded with the demo firm, on a free port. The database is a copy of the one the run's global
 * setup seeded (./global-setup.ts), unless the server's clock is on another day than that seed's:
 * then the server seeds its empty folder itself, as on a first start. `env` overrides configuration
 * as the environment would (e.g. a short ACCESS_TOKEN_TTL_SECONDS). `options.now` gives the server a clock of its own
 * (the product's injectable clock), so a journey can let the server's time run ahead of the browser's.
 */
export async function startJourneyServer(env: Record<string, string> = {}, options: { now?: () => Date } = {}): Promise<JourneyServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
  const mail = await startMailSink();
  // A journey drives the app far faster than a person (a dashboard visit is seven calls, and the
  // journeys sign the same advisors in again and again): a roomier per-user limit, unless the
  // journey sets its own to test the limit itself.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    RATE_LIMIT_MAX: '1000',
    ...env,
  });
  const demo = inject('demoDatabase');
  const serverNow = options.now?.() ?? new Date();
  if (config.seed === 'demo' && seedsAlike(serverNow, new Date(demo.seededAt))) copyDemoDataDir(demo, config.dataDir);
  const server = await startServer(config, options.now ? { now: options.now } : {}).catch(async (error: unknown) => {
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  // Links in e-mails point at the server actually listening.
  config.appUrl = server.url;
  const lastMailTo = (to: string) =>
    mail.waitFor(to).then(
      ({ subject, text }) => ({ subject, text }),
      () => undefined,
    );
  const stop = async () => {
    await server.close();
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { ...server, lastMailTo, stop };
}
