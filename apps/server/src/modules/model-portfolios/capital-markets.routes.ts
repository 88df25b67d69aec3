import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponseSchema, validationIssueSchema } from '@meridian/domain/auth/contracts';
import {
  capitalMarketMessages,
  capitalMarketSettingsSchema,
  capitalMarketUpdateSchema,
} from '@meridian/domain/optimization/capital-markets';
import { syncConflictSchema } from '@meridian/domain/portfolios/contracts';
import { capitalMarketSettings, updateCapitalMarketSettings } from './capital-markets.service.ts';

const tags = ['model portfolios'];

/** /capital-market-assumptions: advisors read the firm's assumptions and band ranges, admins change them. */
export const capitalMarketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/capital-market-assumptions',
    {
      schema: {
        tags,
        summary: "The firm's capital-market assumptions: expected annual return per market class and each risk band's ranges",
        description:
          'The optimiser expects of each security its market class’s return (cash: the risk-free rate) and keeps a band’s optimum within its ranges. ' +
          'Until the firm saves its own, the seeded figures are illustrative (defaults: true).',
        response: { 200: capitalMarketSettingsSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => capitalMarketSettings(app.db, app.currentUser(request).firmId),
  );

  app.put(
    '/capital-market-assumptions',
    {
      schema: {
        tags,
        summary: "Change the firm's capital-market assumptions and band ranges (admins)",
        description:
          'Every figure is sent. Returns are fractions between −0.5 and 0.5; each range has 0 ≤ min ≤ max ≤ 1, a band’s class minimums add up to at most 1 ' +
          'and its maximums to at least 1, and the stock classes can meet the band’s share of stocks. sync_version is the version read; a stale one answers 409 with `current`.',
        body: capitalMarketUpdateSchema,
        response: {
          200: capitalMarketSettingsSchema,
          409: syncConflictSchema(capitalMarketSettingsSchema),
          422: z.object({ detail: z.array(validationIssueSchema) }).or(detailResponseSchema),
        },
      },
      config: { access: 'admin', denied: capitalMarketMessages.adminOnly },
    },
    async (request, reply) => {
      const result = await updateCapitalMarketSettings(app, request, app.currentUser(request), request.body);
      if (!result.ok) return reply.status(409).send({ detail: capitalMarketMessages.changed, current: result.current });
      return result.settings;
    },
  );
};
