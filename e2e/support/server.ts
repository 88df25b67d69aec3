import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '@meridian/server/config';
import { mailOutbox } from '@meridian/server/db/schema/mail';
import { startServer, type RunningServer } from '@meridian/server/server';

export type JourneyServer = RunningServer & {
  /** The newest e-mail sent to this address, read from the outbox table. */
  lastMailTo: (to: string) => Promise<{ subject: string; text: string } | undefined>;
  stop: () => Promise<void>;
};

/**
 * The real product (API and built web app) on a fresh PGlite database in a temporary folder,
 * seeded with the demo firm, on a free port. `env` overrides configuration as the environment
 * would (e.g. a short ACCESS_TOKEN_TTL_SECONDS). `options.now` gives the server a clock of its own
 * (the product's injectable clock), so a journey can let the server's time run ahead of the browser's.
 */
export async function startJourneyServer(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<JourneyServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env });
  const server = await startServer(config, options.now ? { now: options.now } : {});
  // Links in e-mails point at the server actually listening.
  config.appUrl = server.url;
  const lastMailTo = async (to: string) => {
    const [mail] = await server.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return mail;
  };
  const stop = async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { ...server, lastMailTo, stop };
}
