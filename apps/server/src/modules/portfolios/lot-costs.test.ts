import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import { addDays, lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/shared/trading-calendar';
import { holdings, portfolios, transactions } from '../../db/schema/portfolios.ts';
import { api, call } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { demoSessions, insertClient, openPortfolio, recordEntry, type Session } from '../../test/fixtures/portfolios.fixtures.ts';
import { backfillLotCosts } from './lot-costs.ts';

/** Holdings written before their open-lot cost was stored are costed once, by their lots, at start. */
describeEachDatabase('holdings costed by their open lots', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let today: string;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 10_000 });
    ({ alex } = await demoSessions(app));
    today = lastTradingDayOnOrBefore(marketDate(t.clock.now()));
  });

  const record = (portfolioId: string, body: Record<string, unknown>) => recordEntry(app, alex.token, portfolioId, body);
  const listedCost = async (clientId: string) => {
    const list = await call(app, 'GET', api(`/portfolios?client_id=${clientId}`), { token: alex.token });
    return (list.body as PortfolioListResponse).portfolios[0]?.cost_basis;
  };

  it('costs an uncosted holding by its lots, each sell in its own lot order, and leaves costed ones alone', async () => {
    const client = await insertClient(t.db, alex, { firstName: 'Bea', lastName: 'Backfill' });
    const portfolio = await openPortfolio(app, alex.token, client.id);
    const longAgo = lastTradingDayOnOrBefore(addDays(today, -800));
    await record(portfolio.id, { type: 'deposit', amount: 10_000, trade_date: longAgo });
    await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: 100, trade_date: longAgo });
    await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: 200, trade_date: today });
    const sell = await record(portfolio.id, { type: 'sell', symbol: 'GE', quantity: 10, price: 150, trade_date: today });
    // FIFO sells the 100 lot: 10 @ 200 left, 2,000.
    expect(await listedCost(client.id)).toBe(2000);

    // As a tax-aware sale would record it: losses first, so the 200 lot (a short-term loss at 150)
    // goes before the long-held 100 lot (a gain): 10 @ 100 left, 1,000. A row from before the
    // column counts its average cost (150 a share, 1,500) until it is costed.
    await t.db.update(transactions).set({ lotMethod: 'tax_optimized' }).where(eq(transactions.id, sell.id));
    await t.db.update(holdings).set({ costBasis: null }).where(eq(holdings.portfolioId, portfolio.id));
    expect(await listedCost(client.id)).toBe(1500);
    await backfillLotCosts(t.db);
    expect(await listedCost(client.id)).toBe(1000);
    const [holding] = await t.db.select().from(holdings).where(eq(holdings.portfolioId, portfolio.id));
    expect(holding?.costBasis).toBe(1000);

    // A row already costed is not rewritten by the backfill.
    await t.db.update(holdings).set({ costBasis: 1234.56 }).where(eq(holdings.portfolioId, portfolio.id));
    await backfillLotCosts(t.db);
    const [row] = await t.db.select({ cost: portfolios.holdingsCost }).from(portfolios).where(eq(portfolios.id, portfolio.id));
    expect(row?.cost).toBe(1234.56);
  });
});
