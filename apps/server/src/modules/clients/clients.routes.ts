import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '@meridian/domain/shared/ids';
import { detailResponseSchema } from '@meridian/domain/auth/contracts';
import {
  clientConflictSchema,
  clientListResponseSchema,
  clientSchema,
  clientStatsSchema,
  clientSummarySchema,
} from '@meridian/domain/clients/contracts';
import { clientFilterQuerySchema, clientListQuerySchema } from '@meridian/domain/clients/list-query';
import { createClientBodySchema, deleteClientQuerySchema, updateClientBodySchema } from '@meridian/domain/clients/client-body';
import { clientMessages } from '@meridian/domain/shared/messages';
import { clientListStats, clientSummary, getClient, listClients } from './clients.service.ts';
import { createClient, deleteClient, updateClient } from './client-writes.service.ts';

const tags = ['clients'];
const detail = detailResponseSchema;
const params = z.object({ id: pathId('The client id (UUID)') });

const reach =
  'An advisor reaches the clients assigned to them, an admin the whole firm, a client user only the record linked to their login (read-only). ' +
  'Anything else answers 404.';

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clients',
    {
      schema: {
        tags,
        summary: 'Clients in reach, filtered, sorted and paginated, with AUM and last activity per row',
        description:
          `${reach} search matches first name, last name or e-mail (case-insensitive substring; several words must each match). ` +
          'risk_band (the five bands and not_assessed), risk_capacity (low, medium, high: read from the band), investment_experience and ' +
          'assessment_status take one or several values (comma-separated or repeated). ' +
          'A missing net worth counts as 0. limit is another name for per_page (default 50, at most 100).',
        querystring: clientListQuerySchema,
        response: { 200: clientListResponseSchema },
      },
      config: { access: 'signedIn' },
    },
    async (request) => listClients(app, app.currentUser(request), request.query),
  );

  app.get(
    '/clients/stats',
    {
      schema: {
        tags,
        summary: "The client list's four cards over the clients in reach and the list's filters",
        description: `${reach} Takes the list's filters (paging and sorting are ignored).`,
        querystring: clientFilterQuerySchema,
        response: { 200: clientStatsSchema },
      },
      config: { access: 'signedIn' },
    },
    async (request) => clientListStats(app, app.currentUser(request), request.query),
  );

  app.get(
    '/clients/:id',
    {
      schema: { tags, summary: 'A client', description: reach, params, response: { 200: clientSchema, 404: detail } },
      config: { access: 'signedIn' },
    },
    async (request) => getClient(app, app.currentUser(request), request.params.id),
  );

  app.get(
    '/clients/:id/summary',
    {
      schema: {
        tags,
        summary: "A client's portfolios, AUM, unrealised gain/loss, last activity, assessment status and household",
        description: reach,
        params,
        response: { 200: clientSummarySchema, 404: detail },
      },
      config: { access: 'signedIn' },
    },
    async (request) => clientSummary(app, app.currentUser(request), request.params.id),
  );

  app.post(
    '/clients',
    {
      schema: {
        tags,
        summary: 'Add a client (advisors: to their own book; admins: name advisor_id)',
        description:
          'Profile figures may be sent flat or under `profile`. A new client is not assessed (risk_band null) until a questionnaire or the ' +
          'advisor sets the band: risk_band set by hand needs risk_band_reason (kept in the audit trail). risk_capacity follows from the band ' +
          '(a different value is refused with 422). E-mail addresses are unique among ' +
          "the firm's clients (409). Client users may not add clients (403).",
        body: createClientBodySchema,
        response: { 201: clientSchema, 409: detail },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => reply.status(201).send(await createClient(app, request, app.currentUser(request), request.body)),
  );

  app.put(
    '/clients/:id',
    {
      schema: {
        tags,
        summary: 'Change a client: any subset of the fields (or the whole record) plus the sync_version last read',
        description:
          'A stale sync_version changes nothing and answers 409 with the current record in `current`. ' +
          'A field left out is kept; null or an empty text clears an optional one. Only admins reassign advisor_id. ' +
          'Changing risk_band (null: not assessed) needs risk_band_reason; risk_capacity follows from the band.',
        params,
        body: updateClientBodySchema,
        response: { 200: clientSchema, 404: detail, 409: z.union([clientConflictSchema, detail]) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const result = await updateClient(app, request, app.currentUser(request), request.params.id, request.body);
      if (!result.ok) return reply.status(409).send({ detail: clientMessages.clientChanged, current: result.current });
      return result.record;
    },
  );

  app.delete(
    '/clients/:id',
    {
      schema: {
        tags,
        summary: 'Delete a client (soft: the record and its portfolios stay; the client leaves every list and their household)',
        description: 'Optional ?sync_version= makes the delete conditional (409 with `current` when stale).',
        params,
        querystring: deleteClientQuerySchema,
        response: { 204: z.null(), 404: detail, 409: clientConflictSchema },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const result = await deleteClient(app, request, app.currentUser(request), request.params.id, request.query.sync_version);
      if (!result.ok) return reply.status(409).send({ detail: clientMessages.clientChanged, current: result.current });
      return reply.status(204).send(null);
    },
  );
};
