import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid } from '@meridian/domain/shared/ids';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import { pageInfo, pageWindow } from '@meridian/domain/shared/pagination';
import type { ReviewOutcome } from '@meridian/domain/rebalancing/review';
import { reviewPortfolio } from '@meridian/domain/rebalancing/review';
import {
  canTransition,
  openRecommendationStatuses,
  type GenerateResponse,
  type Recommendation,
  type RecommendationListQuery,
  type RecommendationListResponse,
  type RecommendationSource,
  type RecommendationStatus,
} from '@meridian/domain/recommendations/contracts';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { clients, type ClientRow } from '../../db/schema/clients.ts';
import { portfolios, type PortfolioRow } from '../../db/schema/portfolios.ts';
import { modelPortfolios } from '../../db/schema/model-portfolios.ts';
import { recommendations, type RecommendationRow } from '../../db/schema/recommendations.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { HttpError, notFound } from '../../platform/http-error.ts';
import { clientReach, reachableClient, type Viewer } from '../../platform/reach.ts';
import { loadClientBook, newReviewRun, portfolioReview, recordProposal } from './review-inputs.ts';

/**
 * Recommendations: a review of each of a client's active portfolios against its model writes at most
 * one recommendation per portfolio and kind, refreshing a pending one rather than adding another.
 * They move pending → accepted | rejected and accepted → implemented; implementing records the
 * trades in the ledger (implementation.ts).
 */

export const recommendationNotFound = () => notFound(recommendationMessages.recommendationNotFound);

const columns = {
  row: recommendations,
  clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
  portfolioName: portfolios.name,
  modelName: modelPortfolios.name,
  modelBand: modelPortfolios.riskBand,
};

const selectRecommendations = (db: Db, where: SQL) =>
  db
    .select(columns)
    .from(recommendations)
    .innerJoin(clients, eq(clients.id, recommendations.clientId))
    .innerJoin(portfolios, eq(portfolios.id, recommendations.portfolioId))
    .leftJoin(modelPortfolios, eq(modelPortfolios.id, recommendations.modelId))
    .where(where);

type Selected = Awaited<ReturnType<typeof selectRecommendations>>[number];

