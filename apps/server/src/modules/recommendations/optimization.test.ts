import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import {
  defaultBandRanges,
  defaultExpectedReturns,
  marketClasses,
  marketClassVehicleSymbols,
  stockClasses,
} from '@meridian/domain/optimization/capital-markets';
import { clientMessages } from '@meridian/domain/shared/messages';
import type { Optimization, Recommendation, Statistics } from '@meridian/domain/recommendations/contracts';
import { clients } from '../../db/schema/clients.ts';
import { portfolios } from '../../db/schema/portfolios.ts';
import { api, call, demo } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { insertClient, openPortfolio, securityBySymbol, session, type Session } from '../../test/fixtures/portfolios.fixtures.ts';

describeEachDatabase('optimisation', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let priya: Session;
  let portfolioId: string;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    [alex, priya] = await Promise.all([session(app, demo.alex), session(app, demo.priya)]);
    // One of Alex's demo accounts with holdings, of a client whose risk band is set.
    const [row] = await t.db
      .select({ id: portfolios.id })
      .from(portfolios)
      .innerJoin(clients, eq(clients.id, portfolios.clientId))
      .where(
        and(
          eq(clients.advisorId, alex.userId),
          isNull(clients.deletedAt),
          isNotNull(clients.riskBand),
          isNull(portfolios.deletedAt),
          eq(portfolios.status, 'active'),
          gt(portfolios.holdingsCount, 2),
        ),
      )
      .orderBy(asc(portfolios.id))
      .limit(1);
    portfolioId = row!.id;
  });

  const optimize = (who: Session, id: string) => call(app, 'POST', api(`/portfolios/${id}/optimize`), { token: who.token });

  it('refuses a portfolio of a client not assessed yet: the optimum needs their band', async () => {
    const client = await insertClient(t.db, alex, { riskBand: null, riskBandSource: null, riskBandReason: null });
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 10_000 });
    const response = await optimize(alex, portfolio.id);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: clientMessages.riskBandNotAssessed });
  });

  it("answers the optimum for the client's band: fully invested, within the caps and the band's equity range, with the frontier and the trades", async () => {
    const response = await optimize(alex, portfolioId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = response.body as Optimization;
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(result.assets.map((asset) => asset.optimal_weight))).toBeCloseTo(1, 9);
    expect(sum(result.assets.map((asset) => asset.current_weight)) + result.cash_weight).toBeCloseTo(1, 6);
    for (const asset of result.assets) expect(asset.optimal_weight).toBeLessThanOrEqual(asset.max_weight + 1e-9);
    // Every market class within the band's range (the class funds are in the universe, so none is relaxed).
    expect(result.constraints_relaxed).toBe(false);
    const ranges = defaultBandRanges[result.risk_band];
    for (const marketClass of marketClasses) {
      const weight = sum(result.assets.filter((asset) => asset.market_class === marketClass).map((asset) => asset.optimal_weight));
      const row = result.classes.find((entry) => entry.market_class === marketClass)!;
      expect(row.optimal_weight, marketClass).toBeCloseTo(weight, 12);
      expect([row.min_weight, row.max_weight]).toEqual([ranges.classes[marketClass].min, ranges.classes[marketClass].max]);
      expect(weight, marketClass).toBeGreaterThanOrEqual(ranges.classes[marketClass].min - 1e-9);
      expect(weight, marketClass).toBeLessThanOrEqual(ranges.classes[marketClass].max + 1e-9);
    }
    const stocks = sum(result.assets.filter((asset) => stockClasses.includes(asset.market_class)).map((asset) => asset.optimal_weight));
    expect(stocks).toBeGreaterThanOrEqual(ranges.stocks.min - 1e-9);
    expect(stocks).toBeLessThanOrEqual(ranges.stocks.max + 1e-9);
    // Expected returns are the firm's assumptions (the seeded ones here), not the closes' mean: a class's
    // own fund expects the class's figure, cash the risk-free rate, and the builder's statistics give
    // every security the same figure as the optimiser (its beta to the class fund, checked below).
    for (const asset of result.assets) {
      if (asset.market_class === 'cash') expect(asset.expected_return, asset.symbol).toBe(result.risk_free_rate);
      else if (asset.symbol === marketClassVehicleSymbols[asset.market_class])
        expect(asset.expected_return, asset.symbol).toBe(defaultExpectedReturns[asset.market_class]);
    }
    const builder = await call(app, 'POST', api('/securities/statistics'), {
      token: alex.token,
      body: { security_ids: result.assets.map((asset) => asset.security_id) },
    });
    const builderReturns = (builder.body as Statistics).expected_returns;
    result.assets.forEach((asset, i) => expect(builderReturns[i], asset.symbol).toBeCloseTo(asset.expected_return, 12));
    expect(result.optimal.expected_return).toBeCloseTo(sum(result.assets.map((asset) => asset.optimal_weight * asset.expected_return)), 12);
    // On the frontier at the band's volatility, or its least volatile point when the band asks for less.
    expect(result.optimal.volatility).toBeLessThanOrEqual(Math.max(result.target_volatility, result.minimum_variance.volatility) + 1e-9);
    expect(result.frontier).toHaveLength(20);
    const returns = result.frontier.map((point) => point.expected_return);
    expect([...returns].sort((a, b) => a - b)).toEqual(returns);
    expect(result.history.days).toBeGreaterThan(500);
    expect(result.shrinkage).toBeGreaterThanOrEqual(0);
    expect(result.shrinkage).toBeLessThanOrEqual(1);
    // The trades: sells of what the optimum holds less of, buys of what it holds more of.
    const byId = new Map(result.assets.map((asset) => [asset.security_id, asset]));
    for (const trade of result.trades) {
      const asset = byId.get(trade.security_id)!;
      if (trade.side === 'sell') expect(asset.optimal_weight).toBeLessThan(asset.current_weight);
      else expect(asset.optimal_weight).toBeGreaterThan(asset.current_weight);
    }
  });

  it('turns the optimum into a rebalance recommendation, refreshed rather than duplicated', async () => {
    const first = await call(app, 'POST', api(`/portfolios/${portfolioId}/optimize/recommendation`), { token: alex.token });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const recommendation = first.body as Recommendation;
    expect(recommendation).toMatchObject({ type: 'rebalance', source: 'optimizer', status: 'pending', model: null });
    expect(recommendation.details.risk).not.toBeNull();
    expect(recommendation.rationale).toContain('Optimised for a');
    const again = (await call(app, 'POST', api(`/portfolios/${portfolioId}/optimize/recommendation`), { token: alex.token }))
      .body as Recommendation;
    expect(again.id).toBe(recommendation.id);
  });

  it('keeps to reach and refuses what cannot be optimised', async () => {
    expect((await optimize(priya, portfolioId)).status).toBe(404);
    const client = await insertClient(t.db, alex);
    const empty = await openPortfolio(app, alex.token, client.id, { initial_deposit: 1000 });
    expect((await optimize(alex, empty.id)).body).toEqual({ detail: recommendationMessages.nothingToOptimize });
    const jordan = await session(app, demo.client);
    expect((await call(app, 'POST', api(`/portfolios/${portfolioId}/optimize/recommendation`), { token: jordan.token })).status).toBe(403);
  });

  it('gives the builder annual statistics of securities over their common history', async () => {
    const [vti, agg] = await Promise.all([securityBySymbol(t.db, 'VTI'), securityBySymbol(t.db, 'AGG')]);
    const response = await call(app, 'POST', api('/securities/statistics'), {
      token: alex.token,
      body: { security_ids: [vti.id, agg.id] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const statistics = response.body as Statistics;
    expect(statistics.securities.map((security) => [security.symbol, security.fund, security.market_class])).toEqual([
      ['VTI', true, 'us_equity'],
      ['AGG', true, 'core_bonds'],
    ]);
    expect(statistics.expected_returns).toEqual([defaultExpectedReturns.us_equity, defaultExpectedReturns.core_bonds]);

    // A sector fund expects the class's premium times its beta to the class fund, Blume-adjusted. The
    // reference: PostgreSQL's own least-squares slope of its daily returns on VTI's over the same days.
    const xlu = await securityBySymbol(t.db, 'XLU');
    const sector = (await call(app, 'POST', api('/securities/statistics'), { token: alex.token, body: { security_ids: [xlu.id] } }))
      .body as Statistics;
    const [{ slope }] = (
      (await t.db.execute(sql`
        with r as (
          select security_id, date, close / lag(close) over (partition by security_id order by date) - 1 as ret
          from prices where security_id in (${xlu.id}::uuid, ${vti.id}::uuid) and date between ${sector.history.start}::date and ${sector.history.end}::date)
        select regr_slope(a.ret, b.ret)::float8 as slope from r a join r b on a.date = b.date
        where a.security_id = ${xlu.id}::uuid and b.security_id = ${vti.id}::uuid`)) as unknown as { rows: Array<{ slope: number }> }
    ).rows as [{ slope: number }];
    const beta = (2 / 3) * slope + 1 / 3;
    const { us_equity } = defaultExpectedReturns;
    expect(sector.expected_returns[0]).toBeCloseTo(sector.risk_free_rate + beta * (us_equity - sector.risk_free_rate), 9);
    // A utilities fund moves less than the market: it expects less than the class, more than cash.
    expect(sector.expected_returns[0]).toBeLessThan(us_equity);
    expect(sector.expected_returns[0]).toBeGreaterThan(sector.risk_free_rate);
    expect(statistics.covariance).toHaveLength(4);
    expect(statistics.covariance[1]).toBeCloseTo(statistics.covariance[2]!, 15);
    // Stocks move more than bonds.
    expect(statistics.covariance[0]).toBeGreaterThan(statistics.covariance[3]!);
    const tooMany = await call(app, 'POST', api('/securities/statistics'), {
      token: alex.token,
      body: { security_ids: Array.from({ length: 61 }, () => vti.id) },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0].msg).toBe(recommendationMessages.securityIdsTooMany);
    const unknown = await call(app, 'POST', api('/securities/statistics'), {
      token: alex.token,
      body: { security_ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown).toMatchObject({ status: 404, body: { detail: recommendationMessages.securityUnknown } });
  });
});
