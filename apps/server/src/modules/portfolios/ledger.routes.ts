import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '@meridian/domain/shared/ids';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { validationIssueSchema } from '@meridian/domain/auth/contracts';
import {
  holdingCreateSchema,
  holdingListResponseSchema,
  holdingSchema,
  holdingUpdateSchema,
} from '@meridian/domain/portfolios/holding-contracts';
import { syncConflictSchema } from '@meridian/domain/portfolios/contracts';
import {
  transactionCorrectionSchema,
  transactionCorrectSchema,
  transactionCreateSchema,
  transactionListQuerySchema,
  transactionVoidSchema,
  transactionListResponseSchema,
  transactionSchema,
} from '@meridian/domain/portfolios/transaction-contracts';
import { addHolding, listHoldings, removeHolding, updateHolding } from './holdings.service.ts';
import { listTransactions } from './ledger.queries.ts';
import { addTransaction } from './ledger.service.ts';
import { correctTransaction, voidTransaction, type CorrectionResult } from './ledger-corrections.service.ts';
import { reachablePortfolio } from './portfolios.service.ts';
import type { PortfolioRow } from '../../db/schema/portfolios.ts';
import { detail, portfolioParams, read, tags, write } from './route-common.ts';

/** 422: a list of field issues, or one `detail` naming what the change would break. */
const unprocessable = z.object({ detail: z.array(validationIssueSchema) }).or(detail);

const holdingParams = portfolioParams.extend({ holdingId: pathId('The holding id') });
const transactionParams = portfolioParams.extend({ transactionId: pathId('The transaction id') });

const recorded =
  'Recorded as a transaction in the ledger (one database transaction with the holding, the cash and the audit row). ' +
  'Cash never goes below zero, or below −margin_limit when the account has a margin allowance: a buy, withdrawal or fee that would take the running cash lower on any day from its trade date on answers 422 naming the shortfall.';

const corrected =
  'The entry stays in the ledger, marked void with who, when and the reason; holdings, lots, realised gains, valuations and cash are ' +
  "recomputed without it (one database transaction with the audit row). sync_version must be the entry's current one (409 with `current` " +
  'otherwise); a replay with the same Idempotency-Key answers as the first request did. A change that would leave a later sell uncovered or ' +
  'cash below its floor answers 422 naming the sell or the day.';

