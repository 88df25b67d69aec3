import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, syncColumns } from './columns.ts';
import { clients } from './clients.ts';
import { firms } from './firms.ts';
import { modelPortfolios } from './model-portfolios.ts';
import { securities } from './securities.ts';
import { users } from './users.ts';

export const accountTypes = ['taxable', 'joint', 'ira', 'roth_ira', '401k', '403b', 'trust', 'education_529'] as const;
export const portfolioStatuses = ['active', 'proposed', 'closed'] as const;
export const transactionTypes = ['buy', 'sell', 'dividend', 'interest', 'deposit', 'withdrawal', 'fee'] as const;
export const lotMethods = ['fifo', 'hifo'] as const;
export const saleLotMethods = [...lotMethods, 'tax_optimized'] as const;

/** An account of a client. `cash_balance` is kept equal to the ledger's cash (see transactions). */
export const portfolios = pgTable(
  'portfolios',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    accountType: text('account_type', { enum: accountTypes }).notNull(),
    status: text('status', { enum: portfolioStatuses }).notNull().default('active'),
    benchmarkSymbol: text('benchmark_symbol').notNull().default('SPY'),
    /** Which lots a sale takes for tax lots and realised gains: first in, first out, or highest cost first. */
    lotMethod: text('lot_method', { enum: lotMethods }).notNull().default('fifo'),
    /** The model portfolio this account follows: recommendations compare it with that model, and a price import checks its drift. */
    modelId: uuid('model_id').references(() => modelPortfolios.id),
    cashBalance: numeric('cash_balance', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    /** How far below zero the ledger's cash may go (a margin allowance); null: no margin, cash never goes below zero. */
    marginLimit: numeric('margin_limit', { precision: 18, scale: 2, mode: 'number' }),
    /**
     * The valuation of the holdings (quantity > 0), kept by the database itself: triggers on holdings
     * and on securities' last close refresh it in the statement that changes either (migration 0005),
     * so no write path can leave it stale. Σ round(quantity × latest close, 2), a security without a
     * close at its average cost; Σ of the holdings' cost_basis (the open lots' cost; a holding not yet
     * costed by lots counts round(quantity × average cost, 2)); and the number of positions.
     * Lists, AUM and the client cards then add up portfolios, not every holding of a 100k-client book.
     */
    holdingsValue: numeric('holdings_value', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    holdingsCost: numeric('holdings_cost', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    holdingsCount: integer('holdings_count').notNull().default(0),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [
    index('portfolios_client_idx').on(table.clientId),
    index('portfolios_firm_idx').on(table.firmId),
    index('portfolios_model_idx')
      .on(table.modelId)
      .where(sql`${table.modelId} is not null`),
    // The list's default order (name): a page of a whole firm reads a page of entries, not every portfolio.
    index('portfolios_firm_name_idx')
      .on(table.firmId, sql`lower(${table.name})`, table.id)
      .where(sql`${table.deletedAt} is null`),
    check('portfolios_status_check', sql`${table.status} in ('active', 'proposed', 'closed')`),
    check('portfolios_lot_method_check', sql`${table.lotMethod} in ('fifo', 'hifo')`),
    check('portfolios_margin_limit_check', sql`${table.marginLimit} is null or ${table.marginLimit} >= 0`),
  ],
);

/**
 * The ledger, the truth of every portfolio. `amount` is the signed cash effect (a buy is
 * negative); quantity and price are set for trades and dividends of a security. An entry is never
 * edited or deleted: a mistake is voided (it stays, with who voided it, when and why) and every
 * figure is computed from the entries that are not void; a correction is a void plus the entry
 * that replaces it (`replaces_id`).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id),
    securityId: uuid('security_id').references(() => securities.id),
    type: text('type', { enum: transactionTypes }).notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    quantity: numeric('quantity', { precision: 20, scale: 6, mode: 'number' }),
    price: numeric('price', { precision: 18, scale: 4, mode: 'number' }),
    amount: numeric('amount', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    notes: text('notes'),
    /** A sell's own lot order (tax_optimized when a tax-aware recommendation made it); null: the portfolio's method. */
    lotMethod: text('lot_method', { enum: saleLotMethods }),
    createdBy: uuid('created_by').references(() => users.id),
    voidedAt: at('voided_at'),
    voidedBy: uuid('voided_by').references(() => users.id),
    voidReason: text('void_reason'),
    /** The Idempotency-Key of the void or correction that voided it: a replay of that request answers as the first did. */
    voidKey: text('void_key'),
    /** The entry this one corrected (voided in the same write). */
    replacesId: uuid('replaces_id'),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [
    index('transactions_portfolio_date_idx').on(table.portfolioId, table.tradeDate),
    check('transactions_void_check', sql`(${table.voidedAt} is null) = (${table.voidReason} is null)`),
    check('transactions_type_check', sql`${table.type} in ('buy', 'sell', 'dividend', 'interest', 'deposit', 'withdrawal', 'fee')`),
    check(
      'transactions_lot_method_check',
      sql`${table.lotMethod} is null or (${table.type} = 'sell' and ${table.lotMethod} in ('fifo', 'hifo', 'tax_optimized'))`,
    ),
  ],
);

/** Positions derived from the ledger (quantity, average cost and open-lot cost), rewritten on every trade. */
export const holdings = pgTable(
  'holdings',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id),
    securityId: uuid('security_id')
      .notNull()
      .references(() => securities.id),
    quantity: numeric('quantity', { precision: 20, scale: 6, mode: 'number' }).notNull(),
    averageCost: numeric('average_cost', { precision: 18, scale: 4, mode: 'number' }).notNull(),
    /**
     * The cost of the shares still held: the position's open tax lots (positionLots: the portfolio's
     * lot method, a sell's own lot order, void entries excluded, wash sales across the client's
     * accounts included), the basis every screen shows. Every ledger write of the client, a change of
     * lot method or account type and a deleted account rewrite it; null only for a row written before
     * it existed, until start-up's backfill costs it (modules/portfolios/lot-costs.ts).
     */
    costBasis: numeric('cost_basis', { precision: 18, scale: 2, mode: 'number' }),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [uniqueIndex('holdings_portfolio_security_unique').on(table.portfolioId, table.securityId)],
);

/**
 * The daily valuation of each portfolio (see dailyValuations in the domain): one row per trading day
 * from its first ledger entry to the latest trading day, value at the close and the day's external
 * flow. Analytics read it instead of replaying ledgers and price histories; every ledger write,
 * price import and new trading day brings it up to date (modules/valuations/valuations.service.ts).
 */
export const portfolioValuations = pgTable(
  'portfolio_valuations',
  {
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id),
    date: date('date', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    flow: numeric('flow', { precision: 18, scale: 2, mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.portfolioId, table.date] })],
);

