import { asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clients, households } from '../db/schema/clients.ts';
import { holdings, portfolios, transactions } from '../db/schema/portfolios.ts';
import { modelPortfolios } from '../db/schema/model-portfolios.ts';
import { recommendations } from '../db/schema/recommendations.ts';
import { assessmentResponses, assessmentTemplates } from '../db/schema/assessments.ts';
import { users } from '../db/schema/users.ts';
import { clientTaxSettings, firmRebalanceSettings } from '../db/schema/tax-settings.ts';

/** The records to watch: a whole firm's, and the named ones with whatever refers to them. */
export type SnapshotScope = { firmId?: string; clientIds?: string[]; householdIds?: string[]; portfolioIds?: string[]; userIds?: string[] };

/**
 * Every row of the scope's clients, households, portfolios, holdings, transactions, users, models, recommendations, tax settings and questionnaires, in
 * id order, so two snapshots are equal exactly when nothing in scope was changed, added or removed.
 * Rows that point at a watched record (a portfolio of a watched client) are watched too.
 */
export async function snapshotRows(db: Db, scope: SnapshotScope) {
  // No condition means no row of that table is watched (or() of nothing would read the whole table).
  const any = (...conditions: Array<SQL | undefined>) => or(...conditions.filter((condition) => condition !== undefined)) ?? sql`false`;
  const among = (column: Parameters<typeof inArray>[0], ids: string[] | undefined) => (ids?.length ? inArray(column, ids) : undefined);
  const ofFirm = (column: Parameters<typeof eq>[0]) => (scope.firmId ? eq(column, scope.firmId) : undefined);

  const portfolioRows = await db
    .select()
    .from(portfolios)
    .where(any(ofFirm(portfolios.firmId), among(portfolios.id, scope.portfolioIds), among(portfolios.clientId, scope.clientIds)))
    .orderBy(asc(portfolios.id));
  const portfolioIds = [...new Set([...(scope.portfolioIds ?? []), ...portfolioRows.map((row) => row.id)])];
  return {
    clients: await db
      .select()
      .from(clients)
      .where(
        any(
          ofFirm(clients.firmId),
          among(clients.id, scope.clientIds),
          among(clients.householdId, scope.householdIds),
          among(clients.userId, scope.userIds),
          among(clients.advisorId, scope.userIds),
        ),
      )
      .orderBy(asc(clients.id)),
    households: await db
      .select()
      .from(households)
      .where(any(ofFirm(households.firmId), among(households.id, scope.householdIds), among(households.advisorId, scope.userIds)))
      .orderBy(asc(households.id)),
    portfolios: portfolioRows,
    holdings: await db
      .select()
      .from(holdings)
      .where(any(ofFirm(holdings.firmId), among(holdings.portfolioId, portfolioIds)))
      .orderBy(asc(holdings.id)),
    transactions: await db
      .select()
      .from(transactions)
      .where(any(ofFirm(transactions.firmId), among(transactions.portfolioId, portfolioIds)))
      .orderBy(asc(transactions.id)),
    users: await db
      .select()
      .from(users)
      .where(any(ofFirm(users.firmId), among(users.id, scope.userIds)))
      .orderBy(asc(users.id)),
    modelPortfolios: await db
      .select()
      .from(modelPortfolios)
      .where(any(ofFirm(modelPortfolios.firmId)))
      .orderBy(asc(modelPortfolios.id)),
    recommendations: await db
      .select()
      .from(recommendations)
      .where(any(ofFirm(recommendations.firmId), among(recommendations.portfolioId, portfolioIds)))
      .orderBy(asc(recommendations.id)),
    clientTaxSettings: await db
      .select()
      .from(clientTaxSettings)
      .where(any(ofFirm(clientTaxSettings.firmId), among(clientTaxSettings.clientId, scope.clientIds)))
      .orderBy(asc(clientTaxSettings.clientId)),
    firmRebalanceSettings: await db
      .select()
      .from(firmRebalanceSettings)
      .where(any(ofFirm(firmRebalanceSettings.firmId)))
      .orderBy(asc(firmRebalanceSettings.firmId)),
    assessmentTemplates: await db
      .select()
      .from(assessmentTemplates)
      .where(any(ofFirm(assessmentTemplates.firmId)))
      .orderBy(asc(assessmentTemplates.id)),
    assessmentResponses: await db
      .select()
      .from(assessmentResponses)
      .where(any(ofFirm(assessmentResponses.firmId), among(assessmentResponses.clientId, scope.clientIds)))
      .orderBy(asc(assessmentResponses.id)),
  };
}
