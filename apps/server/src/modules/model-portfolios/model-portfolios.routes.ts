import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponseSchema } from '@meridian/domain/auth/contracts';
import { pathId } from '@meridian/domain/shared/ids';
import { modelMessages } from '@meridian/domain/shared/advice-messages';
import {
  modelCreateSchema,
  modelListQuerySchema,
  modelListResponseSchema,
  modelPortfolioSchema,
  modelUpdateSchema,
} from '@meridian/domain/model-portfolios/contracts';
import { syncConflictSchema } from '@meridian/domain/portfolios/contracts';
import { capitalMarketRoutes } from './capital-markets.routes.ts';
import { createModel, deleteModel, getModel, listModels, updateModel } from './model-portfolios.service.ts';

const tags = ['model portfolios'];
const detail = detailResponseSchema;
const params = z.object({ id: pathId('The model portfolio id') });
const staff = { access: 'staff', denied: modelMessages.staffOnly } as const;
const targetsRule =
  'targets name asset classes (equity, fixed_income, cash, alternative, real_estate) or securities (security_id), not both, each once, with weights in (0, 1] adding up to 1. ' +
  'drift_band is the absolute band (0.05 = ±5 points, the default) past which a follower needs rebalancing.';

/** The firm's model portfolios: /model-portfolios. Advisors and admins of the firm read and maintain them. */
export const modelPortfoliosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(capitalMarketRoutes);
  app.get(
    '/model-portfolios',
    {
      schema: {
        tags,
        summary: "The firm's model portfolios, conservative to aggressive",
        querystring: modelListQuerySchema,
        response: { 200: modelListResponseSchema },
      },
      config: staff,
    },
    async (request) => listModels(app.db, app.currentUser(request), request.query),
  );

  app.get(
    '/model-portfolios/:id',
    {
      schema: {
        tags,
        summary: 'A model portfolio with its targets and how many portfolios follow it',
        params,
        response: { 200: modelPortfolioSchema, 404: detail },
      },
      config: staff,
    },
    async (request) => getModel(app.db, app.currentUser(request), request.params.id),
  );

  app.post(
    '/model-portfolios',
    {
      schema: {
        tags,
        summary: 'Create a model portfolio',
        description: targetsRule,
        body: modelCreateSchema,
        response: { 201: modelPortfolioSchema },
      },
      config: staff,
    },
    async (request, reply) => reply.status(201).send(await createModel(app, request, request.body)),
  );

  app.put(
    '/model-portfolios/:id',
    {
      schema: {
        tags,
        summary: 'Change a model portfolio (targets given replace all of them)',
        description: `${targetsRule} sync_version must be the version being edited; a stale one answers 409 with the current model in \`current\`.`,
        params,
        body: modelUpdateSchema,
        response: { 200: modelPortfolioSchema, 404: detail, 409: syncConflictSchema(modelPortfolioSchema) },
      },
      config: staff,
    },
    async (request, reply) => {
      const result = await updateModel(app, request, request.params.id, request.body);
      if (!result.ok) return reply.status(409).send({ detail: modelMessages.modelChanged, current: result.current });
      return result.model;
    },
  );

  app.delete(
    '/model-portfolios/:id',
    {
      schema: {
        tags,
        summary: 'Delete a model portfolio (soft); refused while portfolios follow it',
        params,
        response: { 204: z.null(), 404: detail, 409: detail },
      },
      config: staff,
    },
    async (request, reply) => {
      await deleteModel(app, request, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
