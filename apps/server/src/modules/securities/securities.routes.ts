import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '@meridian/domain/shared/ids';
import { detailResponseSchema } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import {
  priceImportBodySchema,
  priceImportResponseSchema,
  securityDetailSchema,
  securityHistoryQuerySchema,
  securityLimits,
  securityListQuerySchema,
  securityListResponseSchema,
  securityMessages,
  securitySearchQuerySchema,
  securitySearchResponseSchema,
} from '@meridian/domain/securities/contracts';
import { HttpError, notFound } from '../../platform/http-error.ts';
import { importPrices } from './price-import.service.ts';
import { findSecurity, listSecurities, searchSecurities, securityWithHistory } from './securities.service.ts';

const tags = ['securities'];
const detail = detailResponseSchema;

const importBodyLimit = securityLimits.importBodyMaxBytes;

export const securitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The access policy runs first (see platform/access.ts), so an upload is refused before it is parsed.
  const declaredSizeWithinLimit: onRequestAsyncHookHandler = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > importBodyLimit) throw new HttpError(413, securityMessages.csvTooLarge);
  };

  // This plugin's scope only: the import takes a CSV body as it is (text/plain is Fastify's own).
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: importBodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/securities/search',
    {
      schema: {
        tags,
        summary: 'Find active securities by symbol prefix (exact symbol first) or name substring, case-insensitive',
        querystring: securitySearchQuerySchema,
        response: { 200: securitySearchResponseSchema },
      },
      config: { access: 'signedIn' },
    },
    async (request) => searchSecurities(app.db, request.query.q, request.query.limit),
  );

  app.get(
    '/securities',
    {
      schema: {
        tags,
        summary: 'Active securities by symbol, filtered by sector, risk rating and asset class; paginated (limit or per_page, page)',
        querystring: securityListQuerySchema,
        response: { 200: securityListResponseSchema },
      },
      config: { access: 'signedIn' },
    },
    async (request) => listSecurities(app.db, request.query),
  );

  app.get(
    '/securities/:id',
    {
      schema: {
        tags,
        summary: 'A security by id or symbol, with its latest close and daily closes (period, default 1y, or from/to)',
        description:
          'Each close says whether it is simulated or imported; `simulated` (latest close) and `history.simulated` (any point) let the UI label simulated prices.',
        params: z.object({ id: pathId('The security id (UUID) or its symbol, e.g. AAPL or brk.b') }),
        querystring: securityHistoryQuerySchema,
        response: { 200: securityDetailSchema, 404: detail },
      },
      config: { access: 'signedIn' },
    },
    async (request) => {
      const row = await findSecurity(app.db, request.params.id);
      if (!row) throw notFound(messages.notFound);
      return securityWithHistory(app.db, row, request.query);
    },
  );

  app.post(
    '/securities/prices/import',
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags,
        summary: 'Import daily closes from a CSV (symbol,date,close with a header); admins only',
        description:
          'Send the file as text/csv (or text/plain), or as JSON {"csv": "..."}. Good rows replace the close of that day (source "imported") ' +
          `and update the security's latest close; bad rows are listed with a reason. At most ${securityLimits.importMaxBytes / 1024 / 1024} MB ` +
          `and ${securityLimits.importMaxRows.toLocaleString('en-US')} rows (413 beyond).`,
        consumes: ['text/csv', 'text/plain', 'application/json'],
        body: priceImportBodySchema,
        response: { 200: priceImportResponseSchema, 413: detail },
      },
      config: { access: 'operator', denied: securityMessages.operatorOnly },
      onRequest: declaredSizeWithinLimit,
    },
    async (request) => importPrices(app, request, typeof request.body === 'string' ? request.body : request.body.csv),
  );
};
