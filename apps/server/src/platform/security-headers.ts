import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** CSP for the Vite-built SPA: MUI/emotion inject <style> tags, images and fonts may be data: URLs. */
export const appCsp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Swagger UI (/docs only) also loads the spec validator's badge; its scripts are files, so
 * scripts stay 'self'. Everything else keeps the app policy.
 */
export const docsCsp =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://validator.swagger.io; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'";

export const helmetOptions: Readonly<HelmetOptions> = { contentSecurityPolicy: { useDefaults: false, directives: appCsp } };

/**
 * The app policy that also runs the inline scripts with these contents (a built page's own, read
 * when the server starts), each allowed by its SHA-256 hash rather than by 'unsafe-inline'.
 */
export function cspAllowingScripts(scripts: string[]): string {
  const hashes = scripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  const directives = { ...appCsp, scriptSrc: [...appCsp.scriptSrc, ...hashes] };
  const csp = staticSecurityHeaders({ contentSecurityPolicy: { useDefaults: false, directives } })['content-security-policy'];
  if (!csp) throw new Error('helmet set no Content-Security-Policy');
  return csp;
}

/**
 * The headers helmet sets for these options, computed once. Every directive here is a constant
 * (no per-request nonces or functions), so helmet's output is the same for every request; the
 * check below refuses to start if that ever stops being true (e.g. a directive became a function).
 */
export function staticSecurityHeaders(options: Readonly<HelmetOptions> = helmetOptions): Record<string, string> {
  const middleware = helmet(options);
  const record = (marker: string) => {
    const headers: Record<string, string> = {};
    const response = {
      setHeader: (name: string, value: unknown) => {
        if (typeof value !== 'string') throw new Error(`security header ${name} is not a constant string`);
        headers[name.toLowerCase()] = value;
      },
      removeHeader: () => {},
      getHeader: () => undefined,
    };
    // Two different fake requests: a header that depended on the request would differ between them.
    const request = { method: 'GET', url: `/${marker}`, headers: { host: `${marker}.example` } };
    middleware(request as unknown as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
      if (error) throw error;
    });
    return headers;
  };
  const headers = record('a');
  if (JSON.stringify(headers) !== JSON.stringify(record('b')))
    throw new Error('security headers depend on the request; they cannot be precomputed');
  return Object.freeze(headers);
}

/**
 * helmet's headers on every response. @fastify/helmet rebuilt helmet's middleware (re-parsing the
 * CSP) in two hooks on every request (~15 µs); the set is static, so it is computed once at start-up
 * and copied onto each reply in one onRequest hook (same place as before, so a route's own
 * onRequest hook can still override a header, as /docs does for its CSP). Headers go through
 * Fastify's reply (not the raw response), so error and 404 answers carry them too; a route that
 * hijacks its reply and writes to reply.raw (none does) would have to copy `staticSecurityHeaders()`.
 */
export const securityHeaders = fp(async (app) => {
  const headers = staticSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
