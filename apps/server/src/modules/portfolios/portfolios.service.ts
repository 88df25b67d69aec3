import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cashEffect } from '@meridian/domain/portfolios/ledger';
import { clientMessages } from '@meridian/domain/shared/messages';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { pageInfo, pageWindow } from '@meridian/domain/shared/pagination';
import { formatDollars } from '@meridian/domain/shared/format';
import {
  isUuid,
  type Portfolio,
  type PortfolioCreate,
  type PortfolioDetail,
  type PortfolioListQuery,
  type PortfolioListResponse,
  type PortfolioUpdate,
} from '@meridian/domain/portfolios/contracts';
import type { Holding } from '@meridian/domain/portfolios/holding-contracts';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';
import { portfolios, transactions, type PortfolioRow } from '../../db/schema/portfolios.ts';
import { modelPortfolios } from '../../db/schema/model-portfolios.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { escapeLike } from '../../db/sql-values.ts';
import { notFound } from '../../platform/http-error.ts';
import { findSecurity } from '../securities/securities.service.ts';
import { refreshValuations } from '../valuations/valuations.service.ts';
import { fieldError } from '../../platform/errors.ts';
import {
  countPortfolios,
  selectHoldings,
  selectPortfolioSummaries,
  selectReachablePortfolio,
  selectTradedSecurities,
} from './portfolios.queries.ts';
import { clientReach, portfolioReach } from '../../platform/reach.ts';
import { toHoldings, toPortfolio, toPortfolioDetail } from './portfolios.views.ts';
import { lockClientAccounts, storeLotCosts } from './lot-costs.ts';

export const portfolioNotFound = () => notFound(portfolioMessages.portfolioNotFound);

/** A live portfolio the user reaches; 404 'Portfolio not found' otherwise (another firm's, another advisor's, a malformed id). */
export async function reachablePortfolio(db: Db, viewer: UserRow, id: string): Promise<PortfolioRow> {
  const row = isUuid(id) ? await selectReachablePortfolio(db, viewer, id) : undefined;
  if (!row) throw portfolioNotFound();
  return row;
}

/** The summary of one portfolio the user reaches (valuation included), or nothing. */
async function summaryOf(db: Db, viewer: UserRow, id: string): Promise<Portfolio | undefined> {
  const [row] = await selectPortfolioSummaries(db, {
    where: [eq(portfolios.id, id), portfolioReach(viewer)],
    sort: 'name',
    order: 'asc',
    limit: 1,
    offset: 0,
  });
  return row ? toPortfolio(row) : undefined;
}

export async function listPortfolios(db: Db, viewer: UserRow, query: PortfolioListQuery): Promise<PortfolioListResponse> {
  const where: SQL[] = [portfolioReach(viewer)];
  if (query.client_id) where.push(eq(portfolios.clientId, query.client_id));
  if (query.search) {
    const like = `%${escapeLike(query.search.toLowerCase())}%`;
    where.push(sql`(lower(${portfolios.name}) like ${like} or lower(${clients.firstName} || ' ' || ${clients.lastName}) like ${like})`);
  }
  if (query.status) where.push(eq(portfolios.status, query.status));
  if (query.account_type) where.push(eq(portfolios.accountType, query.account_type));
  // The page and the count at once (two connections on PostgreSQL).
  const [rows, total] = await Promise.all([
    selectPortfolioSummaries(db, { where, sort: query.sort, order: query.order, ...pageWindow(query.page, query.per_page) }),
    countPortfolios(db, where),
  ]);
  return { portfolios: rows.map(toPortfolio), ...pageInfo(total, query.page, query.per_page) };
}

export async function getPortfolio(db: Db, viewer: UserRow, id: string): Promise<PortfolioDetail> {
  const summary = isUuid(id) ? await summaryOf(db, viewer, id) : undefined;
  if (!summary) throw portfolioNotFound();
  return toPortfolioDetail(summary, toHoldings(await selectHoldings(db, id), summary.cash_balance));
}

/**
 * A portfolio's open positions as they stand now (its cash read afresh, after any write): valued,
 * costed by their open lots and weighed of its total value (toHoldings).
 */
export async function holdingsOf(db: Db, portfolioId: string): Promise<Holding[]> {
  const [rows, [account]] = await Promise.all([
    selectHoldings(db, portfolioId),
    db.select({ cash: portfolios.cashBalance }).from(portfolios).where(eq(portfolios.id, portfolioId)),
  ]);
  return toHoldings(rows, account?.cash ?? 0);
}

async function knownBenchmark(db: Db, symbol: string): Promise<string> {
  const security = await findSecurity(db, symbol);
  if (!security) throw fieldError('benchmark_symbol', portfolioMessages.benchmarkUnknown, symbol);
  return security.symbol;
}

/** The model a body names: one of the firm's live models (422 on model_id otherwise); null stops following one. */
async function knownModel(db: Db, firmId: string, modelId: string | null | undefined): Promise<string | null | undefined> {
  if (!modelId) return modelId;
  const [model] = await db
    .select({ id: modelPortfolios.id })
    .from(modelPortfolios)
    .where(and(eq(modelPortfolios.id, modelId), eq(modelPortfolios.firmId, firmId), isNull(modelPortfolios.deletedAt)));
  if (!model) throw fieldError('model_id', portfolioMessages.modelInvalid, modelId);
  return model.id;
}

const auditFields = (row: PortfolioRow) => ({
  client_id: row.clientId,
  name: row.name,
  account_type: row.accountType,
  status: row.status,
  benchmark_symbol: row.benchmarkSymbol,
  lot_method: row.lotMethod,
  model_id: row.modelId,
  margin_limit: row.marginLimit,
});

