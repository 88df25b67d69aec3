import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';

const secret = 'x'.repeat(40);

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET: secret });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      appUrl: 'http://localhost:3000',
      rateLimitMax: 100,
      rateLimitWindowSeconds: 60,
      loginMaxFailures: 10,
      loginLockMinutes: 15,
      seed: 'demo',
      databaseUrl: undefined,
      corsOrigin: undefined,
    });
  });

  it('names a bad value clearly', () => {
    expect(() => loadConfig({ JWT_SECRET: secret, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: secret, PORT: 'eighty' })).toThrow('PORT="eighty": must be a whole number from 0 to 65535');
    expect(() => loadConfig({ JWT_SECRET: secret, PORT: '70000' })).toThrow('PORT="70000": must be a whole number from 0 to 65535');
    expect(() => loadConfig({ JWT_SECRET: secret, RATE_LIMIT_MAX: '0' })).toThrow(
      'RATE_LIMIT_MAX="0": must be a whole number of at least 1',
    );
    expect(() => loadConfig({ JWT_SECRET: secret, ACCESS_TOKEN_TTL_SECONDS: '1.5' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS="1.5": must be a whole/);
    expect(() => loadConfig({ JWT_SECRET: secret, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL.*postgres/);
    expect(() => loadConfig({ JWT_SECRET: secret, SEED: 'everything' })).toThrow(/SEED/);
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')) })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });
});

describe('data folder lock', () => {
  it('refuses a second holder while the first is alive, and is released', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const release = acquireDataDirLock(dir);
    expect(existsSync(join(dir, 'meridian.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'meridian.lock'))).toBe(false);
  });

  it('reports a live holder and replaces a stale one', async () => {
    const { writeFileSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    writeFileSync(join(dir, 'meridian.lock'), String(process.ppid)); // a live process that is not us
    expect(() => acquireDataDirLock(dir)).toThrow(/Another Meridian server \(process \d+\)/);
    writeFileSync(join(dir, 'meridian.lock'), '999999999'); // no such process
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'meridian.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
