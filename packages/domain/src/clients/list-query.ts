import { z } from 'zod';
import { performancePeriods } from '../analytics/returns.ts';
import { idSchema } from '../shared/ids.ts';
import { clientMessages } from '../shared/messages.ts';
import { pageQuery } from '../shared/pagination.ts';
import { notAssessed, riskBandFilterValues } from './risk-band.ts';
import {
  assessmentStatuses,
  clientLimits,
  clientSortFields,
  investmentExperiences,
  riskCapacities,
  type AssessmentStatus,
} from './contracts.ts';

/** The filters, sorting and paging of GET /clients and GET /clients/stats, and the search text other lists share. */

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
