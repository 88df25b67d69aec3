import pg from 'pg';

/** Unique per test run, so parallel runs on one server never share databases. */
export const runId = `${Date.now().toString(36)}_${process.pid}`;

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement on the server named by TEST_DATABASE_URL (create/drop database). */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
