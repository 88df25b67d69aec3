import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponseSchema, validationIssueSchema } from '@meridian/domain/auth/contracts';
import { pathId } from '@meridian/domain/shared/ids';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import { syncConflictSchema } from '@meridian/domain/portfolios/contracts';
import {
  generateRequestSchema,
  generateResponseSchema,
  recommendationListQuerySchema,
  recommendationListResponseSchema,
  recommendationSchema,
  statusUpdateSchema,
} from '@meridian/domain/recommendations/contracts';
import { updateRecommendationStatus } from './recommendation-status.ts';
import { generateRecommendations, getRecommendation, listRecommendations } from './recommendations.service.ts';

const tags = ['recommendations'];
const detail = detailResponseSchema;
/** A field that fails its schema, or a request the rules refuse (an illegal status move, a client with nothing to review). */
const unprocessable = z.object({ detail: z.array(validationIssueSchema) }).or(detail);
const params = z.object({ id: pathId('The recommendation id') });
const read = { access: 'signedIn' } as const;
const write = { access: 'staff', denied: recommendationMessages.readOnly } as const;
const reach =
  "An advisor reaches the recommendations of their clients, an admin the firm's, a client user their own (read-only); anything else answers 404.";

/** /recommendations: generate, list and move recommendations through their statuses. */
export const recommendationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/recommendations',
    {
      schema: {
        tags,
        summary: 'Recommendations in reach, open ones first, newest first',
        description: `${reach} Filter by client_id, portfolio_id and status.`,
        querystring: recommendationListQuerySchema,
        response: { 200: recommendationListResponseSchema },
      },
      config: read,
    },
    async (request) => listRecommendations(app.db, app.currentUser(request), request.query),
  );

  app.get(
    '/recommendations/:id',
    {
      schema: {
        tags,
        summary: 'One recommendation with its trades and their tax effect',
        description: reach,
        params,
        response: { 200: recommendationSchema, 404: detail },
      },
      config: read,
    },
    async (request) => getRecommendation(app.db, app.currentUser(request), request.params.id),
  );

  app.post(
    '/recommendations/generate',
    {
      schema: {
        tags,
        summary: "Review each of a client's active portfolios against its model and write recommendations",
        description:
          "Each portfolio is compared with the model it follows, else the firm's model for the client's risk band: a model of another band is a risk mismatch, " +
          'a weight past the drift band a rebalance (deploy cash when only cash is past it), a holding above 20 % a concentration. ' +
          'Sells take losses and long-term lots first, with the estimated realised gain per trade; nothing sold at a loss in the last 30 days is bought back. ' +
          'A pending recommendation of the same kind is refreshed, an accepted one left alone: generating again never duplicates.',
        body: generateRequestSchema,
        response: { 200: generateResponseSchema, 404: detail, 409: detail, 422: unprocessable },
      },
      config: write,
    },
    async (request) => generateRecommendations(app, request, request.body.client_id),
  );

  app.put(
    '/recommendations/:id/status',
    {
      schema: {
        tags,
        summary: 'Accept, reject or mark implemented (implementing records the trades in the ledger)',
        description:
          'pending → accepted | rejected, accepted → implemented; any other move answers 422. Implementing records the trades at the latest close ' +
          '(sells first, lots tax_optimized as proposed) in the same database transaction; a sell of more than is now held answers 409 and changes nothing. ' +
          'A sync_version, when sent, must be the current one (409 with `current`).',
        params,
        body: statusUpdateSchema,
        response: { 200: recommendationSchema, 404: detail, 409: syncConflictSchema(recommendationSchema).or(detail), 422: unprocessable },
      },
      config: write,
    },
    async (request, reply) => {
      const result = await updateRecommendationStatus(app, request, request.params.id, request.body);
      if (!result.ok) return reply.status(409).send({ detail: recommendationMessages.changed, current: result.current });
      return result.recommendation;
    },
  );
};
