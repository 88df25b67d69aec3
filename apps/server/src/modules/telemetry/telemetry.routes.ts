import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimitMessage } from '@meridian/domain/shared/messages';
import {
  telemetryLimits,
  webVitalsBatchSchema,
  webVitalsSummaryQuerySchema,
  webVitalsSummarySchema,
} from '@meridian/domain/telemetry/web-vitals';
import { HttpError } from '../../platform/http-error.ts';
import { purgeExpiredWebVitals, recordWebVitals, webVitalsSummary } from './telemetry.service.ts';

const tags = ['telemetry'];

export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon sends a string as text/plain: in this plugin's scope only, text/plain is
  // read as JSON too (with the app's own prototype-key handling), so either content type is taken.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: telemetryLimits.bodyMaxBytes },
    app.getDefaultJsonParser('ignore', 'ignore'),
  );

  // Hourly, on every process (the delete is idempotent): measurements older than any summary window go.
  const purge = () =>
    purgeExpiredWebVitals(app).catch((error: unknown) => app.log.warn({ err: error }, 'could not purge expired web vitals'));
  const purging = setInterval(purge, 60 * 60 * 1000).unref();
  app.addHook('onReady', async () => void purge());
  app.addHook('onClose', async () => clearInterval(purging));

  // A fifth of the API's per-user limit (20 beacons a minute by default), per address: a page sends
  // one when it is hidden or when a batch fills, a handful a minute at most. Beacons come without a
  // token, so the address is all there is to count by.
  const beaconsPerWindow = Math.max(1, Math.floor(app.config.rateLimitMax / 5));

  app.post(
    '/telemetry/web-vitals',
    {
      bodyLimit: telemetryLimits.bodyMaxBytes,
      schema: {
        tags,
        summary: 'Record a batch of web vitals measured in a browser (navigator.sendBeacon)',
        description:
          `At most ${telemetryLimits.batchMax} measurements of one release; each names the route PATTERN of its screen ` +
          '(e.g. /clients/:clientId/profile), never a concrete address. Sent as application/json or text/plain; ' +
          `no sign-in (a beacon carries no token); ${beaconsPerWindow} batches a minute per address.`,
        consumes: ['application/json', 'text/plain'],
        body: webVitalsBatchSchema,
        response: { 204: z.null() },
      },
      config: {
        access: 'public',
        rateLimit: {
          max: beaconsPerWindow,
          keyGenerator: (request) => `beacon:${request.ip}`,
          errorResponseBuilder: (_request, context) => new HttpError(429, rateLimitMessage(Number(context.max))),
        },
      },
    },
    async (request, reply) => {
      await recordWebVitals(app, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/telemetry/web-vitals/summary',
    {
      schema: {
        tags,
        summary: 'Web vitals of every route: p75 and samples of each metric, the score and grade; admins only',
        description:
          `Measurements received in the last \`days\` days (default ${telemetryLimits.summaryDaysDefault}, at most ${telemetryLimits.summaryDaysMax}), ` +
          'of one `release` or of all. Platform-wide: measurements name no firm and no person.',
        querystring: webVitalsSummaryQuerySchema,
        response: { 200: webVitalsSummarySchema },
      },
      config: { access: 'admin' },
    },
    async (request) => webVitalsSummary(app, request.query),
  );
};
