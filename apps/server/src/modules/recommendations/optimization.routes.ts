import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponseSchema, validationIssueSchema } from '@meridian/domain/auth/contracts';
import { pathId } from '@meridian/domain/shared/ids';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import {
  optimizationSchema,
  recommendationSchema,
  statisticsRequestSchema,
  statisticsSchema,
} from '@meridian/domain/recommendations/contracts';
import { optimizePortfolio, recommendOptimum, securityStatistics } from './optimization.service.ts';

const detail = detailResponseSchema;
const unprocessable = z.object({ detail: z.array(validationIssueSchema) }).or(detail);
const params = z.object({ id: pathId('The portfolio id') });
const method =
  "Expected returns are the firm's capital-market assumptions (GET /capital-market-assumptions): each security expects its market class's return, cash the " +
  'risk-free rate. The covariance is Ledoit–Wolf from up to three years of daily closes. Long only, fully invested; a fund may be at most 40 % ' +
  "and a company's stock 10 %; each market class and the share of stocks stay in the client's risk band's ranges (a range the securities cannot meet is left out, and said so). " +
  "The universe adds a broad fund of each market class. The optimum is the efficient portfolio at the band's target volatility (critical line algorithm); the frontier has 20 points.";

/** Optimisation: /portfolios/{id}/optimize, its recommendation, and /securities/statistics for the portfolio builder. */
export const optimizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/portfolios/:id/optimize',
    {
      schema: {
        tags: ['portfolios'],
        summary:
          "Current and optimal weights for the client's risk band, their expected return and volatility, the efficient frontier and the trades between",
        description: `${method} The universe is what the account holds, what its model would buy and a fund of each market class. No body.`,
        params,
        response: { 200: optimizationSchema, 404: detail, 422: unprocessable },
      },
      config: { access: 'signedIn' },
    },
    async (request) => optimizePortfolio(app, app.currentUser(request), request.params.id),
  );

  app.post(
    '/portfolios/:id/optimize/recommendation',
    {
      schema: {
        tags: ['recommendations'],
        summary: 'Create a rebalance recommendation from the optimum (a pending rebalance is refreshed instead)',
        description: method,
        params,
        response: { 201: recommendationSchema, 404: detail, 422: unprocessable },
      },
      config: { access: 'staff', denied: recommendationMessages.readOnly },
    },
    async (request, reply) => reply.status(201).send(await recommendOptimum(app, request, request.params.id)),
  );

  app.post(
    '/securities/statistics',
    {
      schema: {
        tags: ['securities'],
        summary:
          "Expected returns (the firm's capital-market assumptions) and Ledoit–Wolf covariance over the common history of up to 60 securities (the portfolio builder computes with them)",
        body: statisticsRequestSchema,
        response: { 200: statisticsSchema, 404: detail, 422: unprocessable },
      },
      config: { access: 'staff' },
    },
    async (request) => securityStatistics(app, app.currentUser(request), request.body.security_ids),
  );
};
