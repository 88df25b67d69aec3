import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { Holding, HoldingListResponse } from '@meridian/domain/portfolios/holding-contracts';
import type { PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import { addDays, isTradingDay, marketDate } from '@meridian/domain/shared/trading-calendar';
import type { ClientRow } from '../../db/schema/clients.ts';
import { portfolios, transactions } from '../../db/schema/portfolios.ts';
import { prices, type SecurityRow } from '../../db/schema/securities.ts';
import { api, call, fieldIssues } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import {
  clientOfUser,
  demo,
  insertClient,
  openPortfolio,
  recordEntry,
  securityBySymbol,
  session,
  type Session,
} from '../../test/fixtures/portfolios.fixtures.ts';

describeEachDatabase('portfolio holdings', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let priya: Session;
  let jordan: Session;
  let admin: Session;
  let client: ClientRow;
  let aapl: SecurityRow;
  let msft: SecurityRow;
  let today: string;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 10_000 });
    [alex, priya, jordan, admin] = (await Promise.all(
      [demo.alex, demo.priya, demo.client, demo.admin].map((account) => session(app, account)),
    )) as [Session, Session, Session, Session];
    client = await insertClient(t.db, alex, { firstName: 'Harper', lastName: 'Holdings' });
    aapl = await securityBySymbol(t.db, 'AAPL');
    msft = await securityBySymbol(t.db, 'MSFT');
    today = marketDate(t.clock.now());
  });

  const path = (portfolioId: string, holdingId?: string) => api(`/portfolios/${portfolioId}/holdings${holdingId ? `/${holdingId}` : ''}`);
  const add = (portfolioId: string, body: Record<string, unknown>, token = alex.token) =>
    call(app, 'POST', path(portfolioId), { token, body });
  const addOk = async (portfolioId: string, body: Record<string, unknown>) => {
    const response = await add(portfolioId, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as Holding;
  };
  const list = async (portfolioId: string, token = alex.token) =>
    (await call(app, 'GET', path(portfolioId), { token })).body as HoldingListResponse;
  const cashOf = async (portfolioId: string) =>
    (await t.db.select().from(portfolios).where(eq(portfolios.id, portfolioId)))[0]?.cashBalance;
  const lastTransaction = async (portfolioId: string) =>
    (
      await t.db.select().from(transactions).where(eq(transactions.portfolioId, portfolioId)).orderBy(desc(transactions.createdAt)).limit(1)
    )[0];
  const closeOnOrBefore = async (security: SecurityRow, date: string) =>
    (
      await t.db
        .select()
        .from(prices)
        .where(and(eq(prices.securityId, security.id), lte(prices.date, date)))
        .orderBy(desc(prices.date))
        .limit(1)
    )[0];

  it('POST buys at the latest close by default, records the buy and returns the holding', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 10_000 });
    const holding = await addOk(portfolio.id, { symbol: 'AAPL', quantity: 4 });
    expect(holding).toMatchObject({
      portfolio_id: portfolio.id,
      security: {
        id: aapl.id,
        symbol: 'AAPL',
        name: aapl.name,
        sector: aapl.sector,
        asset_class: aapl.assetClass,
        risk_rating: aapl.riskRating,
      },
      quantity: 4,
      average_cost: aapl.lastClose,
      last_close: aapl.lastClose,
      price_date: aapl.lastPriceDate,
      price_source: 'simulated',
      simulated: true,
      gain_loss: 0,
      gain_loss_percent: 0,
      sync_version: 1,
    });
    const spent = Math.round(4 * aapl.lastClose! * 100) / 100;
    // Its weight of the account: the 10,000 deposited is now the holding plus the cash left.
    expect(holding.allocation_percent).toBe(Math.round((spent / 10_000) * 10_000) / 100);
    expect(holding.market_value).toBe(spent);
    expect(holding.cost_basis).toBe(spent);
    expect(await lastTransaction(portfolio.id)).toMatchObject({
      type: 'buy',
      securityId: aapl.id,
      quantity: 4,
      price: aapl.lastClose,
      amount: -spent,
      tradeDate: today,
    });
    expect(await cashOf(portfolio.id)).toBe(Math.round((10_000 - spent) * 100) / 100);
  });

  it('POST with a past trade date buys at the close of that date, or the latest close before it', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    // Funded before the buy's date: cash never goes below zero on any day.
    await recordEntry(app, alex.token, portfolio.id, { type: 'deposit', amount: 10_000, trade_date: addDays(today, -60) });
    // A Saturday a few weeks back: no close that day, so Friday's (or earlier, around holidays).
    let saturday = addDays(today, -20);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, -1);
    expect(isTradingDay(saturday)).toBe(false);
    const close = await closeOnOrBefore(msft, saturday);
    expect(close && close.date < saturday).toBe(true);
    await addOk(portfolio.id, { security_id: msft.id, quantity: 2, trade_date: saturday });
    expect(await lastTransaction(portfolio.id)).toMatchObject({ type: 'buy', tradeDate: saturday, price: close?.close, quantity: 2 });
  });

  it('POST at a price given, adding to a holding already there (the average cost moves)', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 3000 });
    const first = await addOk(portfolio.id, { security_id: msft.id, quantity: 10, price: 100 });
    const second = await addOk(portfolio.id, { security_id: msft.id, quantity: 10, price: 200, notes: 'Adding on a dip' });
    expect(second).toMatchObject({ id: first.id, quantity: 20, average_cost: 150, cost_basis: 3000, sync_version: 2 });
    expect((await list(portfolio.id)).total).toBe(1);
    // 3,000 − 10 × 100 − 10 × 200 = 0: every dollar spent, none beyond.
    expect(await cashOf(portfolio.id)).toBe(0);
    expect((await lastTransaction(portfolio.id))?.notes).toBe('Adding on a dip');
  });

  it('POST validates the security, quantity, price and trade date', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
      [{ quantity: 1 }, [['body.security_id', portfolioMessages.securityRequired]]],
      [{ symbol: 'AAPL' }, [['body.quantity', portfolioMessages.quantityRequired]]],
      [{ symbol: 'AAPL', quantity: -1 }, [['body.quantity', portfolioMessages.quantityPositive]]],
      [{ symbol: 'AAPL', quantity: 1, price: -3 }, [['body.price', portfolioMessages.priceNotNegative]]],
      [{ symbol: 'NOPE', quantity: 1 }, [['body.symbol', portfolioMessages.securityNotFound]]],
      [{ security_id: 'abc', quantity: 1 }, [['body.security_id', portfolioMessages.securityRequired]]],
      [{ security_id: msft.id, symbol: 'AAPL', quantity: 1 }, [['body.symbol', portfolioMessages.securityMismatch('MSFT')]]],
      [{ symbol: 'AAPL', quantity: 1, trade_date: addDays(today, 3) }, [['body.trade_date', portfolioMessages.tradeDateInFuture]]],
      [{ symbol: 'AAPL', quantity: 1, trade_date: '1990-01-02' }, [['body.price', portfolioMessages.noClose('AAPL', '1990-01-02')]]],
    ];
    for (const [body, expected] of cases) {
      const response = await add(portfolio.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(fieldIssues(response.body), JSON.stringify(body)).toEqual(expected);
    }
    expect((await list(portfolio.id)).total).toBe(0);
  });

  it('PUT sets the quantity by buying or selling the difference at the latest close', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 50_000 });
    const holding = await addOk(portfolio.id, { security_id: aapl.id, quantity: 10, price: 100 });
    const up = await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: 15 } });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ id: holding.id, quantity: 15, sync_version: 2 });
    expect(await lastTransaction(portfolio.id)).toMatchObject({ type: 'buy', quantity: 5, price: aapl.lastClose, tradeDate: today });

    const down = await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: 12.5, price: 120 } });
    // FIFO: the 2.5 sold come from the lot of 10 at 100, leaving 7.5 × 100 + 5 × the close (L) at cost.
    const lotCost = 750 + Math.round(5 * aapl.lastClose! * 100) / 100;
    expect(down.body).toMatchObject({ quantity: 12.5, cost_basis: lotCost, sync_version: 3 });
    expect(down.body.average_cost).toBeCloseTo(lotCost / 12.5, 4);
    expect(await lastTransaction(portfolio.id)).toMatchObject({ type: 'sell', quantity: 2.5, price: 120, amount: 300 });

    const before = await lastTransaction(portfolio.id);
    const same = await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: 12.5 } });
    expect(same.body).toMatchObject({ quantity: 12.5, sync_version: 3 });
    expect((await lastTransaction(portfolio.id))?.id).toBe(before?.id);
  });

  it('PUT to 0 sells everything: the answer shows quantity 0 and the holding leaves the list', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 150 });
    const holding = await addOk(portfolio.id, { security_id: msft.id, quantity: 3, price: 50 });
    const response = await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: 0, price: 60 } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: holding.id, quantity: 0, market_value: 0, cost_basis: 0, allocation_percent: 0 });
    expect(await lastTransaction(portfolio.id)).toMatchObject({ type: 'sell', quantity: 3, price: 60, amount: 180 });
    expect(await list(portfolio.id)).toEqual({ holdings: [], total: 0 });
    expect(await cashOf(portfolio.id)).toBe(180); // 150 − 3 × 50 + 3 × 60
    expect((await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: 1 } })).status).toBe(404);
  });

  it('PUT refuses a stale sync_version with 409 and the current holding, and validates the target', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 10_000 });
    const holding = await addOk(portfolio.id, { security_id: aapl.id, quantity: 10, price: 100 });
    await addOk(portfolio.id, { security_id: aapl.id, quantity: 1, price: 100 });
    const stale = await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: 20, sync_version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      detail: portfolioMessages.holdingChanged,
      current: { id: holding.id, quantity: 11, sync_version: 2 },
    });
    const fresh = await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: 20, sync_version: 2 } });
    expect(fresh.status).toBe(200);
    const negative = await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: -1 } });
    expect(fieldIssues(negative.body)).toEqual([['body.quantity', portfolioMessages.quantityNotNegative]]);
    const missing = await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: {} });
    expect(fieldIssues(missing.body)).toEqual([['body.quantity', portfolioMessages.quantityRequired]]);
  });

  it("answers 404 'Holding not found' for an unknown holding or one of another portfolio", async () => {
    const mine = await openPortfolio(app, alex.token, client.id);
    const other = await openPortfolio(app, alex.token, client.id, { initial_deposit: 1 });
    const elsewhere = await addOk(other.id, { security_id: aapl.id, quantity: 1, price: 1 });
    for (const holdingId of [elsewhere.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await call(app, method, path(mine.id, holdingId), {
          token: alex.token,
          body: method === 'PUT' ? { quantity: 2 } : undefined,
        });
        expect(response.status, `${method} ${holdingId}`).toBe(404);
        expect(response.body).toEqual({ detail: portfolioMessages.holdingNotFound });
      }
    }
    // Another advisor does not even reach the portfolio.
    const response = await call(app, 'DELETE', path(other.id, elsewhere.id), { token: priya.token });
    expect(response.body).toEqual({ detail: portfolioMessages.portfolioNotFound });
  });

  it('DELETE sells everything today at the latest close', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 1000 });
    const holding = await addOk(portfolio.id, { security_id: msft.id, quantity: 2.5, price: 100 });
    const keep = await addOk(portfolio.id, { security_id: aapl.id, quantity: 1, price: 100 });
    const response = await call(app, 'DELETE', path(portfolio.id, holding.id), { token: alex.token });
    expect(response.status).toBe(204);
    const proceeds = Math.round(2.5 * msft.lastClose! * 100) / 100;
    expect(await lastTransaction(portfolio.id)).toMatchObject({
      type: 'sell',
      securityId: msft.id,
      quantity: 2.5,
      price: msft.lastClose,
      amount: proceeds,
      tradeDate: today,
    });
    expect(await cashOf(portfolio.id)).toBe(Math.round((1000 - 250 - 100 + proceeds) * 100) / 100);
    const remaining = await list(portfolio.id);
    expect(remaining.holdings.map((h) => h.id)).toEqual([keep.id]);
    // AAPL of the account's total value, cash included.
    const aaplValue = Math.round(aapl.lastClose! * 100) / 100;
    const cash = (await cashOf(portfolio.id)) ?? Number.NaN;
    expect(remaining.holdings[0]?.allocation_percent).toBe(Math.round((aaplValue / (aaplValue + cash)) * 10_000) / 100);
    expect((await call(app, 'DELETE', path(portfolio.id, holding.id), { token: alex.token })).status).toBe(404);
  });

  it('GET lists holdings largest first, each weight a share of the total value with cash', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 100_000 });
    await addOk(portfolio.id, { security_id: aapl.id, quantity: 1 });
    await addOk(portfolio.id, { security_id: msft.id, quantity: 10 });
    const { holdings, total } = await list(portfolio.id);
    expect(total).toBe(2);
    expect(holdings[0]!.market_value).toBeGreaterThanOrEqual(holdings[1]!.market_value);
    const sum = holdings[0]!.market_value + holdings[1]!.market_value;
    const cash = (await cashOf(portfolio.id)) ?? Number.NaN;
    for (const h of holdings) expect(h.allocation_percent).toBe(Math.round((h.market_value / (sum + cash)) * 10_000) / 100);
    const trailing = await call(app, 'GET', `${path(portfolio.id)}/`, { token: alex.token });
    expect(trailing.status).toBe(200);
  });

  it('an admin manages holdings of any portfolio in the firm; a client user only reads their own', async () => {
    const jordanClient = await clientOfUser(t.db, jordan, alex);
    const portfolio = await openPortfolio(app, admin.token, jordanClient.id, { initial_deposit: 20 });
    const holding = (await add(portfolio.id, { security_id: aapl.id, quantity: 2, price: 10 }, admin.token)).body as Holding;
    expect(holding.quantity).toBe(2);
    expect((await list(portfolio.id, jordan.token)).holdings.map((h) => h.id)).toEqual([holding.id]);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call(app, method, path(portfolio.id, holding.id), {
        token: jordan.token,
        body: method === 'PUT' ? { quantity: 1 } : undefined,
      });
      expect(response.status).toBe(403);
    }
    const detail = (await call(app, 'GET', api(`/portfolios/${portfolio.id}`), { token: jordan.token })).body as PortfolioDetail;
    expect(detail.holdings_count).toBe(1);
  });

  it('the holding endpoints keep the ledger order: every change is a transaction', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 100 });
    const holding = await addOk(portfolio.id, { security_id: aapl.id, quantity: 5, price: 10 });
    await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: 8, price: 12 } });
    await call(app, 'PUT', path(portfolio.id, holding.id), { token: alex.token, body: { quantity: 2, price: 15 } });
    await call(app, 'DELETE', path(portfolio.id, holding.id), { token: alex.token });
    const ledger = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.portfolioId, portfolio.id))
      .orderBy(asc(transactions.createdAt));
    expect(ledger.map((row) => [row.type, row.quantity])).toEqual([
      ['deposit', null],
      ['buy', 5],
      ['buy', 3],
      ['sell', 6],
      ['sell', 2],
    ]);
  });
});