/** Opens a portfolio for a client the user reaches; an initial deposit is recorded as a deposit transaction dated today. */
export async function createPortfolio(app: FastifyInstance, request: FastifyRequest, body: PortfolioCreate): Promise<PortfolioDetail> {
  const viewer = app.currentUser(request);
  const [client] = await app.db
    .select({ id: clients.id, firmId: clients.firmId })
    .from(clients)
    .where(and(eq(clients.id, body.client_id), clientReach(viewer)));
  if (!client) throw notFound(clientMessages.clientNotFound);
  const benchmark = await knownBenchmark(app.db, body.benchmark_symbol);
  const modelId = await knownModel(app.db, client.firmId, body.model_id);
  const now = app.now();
  const deposit = body.initial_deposit ? cashEffect({ type: 'deposit', amount: body.initial_deposit }) : 0;

  const created = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(portfolios)
      .values({
        firmId: client.firmId,
        clientId: client.id,
        name: body.name,
        accountType: body.account_type,
        status: body.status,
        benchmarkSymbol: benchmark,
        lotMethod: body.lot_method ?? 'fifo',
        modelId: modelId ?? null,
        marginLimit: body.margin_limit ?? null,
        cashBalance: deposit,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('portfolio insert returned nothing');
    if (deposit > 0) {
      await tx.insert(transactions).values({
        firmId: row.firmId,
        portfolioId: row.id,
        type: 'deposit',
        tradeDate: marketDate(now),
        amount: deposit,
        notes: 'Initial deposit',
        createdBy: viewer.id,
        createdAt: now,
        updatedAt: now,
      });
      await refreshValuations(tx, [{ portfolioId: row.id, from: null }], marketDate(now));
    }
    await app.audit(
      request,
      { action: 'portfolio created', entity: 'portfolio', entityId: row.id, after: { ...auditFields(row), initial_deposit: deposit } },
      tx,
    );
    return row;
  });
  return getPortfolio(app.db, viewer, created.id);
}

export type UpdateResult = { ok: true; portfolio: PortfolioDetail } | { ok: false; current: Portfolio };

/** Changes name, account type, status, benchmark, lot method, model or margin limit of the version the caller read; a stale version gets the current record. */
export async function updatePortfolio(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: PortfolioUpdate,
): Promise<UpdateResult> {
  const viewer = app.currentUser(request);
  const before = await reachablePortfolio(app.db, viewer, id);
  const conflict = async (): Promise<UpdateResult> => {
    const current = await summaryOf(app.db, viewer, id);
    if (!current) throw portfolioNotFound();
    return { ok: false, current };
  };
  if (body.sync_version !== before.syncVersion) return conflict();
  // Margin already in use stays covered: the limit cannot be set below how far cash is below zero now.
  if (body.margin_limit !== undefined && before.cashBalance < -(body.margin_limit ?? 0)) {
    const message = portfolioMessages.marginBelowCash(formatDollars(before.cashBalance), formatDollars(-before.cashBalance));
    throw fieldError('margin_limit', message, body.margin_limit);
  }
  const benchmark = body.benchmark_symbol === undefined ? undefined : await knownBenchmark(app.db, body.benchmark_symbol);
  const modelId = await knownModel(app.db, before.firmId, body.model_id);

  // Another lot method or account type changes the lots of the client's positions: in this account and, through wash sales, in others.
  const relots =
    (body.lot_method !== undefined && body.lot_method !== before.lotMethod) ||
    (body.account_type !== undefined && body.account_type !== before.accountType);
  const updated = await app.db.transaction(async (tx) => {
    if (relots) await lockClientAccounts(tx, before.clientId);
    const [row] = await tx
      .update(portfolios)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.account_type === undefined ? {} : { accountType: body.account_type }),
        ...(body.status === undefined ? {} : { status: body.status }),
        ...(benchmark === undefined ? {} : { benchmarkSymbol: benchmark }),
        ...(body.lot_method === undefined ? {} : { lotMethod: body.lot_method }),
        ...(modelId === undefined ? {} : { modelId }),
        ...(body.margin_limit === undefined ? {} : { marginLimit: body.margin_limit }),
        syncVersion: sql`${portfolios.syncVersion} + 1`,
        updatedAt: app.now(),
      })
      // The version check is repeated in the write: a change that landed since the read wins.
      .where(and(eq(portfolios.id, before.id), eq(portfolios.syncVersion, body.sync_version)))
      .returning();
    if (row && relots) await storeLotCosts(tx, row.clientId, await selectTradedSecurities(tx, row.id));
    if (row)
      await app.audit(
        request,
        { action: 'portfolio updated', entity: 'portfolio', entityId: row.id, before: auditFields(before), after: auditFields(row) },
        tx,
      );
    return row;
  });
  if (!updated) return conflict();
  return { ok: true, portfolio: await getPortfolio(app.db, viewer, id) };
}

/** Soft delete: the portfolio leaves every list and lookup; its ledger and holdings stay for the record. */
export async function deletePortfolio(app: FastifyInstance, request: FastifyRequest, id: string): Promise<void> {
  const viewer = app.currentUser(request);
  const before = await reachablePortfolio(app.db, viewer, id);
  const now = app.now();
  await app.db.transaction(async (tx) => {
    await lockClientAccounts(tx, before.clientId);
    await tx
      .update(portfolios)
      .set({ deletedAt: now, updatedAt: now, syncVersion: sql`${portfolios.syncVersion} + 1` })
      .where(eq(portfolios.id, before.id));
    // Its purchases no longer wash the client's loss sales elsewhere, nor its losses their purchases.
    await storeLotCosts(tx, before.clientId, await selectTradedSecurities(tx, before.id));
    await app.audit(request, { action: 'portfolio deleted', entity: 'portfolio', entityId: before.id, before: auditFields(before) }, tx);
  });
}
