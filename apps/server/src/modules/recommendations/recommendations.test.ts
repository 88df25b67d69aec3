import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import type { ModelPortfolio } from '@meridian/domain/model-portfolios/contracts';
import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import type { GenerateResponse, Recommendation, RecommendationListResponse } from '@meridian/domain/recommendations/contracts';
import { addDays, isTradingDay, lastTradingDayOnOrBefore, marketDate, tradingDaysBetween } from '@meridian/domain/shared/trading-calendar';
import { prices, securities, type SecurityRow } from '../../db/schema/securities.ts';
import { transactions } from '../../db/schema/portfolios.ts';
import { api, call, demo } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { colleague, insertSecurity, newAdvisorFirm, session, type Session } from '../../test/fixtures/clients.fixtures.ts';
import { insertClient, openPortfolio, recordEntry } from '../../test/fixtures/portfolios.fixtures.ts';

describeEachDatabase('recommendations', (t) => {
  let app: FastifyInstance;
  let advisor: Session;
  let partner: Session;
  let outsider: Session;
  let equityA: SecurityRow;
  let equityB: SecurityRow;
  let model: ModelPortfolio;
  const today = () => marketDate(t.clock.now());
  /** The trading day `days` before the test clock's today: lots keep their term whatever the real date. */
  const daysAgo = (days: number) => lastTradingDayOnOrBefore(addDays(today(), -days));
  // Three lots of A: one held past a year (long-term), two within the year (short-term).
  const longTermLot = () => daysAgo(2 * 365);
  const shortTermLossLot = () => daysAgo(180);
  const shortTermGainLot = () => daysAgo(120);

  beforeAll(async () => {
    // Implementing records the trades on today's date and analytics value the account up to the last
    // trading day: on a weekend or holiday the realised lot would not show yet, so the file runs on a trading day.
    while (!isTradingDay(today())) t.clock.advance(86_400_000);
    app = await t.buildApp({ rateLimitMax: 100_000 });
    advisor = await newAdvisorFirm(app);
    partner = await colleague(app, t.db, advisor.firmId);
    outsider = await newAdvisorFirm(app);
    // Securities of our own with known closes, so every figure below is exact.
    equityA = await insertSecurity(t.db, 100);
    // B is the bond side of the model: a rebalance moves money between asset classes, never between funds of one class.
    equityB = await insertSecurity(t.db, 50, 'fixed_income');
    // Back to the target, as this firm chose (the default trades only to the band's edge).
    const admin = await colleague(app, t.db, advisor.firmId, 'admin');
    const settings = await call(app, 'PUT', api('/recommendations/settings'), {
      token: admin.token,
      body: { rebalance_to: 'target', min_benefit_ratio: 0, short_term_rate: 0.32, long_term_rate: 0.15 },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    // A flat price history since before the first trade, which analytics value the accounts by.
    const days = tradingDaysBetween(daysAgo(3 * 365), daysAgo(0));
    await t.db.insert(prices).values(
      days.flatMap((date) => [
        { securityId: equityA.id, date, close: 100, source: 'imported' as const },
        { securityId: equityB.id, date, close: 50, source: 'imported' as const },
      ]),
    );
    const response = await call(app, 'POST', api('/model-portfolios'), {
      token: advisor.token,
      body: {
        name: 'Two funds',
        risk_band: 'moderate',
        targets: [
          { security_id: equityA.id, weight: 0.2 },
          { security_id: equityB.id, weight: 0.8 },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    model = response.body as ModelPortfolio;
  });

  const trade = (portfolioId: string, side: 'buy' | 'sell', security: SecurityRow, quantity: number, price: number, tradeDate: string) =>
    recordEntry(app, advisor.token, portfolioId, { type: side, security_id: security.id, quantity, price, trade_date: tradeDate });
  const deposit = (portfolioId: string, amount: number, tradeDate: string) =>
    recordEntry(app, advisor.token, portfolioId, { type: 'deposit', amount, trade_date: tradeDate });
  const generate = (who: Session, clientId: string) =>
    call(app, 'POST', api('/recommendations/generate'), { token: who.token, body: { client_id: clientId } });
  const setStatus = (who: Session, id: string, status: string, extra: Record<string, unknown> = {}) =>
    call(app, 'PUT', api(`/recommendations/${id}/status`), { token: who.token, body: { status, ...extra } });
  const list = async (who: Session, query: string) => {
    const response = await call(app, 'GET', api(`/recommendations?${query}`), { token: who.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as RecommendationListResponse;
  };

  /** A moderate client whose account follows the two-fund model: $70,000 cash and 300 shares of A in three lots. */
  async function followerWithLots() {
    const client = await insertClient(t.db, advisor, { riskCapacity: 'medium', investmentExperience: 'intermediate' });
    const portfolio = await openPortfolio(app, advisor.token, client.id, { model_id: model.id });
    // Funded before the first lot: cash never goes below zero on any day of the ledger.
    await deposit(portfolio.id, 100_000, longTermLot());
    await trade(portfolio.id, 'buy', equityA, 100, 80, longTermLot()); // long-term gain at 100
    await trade(portfolio.id, 'buy', equityA, 100, 130, shortTermLossLot()); // a short-term loss
    await trade(portfolio.id, 'buy', equityA, 100, 90, shortTermGainLot()); // a short-term gain
    return { client, portfolio };
  }

  it('rebalances to the model, selling the loss lot first and showing the realised gain by term', async () => {
    const { client, portfolio } = await followerWithLots();
    const response = await generate(advisor, client.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as GenerateResponse;
    expect(body).toMatchObject({ created: 1, refreshed: 0, unchanged: 0 });
    const [recommendation] = body.recommendations;
    expect(recommendation).toMatchObject({
      type: 'rebalance',
      status: 'pending',
      source: 'review',
      portfolio_id: portfolio.id,
      model: { id: model.id, name: 'Two funds' },
    });
    // $100,000: A (equity) is 30 % against 20 %, B (bonds) 0 % against 80 %.
    expect(recommendation!.rationale).toContain('Equity is 30.0% against 20.0%');
    const [sell, buy] = recommendation!.details.trades;
    // FIFO would sell the oldest lot at a $2,000 long-term gain; the tax-aware order takes the $3,000 short-term loss.
    expect(sell).toMatchObject({
      side: 'sell',
      symbol: equityA.symbol,
      quantity: 100,
      amount: 10_000,
      realized_short: -3000,
      realized_long: 0,
    });
    expect(sell!.lots).toEqual([
      { acquired_on: shortTermLossLot(), quantity: 100, cost_basis: 13_000, proceeds: 10_000, gain: -3000, term: 'short' },
    ]);
    expect(buy).toMatchObject({ side: 'buy', symbol: equityB.symbol, quantity: 1600, amount: 80_000 });
    expect(recommendation!.details.totals).toMatchObject({
      sells: 10_000,
      buys: 80_000,
      realized_short: -3000,
      realized_long: 0,
      cash_before: 70_000,
      cash_after: 0,
    });
    expect(recommendation!.details.drift).toMatchObject({ band: 0.05, after: 0 });
  });

  it('does not duplicate open recommendations: generating again refreshes the pending one', async () => {
    const { client } = await followerWithLots();
    const first = (await generate(advisor, client.id)).body as GenerateResponse;
    const again = (await generate(advisor, client.id)).body as GenerateResponse;
    expect(again).toMatchObject({ created: 0, refreshed: 1, unchanged: 0 });
    expect(again.recommendations[0]!.id).toBe(first.recommendations[0]!.id);
    expect(again.recommendations[0]!.sync_version).toBe(2);
    expect((await list(advisor, `client_id=${client.id}`)).total).toBe(1);
    // Accepted: left alone until it is carried out.
    expect((await setStatus(advisor, first.recommendations[0]!.id, 'accepted')).status).toBe(200);
    expect((await generate(advisor, client.id)).body).toMatchObject({ created: 0, refreshed: 0, unchanged: 1, recommendations: [] });
    expect((await list(advisor, `client_id=${client.id}`)).total).toBe(1);
  });

  it('moves pending → accepted → implemented; implementing records the trades in the ledger with the tax-aware lots', async () => {
    const { client, portfolio } = await followerWithLots();
    const [recommendation] = ((await generate(advisor, client.id)).body as GenerateResponse).recommendations;
    const id = recommendation!.id;
    // Illegal moves are 422 and change nothing.
    for (const status of ['implemented', 'pending']) {
      const refused = await setStatus(advisor, id, status);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body).toEqual({ detail: recommendationMessages.illegalTransition('pending', status) });
    }
    expect((await setStatus(advisor, id, 'accepted', { sync_version: 99 })).status).toBe(409);
    const accepted = await setStatus(advisor, id, 'accepted', { sync_version: 1 });
    expect(accepted.body).toMatchObject({ status: 'accepted', sync_version: 2 });
    expect((accepted.body as Recommendation).decided_at).not.toBeNull();
    expect((await setStatus(advisor, id, 'rejected')).body).toEqual({
      detail: recommendationMessages.illegalTransition('accepted', 'rejected'),
    });

    const implemented = await setStatus(advisor, id, 'implemented');
    expect(implemented.status, JSON.stringify(implemented.body)).toBe(200);
    expect(implemented.body).toMatchObject({ status: 'implemented' });
    const ledger = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.portfolioId, portfolio.id), eq(transactions.tradeDate, today())));
    expect(ledger.map((row) => [row.type, row.securityId, row.quantity, row.lotMethod])).toEqual(
      expect.arrayContaining([
        ['sell', equityA.id, 100, 'tax_optimized'],
        ['buy', equityB.id, 1600, null],
      ]),
    );
    const holdings = (await call(app, 'GET', api(`/portfolios/${portfolio.id}/holdings`), { token: advisor.token })).body as {
      holdings: Array<{ security: { id: string }; quantity: number }>;
    };
    expect(holdings.holdings.map((holding) => [holding.security.id, holding.quantity]).sort()).toEqual(
      [
        [equityA.id, 200],
        [equityB.id, 1600],
      ].sort(),
    );
    // The ledger's lots agree with the proposal: the short-term loss lot is gone, realised at a $3,000 loss.
    const analyticsResponse = await call(app, 'GET', api(`/portfolios/${portfolio.id}/analytics?period=1M`), { token: advisor.token });
    expect(analyticsResponse.status, JSON.stringify(analyticsResponse.body)).toBe(200);
    const analytics = analyticsResponse.body as PortfolioAnalytics;
    expect(analytics.lots.open.filter((lot) => lot.security_id === equityA.id).map((lot) => lot.acquired_on)).toEqual([
      longTermLot(),
      shortTermGainLot(),
    ]);
    expect(
      analytics.lots.realized.filter((lot) => lot.security_id === equityA.id).map((lot) => [lot.acquired_on, lot.realized_gain]),
    ).toEqual([[shortTermLossLot(), -3000]]);
    // Final: nothing moves an implemented recommendation.
    expect((await setStatus(advisor, id, 'rejected')).status).toBe(422);
  });

  it('refuses to implement trades the holdings no longer allow, and changes nothing', async () => {
    const { client, portfolio } = await followerWithLots();
    const [recommendation] = ((await generate(advisor, client.id)).body as GenerateResponse).recommendations;
    await setStatus(advisor, recommendation!.id, 'accepted');
    await trade(portfolio.id, 'sell', equityA, 250, 100, today());
    const before = await t.db.select().from(transactions).where(eq(transactions.portfolioId, portfolio.id));
    const refused = await setStatus(advisor, recommendation!.id, 'implemented');
    expect(refused).toMatchObject({ status: 409, body: { detail: recommendationMessages.holdingsChanged } });
    expect(await t.db.select().from(transactions).where(eq(transactions.portfolioId, portfolio.id))).toHaveLength(before.length);
    expect((await call(app, 'GET', api(`/recommendations/${recommendation!.id}`), { token: advisor.token })).body).toMatchObject({
      status: 'accepted',
    });
  });

  it('refuses to implement buys the cash no longer covers, saying by how much, and changes nothing', async () => {
    const { client, portfolio } = await followerWithLots();
    const [recommendation] = ((await generate(advisor, client.id)).body as GenerateResponse).recommendations;
    const { totals } = recommendation!.details;
    // The proposal spends cash on top of its sales' proceeds; once that cash is withdrawn, its buys
    // come up short by exactly the cash it meant to spend: cash_before − cash_after.
    expect(totals.buys).toBeGreaterThan(totals.sells);
    await setStatus(advisor, recommendation!.id, 'accepted');
    await call(app, 'POST', api(`/portfolios/${portfolio.id}/transactions`), {
      token: advisor.token,
      body: { type: 'withdrawal', amount: totals.cash_before, trade_date: today() },
    });
    const before = await t.db.select().from(transactions).where(eq(transactions.portfolioId, portfolio.id));
    const refused = await setStatus(advisor, recommendation!.id, 'implemented');
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    const short = (totals.cash_before - totals.cash_after).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect((refused.body as { detail: string }).detail).toContain(`$${short} short`);
    expect(await t.db.select().from(transactions).where(eq(transactions.portfolioId, portfolio.id))).toHaveLength(before.length);
  });

  it('never proposes buying back within 30 days what the client sold at a loss in any account', async () => {
    const { client, portfolio } = await followerWithLots();
    const other = await openPortfolio(app, advisor.token, client.id);
    await deposit(other.id, 10_000, daysAgo(60));
    const lossDay = daysAgo(10);
    await trade(other.id, 'buy', equityB, 10, 60, daysAgo(60));
    await trade(other.id, 'sell', equityB, 10, 50, lossDay);
    const recommendation = ((await generate(advisor, client.id)).body as GenerateResponse).recommendations.find(
      (row) => row.portfolio_id === portfolio.id,
    )!;
    expect(recommendation.details.trades.some((row) => row.side === 'buy' && row.security_id === equityB.id)).toBe(false);
    expect(recommendation.details.wash_sale_blocked).toEqual([
      { security_id: equityB.id, symbol: equityB.symbol, sold_on: lossDay, until: addDays(lossDay, 30) },
    ]);
    expect(recommendation.rationale).toContain(`${equityB.symbol} is not bought back`);
  });

  it('keeps to reach: other advisors and firms get 404, the client user reads their own and may not act', async () => {
    const { client } = await followerWithLots();
    const [recommendation] = ((await generate(advisor, client.id)).body as GenerateResponse).recommendations;
    const id = recommendation!.id;
    for (const who of [partner, outsider]) {
      expect((await call(app, 'GET', api(`/recommendations/${id}`), { token: who.token })).status).toBe(404);
      expect((await setStatus(who, id, 'accepted')).status).toBe(404);
      expect((await generate(who, client.id)).status).toBe(404);
      expect((await list(who, `client_id=${client.id}`)).total).toBe(0);
    }
    const admin = await colleague(app, t.db, advisor.firmId, 'admin');
    expect((await list(admin, `client_id=${client.id}`)).total).toBe(1);
    const jordan = await session(app, demo.client);
    const own = await list(jordan, '');
    expect(own.recommendations.every((row) => row.client_name === 'Jordan Reyes')).toBe(true);
    expect((await setStatus(jordan, id, 'accepted')).body).toEqual({ detail: recommendationMessages.readOnly });
    expect((await generate(jordan, client.id)).status).toBe(403);
  });

  it('answers bad input with 422 and the message', async () => {
    const missing = await call(app, 'POST', api('/recommendations/generate'), { token: advisor.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'client_id'], msg: recommendationMessages.clientIdRequired });
    const badStatus = await setStatus(advisor, '00000000-0000-4000-8000-000000000000', 'done');
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.detail[0]).toMatchObject({ loc: ['body', 'status'], msg: recommendationMessages.statusInvalid });
    const badFilter = await call(app, 'GET', api('/recommendations?status=maybe'), { token: advisor.token });
    expect(badFilter.status).toBe(422);
    const noPortfolio = await insertClient(t.db, advisor);
    expect((await generate(advisor, noPortfolio.id)).body).toEqual({ detail: recommendationMessages.noPortfolios });
  });

  it("flags a model of another band than the client's as a risk mismatch, towards the firm's model for the band", async () => {
    const client = await insertClient(t.db, advisor, { riskBand: 'conservative' });
    const portfolio = await openPortfolio(app, advisor.token, client.id, { initial_deposit: 50_000, model_id: model.id });
    const [recommendation] = ((await generate(advisor, client.id)).body as GenerateResponse).recommendations;
    expect(recommendation).toMatchObject({
      type: 'risk_mismatch',
      portfolio_id: portfolio.id,
      model: { risk_band: 'conservative', name: 'Conservative Income' },
    });
    expect(recommendation!.rationale).toContain("the client's risk band is Conservative");
  });

  it('raises a rebalance recommendation by itself when a price import moves a follower past its band', async () => {
    const client = await insertClient(t.db, advisor, { riskCapacity: 'medium' });
    const portfolio = await openPortfolio(app, advisor.token, client.id, { initial_deposit: 10_000, model_id: model.id });
    await trade(portfolio.id, 'buy', equityA, 20, 100, today());
    await trade(portfolio.id, 'buy', equityB, 160, 50, today());
    expect((await generate(advisor, client.id)).body).toMatchObject({ created: 0 });
    const operator = await session(app, demo.admin);
    const day = daysAgo(0);
    const imported = await call(app, 'POST', api('/securities/prices/import'), {
      token: operator.token,
      body: { csv: `symbol,date,close\n${equityA.symbol},${day},300` },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    // This account's, and those of the accounts above that hold A and follow the same model.
    expect(imported.body.rebalance_recommendations).toBeGreaterThanOrEqual(1);
    const [raised] = (await list(advisor, `client_id=${client.id}`)).recommendations;
    // A at $300: $6,000 of $14,000 is 42.9 % against 20 %.
    expect(raised).toMatchObject({ type: 'rebalance', source: 'drift', status: 'pending' });
    expect(raised!.rationale).toContain('Equity is 42.9% against 20.0%');
    const [stored] = await t.db.select({ lastClose: securities.lastClose }).from(securities).where(eq(securities.id, equityA.id));
    expect(stored?.lastClose).toBe(300);
  });
});
