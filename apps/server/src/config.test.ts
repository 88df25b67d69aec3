import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    expect(() => loadConfig({ JWT_SECRET: secret, ACCESS_TOKEN_TTL_SECONDS: '1.5' })).toThrow(
      /ACCESS_TOKEN_TTL_SECONDS="1.5": must be a whole/,
    );
    expect(() => loadConfig({ JWT_SECRET: secret, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL.*postgres/);
    expect(() => loadConfig({ JWT_SECRET: secret, SEED: 'everything' })).toThrow(/SEED/);
  });

  it('seeds, lists test accounts and names an operator outside production only, unless asked for by name', () => {
    expect(loadConfig({ JWT_SECRET: secret })).toMatchObject({
      seed: 'demo',
      testAccounts: true,
      operatorEmails: ['admin@summitridge.example'],
    });
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret });
    expect(production).toMatchObject({ seed: 'none', testAccounts: false, operatorEmails: [] });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: secret,
        SEED: 'demo',
        TEST_ACCOUNTS: 'on',
        OPERATOR_EMAILS: ' Ops@Example.com, b@example.com ',
      }),
    ).toMatchObject({
      seed: 'demo',
      testAccounts: true,
      operatorEmails: ['ops@example.com', 'b@example.com'],
    });
    expect(() => loadConfig({ JWT_SECRET: secret, OPERATOR_EMAILS: 'ops@example.com,not-an-address' })).toThrow(
      /OPERATOR_EMAILS.*e-mail addresses/,
    );
    expect(() => loadConfig({ JWT_SECRET: secret, TEST_ACCOUNTS: 'yes' })).toThrow(/TEST_ACCOUNTS/);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names, by hop count or address', () => {
    expect(loadConfig({ JWT_SECRET: secret }).trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: secret, TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: secret, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ JWT_SECRET: secret, TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'all', '10.0.0.0/33', '10.0.0.300', 'proxy.internal']) {
      expect(() => loadConfig({ JWT_SECRET: secret, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY=.*must be off, a number of proxy hops/);
    }
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
