import { jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { defaultRiskFreeRate, type MetricKey } from '@meridian/domain/dashboard/contracts';
import { createdAt, id, syncColumns } from './columns.ts';

/** A tenant. `personal` firms hold a self-registered client on their own. */
export const firms = pgTable('firms', {
  id: id(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['firm', 'personal'] })
    .notNull()
    .default('firm'),
  /** Annual risk-free rate for Sharpe ratios, a fraction; admins change it. */
  riskFreeRate: numeric('risk_free_rate', { precision: 6, scale: 4, mode: 'number' }).notNull().default(defaultRiskFreeRate),
  /** The dashboard's metric targets the firm set; a missing key takes the spec's default. */
  metricTargets: jsonb('metric_targets').$type<Partial<Record<MetricKey, number>>>().notNull().default({}),
  createdAt: createdAt(),
  ...syncColumns(),
});
