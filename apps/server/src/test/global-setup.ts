import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPostgresUrl, migrate } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { runDemoDatabase, type DemoDatabase } from './demo-data-dir.ts';
import { databaseUrlWithName, runId } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and demo-seeded PGlite data folder each test file opens a copy of. */
    demoDatabase: DemoDatabase;
    /** Name of a migrated and seeded PostgreSQL database each test file clones (when TEST_DATABASE_URL is set). */
    postgresTemplate: string | null;
  }
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
 * Migrating and seeding a database is the slow part (a minute or more), so it happens once per run
 * (the PGlite one shared with the journeys under `npm test`); every test file then starts from its own
 * copy of the result: a copied data folder (about 3 s where loading a 250 MB tarball into memory took
 * 10) or a database cloned from the template. The two are made at the same time: PostgreSQL works in
 * its own processes while PGlite works in this one.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [{ demo, release }, template] = await Promise.all([runDemoDatabase(), adminUrl ? makePostgresTemplate(adminUrl) : null]);
  project.provide('demoDatabase', demo);
  project.provide('postgresTemplate', template);

  return async () => {
    release();
    if (adminUrl && template) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
