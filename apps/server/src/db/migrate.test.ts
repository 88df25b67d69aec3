import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminQuery, databaseUrlWithName, runId } from '../test/postgres-admin.ts';
import { createPglite, fromPglite, fromPostgresUrl, migrate, migrationsFolder, type Database } from './client.ts';

const migrationFiles = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));

async function appliedMigrations(database: Database): Promise<number> {
  // Both drivers answer raw SQL with { rows }.
  const result = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]!.n;
}

describe('migrations', () => {
  it('apply every file once, and applying them again changes nothing', async () => {
    const database = fromPglite(await createPglite());
    try {
      await migrate(database);
      await migrate(database);
      expect(await appliedMigrations(database)).toBe(migrationFiles.length);
    } finally {
      await database.close();
    }
  });

  // Several API processes can start at once on one PostgreSQL server; only there is this possible.
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    it('let several processes migrate one empty PostgreSQL database at the same time', async () => {
      const name = `meridian_migrate_${runId}`;
      await adminQuery(`create database ${name}`);
      const processes = Array.from({ length: 4 }, () => fromPostgresUrl(databaseUrlWithName(serverUrl, name)));
      try {
        await Promise.all(processes.map((database) => migrate(database)));
        expect(await appliedMigrations(processes[0]!)).toBe(migrationFiles.length);
      } finally {
        await Promise.all(processes.map((database) => database.close()));
        await adminQuery(`drop database if exists ${name}`);
      }
    });
  }
});