/**
 * An advisor's book on one day: the columns of `book_valuations` and of the changes waiting to be
 * folded into it. The changes carry no foreign keys: triggers write them from the clients table, and
 * an append costs no lookups.
 */
const bookColumns = (withKeys: boolean) => ({
  firmId: withKeys
    ? uuid('firm_id')
        .notNull()
        .references(() => firms.id)
    : uuid('firm_id').notNull(),
  advisorId: withKeys
    ? uuid('advisor_id')
        .notNull()
        .references(() => users.id)
    : uuid('advisor_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  value: numeric('value', { precision: 20, scale: 2, mode: 'number' }).notNull(),
  flow: numeric('flow', { precision: 20, scale: 2, mode: 'number' }).notNull(),
  portfolios: integer('portfolios').notNull(),
});

/**
 * Each advisor's book as a daily series: the sum of `portfolio_valuations` over the open (not closed,
 * not deleted) portfolios of their live clients, with how many portfolios each day sums. The
 * dashboard reads a few rows a day here instead of one per portfolio. A day whose `portfolios` fell
 * to 0 stays as a zero row; readers skip it.
 */
export const bookValuations = pgTable('book_valuations', bookColumns(true), (table) => [
  primaryKey({ columns: [table.firmId, table.advisorId, table.date] }),
]);

/**
 * What changed in the books and is not folded into `book_valuations` yet: triggers (migration 0010)
 * append a row per book and day on every change of a valuation, a portfolio's status or client, or a
 * client's advisor. Writers only append, so concurrent trades, imports and daily extensions never
 * wait on each other's book rows; readers add these rows to the folded ones, and
 * fold_book_valuation_changes() moves them over (modules/analytics/books.ts).
 */
export const bookValuationChanges = pgTable('book_valuation_changes', bookColumns(false), (table) => [
  index('book_valuation_changes_book_idx').on(table.firmId, table.advisorId, table.date),
]);

/**
 * The last trading day through which every portfolio's series is complete: a full pass of
 * extendValuations sets it. A trade writes its own portfolio's series through today at once, so a
 * day past this one may hold some portfolios and not others; the books are read up to it.
 */
export const valuationProgress = pgTable(
  'valuation_progress',
  {
    /** One row: the key is always true. */
    id: boolean('id').primaryKey().default(true),
    through: date('through', { mode: 'string' }).notNull(),
  },
  (table) => [check('valuation_progress_single_row', sql`${table.id}`)],
);

export type PortfolioRow = typeof portfolios.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type HoldingRow = typeof holdings.$inferSelect;
