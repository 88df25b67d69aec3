import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { defaultWebDistDir } from '../app.ts';
import { describeEachDatabase } from '../test/harness.ts';

// The real web build (npm run build -w apps/web: vite build, pre-render, precompress), as `npm test`
// builds it before these tests.
const html = { accept: 'text/html,application/xhtml+xml' };

/** Each public address, the file the build pre-rendered for it, and markup of its form. */
const publicPages = [
  { path: '/login', markup: ['Welcome Back', 'id="login-email"', 'id="login-password"', '>Sign In<'] },
  { path: '/register', markup: ['Create Your Account', 'id="register-email"', '>Create Account<'] },
  { path: '/app', markup: ['Create Your Account', 'id="register-email"'] },
  { path: '/forgot-password', markup: ['Reset Password', 'id="reset-email"', '>Send Reset Link<'] },
  { path: '/reset-password', markup: ['Reset Password', 'id="reset-email"'] },
  { path: '/two-factor', markup: ['Two-Factor Authentication', 'authenticator app'] },
  { path: '/api/v1/auth/login', markup: ['id="api-email"', 'id="api-password"', '>Get Token<'] },
];

const scriptSources = (csp: string) =>
  csp
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src')) ?? '';

/** script-src allowing exactly the page's inline scripts by their hashes, and nothing inline else. */
function expectScriptsByHash(body: string, csp: string, label: string): void {
  const inline = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  expect(inline.length, label).toBeGreaterThan(0);
  const hashes = inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  expect(scriptSources(csp), label).toBe(`script-src 'self' ${hashes.join(' ')}`);
}

describeEachDatabase('web app pages', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    if (!existsSync(join(defaultWebDistDir, 'prerendered.json'))) {
      throw new Error(`${defaultWebDistDir} holds no pre-rendered pages: run npm run build -w apps/web first`);
    }
    app = await t.buildApp({}, defaultWebDistDir);
  });

  it('answers each public page with its pre-rendered form and critical CSS; its inline scripts (the submit guard and the loader) allowed by hash', async () => {
    for (const { path, markup } of publicPages) {
      const page = await app.inject({ method: 'GET', url: path, headers: html });
      expect(page.statusCode, path).toBe(200);
      expect(String(page.headers['content-type']), path).toContain('text/html');
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.body, path).toMatch(/<div id="root" data-prerendered><!--\$--><main /);
      for (const text of markup) expect(page.body, `${path}: ${text}`).toContain(text);
      // emotion's critical CSS inline in <head>, with the rules the markup's classes use
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      expect(head, path).toMatch(/<style data-emotion="css [^"]+">[^<]*\.css-[\w-]+\{/);
      const firstClass = /class="[^"]*\b(css-[\w]+)"/.exec(page.body)?.[1];
      expect(firstClass, path).toBeDefined();
      expect(head, path).toContain(`.${firstClass}{`);
      // the app's stylesheet inline too, and no shell skeleton on a public page
      expect(head, path).toContain('@font-face{font-family:Roboto');
      expect(page.body, path).not.toContain('rel="stylesheet"');
      expect(page.body, path).not.toContain('shell-skeleton');
      // the app starts from the loader only, a submit before it is live is held by the guard: no
      // 'unsafe-inline', only the two scripts' hashes
      expect(page.body, path).not.toMatch(/<script type="module"/);
      expect(page.body.match(/<script>/g), path).toHaveLength(2);
      expect(head, path).toContain("document.addEventListener('submit'");
      expectScriptsByHash(page.body, String(page.headers['content-security-policy']), path);
    }
  });

  it('sends the pre-rendered pages compressed (the build compresses after the pre-render)', async () => {
    const page = await app.inject({ method: 'GET', url: '/login', headers: { ...html, 'accept-encoding': 'br, gzip' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('id="login-email"');
  });

  it('answers other pages, and public pages whose query string changes them, with the SPA and its skeleton allowed by hash', async () => {
    for (const path of ['/', '/clients', '/dashboard/', '/reset-password?token=abc', '/two-factor?mode=setup']) {
      const page = await app.inject({ method: 'GET', url: path, headers: html });
      expect(page.statusCode, path).toBe(200);
      expect(page.body, path).toContain('<div id="root"></div>');
      expect(page.body, path).toContain('id="shell-skeleton"');
      // the session check and the loader, each by its hash
      expect(page.body.match(/<script>/g), path).toHaveLength(2);
      expectScriptsByHash(page.body, String(page.headers['content-security-policy']), path);
    }
  });
});
