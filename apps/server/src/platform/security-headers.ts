import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

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

export const securityHeaders = fp(async (app) => {
  await app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: appCsp } });
});
