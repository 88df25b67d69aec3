import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app.ts';
import type { Config } from './config.ts';
import { migrate, openDatabase, type Database } from './db/client.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { isEmpty, seedDemo } from './db/seed/demo.ts';

export type RunningServer = {
  app: FastifyInstance;
  database: Database;
  /** Base URL the server listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  /** True when this start seeded the demo firm into an empty database. */
  seeded: boolean;
  close: () => Promise<void>;
};

/**
 * Opens (and for PGlite locks) the database, migrates it, seeds the demo firm when asked and the
 * database is empty, then listens. `npm start`, the browser journeys and the benchmarks all start
 * the product through here, so they run exactly what ships.
 */
export async function startServer(config: Config, options: Pick<AppDeps, 'webDistDir' | 'logger' | 'now'> = {}): Promise<RunningServer> {
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const close = async () => {
    try {
      await app?.close();
      await database?.close();
    } finally {
      releaseLock();
    }
  };
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrate(database);
    const seeded = config.seed === 'demo' && (await isEmpty(database.db));
    if (seeded) await seedDemo(database.db, { now: options.now });
    app = await buildApp(config, { db: database.db, ...options });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    return { app, database, url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, seeded, close };
  } catch (error) {
    await close();
    throw error;
  }
}
