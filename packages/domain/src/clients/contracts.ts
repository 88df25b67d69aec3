import { z } from 'zod';
import { performancePeriods } from '../analytics/returns.ts';
import { emailSchema, phoneSchema, requiredName } from '../auth/contracts.ts';
import { ageFrom } from '../shared/format.ts';
import { idSchema } from '../shared/ids.ts';
import { clientMessages, messages } from '../shared/messages.ts';
import { pageOf, pageQuery, perPageMax } from '../shared/pagination.ts';
import { syncVersion } from '../shared/sync-version.ts';
import { isIsoDate, isoDateLength } from '../shared/trading-calendar.ts';
import { riskBands } from '../model-portfolios/contracts.ts';
import { notAssessed, riskBandFilterValues, riskBandSources } from './risk-band.ts';

// The client form names its advisor with it.
export { idSchema } from '../shared/ids.ts';

/** Clients of an advisor's book: contracts of /api/v1/clients, shared by server and web. */

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

// ---------------------------------------------------------------------------------------------
// Fields of a client body

/** An empty text means "no value" (a cleared form field sends ''). */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull, z.string().max(max, { abort: true, error: message }).trim().nullish());

/** An amount of money ≥ 0; a numeric string from a form is read as its number. */
const amount = (invalid: string, negative: string) =>
  z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(blank) ? Number(blank) : blank;
    },
    z.number({ error: invalid }).min(0, negative).max(clientLimits.maxAmount, clientMessages.amountTooLarge).nullish(),
  );

/**
 * risk_capacity: low, medium or high; the spec's 'moderate' is read as medium. It follows from the
 * risk band: a body may repeat the value the record shows, never set another (the service refuses).
 */
const riskCapacityInputSchema = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    if (typeof blank !== 'string') return blank;
    const lower = blank.trim().toLowerCase();
    return lower === 'moderate' ? 'medium' : lower;
  },
  z.enum(riskCapacities, { error: clientMessages.riskCapacityInvalid }).nullish(),
);

const investmentExperienceInput = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? blank.trim().toLowerCase() : blank;
  },
  z.enum(investmentExperiences, { error: clientMessages.investmentExperienceInvalid }).nullish(),
);

/** A real date in the past, at most 120 years ago (checked against today's date, UTC). */
const birthDate = z.preprocess(
  blankToNull,
  z
    .string({ error: clientMessages.birthDateInvalid })
    .max(isoDateLength, { abort: true, error: clientMessages.birthDateInvalid })
    .trim()
    .superRefine((value, ctx) => {
      if (!isIsoDate(value)) {
        ctx.addIssue({ code: 'custom', message: clientMessages.birthDateInvalid });
        return;
      }
      const now = new Date();
      if (value >= todayIso(now)) ctx.addIssue({ code: 'custom', message: clientMessages.birthDateNotPast });
      else if ((ageFrom(value, todayIso(now)) ?? 0) > clientLimits.maxAgeYears)
        ctx.addIssue({ code: 'custom', message: clientMessages.birthDateTooOld });
    })
    .nullish(),
);

/** The five-level band an advisor sets by hand (null clears it to "Not assessed"); a change needs risk_band_reason. */
const riskBandInput = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? blank.trim().toLowerCase() : blank;
  },
  z.enum(riskBands, { error: clientMessages.riskBandInvalid }).nullish(),
);

const bandFields = {
  risk_band: riskBandInput,
  risk_band_reason: optionalText(1000, clientMessages.riskBandReasonTooLong),
};

const profileFields = {
  net_worth: amount(clientMessages.netWorthInvalid, clientMessages.netWorthNegative),
  annual_income: amount(clientMessages.annualIncomeInvalid, clientMessages.annualIncomeNegative),
  risk_capacity: riskCapacityInputSchema,
  investment_experience: investmentExperienceInput,
  financial_goals: optionalText(clientLimits.goalsMaxLength, clientMessages.goalsTooLong),
};

/** The profile figures may come flat or nested under `profile` (the shape the API answers with). */
const clientProfileInputSchema = z.object(profileFields);
export type ClientProfileInput = Partial<z.infer<typeof clientProfileInputSchema>>;

const clientFields = {
  first_name: requiredName(messages.firstNameRequired, messages.firstNameTooLong),
  last_name: requiredName(messages.lastNameRequired, messages.lastNameTooLong),
  email: emailSchema,
  phone: z.preprocess(blankToNull, phoneSchema.nullish()),
  birth_date: birthDate,
  address: optionalText(clientLimits.addressMaxLength, clientMessages.addressTooLong),
  notes: optionalText(clientLimits.notesMaxLength, clientMessages.notesTooLong),
  /** Admins choose the advisor; an advisor's clients are their own (they may name themselves). */
  advisor_id: idSchema(clientMessages.advisorIdInvalid).optional(),
  ...profileFields,
  ...bandFields,
  profile: clientProfileInputSchema.partial().nullish(),
};

/**
 * POST /clients. Unknown keys are ignored, so a record as the API answers it (with `profile`)
 * can be sent back as it is. Flat profile fields win over nested ones.
 */
export const createClientBodySchema = z.object(clientFields);
export type CreateClientBody = z.infer<typeof createClientBodySchema>;

