import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import {
  portfolioCreateSchema,
  portfolioDetailSchema,
  portfolioListQuerySchema,
  portfolioListResponseSchema,
  portfolioSchema,
  portfolioUpdateSchema,
  proposalCreateSchema,
  syncConflictSchema,
} from '@meridian/domain/portfolios/contracts';
import { backfillLotCosts } from './lot-costs.ts';
import { ledgerRoutes } from './ledger.routes.ts';
import { createProposal } from './proposals.service.ts';
import { detail, portfolioParams, read, tags, write } from './route-common.ts';
import { createPortfolio, deletePortfolio, getPortfolio, listPortfolios, updatePortfolio } from './portfolios.service.ts';

const reach =
  'An advisor reaches the portfolios of their own clients, an admin those of the whole firm, a client user those of ' +
  'the client record linked to their login (read-only); anything else, and portfolios of deleted clients, answer 404.';

export const portfoliosRoutes: FastifyPluginAsyncZod = async (app) => {
  // Holdings written before their open-lot cost was stored are costed once, in the background at
  // start; closing waits for it, so it never meets a closed pool.
  let costing: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    costing = backfillLotCosts(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'could not cost holdings by their lots'));
  });
  app.addHook('onClose', async () => {
    await costing;
  });

  app.get(
    '/portfolios',
    {
      schema: {
        tags,
        summary: 'Portfolios the caller reaches, with their valuation; filtered, sorted and paginated',
        description: `${reach} Sort by any of the listed fields (default name, asc); per_page default 50, at most 100.`,
        querystring: portfolioListQuerySchema,
        response: { 200: portfolioListResponseSchema },
      },
      config: read,
    },
    async (request) => listPortfolios(app.db, app.currentUser(request), request.query),
  );

  app.get(
    '/portfolios/:id',
    {
      schema: {
        tags,
        summary: 'A portfolio with its holdings and its allocation by asset class and by sector',
        description: reach,
        params: portfolioParams,
        response: { 200: portfolioDetailSchema, 404: detail },
      },
      config: read,
    },
    async (request) => getPortfolio(app.db, app.currentUser(request), request.params.id),
  );

  app.post(
    '/portfolios',
    {
      schema: {
        tags,
        summary: 'Open a portfolio for a client (advisors and admins)',
        description:
          'benchmark_symbol (default SPY) must be a known security. initial_deposit, when given, is recorded as a deposit dated today. ' +
          'A client the caller does not reach answers 404.',
        body: portfolioCreateSchema,
        response: { 201: portfolioDetailSchema, 404: detail },
      },
      config: write,
    },
    async (request, reply) => reply.status(201).send(await createPortfolio(app, request, request.body)),
  );

  app.post(
    '/portfolios/proposals',
    {
      schema: {
        tags,
        summary: 'Build a proposed portfolio from target weights (the portfolio builder)',
        description:
          'Opens a portfolio with status proposed, deposits amount, and buys each security (whole shares at its latest close) for its weight of the amount; ' +
          'weights may add up to less than 1 (the rest stays cash). A client the caller does not reach answers 404.',
        body: proposalCreateSchema,
        response: { 201: portfolioDetailSchema, 404: detail },
      },
      config: write,
    },
    async (request, reply) => reply.status(201).send(await createProposal(app, request, request.body)),
  );

  app.put(
    '/portfolios/:id',
    {
      schema: {
        tags,
        summary: 'Change name, account type, status, benchmark, lot method, model or margin limit (advisors and admins)',
        description:
          'sync_version must be the version being edited; a stale one answers 409 with the current record in `current`. ' +
          "margin_limit (0 to 100,000,000; null: no margin) is how far below zero the ledger's cash may go; it cannot be set below the margin in use now.",
        params: portfolioParams,
        body: portfolioUpdateSchema,
        response: {
          200: portfolioDetailSchema,
          404: detail,
          409: syncConflictSchema(portfolioSchema),
        },
      },
      config: write,
    },
    async (request, reply) => {
      const result = await updatePortfolio(app, request, request.params.id, request.body);
      if (!result.ok) return reply.status(409).send({ detail: portfolioMessages.portfolioChanged, current: result.current });
      return result.portfolio;
    },
  );

  app.delete(
    '/portfolios/:id',
    {
      schema: {
        tags,
        summary: 'Delete a portfolio (soft: its ledger stays for the record)',
        params: portfolioParams,
        response: { 204: z.null(), 404: detail },
      },
      config: write,
    },
    async (request, reply) => {
      await deletePortfolio(app, request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(ledgerRoutes);
};
