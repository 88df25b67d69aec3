import { z } from 'zod';
import { syncVersion } from '../shared/sync-version.ts';
import { clientMessages } from '../shared/messages.ts';
import { portfolioMessages } from './messages.ts';
import { assetClasses, priceSources, riskRatings } from '../securities/contracts.ts';
import { isoDate, notes, portfolioLimits, price, quantity, securityReference, tradeAmountFits } from './contract-fields.ts';

/** A portfolio's holdings: contracts of /api/v1/portfolios/{id}/holdings, shared by server and web. */

const targetQuantity = z
  .number({ error: portfolioMessages.quantityRequired })
  .min(0, portfolioMessages.quantityNotNegative)
  .max(portfolioLimits.quantityMax, portfolioMessages.quantityTooLarge);

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
