import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { riskBands } from '@meridian/domain/model-portfolios';
import { recommendationSources, recommendationStatuses, recommendationTypes, type RecommendationDetails } from '@meridian/domain/recommendations';
import { assetClasses } from '@meridian/domain/securities';
import { at, createdAt, id, syncColumns } from './columns.ts';
import { clients } from './clients.ts';
import { firms } from './firms.ts';
import { portfolios } from './portfolios.ts';
import { securities } from './securities.ts';
import { users } from './users.ts';

/** A firm's model portfolio: target weights by asset class or by security, for one risk band. */
export const modelPortfolios = pgTable(
  'model_portfolios',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    description: text('description'),
    riskBand: text('risk_band', { enum: riskBands }).notNull(),
    /** How far a weight may stray from its target (absolute, 0.05 = ±5 points) before the portfolio needs rebalancing. */
    driftBand: numeric('drift_band', { precision: 6, scale: 4, mode: 'number' }).notNull().default(0.05),
    createdBy: uuid('created_by').references(() => users.id),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [
    uniqueIndex('model_portfolios_firm_name_unique').on(table.firmId, sql`lower(${table.name})`).where(sql`${table.deletedAt} is null`),
    check('model_portfolios_risk_band_check', sql`${table.riskBand} in ('conservative', 'moderately_conservative', 'moderate', 'moderately_aggressive', 'aggressive')`),
    check('model_portfolios_drift_band_check', sql`${table.driftBand} > 0 and ${table.driftBand} <= 0.25`),
  ],
);

/** One target of a model: an asset class or a security (never both), and its weight. */
export const modelPortfolioTargets = pgTable(
  'model_portfolio_targets',
  {
    modelId: uuid('model_id')
      .notNull()
      .references(() => modelPortfolios.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    assetClass: text('asset_class', { enum: assetClasses }),
    securityId: uuid('security_id').references(() => securities.id),
    weight: numeric('weight', { precision: 9, scale: 8, mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.modelId, table.position] }),
    check('model_portfolio_targets_kind_check', sql`(${table.assetClass} is null) <> (${table.securityId} is null)`),
    check('model_portfolio_targets_weight_check', sql`${table.weight} > 0 and ${table.weight} <= 1`),
  ],
);

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
    uniqueIndex('recommendations_open_unique').on(table.portfolioId, table.type).where(sql`${table.status} in ('pending', 'accepted')`),
    check('recommendations_type_check', sql`${table.type} in ('rebalance', 'reduce_concentration', 'deploy_cash', 'risk_mismatch')`),
    check('recommendations_status_check', sql`${table.status} in ('pending', 'accepted', 'rejected', 'implemented')`),
    check('recommendations_source_check', sql`${table.source} in ('review', 'optimizer', 'drift')`),
  ],
);

export type ModelPortfolioRow = typeof modelPortfolios.$inferSelect;
export type RecommendationRow = typeof recommendations.$inferSelect;
