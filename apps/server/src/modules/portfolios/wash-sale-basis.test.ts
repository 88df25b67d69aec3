import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import type { HoldingListResponse } from '@meridian/domain/portfolios/holding-contracts';
import type { PortfolioDetail, PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import type { GenerateResponse } from '@meridian/domain/recommendations/contracts';
import { addDays, dayNumber, lastTradingDayOnOrBefore, marketDate, tradingDaysBetween } from '@meridian/domain/shared/trading-calendar';
import { prices, type SecurityRow } from '../../db/schema/securities.ts';
import { api, call } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { colleague, insertSecurity, newAdvisorFirm, type Session } from '../../test/fixtures/clients.fixtures.ts';
import { insertClient, openPortfolio, recordEntry } from '../../test/fixtures/portfolios.fixtures.ts';

/**
 * One cost basis per position, wash sales included, on every screen and in the rebalancer. Account A
 * buys 10 X @ 100 (1,000) and sells them @ 85 (850): a loss of 150. Account B of the same client buys
 * 10 X @ 85 (850) 15 days after that sale: a wash sale. The 150 is disallowed in A and added to B's
 * lot: 850 + 150 = 1,000 (100 a share), its holding period starting earlier by the days A held its lot.
 * X closes at 95 every day: B's 10 shares are worth 950, an unrealised loss of 950 − 1,000 = −50
 * (the unadjusted 850 would show a gain of +100).
 */
describeEachDatabase('a wash sale’s basis on every screen', (t) => {
  let app: FastifyInstance;
  let advisor: Session;
  let x: SecurityRow;
  let bond: SecurityRow;
  const today = () => marketDate(t.clock.now());
  const daysAgo = (days: number) => lastTradingDayOnOrBefore(addDays(today(), -days));

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    advisor = await newAdvisorFirm(app);
    x = await insertSecurity(t.db, 95);
    bond = await insertSecurity(t.db, 50, 'fixed_income');
    const days = tradingDaysBetween(daysAgo(200), daysAgo(0));
    await t.db.insert(prices).values(
      days.flatMap((date) => [
        { securityId: x.id, date, close: 95, source: 'imported' as const },
        { securityId: bond.id, date, close: 50, source: 'imported' as const },
      ]),
    );
    // Sells go all the way back to the target, a short-term gain taxed at 32 %.
    const admin = await colleague(app, t.db, advisor.firmId, 'admin');
    const settings = await call(app, 'PUT', api('/recommendations/settings'), {
      token: admin.token,
      body: { rebalance_to: 'target', min_benefit_ratio: 0, short_term_rate: 0.32, long_term_rate: 0.15 },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  });

  const get = async <T>(path: string): Promise<T> => {
    const response = await call(app, 'GET', api(path), { token: advisor.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as T;
  };
  const record = (portfolioId: string, body: Record<string, unknown>) => recordEntry(app, advisor.token, portfolioId, body);
  /** X's cost in B on the holdings table and the portfolio list (the stored sum of the holdings' costs). */
  const costOfB = async (clientId: string, portfolioId: string) => {
    const table = await get<HoldingListResponse>(`/portfolios/${portfolioId}/holdings`);
    const list = await get<PortfolioListResponse>(`/portfolios?client_id=${clientId}`);
    return {
      table: table.holdings.find((row) => row.security.id === x.id)?.cost_basis,
      list: list.portfolios.find((row) => row.id === portfolioId)?.cost_basis,
    };
  };
  const update = async (portfolioId: string, body: Record<string, unknown>) => {
    const current = await get<PortfolioDetail>(`/portfolios/${portfolioId}`);
    const response = await call(app, 'PUT', api(`/portfolios/${portfolioId}`), {
      token: advisor.token,
      body: { ...body, sync_version: current.sync_version },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };

  it('moves a loss sold in one account into the basis of the replacement in another, the same on every screen and in the rebalancer', async () => {
    const model = await call(app, 'POST', api('/model-portfolios'), {
      token: advisor.token,
      body: { name: 'All bonds', risk_band: 'moderate', targets: [{ security_id: bond.id, weight: 1 }] },
    });
    expect(model.status, JSON.stringify(model.body)).toBe(201);
    const client = await insertClient(t.db, advisor, { riskCapacity: 'medium', investmentExperience: 'intermediate' });
    const a = await openPortfolio(app, advisor.token, client.id);
    const b = await openPortfolio(app, advisor.token, client.id, { model_id: (model.body as { id: string }).id });
    const boughtInA = daysAgo(120);
    const soldInA = daysAgo(60);
    const boughtInB = daysAgo(45);
    await recordEntry(app, advisor.token, a.id, { type: 'deposit', amount: 2000, trade_date: boughtInA });
    await recordEntry(app, advisor.token, b.id, { type: 'deposit', amount: 2000, trade_date: boughtInB });
    await record(a.id, { type: 'buy', security_id: x.id, quantity: 10, price: 100, trade_date: boughtInA });
    await record(b.id, { type: 'buy', security_id: x.id, quantity: 10, price: 85, trade_date: boughtInB });
    // No sale yet: B's lot costs what was paid.
    expect(await costOfB(client.id, b.id)).toEqual({ table: 850, list: 850 });

    // A's sale, recorded after B's buy (back-dated), rewrites B's cost too: 850 + 150 = 1,000.
    const sale = await record(a.id, { type: 'sell', security_id: x.id, quantity: 10, price: 85, trade_date: soldInA });
    expect(await costOfB(client.id, b.id)).toEqual({ table: 1000, list: 1000 });
    // A held its lot from boughtInA to soldInA: B's lot is acquired that many days before it was bought.
    const acquiredOn = addDays(boughtInB, -(dayNumber(soldInA) - dayNumber(boughtInA)));

    const detail = await get<PortfolioDetail>(`/portfolios/${b.id}`);
    expect(detail.holdings[0]).toMatchObject({ quantity: 10, cost_basis: 1000, average_cost: 100, market_value: 950, gain_loss: -50 });
    expect(detail).toMatchObject({ cost_basis: 1000, gain_loss: -50 });

    const analytics = await get<PortfolioAnalytics>(`/portfolios/${b.id}/analytics?period=1Y`);
    expect(analytics.lots.open).toEqual([
      expect.objectContaining({
        security_id: x.id,
        acquired_on: acquiredOn,
        quantity: 10,
        cost_per_share: 100,
        cost_basis: 1000,
        unrealized_gain: -50,
        term: 'short',
        wash_sale: {
          disallowed_loss: 150,
          basis_added: 150,
          sold_on: soldInA,
          bought_on: boughtInB,
          days_added: dayNumber(soldInA) - dayNumber(boughtInA),
        },
      }),
    ]);

    // The rebalancer sells B's X (the model holds bonds only) on the same lot: 950 − 1,000 = −50 short-term, an
    // estimated tax of −50 × 32 % = −16 (on the unadjusted 850 it would be a gain of 100 and a tax of 32).
    const generated = await call(app, 'POST', api('/recommendations/generate'), { token: advisor.token, body: { client_id: client.id } });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const recommendation = (generated.body as GenerateResponse).recommendations.find((row) => row.portfolio_id === b.id);
    const sell = recommendation?.details.trades.find((trade) => trade.side === 'sell');
    expect(sell).toMatchObject({ security_id: x.id, quantity: 10, amount: 950, realized_short: -50, realized_long: 0 });
    expect(sell?.lots).toEqual([{ acquired_on: acquiredOn, quantity: 10, cost_basis: 1000, proceeds: 950, gain: -50, term: 'short' }]);
    expect(recommendation?.details.tax).toMatchObject({ estimated_tax: -16, disallowed_loss: 0 });

    // In an IRA the replacement adds nothing to its basis (the loss is lost): B's cost goes back to 850, and returns to
    // 1,000 when B is taxable again. Voiding A's sale leaves no wash sale: 850.
    await update(b.id, { account_type: 'ira' });
    expect(await costOfB(client.id, b.id)).toEqual({ table: 850, list: 850 });
    await update(b.id, { account_type: 'taxable' });
    expect(await costOfB(client.id, b.id)).toEqual({ table: 1000, list: 1000 });
    const voided = await call(app, 'POST', api(`/portfolios/${a.id}/transactions/${sale.id}/void`), {
      token: advisor.token,
      body: { reason: 'Entered in the wrong account', sync_version: sale.sync_version },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await costOfB(client.id, b.id)).toEqual({ table: 850, list: 850 });
  });

  it('recosts the other account when the selling account changes its lot method', async () => {
    // A buys 10 X @ 100 (120 days ago) and 10 @ 120 (110 days ago), sells 10 @ 110 (60 days ago); B buys 10 @ 110
    // (45 days ago). FIFO sells A's 100 lot at a gain of 100: no wash sale, B's lot costs 1,100. HIFO sells the 120 lot
    // at a loss of 100, which B's purchase 15 days later disallows: B's lot costs 1,100 + 100 = 1,200.
    const client = await insertClient(t.db, advisor);
    const a = await openPortfolio(app, advisor.token, client.id);
    const b = await openPortfolio(app, advisor.token, client.id);
    await recordEntry(app, advisor.token, a.id, { type: 'deposit', amount: 3000, trade_date: daysAgo(120) });
    await recordEntry(app, advisor.token, b.id, { type: 'deposit', amount: 2000, trade_date: daysAgo(45) });
    await record(a.id, { type: 'buy', security_id: x.id, quantity: 10, price: 100, trade_date: daysAgo(120) });
    await record(a.id, { type: 'buy', security_id: x.id, quantity: 10, price: 120, trade_date: daysAgo(110) });
    await record(a.id, { type: 'sell', security_id: x.id, quantity: 10, price: 110, trade_date: daysAgo(60) });
    await record(b.id, { type: 'buy', security_id: x.id, quantity: 10, price: 110, trade_date: daysAgo(45) });
    expect(await costOfB(client.id, b.id)).toEqual({ table: 1100, list: 1100 });
    await update(a.id, { lot_method: 'hifo' });
    expect(await costOfB(client.id, b.id)).toEqual({ table: 1200, list: 1200 });
  });
});
