import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { rebalanceTargets } from '@meridian/domain/recommendations/tax-settings';
import { syncColumns } from './columns.ts';
import { clients } from './clients.ts';
import { firms } from './firms.ts';

/**
 * A client's tax settings for rebalancing: the net realised gains they accept in a tax year (null: no
 * budget), securities never sold (hold list) and never bought (restricted). A client without a row
 * has no budget and empty lists.
 */
export const clientTaxSettings = pgTable(
  'client_tax_settings',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    annualGainBudget: numeric('annual_gain_budget', { precision: 14, scale: 2, mode: 'number' }),
    holdSecurityIds: uuid('hold_security_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    restrictedSecurityIds: uuid('restricted_security_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...syncColumns(),
  },
  (table) => [check('client_tax_settings_budget_check', sql`${table.annualGainBudget} is null or ${table.annualGainBudget} >= 0`)],
);

/** A firm's rebalancing settings; a firm without a row works with defaultRebalanceSettings. */
export const firmRebalanceSettings = pgTable(
  'firm_rebalance_settings',
  {
    firmId: uuid('firm_id')
      .primaryKey()
      .references(() => firms.id),
    rebalanceTo: text('rebalance_to', { enum: rebalanceTargets }).notNull(),
    minBenefitRatio: numeric('min_benefit_ratio', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    shortTermRate: numeric('short_term_rate', { precision: 5, scale: 4, mode: 'number' }).notNull(),
    longTermRate: numeric('long_term_rate', { precision: 5, scale: 4, mode: 'number' }).notNull(),
    ...syncColumns(),
  },
  (table) => [check('firm_rebalance_settings_to_check', sql`${table.rebalanceTo} in ('target', 'band_edge')`)],
);

export type ClientTaxSettingsRow = typeof clientTaxSettings.$inferSelect;
export type FirmRebalanceSettingsRow = typeof firmRebalanceSettings.$inferSelect;
