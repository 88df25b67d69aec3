import { z } from 'zod';
import { pageMessages } from '../shared/messages.ts';
import { pageOf, pageQuery, perPageMax, wholeNumber } from '../shared/pagination.ts';
import { isIsoDate, isoDateLength } from '../shared/trading-calendar.ts';

/** The securities master and its prices: contracts of /api/v1/securities, shared by server and web. */

export const assetClasses = ['equity', 'fixed_income', 'cash', 'alternative', 'real_estate'] as const;
export type AssetClass = (typeof assetClasses)[number];

export const riskRatings = ['low', 'medium', 'high'] as const;
export type RiskRating = (typeof riskRatings)[number];

/** Where a close came from: simulated until real prices are imported. The UI labels simulated ones. */
export const priceSources = ['simulated', 'imported'] as const;

/** The eleven GICS sectors (companies and sector funds). */
export const gicsSectors = [
  'Information Technology',
  'Health Care',
  'Financials',
  'Consumer Discretionary',
  'Communication Services',
  'Industrials',
  'Consumer Staples',
  'Energy',
  'Utilities',
  'Real Estate',
  'Materials',
] as const;

/** Sectors of funds that hold no single sector. */
export const fundSectors = ['Diversified', 'Fixed Income', 'Cash', 'Commodities'] as const;

export const sectors = [...gicsSectors, ...fundSectors] as const;
export type Sector = (typeof sectors)[number];

const historyPeriods = ['1m', '3m', '6m', 'ytd', '1y', '5y', 'max'] as const;
export type HistoryPeriod = (typeof historyPeriods)[number];
export const defaultHistoryPeriod: HistoryPeriod = '1y';

const importMaxBytes = 5 * 1024 * 1024;

export const securityLimits = {
  searchDefault: 20,
  listDefault: 50,
  max: perPageMax,
  searchMaxLength: 100,
  sectorMaxLength: 100,
  /** Largest CSV accepted by the price import, in bytes. */
  importMaxBytes,
  /** Largest import body: JSON escapes the CSV's line ends and quotes, so it may be larger than the CSV it carries. */
  importBodyMaxBytes: 2 * importMaxBytes,
  /** Most data rows in one import. */
  importMaxRows: 100_000,
  /** Rejected rows listed one by one in the import report (all are counted). */
  importRejectedListed: 1_000,
} as const;

export const securityMessages = {
  ...pageMessages,
  searchTextRequired: 'Enter text to search for (q)',
  searchTextTooLong: 'Search text must be at most 100 characters',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  dateRangeInvalid: 'from must be on or before to',
  csvRequired: 'Send the CSV as text/csv or as JSON {"csv": "..."}',
  csvEmpty: 'The CSV file is empty',
  csvNoRows: 'The CSV file has a header but no price rows',
  csvHeaderMissing: (missing: string[]) => `The CSV header must name the columns symbol, date and close (missing: ${missing.join(', ')})`,
  csvTooLarge: `The CSV file is larger than ${securityLimits.importMaxBytes / 1024 / 1024} MB; split it and import the parts`,
  csvTooManyRows: `The CSV file has more than ${securityLimits.importMaxRows.toLocaleString('en-US')} price rows; split it and import the parts`,
  operatorOnly: 'Market prices are shared by every firm: only the platform operator may import them',
} as const;

// ---------------------------------------------------------------------------------------------
// Query strings

/** An empty query parameter (`?sector=`) means "no filter", as a select set to "All" sends it. */
const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const securitySearchQuerySchema = z.object({
  q: z
    .string({ error: securityMessages.searchTextRequired })
    .max(securityLimits.searchMaxLength, { abort: true, error: securityMessages.searchTextTooLong })
    .trim()
    .min(1, securityMessages.searchTextRequired),
  limit: wholeNumber(securityMessages.limitInvalid, 1, securityLimits.max).default(securityLimits.searchDefault),
});

const paging = pageQuery({ perPageDefault: securityLimits.listDefault, limit: true });

/** `limit` and `per_page` are the same thing (the API's lists say per_page); limit wins when both are sent. */
export const securityListQuerySchema = z.object({
  sector: optionalFilter(z.string().max(securityLimits.sectorMaxLength, { abort: true }).trim()),
  risk_rating: optionalFilter(z.enum(riskRatings)),
  asset_class: optionalFilter(z.enum(assetClasses)),
  // limit before per_page: the order in which their errors are reported.
  page: paging.page,
  limit: paging.limit,
  per_page: paging.per_page,
});
export type SecurityListQuery = z.infer<typeof securityListQuerySchema>;

