import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { cspAllowingScripts } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a page of the SPA: the build's pre-rendered HTML for a public page, else index.html
     * (or a notice when the web app has not been built).
     */
    sendWebApp(reply: FastifyReply): FastifyReply;
  }
}

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Meridian</title></head>
<body><h1>Meridian</h1><p>The web app has not been built. Run <code>npm run build</code> (or <code>npm start</code>) and reload.
The API is running: see <a href="/docs">/docs</a>.</p></body></html>`;

/** The build's pre-rendered public pages (dist/prerendered.json: address -> file); none before a full build. */
function prerenderedPages(distDir: string): Map<string, string> {
  const file = join(distDir, 'prerendered.json');
  if (!existsSync(file)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
}

/** The contents of a page's inline scripts (`<script>` without attributes), found by a linear scan. */
function inlineScripts(html: string): string[] {
  const [open, close] = ['<script>', '</script>'];
  const scripts: string[] = [];
  for (let start = html.indexOf(open); start !== -1; start = html.indexOf(open, start)) {
    const end = html.indexOf(close, start + open.length);
    if (end === -1) break;
    scripts.push(html.slice(start + open.length, end));
    start = end + close.length;
  }
  return scripts;
}

/** Serves apps/web/dist: hashed assets cached for a year, HTML never cached so deploys show at once. */
export const webApp = fp<{ distDir: string | null }>(async (app, { distDir }) => {
  const built = distDir !== null && existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      cacheControl: false, // set per file below
      preCompressed: true, // the .br/.gz copies written by the web build
      dotfiles: 'ignore', // nothing hidden in dist is public
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const pages = built ? prerenderedPages(distDir) : new Map<string, string>();
  // Each HTML file's policy allows its own inline scripts (index.html's session check, a
  // pre-rendered page's loader) by hash.
  const policies = new Map<string, string>();
  for (const file of built ? ['index.html', ...pages.values()] : []) {
    policies.set(file, cspAllowingScripts(inlineScripts(readFileSync(join(distDir ?? '', file), 'utf8'))));
  }
  const sendHtml = (reply: FastifyReply, file: string) => reply.header('content-security-policy', policies.get(file)).sendFile(file);
  app.decorate('sendWebApp', (reply: FastifyReply) => {
    if (!built) return reply.type('text/html; charset=utf-8').send(notBuiltPage);
    reply.header('cache-control', 'no-cache');
    // A query string can change what a public page shows (/reset-password?token=…): the SPA renders it.
    const { url } = reply.request;
    const page = url.includes('?') ? undefined : pages.get(url.length > 1 ? url.replace(/\/$/, '') : url);
    return sendHtml(reply, page ?? 'index.html');
  });
  // `/` is a page of the SPA like any other.
  app.get('/', { schema: { hide: true } }, (_request, reply) => app.sendWebApp(reply));
});
