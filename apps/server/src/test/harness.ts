import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { fromPostgresUrl, openDatabase, type Database, type Db } from '../db/client.ts';
import { copyDemoDataDir } from './demo-data-dir.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';
import { adminQuery, databaseUrlWithName } from './postgres-admin.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    DATA_DIR: tmpdir(),
    LOG_LEVEL: 'silent',
    APP_URL: 'http://meridian.test',
  });
  return { ...base, ...overrides };
}

/** Real time plus an offset the test can move forward (token expiry, lock windows, TOTP steps). */
export class TestClock {
  private offsetMs = 0;
  readonly now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'meridian-api-test-'));
    copyDemoDataDir(inject('demoDatabase'), dataDir);
    const database = await openDatabase({ dataDir });
    return {
      ...database,
      close: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const template = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (!template || !url) throw new Error('TEST_DATABASE_URL is set but the global setup made no template');
  const name = `meridian_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  // pool.end() resolves before its sockets close, so the forced drop in close() can terminate a
  // backend that is still hanging up (57P01): expected here, so not reported.
  const database = fromPostgresUrl(databaseUrlWithName(url, name), () => {});
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * One database per test file (a copy of the migrated, demo-seeded one), apps built on it, and the
 * mail sink those apps deliver to over SMTP.
 */
export class TestContext {
  readonly clock = new TestClock();
  private database: Database | undefined;
  private mailSink: MailSink | undefined;
  private apps: FastifyInstance[] = [];
  private mainApp: FastifyInstance | undefined;

  constructor(readonly kind: DatabaseKind) {}

  async start(): Promise<void> {
    this.database = await openTestDatabase(this.kind);
    this.mailSink = await startMailSink();
    this.mainApp = await this.buildApp();
  }

  async stop(): Promise<void> {
    // Apps first: closing one waits for the mail it is still delivering to the sink.
    await Promise.all(this.apps.map((app) => app.close()));
    await this.mailSink?.stop();
    await this.database?.close();
  }

  get db(): Db {
    if (!this.database) throw new Error('TestContext not started');
    return this.database.db;
  }

  /** Every e-mail the apps of this context sent, as their recipients got it. */
  get mail(): MailSink {
    if (!this.mailSink) throw new Error('TestContext not started');
    return this.mailSink;
  }

  /** The app with the default test configuration. */
  get app(): FastifyInstance {
    if (!this.mainApp) throw new Error('TestContext not started');
    return this.mainApp;
  }

  /** Another app on the same database, e.g. with a small rate limit; closed with the context. */
  async buildApp(overrides: Partial<Config> = {}, webDistDir: string | null = null): Promise<FastifyInstance> {
    const app = await buildApp(testConfig({ smtpUrl: this.mail.url, ...overrides }), {
      db: this.db,
      now: this.clock.now,
      webDistDir,
      logger: false,
    });
    await app.ready();
    this.apps.push(app);
    return app;
  }
}

/** Runs a describe block once per database kind, each with its own started TestContext. */
export function describeEachDatabase(title: string, body: (t: TestContext) => void): void {
  describe.each(databaseKinds)(`${title} [%s]`, (kind) => {
    const t = new TestContext(kind);
    beforeAll(() => t.start());
    afterAll(() => t.stop());
    body(t);
  });
}
