import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  recommendationSources,
  recommendationStatuses,
  recommendationTypes,
  type RecommendationDetails,
} from '@meridian/domain/recommendations/contracts';
import { at, createdAt, id, syncColumns } from './columns.ts';
import { clients } from './clients.ts';
import { firms } from './firms.ts';
import { modelPortfolios } from './model-portfolios.ts';
import { portfolios } from './portfolios.ts';
import { securities } from './securities.ts';
import { users } from './users.ts';

/**
 * A recommendation to a client about one portfolio: what kind, why (a rationale written from the
 * numbers), the proposed trades with their estimated tax effect, and where it stands. The trades are
 * a snapshot of the proposal (jsonb): implementing it records them in the ledger.
 */
export const recommendations = pgTable(
  'recommendations',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id),
    modelId: uuid('model_id').references(() => modelPortfolios.id),
    /** The security a concentration recommendation is about. */
    securityId: uuid('security_id').references(() => securities.id),
    type: text('type', { enum: recommendationTypes }).notNull(),
    status: text('status', { enum: recommendationStatuses }).notNull().default('pending'),
    source: text('source', { enum: recommendationSources }).notNull(),
    title: text('title').notNull(),
    rationale: text('rationale').notNull(),
    details: jsonb('details').$type<RecommendationDetails>().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    implementedAt: at('implemented_at'),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [
    index('recommendations_client_idx').on(table.clientId, table.createdAt),
    index('recommendations_portfolio_idx').on(table.portfolioId),
    // One open recommendation of a kind per portfolio: generating again refreshes it, never duplicates it.
    uniqueIndex('recommendations_open_unique')
      .on(table.portfolioId, table.type)
      .where(sql`${table.status} in ('pending', 'accepted')`),
    check('recommendations_type_check', sql`${table.type} in ('rebalance', 'reduce_concentration', 'deploy_cash', 'risk_mismatch')`),
    check('recommendations_status_check', sql`${table.status} in ('pending', 'accepted', 'rejected', 'implemented')`),
    check('recommendations_source_check', sql`${table.source} in ('review', 'optimizer', 'drift')`),
  ],
);

export type RecommendationRow = typeof recommendations.$inferSelect;