function toRecommendation({ row, clientName, portfolioName, modelName, modelBand }: Selected): Recommendation {
  return {
    id: row.id,
    client_id: row.clientId,
    client_name: clientName,
    portfolio_id: row.portfolioId,
    portfolio_name: portfolioName,
    model: row.modelId && modelName && modelBand ? { id: row.modelId, name: modelName, risk_band: modelBand } : null,
    security_id: row.securityId,
    type: row.type,
    status: row.status,
    source: row.source,
    title: row.title,
    rationale: row.rationale,
    details: row.details,
    decided_at: row.decidedAt?.toISOString() ?? null,
    implemented_at: row.implementedAt?.toISOString() ?? null,
    sync_version: row.syncVersion,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Recommendations of clients in reach, of live portfolios. */
const recommendationReach = (viewer: Viewer): SQL => and(clientReach(viewer), isNull(portfolios.deletedAt)) as SQL;

export async function getRecommendation(db: Db, viewer: Viewer, id: string): Promise<Recommendation> {
  if (!isUuid(id)) throw recommendationNotFound();
  const [row] = await selectRecommendations(db, and(eq(recommendations.id, id), recommendationReach(viewer)) as SQL);
  if (!row) throw recommendationNotFound();
  return toRecommendation(row);
}

/** Newest first; open ones (pending, accepted) before decided ones. */
export async function listRecommendations(db: Db, viewer: Viewer, query: RecommendationListQuery): Promise<RecommendationListResponse> {
  const where = [recommendationReach(viewer)];
  if (query.client_id) where.push(eq(recommendations.clientId, query.client_id));
  if (query.portfolio_id) where.push(eq(recommendations.portfolioId, query.portfolio_id));
  if (query.status) where.push(eq(recommendations.status, query.status));
  const { limit, offset } = pageWindow(query.page, query.per_page);
  const open = sql`case when ${recommendations.status} in ('pending', 'accepted') then 0 else 1 end`;
  const [rows, [total]] = await Promise.all([
    selectRecommendations(db, and(...where) as SQL)
      .orderBy(open, desc(recommendations.updatedAt), desc(recommendations.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(recommendations)
      .innerJoin(clients, eq(clients.id, recommendations.clientId))
      .innerJoin(portfolios, eq(portfolios.id, recommendations.portfolioId))
      .where(and(...where)),
  ]);
  return { recommendations: rows.map(toRecommendation), ...pageInfo(total?.total ?? 0, query.page, query.per_page) };
}

export type Saved = { id: string; outcome: 'created' | 'refreshed' | 'unchanged' };

/**
 * Writes a review's outcome: a pending recommendation of the same kind for the portfolio is refreshed
 * with the new figures, an accepted one is left to be carried out, otherwise a new one is created.
 */
export async function saveOutcome(
  app: FastifyInstance,
  request: FastifyRequest,
  tx: Db,
  portfolio: PortfolioRow,
  outcome: ReviewOutcome & { modelId: string | null },
  source: RecommendationSource,
): Promise<Saved> {
  const [open] = await tx
    .select({ id: recommendations.id, status: recommendations.status })
    .from(recommendations)
    .where(
      and(
        eq(recommendations.portfolioId, portfolio.id),
        eq(recommendations.type, outcome.type),
        inArray(recommendations.status, [...openRecommendationStatuses]),
      ),
    )
    .for('update');
  const fields = {
    modelId: outcome.modelId,
    securityId: outcome.securityId,
    source,
    title: outcome.title,
    rationale: outcome.rationale,
    details: outcome.details,
  };
  const now = app.now();
  if (open?.status === 'accepted') return { id: open.id, outcome: 'unchanged' };
  if (open) {
    await tx
      .update(recommendations)
      .set({ ...fields, syncVersion: sql`${recommendations.syncVersion} + 1`, updatedAt: now })
      .where(eq(recommendations.id, open.id));
    await app.audit(
      request,
      {
        action: 'recommendation refreshed',
        entity: 'recommendation',
        entityId: open.id,
        after: { title: outcome.title, trades: outcome.details.trades.length },
      },
      tx,
    );
    return { id: open.id, outcome: 'refreshed' };
  }
  const [created] = await tx
    .insert(recommendations)
    .values({
      ...fields,
      firmId: portfolio.firmId,
      clientId: portfolio.clientId,
      portfolioId: portfolio.id,
      type: outcome.type,
      createdBy: request.auth?.user.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: recommendations.id });
  await app.audit(
    request,
    {
      action: 'recommendation created',
      entity: 'recommendation',
      entityId: created!.id,
      after: { type: outcome.type, source, title: outcome.title },
    },
    tx,
  );
  return { id: created!.id, outcome: 'created' };
}

/** POST /recommendations/generate: reviews each active portfolio of the client. */
export async function generateRecommendations(app: FastifyInstance, request: FastifyRequest, clientId: string): Promise<GenerateResponse> {
  const client = await reachableClient(app.db, app.currentUser(request), clientId);
  const saved = await reviewClientPortfolios(app, request, client);
  if (!saved) throw new HttpError(422, recommendationMessages.noPortfolios);
  const touched = saved.filter((result) => result.outcome !== 'unchanged').map((result) => result.id);
  const rows =
    touched.length === 0
      ? []
      : await selectRecommendations(app.db, inArray(recommendations.id, touched)).orderBy(desc(recommendations.updatedAt));
  const tally = (outcome: Saved['outcome']) => saved.filter((result) => result.outcome === outcome).length;
  return {
    recommendations: rows.map(toRecommendation),
    created: tally('created'),
    refreshed: tally('refreshed'),
    unchanged: tally('unchanged'),
  };
}

/**
 * Reviews each active portfolio of the client against its model and saves what applies; null when
 * the client has no active portfolio. Also run when a questionnaire moves the client's risk band.
 */
export async function reviewClientPortfolios(app: FastifyInstance, request: FastifyRequest, client: ClientRow): Promise<Saved[] | null> {
  const book = await loadClientBook(app.db, client, marketDate(app.now()));
  const active = book.portfolios.filter((portfolio) => portfolio.status === 'active');
  if (active.length === 0) return null;
  return app.db
    .transaction(async (tx) => {
      const results: Saved[] = [];
      // One run across the accounts: no proposal washes another's loss, and the gain budget is shared.
      const run = newReviewRun(book);
      for (const portfolio of active) {
        const review = portfolioReview(book, portfolio, run);
        const outcome = review && reviewPortfolio(review);
        const saved = outcome && (await saveOutcome(app, request, tx, portfolio, { ...outcome, modelId: outcome.model.id }, 'review'));
        if (saved) results.push(saved);
        // An accepted proposal of the kind stands (unchanged): the one just worked out is not made, and its trades do not count.
        recordProposal(run, portfolio, saved?.outcome === 'unchanged' ? null : outcome, book.asOf);
      }
      return results;
    })
    .catch((error: unknown) => {
      // Another generation for the same account committed first: its recommendations stand, nothing of this one was written.
      if (isUniqueViolation(error, 'recommendations_open_unique')) throw new HttpError(409, recommendationMessages.generationRaced);
      throw error;
    });
}

/** Locks a recommendation in reach for a status change; 404 when out of reach. */
export async function lockRecommendation(tx: Db, viewer: Viewer, id: string): Promise<RecommendationRow> {
  if (!isUuid(id)) throw recommendationNotFound();
  const [row] = await tx
    .select({ row: recommendations })
    .from(recommendations)
    .innerJoin(clients, eq(clients.id, recommendations.clientId))
    .innerJoin(portfolios, eq(portfolios.id, recommendations.portfolioId))
    .where(and(eq(recommendations.id, id), recommendationReach(viewer)))
    .for('update', { of: recommendations });
  if (!row) throw recommendationNotFound();
  return row.row;
}

/** 422 unless the move is pending → accepted | rejected or accepted → implemented. */
export function checkTransition(from: RecommendationStatus, to: RecommendationStatus) {
  if (!canTransition(from, to)) throw new HttpError(422, recommendationMessages.illegalTransition(from, to));
}
