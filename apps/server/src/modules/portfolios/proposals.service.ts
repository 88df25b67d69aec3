import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { PortfolioDetail, ProposalCreate } from '@meridian/domain/portfolios/contracts';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import { securities } from '../../db/schema/securities.ts';
import { fieldError } from '../../platform/errors.ts';
import { ledgerEntry, recordTransactions } from './ledger.service.ts';
import { createPortfolio, getPortfolio, reachablePortfolio } from './portfolios.service.ts';

/**
 * POST /portfolios/proposals: a proposed portfolio from target weights. The account is opened and
 * funded as any portfolio is, then one ledger write buys every position, whole shares at the latest
 * close, so the proposal shows real holdings, analytics and lots from the first view.
 */
export async function createProposal(app: FastifyInstance, request: FastifyRequest, body: ProposalCreate): Promise<PortfolioDetail> {
  const ids = body.targets.map((target) => target.security_id);
  const rows = await app.db.select().from(securities).where(inArray(securities.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = body.targets.findIndex((target) => !byId.get(target.security_id)?.lastClose);
  if (missing >= 0) throw fieldError(['targets', missing, 'security_id'], portfolioMessages.securityNotFound, ids[missing]);
  const created = await createPortfolio(app, request, {
    client_id: body.client_id,
    name: body.name,
    account_type: body.account_type,
    status: 'proposed',
    benchmark_symbol: 'SPY',
    model_id: body.model_id,
    initial_deposit: body.amount,
  });
  const tradeDate = marketDate(app.now());
  const entries = body.targets.flatMap((target) => {
    const security = byId.get(target.security_id)!;
    const quantity = Math.floor((body.amount * target.weight) / security.lastClose!);
    return quantity > 0
      ? [ledgerEntry({ type: 'buy', tradeDate, securityId: security.id, quantity, price: security.lastClose, notes: 'Proposal' })]
      : [];
  });
  const viewer = app.currentUser(request);
  if (entries.length > 0)
    await recordTransactions(app, request, await reachablePortfolio(app.db, viewer, created.id), entries, 'proposal built');
  return getPortfolio(app.db, viewer, created.id);
}
