import { sql, type SQL } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { responseStatuses } from '@meridian/domain/assessments/template-definition';
import { riskBands } from '@meridian/domain/model-portfolios/contracts';
import { riskBandSources } from '@meridian/domain/clients/risk-band';
import { at, createdAt, id, syncColumns } from './columns.ts';
import { firms } from './firms.ts';
import { users } from './users.ts';

/** A family or other group whose portfolios an advisor looks at together. */
export const households = pgTable(
  'households',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    /** The advisor serving the household; every member is a client of this advisor. */
    advisorId: uuid('advisor_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    notes: text('notes'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [index('households_firm_idx').on(table.firmId)],
);

/**
 * A person in the firm's book, assigned to one advisor. `user_id` links the login of a client
 * who can sign in; most clients have none. Deleting is soft (`deleted_at`): history stays.
 */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    advisorId: uuid('advisor_id')
      .notNull()
      .references(() => users.id),
    userId: uuid('user_id').references(() => users.id),
    householdId: uuid('household_id').references(() => households.id),
    householdRole: text('household_role', { enum: ['head', 'spouse', 'child', 'other'] }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    phone: text('phone'),
    birthDate: date('birth_date', { mode: 'string' }),
    address: text('address'),
    netWorth: numeric('net_worth', { precision: 18, scale: 2, mode: 'number' }),
    annualIncome: numeric('annual_income', { precision: 18, scale: 2, mode: 'number' }),
    /**
     * The three-level profile as typed before the five-level band existed: kept as history, shown
     * nowhere and never turned into a band. The API's risk_capacity is derived from risk_band.
     */
    riskCapacity: text('risk_capacity', { enum: ['low', 'medium', 'high'] }),
    investmentExperience: text('investment_experience', { enum: ['beginner', 'intermediate', 'advanced', 'expert'] }),
    /**
     * The client's risk band: set by a completed questionnaire (confirmed by the advisor when it
     * changed) or by an advisor by hand with a reason; null ("Not assessed") until one does.
     */
    riskBand: text('risk_band', { enum: riskBands }),
    riskBandSetAt: at('risk_band_set_at'),
    riskBandSource: text('risk_band_source', { enum: riskBandSources }),
    /** The advisor's reason when they set the band by hand. */
    riskBandReason: text('risk_band_reason'),
    /** The status of the client's latest assessment, kept here so the list filters on it without a join. */
    assessmentStatus: text('assessment_status', { enum: responseStatuses }).notNull().default('pending'),
    financialGoals: text('financial_goals'),
    notes: text('notes'),
    /**
     * What the list's search reads: first name, last name and e-mail, lower-cased, one per line.
     * A search word never holds a line break, so it matches within one field, as the spec asks; one
     * stored column behind one trigram index answers a word with one index scan and one cheap
     * recheck, instead of three scans OR-ed and lower() computed again on every candidate row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${clients.firstName}) || E'\\n' || lower(${clients.lastName}) || E'\\n' || ${clients.email}`,
    ),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [
    index('clients_firm_advisor_idx').on(table.firmId, table.advisorId),
    // The list's default order (last name, first name): a page of a whole firm reads 50 entries, not 100k rows.
    index('clients_firm_name_idx')
      .on(table.firmId, sql`lower(${table.lastName})`, sql`lower(${table.firstName})`, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The same order within an advisor's book: their list pages never walk the rest of the firm.
    index('clients_advisor_name_idx')
      .on(table.advisorId, sql`lower(${table.lastName})`, sql`lower(${table.firstName})`, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('clients_household_idx').on(table.householdId),
    // At most one head per household, whatever the order of concurrent writes.
    uniqueIndex('clients_household_head_unique')
      .on(table.householdId)
      .where(sql`${table.householdRole} = 'head'`),
    uniqueIndex('clients_user_unique').on(table.userId),
    // One client per e-mail address in a firm; a deleted client frees the address.
    uniqueIndex('clients_firm_email_unique')
      .on(table.firmId, table.email)
      .where(sql`${table.deletedAt} is null`),
    // Case-insensitive substring search on name and e-mail (LIKE '%…%') stays fast at 100k rows.
    index('clients_search_trgm').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('clients_risk_capacity_check', sql`${table.riskCapacity} in ('low', 'medium', 'high')`),
    check('clients_investment_experience_check', sql`${table.investmentExperience} in ('beginner', 'intermediate', 'advanced', 'expert')`),
    check('clients_assessment_status_check', sql`${table.assessmentStatus} in ('pending', 'in_progress', 'complete')`),
    check(
      'clients_risk_band_check',
      sql`${table.riskBand} in ('conservative', 'moderately_conservative', 'moderate', 'moderately_aggressive', 'aggressive')`,
    ),
    check('clients_risk_band_source_check', sql`${table.riskBandSource} in ('questionnaire', 'advisor')`),
    // A hand-set band always has its reason.
    check('clients_risk_band_reason_check', sql`${table.riskBandSource} is distinct from 'advisor' or ${table.riskBandReason} is not null`),
    check('clients_household_role_check', sql`${table.householdRole} in ('head', 'spouse', 'child', 'other')`),
  ],
);

export type ClientRow = typeof clients.$inferSelect;
export type HouseholdRow = typeof households.$inferSelect;
