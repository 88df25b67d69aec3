import { z } from 'zod';
import { lotMethods } from '../analytics/tax-lots.ts';
import { idSchema } from '../shared/ids.ts';
import { roundMoney } from './ledger.ts';
import { searchQuerySchema } from '../clients/list-query.ts';
import { portfolioMessages } from './messages.ts';
import { emptyAsMissing, pageOf } from '../shared/pagination.ts';
import { syncVersion } from '../shared/sync-version.ts';
import { optionalFilter, pagination, portfolioLimits } from './contract-fields.ts';
import { holdingSchema } from './holding-contracts.ts';

/**
 * Portfolios: contracts of /api/v1/portfolios, shared by server and web. A portfolio's holdings and
 * its transaction ledger have theirs in holding-contracts.ts and transaction-contracts.ts.
 */

export const accountTypes = ['taxable', 'joint', 'ira', 'roth_ira', '401k', '403b', 'trust', 'education_529'] as const;
export type AccountType = (typeof accountTypes)[number];

export const accountTypeLabels: Record<AccountType, string> = {
  taxable: 'Individual (taxable)',
  joint: 'Joint (taxable)',
  ira: 'Traditional IRA',
  roth_ira: 'Roth IRA',
  '401k': '401(k)',
  '403b': '403(b)',
  trust: 'Trust',
  education_529: '529 Education Savings',
};

export const portfolioStatuses = ['active', 'proposed', 'closed'] as const;
export type PortfolioStatus = (typeof portfolioStatuses)[number];

export { transactionTypes, type TransactionType } from './ledger.ts';
// The portfolio services and pages check ids with it.
export { isUuid } from '../shared/ids.ts';

export const portfolioSortFields = [
  'name',
  'client_name',
  'account_type',
  'status',
  'cash_balance',
  'holdings_value',
  'total_value',
  'gain_loss',
  'gain_loss_percent',
  'created_at',
  'updated_at',
] as const;
export type PortfolioSortField = (typeof portfolioSortFields)[number];

export const defaultBenchmarkSymbol = 'SPY';

// ---------------------------------------------------------------------------------------------
// Building blocks

const name = z
  .string({ error: portfolioMessages.nameRequired })
  .max(portfolioLimits.nameMax, { abort: true, error: portfolioMessages.nameTooLong })
  .trim()
  .min(1, portfolioMessages.nameRequired);
const benchmarkSymbol = z
  .string({ error: portfolioMessages.benchmarkRequired })
  .max(portfolioLimits.symbolMax, { abort: true, error: portfolioMessages.benchmarkUnknown })
  .trim()
  .min(1, portfolioMessages.benchmarkRequired)
  .transform((value) => value.toUpperCase());
/** How far below zero cash may go; null: no margin (cash never below zero). */
const marginLimit = z
  .number({ error: portfolioMessages.marginLimitInvalid })
  .min(0, portfolioMessages.marginLimitInvalid)
  .max(portfolioLimits.marginLimitMax, portfolioMessages.marginLimitInvalid)
  .transform(roundMoney)
  .nullable();

// ---------------------------------------------------------------------------------------------
// Requests

export const portfolioListQuerySchema = z.object({
  /** Part of the portfolio's name or of its client's first or last name, case-insensitive. */
  search: searchQuerySchema,
  client_id: optionalFilter(idSchema(portfolioMessages.idInvalid)),
  status: optionalFilter(z.enum(portfolioStatuses, { error: portfolioMessages.statusInvalid })),
  account_type: optionalFilter(z.enum(accountTypes, { error: portfolioMessages.accountTypeInvalid })),
  ...pagination,
  sort: z.preprocess(emptyAsMissing, z.enum(portfolioSortFields, { error: portfolioMessages.sortInvalid }).default('name')),
  order: z.preprocess(emptyAsMissing, z.enum(['asc', 'desc'], { error: portfolioMessages.orderInvalid }).default('asc')),
});
export type PortfolioListQuery = z.infer<typeof portfolioListQuerySchema>;

const lotMethod = z.enum(lotMethods, { error: portfolioMessages.lotMethodInvalid });
const modelId = idSchema(portfolioMessages.modelInvalid).nullish();

export const portfolioCreateSchema = z.object({
  client_id: idSchema(portfolioMessages.clientRequired),
  name,
  account_type: z.enum(accountTypes, { error: portfolioMessages.accountTypeInvalid }),
  status: z.enum(portfolioStatuses, { error: portfolioMessages.statusInvalid }).default('active'),
  benchmark_symbol: benchmarkSymbol.default(defaultBenchmarkSymbol),
  lot_method: lotMethod.optional(),
  model_id: modelId,
  margin_limit: marginLimit.optional(),
  /** Recorded as a deposit transaction dated today. */
  initial_deposit: z
    .number({ error: portfolioMessages.initialDepositInvalid })
    .gt(0, portfolioMessages.initialDepositInvalid)
    .max(portfolioLimits.amountMax, portfolioMessages.amountTooLarge)
    // Recorded in cents: an amount that rounds to nothing would record nothing.
    .refine((deposit) => roundMoney(deposit) > 0, portfolioMessages.initialDepositInvalid)
    .nullish(),
});
export type PortfolioCreate = z.infer<typeof portfolioCreateSchema>;

