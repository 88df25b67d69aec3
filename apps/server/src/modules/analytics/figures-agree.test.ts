import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import type { HoldingListResponse } from '@meridian/domain/portfolios/holding-contracts';
import type { PortfolioDetail, PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import type { Transaction } from '@meridian/domain/portfolios/transaction-contracts';
import type { ClientStats, ClientSummary } from '@meridian/domain/clients/contracts';
import type { BookPerformanceResponse } from '@meridian/domain/dashboard/contracts';
import { addDays, lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/shared/trading-calendar';
import { clients } from '../../db/schema/clients.ts';
import { portfolios } from '../../db/schema/portfolios.ts';
import { prices, type SecurityRow } from '../../db/schema/securities.ts';
import { api, call } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { demoSessions, insertClient, openPortfolio, securityBySymbol, type Session } from '../../test/fixtures/portfolios.fixtures.ts';

/** The portfolio page, the holdings list and the analytics page show one weight and one cost basis per position. */
describeEachDatabase('figures that agree across screens', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let clientId: string;
  let admin: Session;
  let ge: SecurityRow;
  let tradeDay: string;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 10_000 });
    ({ alex, admin } = await demoSessions(app));
    clientId = (await insertClient(t.db, alex, { firstName: 'Gina', lastName: 'Weights' })).id;
    ge = await securityBySymbol(t.db, 'GE');
    // The latest trading day: the analytics series (and its lots) reaches it.
    tradeDay = lastTradingDayOnOrBefore(marketDate(t.clock.now()));
  });

  const get = async <T>(path: string, token = alex.token): Promise<T> => {
    const response = await call(app, 'GET', api(path), { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as T;
  };
  const record = async (portfolioId: string, body: Record<string, unknown>) => {
    const response = await call(app, 'POST', api(`/portfolios/${portfolioId}/transactions`), {
      token: alex.token,
      body: { trade_date: tradeDay, ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as Transaction;
  };
  const cents = (value: number) => Math.round(value * 100) / 100;
  const daysAgo = (days: number) => lastTradingDayOnOrBefore(addDays(tradeDay, -days));
  // The deposit is dated the trade day (not today: on a weekend today comes after the last trading day), or `days` before it.
  const funded = async (owner: string, options: Record<string, unknown> = {}, days = 0) => {
    const portfolio = await openPortfolio(app, alex.token, owner, options);
    await record(portfolio.id, { type: 'deposit', amount: 10_000, trade_date: daysAgo(days) });
    return portfolio;
  };

  it('weighs GE of the account total, cash included, in the holdings, the allocation and every analytics chart', async () => {
    const portfolio = await funded(clientId);
    await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: ge.lastClose });
    // 10 GE at its close (L) out of the 10,000 deposited: GE is 10 L, cash 10,000 − 10 L, total 10,000.
    // GE's weight is 10 L / 10,000 everywhere; the old holdings table said 100 % (of the holdings alone).
    const geValue = cents(10 * ge.lastClose!);
    const cash = cents(10_000 - geValue);
    const weight = geValue / 10_000;
    const percent = Math.round(weight * 10_000) / 100;

    const detail = await get<PortfolioDetail>(`/portfolios/${portfolio.id}`);
    expect(detail.total_value).toBe(10_000);
    expect(detail.holdings[0]).toMatchObject({ market_value: geValue, allocation_percent: percent });
    expect(detail.allocation.by_asset_class).toEqual(
      expect.arrayContaining([
        { key: 'equity', market_value: geValue, percent, holdings_count: 1 },
        { key: 'cash', market_value: cash, percent: Math.round((cash / 10_000) * 10_000) / 100, holdings_count: 0 },
      ]),
    );
    expect(detail.allocation.by_sector.map((slice) => [slice.key, slice.percent]).sort()).toEqual(
      [
        [ge.sector, percent],
        ['Cash', Math.round((cash / 10_000) * 10_000) / 100],
      ].sort(),
    );
    const listed = await get<HoldingListResponse>(`/portfolios/${portfolio.id}/holdings`);
    expect(listed.holdings[0]?.allocation_percent).toBe(percent);

    const analytics = await get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=1M`);
    const slice = (list: PortfolioAnalytics['allocation']['security'], key: string) => list.find((item) => item.key === key)?.weight;
    expect(slice(analytics.allocation.security, 'GE')).toBeCloseTo(weight, 12);
    expect(analytics.concentration?.largest_symbol).toBe('GE');
    expect(analytics.concentration?.largest_weight).toBeCloseTo(weight, 12);
    expect(slice(analytics.allocation.asset_class, 'equity')).toBeCloseTo(weight, 12);
    expect(slice(analytics.allocation.sector, ge.sector)).toBeCloseTo(weight, 12);
    expect(slice(analytics.allocation.sector, 'Cash')).toBeCloseTo(cash / 10_000, 12);
    expect(slice(analytics.allocation.security, 'CASH')).toBeCloseTo(cash / 10_000, 12);
  });

  it('costs a position by the lots of the portfolio method on the holdings table as in the analytics lots', async () => {
    // 10 GE at 100 (90 days ago) and 10 at 200 (60 days ago), then 10 sold at 150 (10 days ago); 10 left at GE's close L.
    // More than 30 days between the buys and the sale, so no sale is a wash sale that would move a loss into a basis.
    // Average cost: 150 a share, basis 1,500, gain 10 L − 1,500.
    // FIFO leaves the lot at 200: basis 2,000, gain 10 L − 2,000. HIFO leaves the lot at 100: basis 1,000.
    const expected = { fifo: 2000, hifo: 1000 } as const;
    for (const method of ['fifo', 'hifo'] as const) {
      const portfolio = await funded(clientId, { lot_method: method }, 90);
      await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: 100, trade_date: daysAgo(90) });
      await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: 200, trade_date: daysAgo(60) });
      await record(portfolio.id, { type: 'sell', symbol: 'GE', quantity: 10, price: 150, trade_date: daysAgo(10) });
      const value = cents(10 * ge.lastClose!);
      const basis = expected[method];

      const detail = await get<PortfolioDetail>(`/portfolios/${portfolio.id}`);
      expect(detail.holdings[0], method).toMatchObject({
        quantity: 10,
        cost_basis: basis,
        average_cost: basis / 10,
        gain_loss: cents(value - basis),
      });
      expect(detail.cost_basis, method).toBe(basis);
      expect(detail.gain_loss, method).toBe(cents(value - basis));
      const analytics = await get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=1M`);
      const open = analytics.lots.open.filter((lot) => lot.symbol === 'GE');
      expect(cents(open.reduce((sum, lot) => sum + lot.cost_basis, 0)), method).toBe(basis);
      expect(cents(open.reduce((sum, lot) => sum + lot.unrealized_gain, 0)), method).toBe(detail.holdings[0]?.gain_loss);
    }
  });

  /** The cost and unrealised gain of one client's only portfolio on the list, the page, the holdings table and the client summary. */
  const costsOnEveryScreen = async (owner: string, portfolioId: string) => {
    const list = await get<PortfolioListResponse>(`/portfolios?client_id=${owner}`);
    const listed = list.portfolios.find((row) => row.id === portfolioId)!;
    const detail = await get<PortfolioDetail>(`/portfolios/${portfolioId}`);
    const table = await get<HoldingListResponse>(`/portfolios/${portfolioId}/holdings`);
    const summary = await get<ClientSummary>(`/clients/${owner}/summary`);
    return {
      list: [listed.cost_basis, listed.gain_loss],
      detail: [detail.cost_basis, detail.gain_loss],
      holdings: [
        cents(table.holdings.reduce((sum, holding) => sum + holding.cost_basis, 0)),
        cents(table.holdings.reduce((sum, holding) => sum + holding.gain_loss, 0)),
      ],
      summary: [summary.cost_basis, summary.gain_loss],
    };
  };

  it('shows one cost and one unrealised gain per portfolio on the list, the page, the holdings table and the client summary', async () => {
    // Buy 10 GE at 100 (90 days ago), 10 at 200 (60 days ago), sell 10 at 150 (10 days ago); 10 left, worth 10 L at GE's
    // close L. FIFO sells the 100 lot: 10 @ 200 left, cost 2,000. HIFO sells the 200 lot: 10 @ 100 left, cost 1,000.
    // The list and the client summary used to say 1,500 (10 × the average cost of 150) for both. No buy is within 30
    // days of the sale, so HIFO's loss is no wash sale that would move into the 100 lot's basis.
    const expected = { fifo: 2000, hifo: 1000 } as const;
    const value = cents(10 * ge.lastClose!);
    for (const method of ['fifo', 'hifo'] as const) {
      const owner = (await insertClient(t.db, alex, { firstName: 'Lou', lastName: `Lots ${method}` })).id;
      const portfolio = await funded(owner, { lot_method: method }, 90);
      await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: 100, trade_date: daysAgo(90) });
      await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: 200, trade_date: daysAgo(60) });
      await record(portfolio.id, { type: 'sell', symbol: 'GE', quantity: 10, price: 150, trade_date: daysAgo(10) });
      const figures = [expected[method], cents(value - expected[method])];
      expect(await costsOnEveryScreen(owner, portfolio.id), method).toEqual({
        list: figures,
        detail: figures,
        holdings: figures,
        summary: figures,
      });
    }
  });

  it('keeps the list’s cost on the open lots through a void and a change of lot method', async () => {
    const owner = (await insertClient(t.db, alex, { firstName: 'Val', lastName: 'Voids' })).id;
    // The buys are more than 30 days before the sale: no loss sold is a wash sale.
    const portfolio = await funded(owner, {}, 90);
    await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: 100, trade_date: daysAgo(90) });
    const second = await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: 200, trade_date: daysAgo(80) });
    await record(portfolio.id, { type: 'buy', symbol: 'GE', quantity: 10, price: 300, trade_date: daysAgo(70) });
    await record(portfolio.id, { type: 'sell', symbol: 'GE', quantity: 10, price: 150, trade_date: daysAgo(10) });
    const value = cents(20 * ge.lastClose!);
    const everywhere = (cost: number) => {
      const figures = [cost, cents(value - cost)];
      return { list: figures, detail: figures, holdings: figures, summary: figures };
    };
    // FIFO sells the 100 lot: 10 @ 200 + 10 @ 300 left, cost 5,000 (average cost would say 20 × 200 = 4,000).
    expect(await costsOnEveryScreen(owner, portfolio.id)).toEqual(everywhere(5000));

    const voided = await call(app, 'POST', api(`/portfolios/${portfolio.id}/transactions/${second.id}/void`), {
      token: alex.token,
      body: { reason: 'Entered twice', sync_version: second.sync_version },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    // Without the 200 buy: 10 @ 100 and 10 @ 300 bought, FIFO sells the 100 lot; 10 @ 300 left, cost 3,000
    // (average cost: 10 × 200 = 2,000).
    const afterVoid = cents(10 * ge.lastClose!);
    const figures = [3000, cents(afterVoid - 3000)];
    expect(await costsOnEveryScreen(owner, portfolio.id)).toEqual({ list: figures, detail: figures, holdings: figures, summary: figures });

    // HIFO would have sold the 300 lot: 10 @ 100 left, cost 1,000, on the list too once the method changes.
    const current = await get<PortfolioDetail>(`/portfolios/${portfolio.id}`);
    const changed = await call(app, 'PUT', api(`/portfolios/${portfolio.id}`), {
      token: alex.token,
      body: { lot_method: 'hifo', sync_version: current.sync_version },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const hifo = [1000, cents(afterVoid - 1000)];
    expect(await costsOnEveryScreen(owner, portfolio.id)).toEqual({ list: hifo, detail: hifo, holdings: hifo, summary: hifo });
  });

  it('compares the portfolio with its benchmark total return: SPY gains its 1.3 % a year of distributions over the price alone', async () => {
    const [demo] = await t.db
      .select({ id: portfolios.id })
      .from(portfolios)
      .innerJoin(clients, eq(clients.id, portfolios.clientId))
      .where(
        sql`${portfolios.benchmarkSymbol} = 'SPY' and ${portfolios.deletedAt} is null and ${clients.deletedAt} is null
        and exists (select 1 from transactions t where t.portfolio_id = ${portfolios.id} and t.trade_date < current_date - 800)`,
      )
      .limit(1);
    expect(demo).toBeDefined();
    const analytics = await get<PortfolioAnalytics>(`/portfolios/${demo!.id}/analytics?period=1Y`, admin.token);
    expect(analytics.scope.benchmark_basis).toEqual({
      kind: 'total_return',
      distributions: 'simulated',
      annual_yield: 0.013,
      payments_per_year: 4,
    });
    const year = analytics.returns.find((row) => row.period === '1Y')!;
    const spy = await securityBySymbol(t.db, 'SPY');
    const closes = await t.db
      .select({ date: prices.date, close: prices.close })
      .from(prices)
      .where(and(eq(prices.securityId, spy.id), gte(prices.date, addDays(year.start_date, -10)), lte(prices.date, year.end_date)))
      .orderBy(asc(prices.date));
    const base = closes.filter((day) => day.date < year.start_date).at(-1)!.close;
    const end = closes.at(-1)!.close;
    // Each quarter pays 1.3 % / 4 of the close on its ex-date: reinvested, it adds 0.325 % to the shares held,
    // so over a year of four ex-dates the total return is the price return × 1.00325⁴ = × 1.013096.
    const quarters = closes.filter((day, index) => {
      const month = Number(day.date.slice(5, 7));
      const previous = closes[index - 1];
      return (
        day.date >= year.start_date &&
        month % 3 === 0 &&
        Number(day.date.slice(8, 10)) >= 20 &&
        !(previous && previous.date.slice(0, 7) === day.date.slice(0, 7) && Number(previous.date.slice(8, 10)) >= 20)
      );
    }).length;
    expect(quarters).toBe(4);
    expect((1 + (year.benchmark_return ?? Number.NaN)) / (end / base)).toBeCloseTo(1.00325 ** 4, 5);
  });

  it('gives the client list the book’s time-weighted return over a year, the dashboard’s figure, not an unrealised gain', async () => {
    const dashboard = await get<BookPerformanceResponse>('/analytics/performance?period=1Y');
    expect(dashboard.data.twr).not.toBeNull();
    const twrPercent = dashboard.data.twr! * 100;
    for (const query of ['', '?risk_capacity=high']) {
      const stats = await get<ClientStats>(`/clients/stats${query}`);
      expect(stats, query).toMatchObject({
        average_performance: twrPercent,
        performance_period: '1Y',
        performance_start_date: dashboard.data.start_date,
        performance_as_of: dashboard.data.as_of,
      });
    }
    // The old card: Σ(value − cost) / Σ cost of the open portfolios in reach, a gain since purchase, not a year's return.
    const [unrealised] = await t.db
      .select({
        percent:
          sql<number>`round((sum(${portfolios.holdingsValue}) - sum(${portfolios.holdingsCost})) / sum(${portfolios.holdingsCost}) * 100, 2)`.mapWith(
            Number,
          ),
      })
      .from(portfolios)
      .innerJoin(clients, eq(clients.id, portfolios.clientId))
      .where(
        sql`${clients.advisorId} = ${alex.userId} and ${clients.deletedAt} is null and ${portfolios.deletedAt} is null and ${portfolios.status} <> 'closed'`,
      );
    expect(unrealised?.percent).not.toBe(Math.round(twrPercent * 100) / 100);
  });
});
