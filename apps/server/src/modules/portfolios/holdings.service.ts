import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roundQuantity } from '@meridian/domain/portfolios/ledger';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { isUuid } from '@meridian/domain/portfolios/contracts';
import type { Holding, HoldingCreate, HoldingListResponse, HoldingUpdate } from '@meridian/domain/portfolios/holding-contracts';
import type { Db } from '../../db/client.ts';
import type { PortfolioRow } from '../../db/schema/portfolios.ts';
import { notFound } from '../../platform/http-error.ts';
import { ledgerEntry, priceOf, recordTransactions, resolveSecurity, tradeDateOf } from './ledger.service.ts';
import { holdingsOf } from './portfolios.service.ts';

/**
 * The spec's holding endpoints, kept as a convenience over the ledger: each change is recorded as
 * the buy or sell that makes it, and the holding is then what the ledger says.
 */

const holdingNotFound = () => notFound(portfolioMessages.holdingNotFound);

export async function listHoldings(db: Db, portfolio: PortfolioRow): Promise<HoldingListResponse> {
  const list = await holdingsOf(db, portfolio.id);
  return { holdings: list, total: list.length };
}

async function holdingById(db: Db, portfolio: PortfolioRow, holdingId: string): Promise<Holding> {
  const holding = isUuid(holdingId) ? (await holdingsOf(db, portfolio.id)).find((h) => h.id === holdingId) : undefined;
  if (!holding) throw holdingNotFound();
  return holding;
}

async function holdingOfSecurity(db: Db, portfolio: PortfolioRow, securityId: string): Promise<Holding | undefined> {
  return (await holdingsOf(db, portfolio.id)).find((h) => h.security.id === securityId);
}

/** What a holding looks like once everything is sold (its row is gone: no shares, no holding). */
const closed = (holding: Holding, now: Date): Holding => ({
  ...holding,
  quantity: 0,
  average_cost: 0,
  market_value: 0,
  cost_basis: 0,
  gain_loss: 0,
  gain_loss_percent: 0,
  allocation_percent: 0,
  updated_at: now.toISOString(),
  sync_version: holding.sync_version + 1,
});

/** Buys shares (adding to the holding when there is one) at the price given or the close of the trade date. */
export async function addHolding(
  app: FastifyInstance,
  request: FastifyRequest,
  portfolio: PortfolioRow,
  body: HoldingCreate,
): Promise<Holding> {
  const security = await resolveSecurity(app.db, body);
  const tradeDate = tradeDateOf(app, body.trade_date);
  const price = await priceOf(app.db, security, tradeDate, body.price);
  const entry = ledgerEntry({ type: 'buy', tradeDate, securityId: security.id, quantity: body.quantity, price, notes: body.notes });
  await recordTransactions(app, request, portfolio, [entry], 'holding added');
  const holding = await holdingOfSecurity(app.db, portfolio, security.id);
  if (!holding) throw new Error('the holding bought is missing');
  return holding;
}

export type HoldingUpdateResult = { ok: true; holding: Holding } | { ok: false; current: Holding };

/** Sets a holding to a quantity by buying or selling the difference; 0 sells everything. */
export async function updateHolding(
  app: FastifyInstance,
  request: FastifyRequest,
  portfolio: PortfolioRow,
  holdingId: string,
  body: HoldingUpdate,
): Promise<HoldingUpdateResult> {
  const current = await holdingById(app.db, portfolio, holdingId);
  if (body.sync_version != null && body.sync_version !== current.sync_version) return { ok: false, current };
  const difference = roundQuantity(roundQuantity(body.quantity) - current.quantity);
  if (difference === 0) return { ok: true, holding: current };
  const security = await resolveSecurity(app.db, { security_id: current.security.id });
  const tradeDate = tradeDateOf(app, body.trade_date);
  const price = await priceOf(app.db, security, tradeDate, body.price);
  const entry = ledgerEntry({
    type: difference > 0 ? 'buy' : 'sell',
    tradeDate,
    securityId: security.id,
    quantity: Math.abs(difference),
    price,
    notes: body.notes,
  });
  await recordTransactions(app, request, portfolio, [entry], 'holding updated');
  const holding = await holdingOfSecurity(app.db, portfolio, security.id);
  return { ok: true, holding: holding ?? closed(current, app.now()) };
}

/** Sells the whole holding today at the latest close. */
export async function removeHolding(
  app: FastifyInstance,
  request: FastifyRequest,
  portfolio: PortfolioRow,
  holdingId: string,
): Promise<void> {
  const current = await holdingById(app.db, portfolio, holdingId);
  const security = await resolveSecurity(app.db, { security_id: current.security.id });
  const tradeDate = tradeDateOf(app, null);
  const price = await priceOf(app.db, security, tradeDate, null);
  const entry = ledgerEntry({
    type: 'sell',
    tradeDate,
    securityId: security.id,
    quantity: current.quantity,
    price,
    notes: 'Holding removed',
  });
  await recordTransactions(app, request, portfolio, [entry], 'holding removed');
}