const isoDate = z
  .string()
  .max(isoDateLength, { abort: true, error: securityMessages.dateInvalid })
  .refine(isIsoDate, securityMessages.dateInvalid);

/** `from`/`to` (either or both) choose a range; otherwise `period` (default 1y) back from the latest close. */
export const securityHistoryQuerySchema = z
  .object({
    period: optionalFilter(z.enum(historyPeriods)),
    from: optionalFilter(isoDate),
    to: optionalFilter(isoDate),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: securityMessages.dateRangeInvalid, path: ['from'] });
export type SecurityHistoryQuery = z.infer<typeof securityHistoryQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const securitySchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  asset_class: z.enum(assetClasses),
  sector: z.string(),
  industry: z.string(),
  risk_rating: z.enum(riskRatings),
  is_active: z.boolean(),
  last_close: z.number().nullable(),
  previous_close: z.number().nullable(),
  /** last_close − previous_close. */
  day_change: z.number().nullable(),
  /** day_change as a percentage of previous_close, 2 decimals. */
  day_change_percent: z.number().nullable(),
  last_price_date: z.string().nullable(),
  price_source: z.enum(priceSources).nullable(),
  /** The latest close is simulated, not a real market price: the UI must say so. */
  simulated: z.boolean(),
});
export type Security = z.infer<typeof securitySchema>;

export const securitySearchResponseSchema = z.object({
  securities: z.array(securitySchema),
  /** Matches in all (the answer holds at most `limit` of them). */
  total: z.number().int(),
});
export type SecuritySearchResponse = z.infer<typeof securitySearchResponseSchema>;

export const securityListResponseSchema = pageOf('securities', securitySchema);
export type SecurityListResponse = z.infer<typeof securityListResponseSchema>;

const pricePointSchema = z.object({
  date: z.string(),
  close: z.number(),
  source: z.enum(priceSources),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

export const securityDetailSchema = securitySchema.extend({
  history: z.object({
    /** The period asked for (or the default); null when from/to chose the range. */
    period: z.enum(historyPeriods).nullable(),
    /** First and last day of the range asked for (null: no prices yet, or `max` with none). */
    from: z.string().nullable(),
    to: z.string().nullable(),
    /** At least one point is simulated. */
    simulated: z.boolean(),
    points: z.array(pricePointSchema),
  }),
});
export type SecurityDetail = z.infer<typeof securityDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Price import

/**
 * The CSV as a text/csv (or text/plain) body, or JSON {csv}. The body limit already bounds the text,
 * and the import refuses a CSV over importMaxBytes (413): the bound here only declares that ceiling.
 */
const csvText = z
  .string({ error: securityMessages.csvRequired })
  .max(securityLimits.importBodyMaxBytes, { error: securityMessages.csvTooLarge });
export const priceImportBodySchema = z.union([csvText, z.object({ csv: csvText })], {
  error: securityMessages.csvRequired,
});

const priceImportRejectionSchema = z.object({
  /** Line of the file, the header being line 1. */
  line: z.number().int(),
  reason: z.string(),
});
export type PriceImportRejection = z.infer<typeof priceImportRejectionSchema>;

export const priceImportResponseSchema = z.object({
  /** Rows written (new closes, or replacing the close of that day). */
  accepted: z.number().int(),
  /** The refused rows and why, in file order (the first 1,000). */
  rejected: z.array(priceImportRejectionSchema),
  /** All refused rows. */
  rejected_count: z.number().int(),
  /** Portfolios following a model that the new closes moved past its drift band: each got a rebalance recommendation. */
  rebalance_recommendations: z.number().int(),
});
export type PriceImportResponse = z.infer<typeof priceImportResponseSchema>;

const assetClassLabels: Record<AssetClass, string> = {
  equity: 'Equity',
  fixed_income: 'Fixed income',
  cash: 'Cash',
  alternative: 'Alternative',
  real_estate: 'Real estate',
};

/** How a screen names an asset class: 'Fixed income' for fixed_income. */
export const assetClassLabel = (assetClass: AssetClass): string => assetClassLabels[assetClass];
