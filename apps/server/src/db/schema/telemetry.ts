import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { webVitalMetrics } from '@meridian/domain/telemetry/web-vitals';
import { at, id } from './columns.ts';

/**
 * Web vitals as browsers sent them, one row a measurement. Platform-wide: a row names a route
 * pattern and a release, never a firm, a person or an address.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: id(),
    metric: text('metric', { enum: webVitalMetrics }).notNull(),
    /** Milliseconds; CLS is unitless. */
    value: doublePrecision('value').notNull(),
    route: text('route').notNull(),
    release: text('release').notNull(),
    /** When the server received it (by the server's clock: a browser's may be wrong). */
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [
    // The summary reads a window of days, of every release or of one.
    index('web_vitals_received_at_idx').on(table.receivedAt),
    index('web_vitals_release_received_at_idx').on(table.release, table.receivedAt),
    check('web_vitals_metric_check', sql`${table.metric} in (${sql.raw(webVitalMetrics.map((metric) => `'${metric}'`).join(', '))})`),
  ],
);

export type WebVitalRow = typeof webVitals.$inferSelect;
