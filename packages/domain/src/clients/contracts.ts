import { z } from 'zod';
import { performancePeriods } from '../analytics/returns.ts';
import { pageOf, perPageMax } from '../shared/pagination.ts';
import { riskBands } from '../model-portfolios/contracts.ts';
import { riskBandSources } from './risk-band.ts';

/**
 * Clients of an advisor's book: contracts of /api/v1/clients, shared by server and web. Their values
 * and limits and the answers are here; what a write takes is in client-body.ts, the list's query in
 * list-query.ts.
 */

export const riskCapacities = ['low', 'medium', 'high'] as const;
export type RiskCapacity = (typeof riskCapacities)[number];

export const investmentExperiences = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type InvestmentExperience = (typeof investmentExperiences)[number];

export const assessmentStatuses = ['Pending', 'In Progress', 'Complete'] as const;
export type AssessmentStatus = (typeof assessmentStatuses)[number];

/**
 * The spec's sort fields (`net_worth` is accepted as another spelling of netWorth), and the list's
 * other columns: portfolio value (aum), performance over the list's period, assessment, last activity.
 */
export const clientSortFields = [
  'name',
  'email',
  'netWorth',
  'created_at',
  'risk_band',
  'risk_capacity',
  'aum',
  'performance',
  'assessment_status',
  'last_activity_at',
] as const;
export type ClientSortField = (typeof clientSortFields)[number];

export const clientLimits = {
  perPageDefault: 50,
  perPageMax,
  searchMaxLength: 100,
  maxAgeYears: 120,
  /** numeric(18,2) holds up to 10^16; a figure beyond 10^13 is a typing error. */
  maxAmount: 10_000_000_000_000,
  addressMaxLength: 500,
  goalsMaxLength: 2000,
  notesMaxLength: 5000,
} as const;

/** Today's date (UTC) as YYYY-MM-DD. */
export const todayIso = (now: Date) => now.toISOString().slice(0, 10);

const clientProfileSchema = z.object({
  net_worth: z.number().nullable(),
  annual_income: z.number().nullable(),
  /** The spec's three levels, derived from risk_band (riskLevelOfBand); null while not assessed. */
  risk_capacity: z.enum(riskCapacities).nullable(),
  investment_experience: z.enum(investmentExperiences).nullable(),
  financial_goals: z.string().nullable(),
});

export const householdRoles = ['head', 'spouse', 'child', 'other'] as const;
export type HouseholdRole = (typeof householdRoles)[number];

/** A client as every endpoint answers it (list rows included). Money in dollars, 2 decimals. */
export const clientSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birth_date: z.string().nullable().describe('YYYY-MM-DD'),
  /** Whole years today, from birth_date. */
  age: z.number().int().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  advisor_id: z.string(),
  advisor_name: z.string(),
  /** The client's login, when they have one. */
  user_id: z.string().nullable(),
  household_id: z.string().nullable(),
  household_role: z.enum(householdRoles).nullable(),
  profile: clientProfileSchema,
  /** The client's risk band (five levels); null: not assessed (no completed questionnaire, no advisor's documented choice). */
  risk_band: z.enum(riskBands).nullable(),
  risk_band_source: z.enum(riskBandSources).nullable(),
  /** The advisor's reason when they set the band by hand; the note of a questionnaire's confirmation is on the assessment. */
  risk_band_reason: z.string().nullable(),
  risk_band_set_at: z.string().nullable(),
  /** Cash plus market value (quantity × latest close) of the client's open (not closed, not deleted) portfolios. */
  aum: z.number(),
  /**
   * Unrealised gain/loss of those portfolios' holdings in percent, 2 decimals:
   * (market value − cost) / cost × 100, 0 when the cost is not above 0 (as in the summary).
   */
  gain_loss_percent: z.number(),
  /**
   * Time-weighted return of the client's open portfolios taken together (by money), over the period
   * the list asked for (`performance_period`, 1Y by default), as a fraction (0.052 is +5.2 %); null
   * while they have no valued history. The same figure the analytics page shows.
   */
  performance: z.number().nullable(),
  /** From the client's latest assessment; Pending until they have one. */
  assessment_status: z.enum(assessmentStatuses),
  last_login_at: z.string().nullable(),
  /** The latest of: last transaction date of their portfolios, last sign-in, last change of the record. */
  last_activity_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  sync_version: z.number().int(),
});
export type Client = z.infer<typeof clientSchema>;

/**
 * Fields of a client's record meant for staff: the advisor's private notes and the reason they gave
 * for a band set by hand. A client user reads their own record with these null.
 */
export const clientStaffOnlyFields = ['notes', 'risk_band_reason'] as const satisfies ReadonlyArray<keyof Client>;

/** A client's record as the client themselves reads it: the staff-only fields null. */
export function asSeenByClient(client: Client): Client {
  return { ...client, ...Object.fromEntries(clientStaffOnlyFields.map((field) => [field, null])) };
}

export const clientListResponseSchema = pageOf('clients', clientSchema);
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

/** 409 on a stale sync_version: the record as it is now, to merge with or to show. */
export const clientConflictSchema = z.object({ detail: z.string(), current: clientSchema });

/** The four cards of the client list, over the caller's reach and the list's current filters. */
export const clientStatsSchema = z.object({
  total_clients: z.number().int(),
  total_aum: z.number(),
  /**
   * The book's time-weighted return over performance_period (1Y) in percent (not rounded: shown as the
   * dashboard shows its figure, formatSignedReturn of the fraction): the
   * dashboard's Portfolio Performance figure for the caller's whole book (the list's filters do not
   * narrow it), null while the book has no valued history.
   */
  average_performance: z.number().nullable(),
  /** The period of average_performance, as the dashboard's card. */
  performance_period: z.enum(performancePeriods),
  /** Its first day and its last valued day; null without valued history. */
  performance_start_date: z.string().nullable(),
  performance_as_of: z.string().nullable(),
  /** Percent of the clients whose latest assessment is complete; null when there is no client (show '—'). */
  assessment_complete_percent: z.number().nullable(),
});
export type ClientStats = z.infer<typeof clientStatsSchema>;

const clientHouseholdMemberSchema = z.object({
  client_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(householdRoles).nullable(),
});

export const clientSummarySchema = z.object({
  client_id: z.string(),
  /** Open portfolios (active or proposed, not deleted): the ones that make up aum. */
  portfolio_count: z.number().int(),
  aum: z.number(),
  /** Σ quantity × average cost of the holdings of those portfolios. */
  cost_basis: z.number(),
  /** Unrealised: market value of the holdings − cost_basis (cash excluded). */
  gain_loss: z.number(),
  /** gain_loss / cost_basis × 100, 2 decimals; 0 when cost_basis is not above 0. */
  gain_loss_percent: z.number(),
  last_activity_at: z.string(),
  assessment_status: z.enum(assessmentStatuses),
  household: z
    .object({
      id: z.string(),
      name: z.string(),
      members: z.array(clientHouseholdMemberSchema),
    })
    .nullable(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;
