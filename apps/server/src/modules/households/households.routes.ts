import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '@meridian/domain/shared/ids';
import { detailResponseSchema } from '@meridian/domain/auth/contracts';
import {
  createHouseholdBodySchema,
  deleteHouseholdQuerySchema,
  householdConflictSchema,
  householdListQuerySchema,
  householdListResponseSchema,
  householdSchema,
  setHouseholdMembersBodySchema,
  updateHouseholdBodySchema,
} from '@meridian/domain/households/contracts';
import { householdMessages } from '@meridian/domain/households/messages';
import {
  createHousehold,
  deleteHousehold,
  getHousehold,
  listHouseholds,
  setHouseholdMembers,
  updateHousehold,
} from './households.service.ts';

const tags = ['households'];
const detail = detailResponseSchema;
const params = z.object({ id: pathId('The household id (UUID)') });

const reach =
  'An advisor reaches the households they serve, an admin the whole firm, a client user only their own household (read-only). ' +
  'Anything else answers 404.';

export const householdsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/households',
    {
      schema: {
        tags,
        summary: 'Households in reach with their members and AUM, by name, paginated',
        description: `${reach} search is a case-insensitive substring of the name; limit is another name for per_page.`,
        querystring: householdListQuerySchema,
        response: { 200: householdListResponseSchema },
      },
      config: { access: 'signedIn' },
    },
    async (request) => listHouseholds(app, app.currentUser(request), request.query),
  );

  app.get(
    '/households/:id',
    {
      schema: {
        tags,
        summary: 'A household with its members and their AUM',
        description: reach,
        params,
        response: { 200: householdSchema, 404: detail },
      },
      config: { access: 'signedIn' },
    },
    async (request) => getHousehold(app, app.currentUser(request), request.params.id),
  );

  app.post(
    '/households',
    {
      schema: {
        tags,
        summary: 'Create a household, optionally with its members',
        description:
          "Advisors create their own; an admin names advisor_id or adds members who share an advisor. Every member must be a client of the household's advisor, " +
          'in no other household; at most one head.',
        body: createHouseholdBodySchema,
        response: { 201: householdSchema },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => reply.status(201).send(await createHousehold(app, request, app.currentUser(request), request.body)),
  );

  app.put(
    '/households/:id',
    {
      schema: {
        tags,
        summary: 'Rename a household, change its notes or (admins) its advisor — the members move with it',
        description: 'Requires the sync_version last read; a stale one answers 409 with the current household in `current`.',
        params,
        body: updateHouseholdBodySchema,
        response: { 200: householdSchema, 404: detail, 409: householdConflictSchema },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const result = await updateHousehold(app, request, app.currentUser(request), request.params.id, request.body);
      if (!result.ok) return reply.status(409).send({ detail: householdMessages.householdChanged, current: result.current });
      return result.record;
    },
  );

  app.put(
    '/households/:id/members',
    {
      schema: {
        tags,
        summary: 'Set the member list: clients with their roles (head, spouse, child, other; at most one head)',
        description:
          "Clients left out leave the household. Each member must be in reach, a client of the household's advisor and in no other household (422). " +
          'An optional sync_version makes the change conditional (409 when stale).',
        params,
        body: setHouseholdMembersBodySchema,
        response: { 200: householdSchema, 404: detail, 409: householdConflictSchema },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const result = await setHouseholdMembers(
        app,
        request,
        app.currentUser(request),
        request.params.id,
        request.body.members,
        request.body.sync_version,
      );
      if (!result.ok) return reply.status(409).send({ detail: householdMessages.householdChanged, current: result.current });
      return result.record;
    },
  );

  app.delete(
    '/households/:id',
    {
      schema: {
        tags,
        summary: 'Delete a household (soft); its members stay as clients without a household',
        description: 'Optional ?sync_version= makes the delete conditional (409 with `current` when stale).',
        params,
        querystring: deleteHouseholdQuerySchema,
        response: { 204: z.null(), 404: detail, 409: householdConflictSchema },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const result = await deleteHousehold(app, request, app.currentUser(request), request.params.id, request.query.sync_version);
      if (!result.ok) return reply.status(409).send({ detail: householdMessages.householdChanged, current: result.current });
      return reply.status(204).send(null);
    },
  );
};