/**
 * A proposed portfolio built from target weights (the portfolio builder's "save as proposal"): opened
 * with status proposed, funded with `amount`, and each security bought in whole shares at its latest
 * close for its weight of the amount; what the weights leave stays in cash.
 */
export const proposalCreateSchema = z
  .object({
    client_id: idSchema(portfolioMessages.clientRequired),
    name,
    account_type: z.enum(accountTypes, { error: portfolioMessages.accountTypeInvalid }),
    model_id: modelId,
    amount: z
      .number({ error: portfolioMessages.proposalAmountInvalid })
      .gt(0, portfolioMessages.proposalAmountInvalid)
      .max(portfolioLimits.amountMax, portfolioMessages.amountTooLarge),
    targets: z
      .array(
        z.object({
          security_id: idSchema(portfolioMessages.securityRequired),
          weight: z
            .number({ error: portfolioMessages.proposalWeightInvalid })
            .gt(0, portfolioMessages.proposalWeightInvalid)
            .max(1, portfolioMessages.proposalWeightInvalid),
        }),
        {
          error: portfolioMessages.proposalTargetsRequired,
        },
      )
      .min(1, portfolioMessages.proposalTargetsRequired)
      .max(60, portfolioMessages.proposalTargetsRequired),
  })
  .refine((body) => body.targets.reduce((sum, target) => sum + target.weight, 0) <= 1 + 1e-6, {
    message: portfolioMessages.proposalWeightsOver,
    path: ['targets'],
  });
export type ProposalCreate = z.infer<typeof proposalCreateSchema>;

/** Every field but sync_version is optional; sync_version must be the version being edited (409 otherwise). */
export const portfolioUpdateSchema = z.object({
  name: name.optional(),
  account_type: z.enum(accountTypes, { error: portfolioMessages.accountTypeInvalid }).optional(),
  status: z.enum(portfolioStatuses, { error: portfolioMessages.statusInvalid }).optional(),
  benchmark_symbol: benchmarkSymbol.optional(),
  lot_method: lotMethod.optional(),
  /** null stops following a model. */
  model_id: modelId,
  /** null: no margin. */
  margin_limit: marginLimit.optional(),
  sync_version: syncVersion(portfolioMessages.syncVersionRequired),
});
export type PortfolioUpdate = z.infer<typeof portfolioUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const portfolioSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  name: z.string(),
  account_type: z.enum(accountTypes),
  status: z.enum(portfolioStatuses),
  benchmark_symbol: z.string(),
  /** Which lots a sale takes in tax lots and realised gains: first in, first out, or highest cost first. */
  lot_method: z.enum(lotMethods),
  /** The model portfolio this account follows (recommendations compare it with that model), or null. */
  model_id: z.string().nullable(),
  /** How far below zero cash may go; null: no margin. */
  margin_limit: z.number().nullable(),
  /** The ledger's cash (void entries excluded); below zero only within a margin allowance. */
  cash_balance: z.number(),
  holdings_value: z.number(),
  /** cash_balance + holdings_value. */
  total_value: z.number(),
  cost_basis: z.number(),
  /** holdings_value − cost_basis. */
  gain_loss: z.number(),
  gain_loss_percent: z.number(),
  holdings_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  sync_version: z.number().int(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

const allocationSliceSchema = z.object({
  /** The asset class or sector. */
  key: z.string(),
  market_value: z.number(),
  /** Sum of the slice's holdings' percentages of the holdings' total market value. */
  percent: z.number(),
  holdings_count: z.number().int(),
});
export type AllocationSlice = z.infer<typeof allocationSliceSchema>;

export const portfolioDetailSchema = portfolioSchema.extend({
  holdings: z.array(holdingSchema),
  allocation: z.object({
    by_asset_class: z.array(allocationSliceSchema),
    by_sector: z.array(allocationSliceSchema),
  }),
});
export type PortfolioDetail = z.infer<typeof portfolioDetailSchema>;

export const portfolioListResponseSchema = pageOf('portfolios', portfolioSchema);
export type PortfolioListResponse = z.infer<typeof portfolioListResponseSchema>;

/** 409 answer to a stale sync_version: the message and the record as it is now. */
export const syncConflictSchema = <T extends z.ZodType>(current: T) => z.object({ detail: z.string(), current });
