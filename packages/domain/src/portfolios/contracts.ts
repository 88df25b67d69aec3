import { z } from 'zod';
import { lotMethods } from '../analytics/tax-lots.ts';
import { idSchema } from '../shared/ids.ts';
import { roundMoney, transactionTypes } from './ledger.ts';
import { searchQuerySchema } from '../clients/list-query.ts';
import { clientMessages } from '../shared/messages.ts';
import { portfolioMessages } from './messages.ts';
import { emptyAsMissing, pageOf, pageQuery, perPageMax } from '../shared/pagination.ts';
import { assetClasses, priceSources, riskRatings } from '../securities/contracts.ts';
import { syncVersion } from '../shared/sync-version.ts';
import { isIsoDate, isoDateLength } from '../shared/trading-calendar.ts';

/** Portfolios, holdings and the transaction ledger: contracts of /api/v1/portfolios, shared by server and web. */

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

export const portfolioLimits = {
  perPageDefault: 50,
  perPageMax,
  nameMax: 100,
  notesMax: 500,
  symbolMax: 12,
  /** Largest quantity, price and amount one transaction may carry (a typo guard, far above any real trade). */
  quantityMax: 1_000_000_000,
  priceMax: 10_000_000,
  amountMax: 10_000_000_000,
  /** Largest margin allowance an account may have. */
  marginLimitMax: 100_000_000,
  reasonMax: 500,
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks

const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsMissing, schema.optional());

const isoDate = (required: string = portfolioMessages.dateInvalid) =>
  z
    .string({ error: required })
    .max(isoDateLength, { abort: true, error: portfolioMessages.dateInvalid })
    .refine(isIsoDate, portfolioMessages.dateInvalid);

const quantity = z
  .number({ error: portfolioMessages.quantityRequired })
  .gt(0, portfolioMessages.quantityPositive)
  .max(portfolioLimits.quantityMax, portfolioMessages.quantityTooLarge);
const targetQuantity = z
  .number({ error: portfolioMessages.quantityRequired })
  .min(0, portfolioMessages.quantityNotNegative)
  .max(portfolioLimits.quantityMax, portfolioMessages.quantityTooLarge);
const price = z
  .number({ error: portfolioMessages.priceRequired })
  .min(0, portfolioMessages.priceNotNegative)
  .max(portfolioLimits.priceMax, portfolioMessages.priceTooLarge);
const amount = z
  .number({ error: portfolioMessages.amountRequired })
  .gt(0, portfolioMessages.amountPositive)
  .max(portfolioLimits.amountMax, portfolioMessages.amountTooLarge);
const notes = z.string().max(portfolioLimits.notesMax, { abort: true, error: portfolioMessages.notesTooLong }).trim().nullish();
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
const pagination = pageQuery({ perPageDefault: portfolioLimits.perPageDefault });
/** How far below zero cash may go; null: no margin (cash never below zero). */
const marginLimit = z
  .number({ error: portfolioMessages.marginLimitInvalid })
  .min(0, portfolioMessages.marginLimitInvalid)
  .max(portfolioLimits.marginLimitMax, portfolioMessages.marginLimitInvalid)
  .transform(roundMoney)
  .nullable();
const reason = z
  .string({ error: portfolioMessages.voidReasonRequired })
  .max(portfolioLimits.reasonMax, { abort: true, error: portfolioMessages.voidReasonTooLong })
  .trim()
  .min(1, portfolioMessages.voidReasonRequired);

/** A trade's amount is quantity × price, stored in the amount column: it is held to the same limit as an amount sent. */
const tradeAmountFits = (trade: { quantity?: number | null; price?: number | null }) =>
  trade.quantity == null || trade.price == null || trade.quantity * trade.price <= portfolioLimits.amountMax;

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

/** The security of a holding or transaction: its id, or its symbol. */
const securityReference = {
  security_id: idSchema(portfolioMessages.securityRequired).nullish(),
  symbol: z
    .string()
    .max(portfolioLimits.symbolMax, { abort: true, error: portfolioMessages.securityRequired })
    .trim()
    .min(1, portfolioMessages.securityRequired)
    .nullish(),
};

/** Buys `quantity` shares: at `price`, else at the close of `trade_date` (default today) or the latest before it. */
export const holdingCreateSchema = z
  .object({
    ...securityReference,
    quantity,
    price: price.nullish(),
    trade_date: isoDate().nullish(),
    notes,
  })
  .refine((body) => Boolean(body.security_id || body.symbol), { message: portfolioMessages.securityRequired, path: ['security_id'] })
  .refine(tradeAmountFits, { message: portfolioMessages.tradeAmountTooLarge, path: ['quantity'] });
export type HoldingCreate = z.infer<typeof holdingCreateSchema>;

/** Sets the holding to `quantity` shares by buying or selling the difference (0 sells everything). */
export const holdingUpdateSchema = z.object({
  quantity: targetQuantity,
  price: price.nullish(),
  trade_date: isoDate().nullish(),
  notes,
  /** When sent, must be the holding's current version (409 otherwise). */
  sync_version: syncVersion(clientMessages.syncVersionInvalid).nullish(),
});
export type HoldingUpdate = z.infer<typeof holdingUpdateSchema>;

/**
 * One ledger entry. buy/sell: a security, quantity and price (the amount is quantity × price);
 * dividend: a security and a positive amount (quantity and price may record shares and rate);
 * interest and fee: a positive amount, optionally for a security; deposit and withdrawal: a
 * positive amount and no security. The sign of the cash effect comes from the type.
 */
