import { cpSync } from 'node:fs';
import { join } from 'node:path';
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
