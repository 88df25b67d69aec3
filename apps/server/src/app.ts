import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { assessmentsRoutes } from './modules/assessments/assessments.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ipqRoutes } from './modules/ipq/ipq.routes.ts';
import { modelPortfoliosRoutes } from './modules/model-portfolios/model-portfolios.routes.ts';
import { driftChecks } from './modules/recommendations/drift.ts';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes.ts';
import { optimizationRoutes } from './modules/recommendations/optimization.routes.ts';
import { taxSettingsRoutes } from './modules/recommendations/tax-settings.routes.ts';
import { portfoliosRoutes } from './modules/portfolios/portfolios.routes.ts';
import { householdsRoutes } from './modules/households/households.routes.ts';
import { securitiesRoutes } from './modules/securities/securities.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { accessControl } from './platform/access.ts';
import { audit } from './platform/audit.ts';
import { authGuard } from './platform/auth-guard.ts';
import { core } from './platform/core.ts';
import { acceptsHtml, frameworkError, registerErrorHandling, validatorCompiler } from './platform/errors.ts';
import { notFound } from './platform/http-error.ts';
import { mail } from './platform/mail.ts';
import { marketEvents } from './platform/market-events.ts';
import { openApi } from './platform/openapi.ts';
import { apiRateLimit } from './platform/rate-limit.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { webApp } from './platform/web-app.ts';

export type AppDeps = {
  db: Db;
  /** The clock; tests pass a controllable one. */
  now?: () => Date;
  /** Folder of the built web app; null serves the API only. Defaults to apps/web/dist of this repository. */
  webDistDir?: string | null;
  logger?: boolean;
};

export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const version: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** Believe X-Forwarded-For for this many proxies in front of the server (Fastify's own rule for a hop count). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole HTTP application, ready for inject() or listen(). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    // Behind a load balancer request.ip is the client's address (throttling, rate limits, audit) only when trusted.
    frameworkErrors: frameworkError,
    // Prototype keys are parsed as plain properties (JSON.parse never touches a prototype) so that the
    // validator refuses them with a 422 naming the field, as it does for a form-encoded body.
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(core, { config, db: deps.db, now: deps.now ?? (() => new Date()) });
  await app.register(securityHeaders);
  if (config.corsOrigin) await app.register(cors, { origin: config.corsOrigin.split(',').map((o) => o.trim()) });
  await app.register(formbody);
  await app.register(audit);
  await app.register(mail);
  await app.register(marketEvents);
  await app.register(authGuard);
  await app.register(accessControl);
  await app.register(openApi, { version });
  await app.register(webApp, { distDir: deps.webDistDir === undefined ? defaultWebDistDir : deps.webDistDir });
  registerErrorHandling(app, (_request, reply) => app.sendWebApp(reply));

  await app.register(healthRoutes); // also at /health, outside the rate limit, for load balancers
  await app.register(
    async (api) => {
      await api.register(apiRateLimit);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(clientsRoutes);
      await api.register(householdsRoutes);
      await api.register(analyticsRoutes);
      await api.register(securitiesRoutes);
      await api.register(portfoliosRoutes);
      await api.register(modelPortfoliosRoutes);
      await api.register(recommendationsRoutes);
      await api.register(driftChecks);
      await api.register(optimizationRoutes);
      await api.register(taxSettingsRoutes);
      await api.register(ipqRoutes);
      await api.register(assessmentsRoutes);
      await api.register(telemetryRoutes);
      // A browser opening the API's login URL gets the SPA, which renders the API token page there.
      api.get('/auth/login', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
        if (!acceptsHtml(request)) throw notFound();
        return app.sendWebApp(reply);
      });
    },
    { prefix: '/api/v1' },
  );
  return app;
}
