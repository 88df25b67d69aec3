import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assetClasses, priceSources, riskRatings } from '@meridian/domain/securities/contracts';
import { createdAt, id, syncColumns } from './columns.ts';

/**
 * The securities master, shared by every firm (market data is not a firm's own). The latest two
 * closes are kept on the row so valuing a book needs no scan of the price history.
 */
export const securities = pgTable(
  'securities',
  {
    id: id(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    assetClass: text('asset_class', { enum: assetClasses }).notNull(),
    sector: text('sector').notNull(),
    industry: text('industry').notNull(),
    riskRating: text('risk_rating', { enum: riskRatings }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastClose: numeric('last_close', { precision: 18, scale: 4, mode: 'number' }),
    previousClose: numeric('previous_close', { precision: 18, scale: 4, mode: 'number' }),
    lastPriceDate: date('last_price_date', { mode: 'string' }),
    /** Where the latest close came from: 'simulated' until real prices are imported. */
    priceSource: text('price_source', { enum: priceSources }),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [
    uniqueIndex('securities_symbol_unique').on(table.symbol),
    index('securities_name_trgm').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    check('securities_asset_class_check', sql`${table.assetClass} in ('equity', 'fixed_income', 'cash', 'alternative', 'real_estate')`),
    check('securities_risk_rating_check', sql`${table.riskRating} in ('low', 'medium', 'high')`),
  ],
);

/** Daily closes. An imported close replaces the simulated one of the same day. */
export const prices = pgTable(
  'prices',
  {
    securityId: uuid('security_id')
      .notNull()
      .references(() => securities.id),
    date: date('date', { mode: 'string' }).notNull(),
    close: numeric('close', { precision: 18, scale: 4, mode: 'number' }).notNull(),
    source: text('source', { enum: priceSources }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.securityId, table.date] }),
    check('prices_close_positive', sql`${table.close} > 0`),
    check('prices_source_check', sql`${table.source} in ('simulated', 'imported')`),
  ],
);

export type SecurityRow = typeof securities.$inferSelect;
