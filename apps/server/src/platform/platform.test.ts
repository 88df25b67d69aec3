import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { join } from 'node:path';
import helmet from 'helmet';
import { expect, it } from 'vitest';
import { messages, rateLimitMessage } from '@meridian/domain/shared/messages';
import { api, call, demo, signIn } from '../test/api.ts';
import { loadConfig } from '../config.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { helmetOptions, staticSecurityHeaders } from './security-headers.ts';

function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Meridian SPA</title>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  return dir;
}

describeEachDatabase('platform', (t) => {
  it('GET /health and /api/v1/health report status, database and version', async () => {
    for (const path of ['/health', api('/health')]) {
      const { status, body } = await call(t.app, 'GET', path);
      expect(status).toBe(200);
      expect(body).toEqual({ status: 'ok', database: 'up', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    }
  });

  it('sets security headers with a CSP fit for the SPA', async () => {
    const { headers } = await call(t.app, 'GET', api('/health'));
    const csp = String(headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeDefined();
    expect(headers['referrer-policy']).toBeDefined();
  });

  it("sends helmet's full header set, computed once, on answers of every kind", async () => {
    // What helmet itself writes on a real response with our options.
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(helmetOptions)(response.req, response, () => {});
    const expected = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(staticSecurityHeaders()).toEqual(expected);
    const alex = await signIn(t.app, demo.alex.email, demo.alex.password);
    const answers = [
      await call(t.app, 'GET', api('/health')),
      await call(t.app, 'GET', api('/users/me'), { token: alex.access_token }),
      await call(t.app, 'GET', api('/users/me')),
      await call(t.app, 'GET', api('/nothing-here')),
      await call(t.app, 'POST', api('/auth/login'), { body: '{"email":', headers: { 'content-type': 'application/json' } }),
    ];
    for (const { status, headers } of answers) {
      for (const [name, value] of Object.entries(expected)) expect(headers[name], `${status} ${name}`).toBe(value);
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 400]);
  });

  it('does not answer CORS unless CORS_ORIGIN is set', async () => {
    const closed = await call(t.app, 'GET', api('/health'), { headers: { origin: 'https://elsewhere.example' } });
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    const app = await t.buildApp({ corsOrigin: 'https://app.example' });
    const open = await call(app, 'GET', api('/health'), { headers: { origin: 'https://app.example' } });
    expect(open.headers['access-control-allow-origin']).toBe('https://app.example');
  });

  it('serves Swagger UI at /docs and an OpenAPI 3.1 document listing the auth paths with bearer auth', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    expect(String(ui.headers['content-security-policy'])).toContain('https://validator.swagger.io');
    const { status, body } = await call(t.app, 'GET', '/docs/json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of [
      'login',
      'register',
      'refresh-token',
      'logout',
      'setup-2fa',
      'verify-2fa',
      'request-password-reset',
      'confirm-password-reset',
      'change-password',
      'me',
    ]) {
      expect(Object.keys(body.paths), path).toContain(`/api/v1/auth/${path}`);
    }
    expect(body.paths['/api/v1/users/{id}'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(body.paths['/api/v1/auth/login'].post.requestBody).toBeDefined();
    expect(body.paths['/api/v1/auth/login'].post.responses['200']).toBeDefined();
  });

  it('answers 404 {detail} for unknown API paths', async () => {
    const { status, body } = await call(t.app, 'GET', api('/nothing-here'), { headers: { accept: 'text/html' } });
    expect(status).toBe(404);
    expect(body).toEqual({ detail: messages.notFound });
  });

  it('answers a malformed JSON body with 400 {detail}', async () => {
    const { status, body } = await call(t.app, 'POST', api('/auth/login'), {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(typeof body.detail).toBe('string');
  });

  it('limits requests per address with 429, Retry-After and the spec message', async () => {
    const app = await t.buildApp({ rateLimitMax: 3 });
    for (let i = 0; i < 3; i += 1) expect((await call(app, 'GET', api('/health'), { remoteAddress: '10.1.1.1' })).status).toBe(200);
    const limited = await call(app, 'GET', api('/health'), { remoteAddress: '10.1.1.1' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toEqual({ detail: rateLimitMessage(3) });
    expect(rateLimitMessage(100)).toBe(messages.rateLimited);
    // another address has its own budget
    expect((await call(app, 'GET', api('/health'), { remoteAddress: '10.1.1.2' })).status).toBe(200);
  });

  it('limits a signed-in user by their account, not their address', async () => {
    const app = await t.buildApp({ rateLimitMax: 3 });
    const alex = await signIn(app, demo.alex.email, demo.alex.password); // anonymous request 1 from 127.0.0.1
    for (let i = 0; i < 3; i += 1) {
      const remoteAddress = `10.2.0.${i}`; // a user moving between addresses still shares one budget
      expect((await call(app, 'GET', api('/users/me'), { token: alex.access_token, remoteAddress })).status).toBe(200);
    }
    expect((await call(app, 'GET', api('/users/me'), { token: alex.access_token, remoteAddress: '10.2.0.9' })).status).toBe(429);
  });

  it('lists the demo accounts outside production, and in production only when TEST_ACCOUNTS=on', async () => {
    const { status, body } = await call(t.app, 'GET', api('/auth/test-accounts'));
    expect(status).toBe(200);
    expect(body).toContainEqual({ role: 'admin', email: demo.admin.email, password: demo.admin.password, name: 'Morgan Hale' });
    expect(body).toHaveLength(7);
    const productionDefaults = (env: Record<string, string> = {}) => {
      const { nodeEnv, testAccounts, seed } = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ...env });
      return { nodeEnv, testAccounts, seed };
    };
    const production = await t.buildApp(productionDefaults());
    expect((await call(production, 'GET', api('/auth/test-accounts'))).status).toBe(404);
    const asked = await t.buildApp(productionDefaults({ TEST_ACCOUNTS: 'on', SEED: 'demo' }));
    expect((await call(asked, 'GET', api('/auth/test-accounts'))).body).toHaveLength(7);
  });

  it('serves the web app: assets, SPA fallback for pages, and the API token page at /api/v1/auth/login', async () => {
    const app = await t.buildApp({}, fakeWebDist());
    const html = { accept: 'text/html,application/xhtml+xml' };
    for (const path of ['/', '/dashboard', '/clients/42', '/api/v1/auth/login']) {
      const page = await app.inject({ method: 'GET', url: path, headers: html });
      expect(page.statusCode, path).toBe(200);
      expect(page.body, path).toContain('Meridian SPA');
      expect(String(page.headers['content-type'])).toContain('text/html');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // the build's brotli copy goes to browsers that accept it
    const compressed = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    // nothing hidden in dist is served
    for (const path of ['/.vite/manifest.json', '/%2Evite/manifest.json', '/assets/../.vite/manifest.json']) {
      expect((await app.inject({ method: 'GET', url: path, headers: { accept: '*/*' } })).statusCode, path).toBe(404);
    }
    // without Accept: text/html the API login URL is not a page
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/login', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });

  it('says the web app has not been built when apps/web/dist is missing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('has not been built');
  });
});
