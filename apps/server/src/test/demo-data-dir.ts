import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import { migrate, openDatabase } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';

/** A data folder holding the migrated, demo-seeded PGlite database, and the instant it was seeded at. */
export type DemoDatabase = { dataDir: string; seededAt: string };

/**
 * Migrates and seeds the demo firm into a PGlite database under `dataDir`, as a first start of the
 * server does (startServer), with the seed's clock stopped at `at`.
 */
export async function seedDemoDataDir(dataDir: string, at: Date): Promise<DemoDatabase> {
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
    await seedDemo(database.db, { now: () => at });
  } finally {
    await database.close();
  }
  return { dataDir, seededAt: at.toISOString() };
}

/**
 * What the demo seed takes from its clock: the date in UTC (assessments, check-ins) and in New York
 * (the market's last trading day, valuations, advice). Seeded on the same two dates, a database is
 * the one a seed at another instant would make, but for timestamps minutes apart.
 */
function seedDates(at: Date): string {
  return `${at.toISOString().slice(0, 10)} ${marketDate(at)}`;
}

export function seedsAlike(a: Date, b: Date): boolean {
  return seedDates(a) === seedDates(b);
}

/** Copies the demo database into another data folder (PGlite keeps its files under `pglite`). */
export function copyDemoDataDir(demo: DemoDatabase, dataDir: string): void {
  cpSync(join(demo.dataDir, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}

/** Set by `npm test`: one folder for the run's demo database, shared by the projects that need one. */
const sharedFolderVariable = 'MERIDIAN_TEST_DEMO_DIR';
/** Longer than a seeding on a loaded machine; past it, a waiting project seeds its own. */
const sharedSeedWaitMs = 10 * 60_000;

/**
 * The shared folder's database: seeded here when no project has begun to, else the one another project
 * seeds (waited for); null when that seeding failed or took too long.
 */
async function sharedDemoDatabase(folder: string): Promise<DemoDatabase | null> {
  const record = join(folder, 'demo.json');
  const failed = join(folder, 'failed');
  try {
    mkdirSync(join(folder, 'seeding'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    for (const waitUntil = Date.now() + sharedSeedWaitMs; Date.now() < waitUntil; await sleep(500)) {
      if (existsSync(record)) return JSON.parse(readFileSync(record, 'utf8')) as DemoDatabase;
      if (existsSync(failed)) return null;
    }
    return null;
  }
  try {
    const demo = await seedDemoDataDir(join(folder, 'database'), new Date());
    writeFileSync(record, JSON.stringify(demo));
    return demo;
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
}

/**
 * The demo database a global setup gives its test files, and how to remove what it made. Under `npm test`
 * the API tests and the journeys share one seeding (a minute or more of a busy machine): the first to ask
 * seeds it and the other uses it while it is of today's dates (seedsAlike). Run alone, or once the dates
 * moved on, a project seeds a folder of its own.
 */
export async function runDemoDatabase(): Promise<{ demo: DemoDatabase; release: () => void }> {
  const shared = process.env[sharedFolderVariable];
  const demo = shared ? await sharedDemoDatabase(shared) : null;
  if (demo && seedsAlike(new Date(), new Date(demo.seededAt))) return { demo, release: () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-demo-'));
  const release = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    return { demo: await seedDemoDataDir(dataDir, new Date()), release };
  } catch (error) {
    release();
    throw error;
  }
}
