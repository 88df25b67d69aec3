import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import type { Recommendation, StatusUpdate } from '@meridian/domain/recommendations/contracts';
import type { Db } from '../../db/client.ts';
import { portfolios } from '../../db/schema/portfolios.ts';
import { recommendations, type RecommendationRow } from '../../db/schema/recommendations.ts';
import { securities } from '../../db/schema/securities.ts';
import { RequestValidationError } from '../../platform/errors.ts';
import { HttpError } from '../../platform/http-error.ts';
import { CashShortfallError, ledgerEntry, priceOf, recordTransactions, tradeDateOf } from '../portfolios/ledger.service.ts';
import { checkTransition, getRecommendation, lockRecommendation } from './recommendations.service.ts';

/**
 * A recommendation's status change, in one database transaction with what it causes: implementing
 * records its trades in the ledger (sells first, each taking its lots tax_optimized as proposed, at
 * today's latest close), so either the trades and the status land together or neither does.
 */

export type StatusResult = { ok: true; recommendation: Recommendation } | { ok: false; current: Recommendation };

async function implement(app: FastifyInstance, request: FastifyRequest, tx: Db, row: RecommendationRow) {
  const [portfolio] = await tx.select().from(portfolios).where(eq(portfolios.id, row.portfolioId));
  if (!portfolio) throw new Error(`recommendation ${row.id} names no portfolio`);
  const trades = row.details.trades;
  if (trades.length === 0) return;
  const tradeDate = tradeDateOf(app, null);
  const securityRows = await tx
    .select()
    .from(securities)
    .where(inArray(securities.id, [...new Set(trades.map((trade) => trade.security_id))]));
  const byId = new Map(securityRows.map((security) => [security.id, security]));
  const entries = [];
  for (const trade of trades) {
    const security = byId.get(trade.security_id);
    if (!security) throw new HttpError(409, recommendationMessages.holdingsChanged);
    const entry = ledgerEntry({
      type: trade.side,
      tradeDate,
      securityId: security.id,
      quantity: trade.quantity,
      // The latest close, as the proposal priced it; the price history for a security that has no latest close yet.
      price: security.lastClose ?? (await priceOf(tx, security, tradeDate, null)),
      notes: `Recommendation: ${row.title}`.slice(0, 500),
    });
    entries.push(trade.side === 'sell' ? { ...entry, lotMethod: 'tax_optimized' as const } : entry);
  }
  // Sells first: their proceeds fund the buys of the same day.
  entries.sort((a, b) => (a.type === b.type ? 0 : a.type === 'sell' ? -1 : 1));
  try {
    await recordTransactions(app, request, portfolio, entries, 'recommendation implemented', tx);
  } catch (error) {
    // The buys need more cash than the account has: say how much, not that the holdings changed.
    if (error instanceof CashShortfallError) throw new HttpError(422, error.detail);
    // A sell of more than is held now: the portfolio changed since the proposal.
    if (error instanceof RequestValidationError) throw new HttpError(409, recommendationMessages.holdingsChanged);
    throw error;
  }
}

/** PUT /recommendations/{id}/status. A sync_version, when sent, must be the current one (409 otherwise). */
export async function updateRecommendationStatus(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: StatusUpdate,
): Promise<StatusResult> {
  const viewer = app.currentUser(request);
  const changed = await app.db.transaction(async (tx) => {
    const row = await lockRecommendation(tx, viewer, id);
    if (body.sync_version != null && body.sync_version !== row.syncVersion) return false;
    checkTransition(row.status, body.status);
    if (body.status === 'implemented') await implement(app, request, tx, row);
    const now = app.now();
    await tx
      .update(recommendations)
      .set({
        status: body.status,
        ...(body.status === 'implemented' ? { implementedAt: now } : { decidedAt: now, decidedBy: viewer.id }),
        syncVersion: sql`${recommendations.syncVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(recommendations.id, row.id));
    await app.audit(
      request,
      {
        action: `recommendation ${body.status}`,
        entity: 'recommendation',
        entityId: row.id,
        before: { status: row.status },
        after: { status: body.status },
      },
      tx,
    );
    return true;
  });
  const recommendation = await getRecommendation(app.db, viewer, id);
  return changed ? { ok: true, recommendation } : { ok: false, current: recommendation };
}
