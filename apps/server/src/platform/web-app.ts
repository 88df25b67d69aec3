import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the SPA's index.html (or a notice when the web app has not been built). */
    sendWebApp(reply: FastifyReply): FastifyReply;
  }
}

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Meridian</title></head>
<body><h1>Meridian</h1><p>The web app has not been built. Run <code>npm run build</code> (or <code>npm start</code>) and reload.
The API is running: see <a href="/docs">/docs</a>.</p></body></html>`;

/** Serves apps/web/dist: hashed assets cached for a year, index.html never cached so deploys show at once. */
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
  app.decorate('sendWebApp', (reply: FastifyReply) => {
    if (!built) return reply.type('text/html; charset=utf-8').send(notBuiltPage);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  // `/` is a page of the SPA like any other.
  app.get('/', { schema: { hide: true } }, (_request, reply) => app.sendWebApp(reply));
});
