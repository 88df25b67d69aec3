import { sql } from 'drizzle-orm';
import { check, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { riskBands, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import type { BandRanges, ReturnClass } from '@meridian/domain/optimization/capital-markets';
import { assetClasses } from '@meridian/domain/securities/contracts';
import { at, createdAt, id, syncColumns } from './columns.ts';
import { firms } from './firms.ts';
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
    uniqueIndex('model_portfolios_firm_name_unique')
      .on(table.firmId, sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} is null`),
    check(
      'model_portfolios_risk_band_check',
      sql`${table.riskBand} in ('conservative', 'moderately_conservative', 'moderate', 'moderately_aggressive', 'aggressive')`,
    ),
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

export type ModelPortfolioRow = typeof modelPortfolios.$inferSelect;

/**
 * A firm's capital-market assumptions: the expected annual return of each market class and each risk
 * band's ranges per class. No row: the firm has the seeded, illustrative figures.
 */
export const capitalMarketAssumptions = pgTable('capital_market_assumptions', {
  firmId: uuid('firm_id')
    .primaryKey()
    .references(() => firms.id),
  expectedReturns: jsonb('expected_returns').$type<Record<ReturnClass, number>>().notNull(),
  bandRanges: jsonb('band_ranges').$type<Record<RiskBand, BandRanges>>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  ...syncColumns(),
});