/** Holdings and the transaction ledger of a portfolio: /portfolios/{id}/holdings and /portfolios/{id}/transactions. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The portfolio of the path, if the caller reaches it (404 otherwise). */
  const portfolioOf = (request: FastifyRequest, id: string) => reachablePortfolio(app.db, app.currentUser(request), id);

  app.get(
    '/portfolios/:id/holdings',
    {
      schema: {
        tags,
        summary: "A portfolio's holdings valued at the latest close, largest first",
        description: "allocation_percent is the share of the holdings' market value (cash excluded). `simulated` marks a simulated close.",
        params: portfolioParams,
        response: { 200: holdingListResponseSchema, 404: detail },
      },
      config: read,
    },
    async (request) => listHoldings(app.db, await portfolioOf(request, request.params.id)),
  );

  app.post(
    '/portfolios/:id/holdings',
    {
      schema: {
        tags,
        summary: 'Buy shares of a security (by security_id or symbol): records a buy and returns the holding',
        description:
          `Without a price, the close of trade_date (default today) or the latest close before it. ${recorded} ` +
          'Adds to the holding when the portfolio already holds the security.',
        params: portfolioParams,
        body: holdingCreateSchema,
        response: { 201: holdingSchema, 404: detail },
      },
      config: write,
    },
    async (request, reply) =>
      reply.status(201).send(await addHolding(app, request, await portfolioOf(request, request.params.id), request.body)),
  );

  app.put(
    '/portfolios/:id/holdings/:holdingId',
    {
      schema: {
        tags,
        summary: 'Set a holding to a quantity: records a buy or a sell of the difference',
        description:
          `quantity is the target (0 sells everything; the answer then shows quantity 0). Without a price, the close of trade_date (default today). ${recorded} ` +
          "A sync_version, when sent, must be the holding's current one (409 with `current` otherwise).",
        params: holdingParams,
        body: holdingUpdateSchema,
        response: { 200: holdingSchema, 404: detail, 409: syncConflictSchema(holdingSchema) },
      },
      config: write,
    },
    async (request, reply) => {
      const result = await updateHolding(
        app,
        request,
        await portfolioOf(request, request.params.id),
        request.params.holdingId,
        request.body,
      );
      if (!result.ok) return reply.status(409).send({ detail: portfolioMessages.holdingChanged, current: result.current });
      return result.holding;
    },
  );

  app.delete(
    '/portfolios/:id/holdings/:holdingId',
    {
      schema: {
        tags,
        summary: 'Sell the whole holding today at the latest close',
        description: recorded,
        params: holdingParams,
        response: { 204: z.null(), 404: detail },
      },
      config: write,
    },
    async (request, reply) => {
      await removeHolding(app, request, await portfolioOf(request, request.params.id), request.params.holdingId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/portfolios/:id/transactions',
    {
      schema: {
        tags,
        summary: "A portfolio's ledger, newest first; filter by type, security and trade date range; paginated",
        params: portfolioParams,
        querystring: transactionListQuerySchema,
        response: { 200: transactionListResponseSchema, 404: detail },
      },
      config: read,
    },
    async (request) => listTransactions(app.db, await portfolioOf(request, request.params.id), request.query),
  );

  app.post(
    '/portfolios/:id/transactions',
    {
      schema: {
        tags,
        summary: 'Record a transaction: buy, sell, dividend, interest, deposit, withdrawal or fee',
        description:
          'buy/sell: security (security_id or symbol), quantity and price; dividend: security and amount; interest and fee: amount ' +
          '(a security optional); deposit/withdrawal: amount only. Amounts are positive: the sign of the stored amount comes from the type. ' +
          `trade_date may not be in the future. A sell of more than was held on its date answers 422. ${recorded}`,
        params: portfolioParams,
        body: transactionCreateSchema,
        response: { 201: transactionSchema, 404: detail },
      },
      config: write,
    },
    async (request, reply) =>
      reply.status(201).send(await addTransaction(app, request, await portfolioOf(request, request.params.id), request.body)),
  );

  /** What void and correct answer besides their entry: 404, 409 with the entry as it is now, 422. */
  const entryChangeErrors = { 404: detail, 409: syncConflictSchema(transactionSchema), 422: unprocessable };

  /** The handler of void and correct: the service applies the change; a stale version answers 409 with the entry as it is now. */
  const entryChange =
    <Body, Answer>(
      change: (
        app: FastifyInstance,
        request: FastifyRequest,
        portfolio: PortfolioRow,
        transactionId: string,
        body: Body,
      ) => Promise<CorrectionResult<Answer>>,
    ) =>
    async (request: FastifyRequest & { params: z.output<typeof transactionParams>; body: Body }, reply: FastifyReply) => {
      const portfolio = await portfolioOf(request, request.params.id);
      const result = await change(app, request, portfolio, request.params.transactionId, request.body);
      if (!result.ok) return reply.status(409).send({ detail: portfolioMessages.transactionChanged, current: result.current });
      return result.result;
    };

  app.post(
    '/portfolios/:id/transactions/:transactionId/void',
    {
      schema: {
        tags,
        summary: 'Void a ledger entry (staff): it stays on the record, marked void, and counts in no figure',
        description: corrected,
        params: transactionParams,
        body: transactionVoidSchema,
        response: { 200: transactionSchema, ...entryChangeErrors },
      },
      config: write,
    },
    entryChange(voidTransaction),
  );

  app.post(
    '/portfolios/:id/transactions/:transactionId/correct',
    {
      schema: {
        tags,
        summary: 'Correct a ledger entry (staff): voids it and records the entry given in its place, in one write',
        description: `The body is a transaction as for POST /portfolios/{id}/transactions, with the reason and the entry's sync_version. ${corrected}`,
        params: transactionParams,
        body: transactionCorrectSchema,
        response: { 200: transactionCorrectionSchema, ...entryChangeErrors },
      },
      config: write,
    },
    entryChange(correctTransaction),
  );
};