const transactionFields = {
  type: z.enum(transactionTypes, { error: portfolioMessages.typeInvalid }),
  trade_date: isoDate(portfolioMessages.tradeDateRequired),
  ...securityReference,
  quantity: quantity.nullish(),
  price: price.nullish(),
  amount: amount.nullish(),
  notes,
};

type TransactionFields = z.infer<z.ZodObject<typeof transactionFields>>;

function checkTransactionFields(body: TransactionFields, ctx: z.RefinementCtx) {
  const hasSecurity = Boolean(body.security_id || body.symbol);
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (body.type === 'buy' || body.type === 'sell') {
    if (!hasSecurity) issue('security_id', portfolioMessages.securityRequired);
    if (body.quantity == null) issue('quantity', portfolioMessages.quantityRequired);
    if (body.price == null) issue('price', portfolioMessages.priceRequired);
    if (body.amount != null) issue('amount', portfolioMessages.amountNotForTrades);
    if (!tradeAmountFits(body)) issue('quantity', portfolioMessages.tradeAmountTooLarge);
    return;
  }
  if (body.amount == null) issue('amount', portfolioMessages.amountRequired);
  if (body.type === 'dividend' && !hasSecurity) issue('security_id', portfolioMessages.securityRequired);
  if ((body.type === 'deposit' || body.type === 'withdrawal') && hasSecurity) issue('security_id', portfolioMessages.securityNotForCash);
}

export const transactionCreateSchema = z.object(transactionFields).superRefine(checkTransactionFields);
export type TransactionCreate = z.infer<typeof transactionCreateSchema>;

/** Voids an entry: it stays in the ledger, marked void with who, when and why, and no figure counts it. */
export const transactionVoidSchema = z.object({
  reason,
  /** The entry's version as read (409 with the current entry otherwise). */
  sync_version: syncVersion(portfolioMessages.syncVersionRequired),
});
export type TransactionVoid = z.infer<typeof transactionVoidSchema>;

/** Corrects an entry: voids it and records the entry given in its place, in one write. */
export const transactionCorrectSchema = z
  .object({ ...transactionFields, reason, sync_version: syncVersion(portfolioMessages.syncVersionRequired) })
  .superRefine(checkTransactionFields);
export type TransactionCorrect = z.infer<typeof transactionCorrectSchema>;

export const transactionListQuerySchema = z
  .object({
    type: optionalFilter(z.enum(transactionTypes, { error: portfolioMessages.typeInvalid })),
    security_id: optionalFilter(idSchema(portfolioMessages.idInvalid)),
    from: optionalFilter(isoDate()),
    to: optionalFilter(isoDate()),
    /** false hides voided entries (they are listed, marked void, by default). */
    include_void: z.preprocess(
      (value) => (value === '' ? undefined : value === 'true' ? true : value === 'false' ? false : value),
      z.boolean({ error: 'include_void must be true or false' }).default(true),
    ),
    ...pagination,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: portfolioMessages.dateRangeInvalid, path: ['from'] });
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const holdingSecuritySchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  sector: z.string(),
  asset_class: z.enum(assetClasses),
  risk_rating: z.enum(riskRatings),
});

export const holdingSchema = z.object({
  id: z.string(),
  portfolio_id: z.string(),
  security: holdingSecuritySchema,
  quantity: z.number(),
  /** Average cost per share (average-cost method), 4 decimals. */
  average_cost: z.number(),
  /** The latest close and its date; null when the security has no price yet (then valued at cost). */
  last_close: z.number().nullable(),
  price_date: z.string().nullable(),
  price_source: z.enum(priceSources).nullable(),
  /** The latest close is simulated, not a real market price: the UI must say so. */
  simulated: z.boolean(),
  /** quantity × last close. */
  market_value: z.number(),
  /** quantity × average cost. */
  cost_basis: z.number(),
  gain_loss: z.number(),
  /** 0 when the cost basis is not above 0. */
  gain_loss_percent: z.number(),
  /** Share of the portfolio's holdings' market value (cash excluded); 0 when that is not above 0. */
  allocation_percent: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  sync_version: z.number().int(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const holdingListResponseSchema = z.object({
  holdings: z.array(holdingSchema),
  /** A portfolio holds each security at most once, so the list is whole (not paginated). */
  total: z.number().int(),
});
export type HoldingListResponse = z.infer<typeof holdingListResponseSchema>;

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

export const transactionSchema = z.object({
  id: z.string(),
  portfolio_id: z.string(),
  type: z.enum(transactionTypes),
  trade_date: z.string(),
  security: z.object({ id: z.string(), symbol: z.string(), name: z.string() }).nullable(),
  quantity: z.number().nullable(),
  price: z.number().nullable(),
  /** The signed cash effect: negative for buy, withdrawal and fee. */
  amount: z.number(),
  notes: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** Set when the entry is void: it stays on the record and no figure counts it. */
  void: z
    .object({
      at: z.string(),
      by: z.object({ id: z.string(), name: z.string() }).nullable(),
      reason: z.string(),
    })
    .nullable(),
  /** The entry this one corrected (void since). */
  replaces_id: z.string().nullable(),
  sync_version: z.number().int(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionCorrectionSchema = z.object({ voided: transactionSchema, replacement: transactionSchema });
export type TransactionCorrection = z.infer<typeof transactionCorrectionSchema>;

export const transactionListResponseSchema = pageOf('transactions', transactionSchema);
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

/** 409 answer to a stale sync_version: the message and the record as it is now. */
export const syncConflictSchema = <T extends z.ZodType>(current: T) => z.object({ detail: z.string(), current });
