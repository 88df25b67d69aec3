import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, fromPglite, fromPostgresUrl, migrate } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { databaseUrlWithName, runId } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and demo-seeded PGlite data folder, as a tarball each test file loads into memory. */
    pgliteSnapshot: string;
    /** Name of a migrated and seeded PostgreSQL database each test file clones (when TEST_DATABASE_URL is set). */
    postgresTemplate: string | null;
  }
}

/** A migrated and demo-seeded PGlite database, dumped to a tarball in `dir`. */
async function makePgliteSnapshot(dir: string): Promise<string> {
  const client = await createPglite();
  const pglite = fromPglite(client);
  await migrate(pglite);
  await seedDemo(pglite.db);
  const snapshot = join(dir, 'pglite.tar.gz');
  writeFileSync(snapshot, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  await pglite.close();
  return snapshot;
}

/** A migrated and demo-seeded PostgreSQL database to clone, named for this run. */
async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const template = `meridian_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const postgres = fromPostgresUrl(databaseUrlWithName(adminUrl, template));
  await migrate(postgres);
  await seedDemo(postgres.db);
  await postgres.close();
  return template;
}

/**
 * Creating and migrating a database is the slow part (PGlite ~5 s), so it happens once per run;
 * every test file then starts from its own copy of the result. The two databases are made at the
 * same time: PostgreSQL works in its own processes while PGlite works in this one.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-server-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [snapshot, template] = await Promise.all([makePgliteSnapshot(dir), adminUrl ? makePostgresTemplate(adminUrl) : null]);
  project.provide('pgliteSnapshot', snapshot);
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
