import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { transactionTypes } from './ledger.ts';
import { portfolioMessages } from './messages.ts';
import { pageOf } from '../shared/pagination.ts';
import { syncVersion } from '../shared/sync-version.ts';
import {
  isoDate,
  notes,
  optionalFilter,
  pagination,
  portfolioLimits,
  price,
  quantity,
  securityReference,
  tradeAmountFits,
} from './contract-fields.ts';

/** The transaction ledger of a portfolio: contracts of /api/v1/portfolios/{id}/transactions, shared by server and web. */

const amount = z
  .number({ error: portfolioMessages.amountRequired })
  .gt(0, portfolioMessages.amountPositive)
  .max(portfolioLimits.amountMax, portfolioMessages.amountTooLarge);
const reason = z
  .string({ error: portfolioMessages.voidReasonRequired })
  .max(portfolioLimits.reasonMax, { abort: true, error: portfolioMessages.voidReasonTooLong })
  .trim()
  .min(1, portfolioMessages.voidReasonRequired);

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
