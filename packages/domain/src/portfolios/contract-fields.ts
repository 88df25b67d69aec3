import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { portfolioMessages } from './messages.ts';
import { emptyAsMissing, pageQuery, perPageMax } from '../shared/pagination.ts';
import { isIsoDate, isoDateLength } from '../shared/trading-calendar.ts';

/** The limits and field schemas that the portfolio, holding and transaction contracts share. */

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

export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsMissing, schema.optional());

export const isoDate = (required: string = portfolioMessages.dateInvalid) =>
  z
    .string({ error: required })
    .max(isoDateLength, { abort: true, error: portfolioMessages.dateInvalid })
    .refine(isIsoDate, portfolioMessages.dateInvalid);

export const quantity = z
  .number({ error: portfolioMessages.quantityRequired })
  .gt(0, portfolioMessages.quantityPositive)
  .max(portfolioLimits.quantityMax, portfolioMessages.quantityTooLarge);
export const price = z
  .number({ error: portfolioMessages.priceRequired })
  .min(0, portfolioMessages.priceNotNegative)
  .max(portfolioLimits.priceMax, portfolioMessages.priceTooLarge);
export const notes = z.string().max(portfolioLimits.notesMax, { abort: true, error: portfolioMessages.notesTooLong }).trim().nullish();
export const pagination = pageQuery({ perPageDefault: portfolioLimits.perPageDefault });

/** The security of a holding or transaction: its id, or its symbol. */
export const securityReference = {
  security_id: idSchema(portfolioMessages.securityRequired).nullish(),
  symbol: z
    .string()
    .max(portfolioLimits.symbolMax, { abort: true, error: portfolioMessages.securityRequired })
    .trim()
    .min(1, portfolioMessages.securityRequired)
    .nullish(),
};

/** A trade's amount is quantity × price, stored in the amount column: it is held to the same limit as an amount sent. */
export const tradeAmountFits = (trade: { quantity?: number | null; price?: number | null }) =>
  trade.quantity == null || trade.price == null || trade.quantity * trade.price <= portfolioLimits.amountMax;
