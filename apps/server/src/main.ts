import { buildApp, defaultWebDistDir } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrate, openDatabase } from './db/client.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { describeDemoAccounts, isEmpty, seedDemo } from './db/seed/demo.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  if (config.seed === 'demo' && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    console.log(describeDemoAccounts());
  }

  const app = await buildApp(config, { db: database.db, webDistDir: defaultWebDistDir });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error(error);
    await database.close();
    releaseLock();
    process.exit(1);
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Meridian API on http://localhost:${config.port} (database: ${where}; docs at /docs)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