/**
 * PUT /clients/{id}: any subset of the fields (a full record works too) plus the `sync_version`
 * last read. A field left out stays as it is; null (or '') clears an optional one.
 */
export const updateClientBodySchema = z.object({
  first_name: clientFields.first_name.optional(),
  last_name: clientFields.last_name.optional(),
  email: emailSchema.optional(),
  phone: clientFields.phone,
  birth_date: clientFields.birth_date,
  address: clientFields.address,
  notes: clientFields.notes,
  advisor_id: clientFields.advisor_id,
  ...profileFields,
  ...bandFields,
  profile: clientFields.profile,
  sync_version: syncVersion(clientMessages.syncVersionRequired),
});
export type UpdateClientBody = z.infer<typeof updateClientBodySchema>;

/** DELETE may name the version last read (a stale one is refused); without it the delete is unconditional. */
export const deleteClientQuerySchema = z.object({
  sync_version: syncVersion(clientMessages.syncVersionInvalid).optional(),
});

// ---------------------------------------------------------------------------------------------
// List query

/** An empty query parameter (`?risk_capacity=`) means "no filter", as a select set to "All" sends it. */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** One or several values: repeated (`?x=a&x=b`), comma-separated (`?x=a,b`) or both; case-insensitive. */
const listOf = <T extends readonly [string, ...string[]]>(values: T, message: string, aliases: Record<string, T[number]> = {}) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null) return undefined;
      const parts = (Array.isArray(value) ? value : [value])
        .flatMap((item) => String(item).split(','))
        .map((item) => item.trim().toLowerCase())
        .filter((item) => item !== '' && item !== 'all')
        .map((item) => aliases[item] ?? item);
      return parts.length > 0 ? [...new Set(parts)] : undefined;
    },
    z.array(z.enum(values, { error: message })).optional(),
  );

const money = (message: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: message }).min(0, message).max(clientLimits.maxAmount, clientMessages.amountTooLarge).optional(),
  );

const assessmentStatusInput = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return undefined;
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((item) => String(item).split(','))
      .map((item) =>
        item
          .trim()
          .toLowerCase()
          .replace(/[\s_-]+/g, ' '),
      )
      .filter((item) => item !== '' && item !== 'all');
    const byKey: Record<string, AssessmentStatus> = {
      pending: 'Pending',
      'in progress': 'In Progress',
      complete: 'Complete',
      completed: 'Complete',
    };
    return parts.length > 0 ? [...new Set(parts.map((part) => byKey[part] ?? part))] : undefined;
  },
  z.array(z.enum(assessmentStatuses, { error: clientMessages.assessmentStatusInvalid })).optional(),
);

/** The search text of a list (clients, households). */
export const searchQuerySchema = z.preprocess(
  emptyToUndefined,
  z.string().max(clientLimits.searchMaxLength, { abort: true, error: clientMessages.searchTooLong }).trim().optional(),
);

const filterFields = {
  search: searchQuerySchema,
  /** The three-level profile, read from the band (low: the two conservative bands, high: the two aggressive ones). */
  risk_capacity: listOf(riskCapacities, clientMessages.riskCapacityInvalid, { moderate: 'medium' }),
  /** Five bands and not_assessed (clients without a band). */
  risk_band: listOf(riskBandFilterValues, clientMessages.riskBandFilterInvalid, { 'not assessed': notAssessed }),
  investment_experience: listOf(investmentExperiences, clientMessages.investmentExperienceInvalid),
  assessment_status: assessmentStatusInput,
  min_net_worth: money(clientMessages.minNetWorthInvalid),
  max_net_worth: money(clientMessages.maxNetWorthInvalid),
  advisor_id: z.preprocess(emptyToUndefined, idSchema(clientMessages.advisorIdInvalid).optional()),
  household_id: z.preprocess(emptyToUndefined, idSchema(clientMessages.householdIdInvalid).optional()),
};

const netWorthRangeOk = (query: { min_net_worth?: number | undefined; max_net_worth?: number | undefined }) =>
  query.min_net_worth === undefined || query.max_net_worth === undefined || query.min_net_worth <= query.max_net_worth;
const netWorthRange = { message: clientMessages.netWorthRangeInvalid, path: ['min_net_worth'] };

/** The filters of the list and of its summary cards (GET /clients/stats). */
export const clientFilterQuerySchema = z.object(filterFields).refine(netWorthRangeOk, netWorthRange);
export type ClientFilterQuery = z.infer<typeof clientFilterQuerySchema>;

/** GET /clients: the filters, sorting and paging (`limit` is another name for per_page and wins). */
export const clientListQuerySchema = z
  .object({
    ...filterFields,
    sort: z.preprocess(
      (value) => (value === '' ? undefined : value === 'net_worth' ? 'netWorth' : value),
      z.enum(clientSortFields, { error: clientMessages.sortInvalid }).default('name'),
    ),
    order: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(['asc', 'desc'], { error: clientMessages.orderInvalid }).default('asc'),
    ),
    /** The period of each row's `performance`. */
    performance_period: z.enum(performancePeriods, { error: clientMessages.performancePeriodInvalid }).default('1Y'),
    ...pageQuery({ perPageDefault: clientLimits.perPageDefault, limit: true }),
  })
  .refine(netWorthRangeOk, netWorthRange);
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

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
