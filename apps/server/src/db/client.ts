import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** The Drizzle surface both drivers share; services are written against this only. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database =
  | { kind: 'pglite'; db: Db; client: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close: () => Promise<void> };

/** Arbitrary constant naming Meridian's migration lock among the server's advisory locks. */
const migrationLockKey = 7_274_374_262;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Planner settings of every connection, on both drivers. random_page_cost 1.1: random reads cost
 * about what sequential ones do, the usual setting for SSDs and for a working set in memory, which
 * a firm's book is. With the default of 4, PostgreSQL prices the bitmap scans of the trigram index
 * above a full scan of the clients for a search like 'smi', and a search of 100k clients takes
 * ~50 ms instead of ~4 ms. plan_cache_mode: prepared statements (see db/statements.ts) are planned
 * for each call's values, never with a generic plan that cannot tell 'smi' from 'a'. Set per
 * connection, not per statement: no transaction, no extra round trip.
 */
export const plannerSettings = { random_page_cost: '1.1', plan_cache_mode: 'force_custom_plan' } as const;

const plannerSettingsSql = Object.entries(plannerSettings)
  .map(([name, value]) => `set ${name} = ${value};`)
  .join(' ');

/**
 * Opens PGlite with the extensions the migrations use (pg_trgm for client search) and the planner
 * settings. Every PGlite in the product and its tests is made here, so none lacks either.
 */
export async function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  const client = await PGlite.create({ ...options, extensions: { pg_trgm } });
  await client.exec(plannerSettingsSql);
  return client;
}

/** Wraps an open PGlite instance (openDatabase's on disk, or a test's in memory). */
export function fromPglite(client: PGlite): Database {
  return { kind: 'pglite', db: drizzlePglite(client), client, close: () => client.close() };
}

/**
 * An idle connection the server drops (restart, failover) must not crash the process: the pool
 * reports it here and replaces the connection on the next query.
 */
const logLostConnection = (error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`);

export function fromPostgresUrl(url: string, onConnectionError: (error: Error) => void = logLostConnection): Database {
  // Startup parameters: each connection of the pool begins with the planner settings.
  const options = Object.entries(plannerSettings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({ connectionString: url, max: 10, options });
  pool.on('error', onConnectionError);
  return { kind: 'postgres', db: drizzlePg(pool), pool, close: () => pool.end() };
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite stored under DATA_DIR/pglite. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return fromPostgresUrl(options.databaseUrl);
  const dir = join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await createPglite({ dataDir: dir });
  return fromPglite(client);
}

/** Applies the checked-in drizzle-kit migrations (idempotent); used by main and by the tests. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.client), { migrationsFolder });
  } else {
    // Several API processes may start together on one PostgreSQL: a session-level advisory lock
    // makes them migrate one after another (the later ones find nothing left to apply).
    const connection = await database.pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [migrationLockKey]);
      await migratePg(drizzlePg(connection), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
      connection.release();
    }
  }
}

/** True when the database answers a trivial query. */
export async function isDatabaseUp(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
