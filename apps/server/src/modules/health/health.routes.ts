import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@meridian/domain/auth/contracts';
import { isDatabaseUp } from '../../db/client.ts';

const version: string = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;

/** Liveness for load balancers and the web app's status: 200 with `degraded` when the database is down. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { tags: ['health'], summary: 'Service and database status', security: [], response: { 200: healthResponseSchema } },
      config: { access: 'public' },
    },
    async () => {
      const up = await isDatabaseUp(app.db);
      return { status: up ? ('ok' as const) : ('degraded' as const), database: up ? ('up' as const) : ('down' as const), version };
    },
  );
};
