import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { reviewPortfolio } from '@meridian/domain/rebalancing/review';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import { clients } from '../../db/schema/clients.ts';
import { holdings, portfolios } from '../../db/schema/portfolios.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { loadClientBook, newReviewRun, portfolioReview, recordProposal } from './review-inputs.ts';
import { saveOutcome } from './recommendations.service.ts';

/**
 * After new closes: every active portfolio that follows a model and holds one of the repriced
 * securities is checked against its model, and one that drifted past the model's band gets a
 * rebalance recommendation (or its pending one refreshed) without anyone asking. Returns how many
 * were created or refreshed.
 */
export async function raiseDriftRecommendations(
  app: FastifyInstance,
  request: FastifyRequest,
  securityIds: readonly string[],
): Promise<number> {
  if (securityIds.length === 0) return 0;
  const followers = await app.db
    .selectDistinct({ portfolio: portfolios, client: clients })
    .from(portfolios)
    .innerJoin(clients, eq(clients.id, portfolios.clientId))
    .innerJoin(holdings, eq(holdings.portfolioId, portfolios.id))
    .where(
      and(
        isNotNull(portfolios.modelId),
        eq(portfolios.status, 'active'),
        isNull(portfolios.deletedAt),
        isNull(clients.deletedAt),
        inArray(holdings.securityId, [...securityIds]),
        sql`${holdings.quantity} > 0`,
      ),
    );
  const asOf = marketDate(app.now());
  let raised = 0;
  const byClient = new Map<string, typeof followers>();
  for (const row of followers) byClient.set(row.client.id, [...(byClient.get(row.client.id) ?? []), row]);
  for (const rows of byClient.values()) {
    const book = await loadClientBook(app.db, rows[0]!.client, asOf);
    const run = newReviewRun(book);
    for (const { portfolio } of rows) {
      const current = book.portfolios.find((row) => row.id === portfolio.id) ?? portfolio;
      const review = portfolioReview(book, current, run);
      const outcome = review && reviewPortfolio(review);
      if (outcome?.type !== 'rebalance') continue;
      const saved = await app.db
        .transaction((tx) => saveOutcome(app, request, tx, portfolio, { ...outcome, modelId: outcome.model.id }, 'drift'))
        // A generation for this account committed its own rebalance meanwhile: that one stands.
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'recommendations_open_unique')) return { outcome: 'unchanged' as const };
          throw error;
        });
      if (saved.outcome === 'unchanged') continue;
      recordProposal(run, current, outcome, asOf);
      raised += 1;
    }
  }
  return raised;
}

/** Registers the drift check to run after every price import that moves some latest closes. */
export const driftChecks: FastifyPluginAsync = async (app) => {
  app.marketEvents.onClosesMoved((request, securityIds) => raiseDriftRecommendations(app, request, securityIds));
};
