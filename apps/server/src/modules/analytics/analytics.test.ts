import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { combineValuations, periodReturn, timeWeightedReturn, type DailyValuation } from '@meridian/domain/analytics/returns';
import { dailyValuations, type DailyClose } from '@meridian/domain/analytics/valuation';
import type {
  AumResponse,
  BookPerformanceResponse,
  ClientCountResponse,
  CompletedAssessmentsResponse,
  PerformanceMetricsResponse,
  AnalyticsSettings,
} from '@meridian/domain/dashboard/contracts';
import type { ClientListResponse } from '@meridian/domain/clients/contracts';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import { addDays, dayNumber, lastTradingDayOnOrBefore, marketDate, tradingDaysBetween } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';
import { portfolios, portfolioValuations, transactions } from '../../db/schema/portfolios.ts';
import { prices } from '../../db/schema/securities.ts';
import { api, call } from '../../test/api.ts';
import { foldBookChanges } from './books.ts';
import { extendValuations } from '../valuations/valuations.service.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { createSecondFirm, type SecondFirm } from '../../test/second-firm.ts';
import { completeQuestionnaire } from '../../test/fixtures/ipq.fixtures.ts';
import { demoSessions, insertClient, openPortfolio, securityBySymbol, type Session } from '../../test/fixtures/portfolios.fixtures.ts';

/** A portfolio's series replayed from scratch: its whole ledger against every close (what the stored table must equal). */
async function replayed(db: Db, portfolioId: string, through: string): Promise<DailyValuation[]> {
  const ledger = await db
    .select({
      type: transactions.type,
      date: transactions.tradeDate,
      symbol: transactions.securityId,
      quantity: transactions.quantity,
      price: transactions.price,
      amount: transactions.amount,
    })
    .from(transactions)
    .where(eq(transactions.portfolioId, portfolioId))
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
  if (!ledger[0]) return [];
  const ids = [...new Set(ledger.flatMap((entry) => (entry.symbol ? [entry.symbol] : [])))];
  const closes = new Map<string, DailyClose[]>();
  if (ids.length > 0) {
    const rows = await db.select().from(prices).where(inArray(prices.securityId, ids)).orderBy(asc(prices.date));
    for (const row of rows) closes.set(row.securityId, [...(closes.get(row.securityId) ?? []), { date: row.date, close: row.close }]);
  }
  const entries = ledger.map((entry) => ({ ...entry, amount: Math.abs(entry.amount) }));
  return dailyValuations(entries, closes, ledger[0].date, through).days;
}

async function stored(db: Db, portfolioId: string): Promise<DailyValuation[]> {
  return db
    .select({ date: portfolioValuations.date, value: portfolioValuations.value, flow: portfolioValuations.flow })
    .from(portfolioValuations)
    .where(eq(portfolioValuations.portfolioId, portfolioId))
    .orderBy(asc(portfolioValuations.date));
}

describeEachDatabase('analytics', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let priya: Session;
  let admin: Session;
  let jordan: Session;
  let other: SecondFirm;
  let today: string;
  let through: string;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 10_000 });
    ({ alex, priya, admin, jordan } = await demoSessions(app));
    other = await createSecondFirm(app, t.db);
    today = marketDate(t.clock.now());
    through = lastTradingDayOnOrBefore(today);
  });

  const get = async <T>(path: string, token = alex.token, status = 200) => {
    const response = await call(app, 'GET', api(path), { token });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response.body as T;
  };

  /** A new client of Alex's with a portfolio funded 40 trading days ago and 100 AAPL bought 30 trading days ago at that day's close. */
  async function fundedPortfolio() {
    const client = await insertClient(t.db, alex, { firstName: 'Vera', lastName: 'Valued' });
    const portfolio = await openPortfolio(app, alex.token, client.id);
    const days = tradingDaysBetween(addDays(through, -90), through);
    const fundedOn = days.at(-41) as string;
    const boughtOn = days.at(-31) as string;
    const record = async (body: Record<string, unknown>) => {
      const response = await call(app, 'POST', api(`/portfolios/${portfolio.id}/transactions`), { token: alex.token, body });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    };
    await record({ type: 'deposit', amount: 50_000, trade_date: fundedOn });
    const aapl = await securityBySymbol(t.db, 'AAPL');
    const [close] = await t.db
      .select()
      .from(prices)
      .where(sql`${prices.securityId} = ${aapl.id} and ${prices.date} = ${boughtOn}::date`);
    await record({ type: 'buy', symbol: 'AAPL', quantity: 100, price: close!.close, trade_date: boughtOn });
    return { client, portfolio, fundedOn, boughtOn, record };
  }

  describe('stored daily valuations', () => {
    it('equal, for demo portfolios, the ledger replayed against every close', async () => {
      const sample = await t.db
        .select({ id: portfolios.id })
        .from(portfolios)
        .orderBy(sql`md5(${portfolios.id}::text)`)
        .limit(4);
      expect(sample.length).toBe(4);
      for (const { id } of sample) {
        const series = await stored(t.db, id);
        expect(series.length).toBeGreaterThan(200);
        expect(series).toEqual(await replayed(t.db, id, through));
      }
    });

    it('are rewritten from the date of a back-dated trade, and stay equal to the replay', async () => {
      const { portfolio, fundedOn, boughtOn, record } = await fundedPortfolio();
      const before = await stored(t.db, portfolio.id);
      expect(before[0]).toEqual({ date: fundedOn, value: 50_000, flow: 50_000 });
      expect(before.at(-1)?.date).toBe(through);
      const soldOn = tradingDaysBetween(boughtOn, through)[5] as string;
      await record({ type: 'sell', symbol: 'AAPL', quantity: 40, price: 1, trade_date: soldOn });
      const after = await stored(t.db, portfolio.id);
      expect(after).toEqual(await replayed(t.db, portfolio.id, through));
      // Days before the sale are as they were; the sale at $1 a share costs value from its day on.
      expect(after.filter((day) => day.date < soldOn)).toEqual(before.filter((day) => day.date < soldOn));
      expect(after.find((day) => day.date === soldOn)!.value).toBeLessThan(before.find((day) => day.date === soldOn)!.value);
    });

    it('follow a price import on the day it changes, for every portfolio that traded the security', async () => {
      const { portfolio, boughtOn } = await fundedPortfolio();
      const day = tradingDaysBetween(boughtOn, through)[3] as string;
      const aapl = await securityBySymbol(t.db, 'AAPL');
      const [close] = await t.db
        .select()
        .from(prices)
        .where(sql`${prices.securityId} = ${aapl.id} and ${prices.date} = ${day}::date`);
      const newClose = Math.round((close!.close + 10) * 100) / 100;
      const response = await call(app, 'POST', api('/securities/prices/import'), {
        token: admin.token,
        body: { csv: `symbol,date,close\nAAPL,${day},${newClose}\n` },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const series = await stored(t.db, portfolio.id);
      expect(series).toEqual(await replayed(t.db, portfolio.id, through));
      const moved = series.find((row) => row.date === day)!;
      const dayBefore = series[series.indexOf(moved) - 1]!;
      // 100 shares × $10 more, against the day before's value at the old closes.
      expect(moved.value - dayBefore.value).toBeGreaterThan(0);
    });
  });

  describe("the advisors' books", () => {
    /**
     * The books per advisor and day: as readers see them (folded rows plus pending changes), as folded
     * alone, or recomputed from the portfolio series (what the other two must equal).
     */
    const books = async (source: 'read' | 'folded' | 'recomputed') =>
      (
        (await t.db.execute(
          source === 'recomputed'
            ? sql`select c.advisor_id::text, v.date::text, sum(v.value)::text as value, sum(v.flow)::text as flow, count(*)::int as portfolios
                from portfolio_valuations v join portfolios p on p.id = v.portfolio_id join clients c on c.id = p.client_id
                where p.deleted_at is null and p.status <> 'closed' and c.deleted_at is null group by 1, 2 order by 1, 2`
            : sql`select advisor_id::text, date::text, sum(value)::text as value, sum(flow)::text as flow, sum(portfolios)::int as portfolios from (
                  select advisor_id, date, value, flow, portfolios from book_valuations
                  union all select advisor_id, date, value, flow, portfolios from book_valuation_changes where ${source === 'read'}
                ) b group by 1, 2 having sum(portfolios) <> 0 order by 1, 2`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const expectBooksInStep = async () => expect(await books('read')).toEqual(await books('recomputed'));

    it('stay equal to the open portfolios summed per advisor through trades, closing, deleting and moving clients', async () => {
      await expectBooksInStep();
      const { client, portfolio, boughtOn, record } = await fundedPortfolio();
      await record({
        type: 'sell',
        symbol: 'AAPL',
        quantity: 10,
        price: 1,
        trade_date: tradingDaysBetween(boughtOn, through)[2] as string,
      });
      await expectBooksInStep();
      const put = async (path: string, body: Record<string, unknown>) => {
        const response = await call(app, 'PUT', api(path), { token: admin.token, body });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return response.body as { sync_version: number };
      };
      const version = async (path: string) => (await get<{ sync_version: number }>(path, admin.token)).sync_version;
      const closed = await put(`/portfolios/${portfolio.id}`, {
        status: 'closed',
        sync_version: await version(`/portfolios/${portfolio.id}`),
      });
      await expectBooksInStep();
      await put(`/portfolios/${portfolio.id}`, { status: 'active', sync_version: closed.sync_version });
      await expectBooksInStep();
      const moved = await put(`/clients/${client.id}`, { advisor_id: priya.userId, sync_version: await version(`/clients/${client.id}`) });
      await expectBooksInStep();
      const priyaBook = await get<{ data: { total_aum: number; previous_total_aum: number } }>('/analytics/aum', priya.token);
      expect(priyaBook.data.previous_total_aum).toBeGreaterThan(0);
      const deleted = await call(app, 'DELETE', api(`/clients/${client.id}`), {
        token: admin.token,
        body: { sync_version: moved.sync_version },
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
      await expectBooksInStep();
      // Folding moves every pending change into the books and changes no answer.
      expect(await foldBookChanges(t.db)).toBeGreaterThan(0);
      expect(await books('folded')).toEqual(await books('recomputed'));
      const [pending] = (
        (await t.db.execute(sql`select count(*)::int as n from book_valuation_changes`)) as unknown as { rows: Array<{ n: number }> }
      ).rows;
      expect(pending!.n).toBe(0);
    });
  });

  describe('GET /portfolios/{id}/analytics', () => {
    it('answers returns, risk, allocation and lots from the stored series, equal to the replayed ledger', async () => {
      const { portfolio, fundedOn } = await fundedPortfolio();
      const body = await get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=SI`);
      const series = await replayed(t.db, portfolio.id, through);
      expect(body.scope).toMatchObject({
        kind: 'portfolio',
        id: portfolio.id,
        benchmark_symbol: 'SPY',
        inception_date: fundedOn,
        as_of: through,
      });
      const si = body.returns.find((row) => row.period === 'SI')!;
      expect(si.twr).toBeCloseTo(timeWeightedReturn(series), 12);
      expect(body.series.map((point) => point.value)).toEqual(series.map((day) => day.value));
      expect(body.series[0]!.benchmark_growth).not.toBeNull();
      expect(body.allocation.security.map((slice) => slice.key).sort()).toEqual(['AAPL', 'CASH']);
      expect(body.lots.method).toBe('fifo');
      expect(body.lots.open).toHaveLength(1);
      expect(body.lots.open[0]).toMatchObject({ symbol: 'AAPL', quantity: 100 });
      expect(body.risk.observations).toBe(series.length - 1 + 1);
    });

    it('answers for demo portfolios in every period, with a benchmark series and a value on the last day', async () => {
      // Portfolios the admin reaches: of the demo firm (other tests open other firms' accounts) and
      // not deleted (other tests delete clients and portfolios along the way).
      const sample = await t.db
        .select({ id: portfolios.id })
        .from(portfolios)
        .innerJoin(clients, eq(clients.id, portfolios.clientId))
        .where(sql`${portfolios.deletedAt} is null and ${clients.deletedAt} is null and ${clients.firmId} = ${admin.firmId}`)
        .orderBy(sql`md5(${portfolios.id}::text || 'analytics')`)
        .limit(6);
      expect(sample).toHaveLength(6);
      for (const { id } of sample) {
        for (const period of ['1M', 'YTD', 'SI'] as const) {
          const body = await get<PortfolioAnalytics>(`/portfolios/${id}/analytics?period=${period}`, admin.token);
          expect(body.series.length).toBeGreaterThan(0);
          expect(body.series.at(-1)!.date).toBe(through);
          expect(body.series.every((point) => point.benchmark_growth !== null)).toBe(true);
        }
      }
    });

    it('takes lots first in, first out by default, highest cost first once the portfolio says so; refuses another method', async () => {
      const { portfolio, boughtOn, record } = await fundedPortfolio();
      // A second lot of AAPL bought dearer, then 30 shares sold: FIFO takes them from the first lot, HIFO from the dearer one.
      const secondOn = tradingDaysBetween(boughtOn, through)[2] as string;
      const soldOn = tradingDaysBetween(boughtOn, through)[4] as string;
      await record({ type: 'buy', symbol: 'AAPL', quantity: 10, price: 999, trade_date: secondOn });
      await record({ type: 'sell', symbol: 'AAPL', quantity: 30, price: 500, trade_date: soldOn });
      const fifo = await get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=SI`);
      expect(fifo.lots.method).toBe('fifo');
      expect(fifo.lots.realized.map((lot) => [lot.acquired_on, lot.quantity])).toEqual([[boughtOn, 30]]);

      const refused = await call(app, 'PUT', api(`/portfolios/${portfolio.id}`), {
        token: alex.token,
        body: { lot_method: 'lifo', sync_version: portfolio.sync_version },
      });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toContain(portfolioMessages.lotMethodInvalid);
      const current = await get<{ sync_version: number }>(`/portfolios/${portfolio.id}`);
      const changed = await call(app, 'PUT', api(`/portfolios/${portfolio.id}`), {
        token: alex.token,
        body: { lot_method: 'hifo', sync_version: current.sync_version },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((changed.body as { lot_method: string }).lot_method).toBe('hifo');
      const hifo = await get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=SI`);
      expect(hifo.lots.method).toBe('hifo');
      // The 10 dear shares go first, then 20 of the first lot.
      expect(hifo.lots.realized.map((lot) => [lot.acquired_on, lot.quantity]).sort()).toEqual(
        [
          [boughtOn, 20],
          [secondOn, 10],
        ].sort(),
      );
    });

    it("shows a wash sale's disallowed loss, found in the client's other accounts, and the replacement's adjusted basis", async () => {
      const { client, portfolio, boughtOn, record } = await fundedPortfolio();
      const [close] = await t.db
        .select({ close: prices.close })
        .from(prices)
        .where(sql`${prices.securityId} = ${(await securityBySymbol(t.db, 'AAPL')).id} and ${prices.date} = ${boughtOn}::date`);
      const days = tradingDaysBetween(boughtOn, through);
      const soldOn = days[5] as string;
      const rebuyOn = days[6] as string;
      const iraOn = days[7] as string;
      // The 100 shares sold 10 below cost: a loss of 1,000. 20 bought back here at 150, then 40 in the client's IRA.
      await record({ type: 'sell', symbol: 'AAPL', quantity: 100, price: Math.round((close!.close - 10) * 1e4) / 1e4, trade_date: soldOn });
      await record({ type: 'buy', symbol: 'AAPL', quantity: 20, price: 150, trade_date: rebuyOn });
      const ira = await openPortfolio(app, alex.token, client.id, { account_type: 'ira' });
      const recordIra = async (body: Record<string, unknown>) => {
        const response = await call(app, 'POST', api(`/portfolios/${ira.id}/transactions`), { token: alex.token, body });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
      };
      await recordIra({ type: 'deposit', amount: 10_000, trade_date: soldOn });
      await recordIra({ type: 'buy', symbol: 'AAPL', quantity: 40, price: 150, trade_date: iraOn });

      const body = await get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=SI`);
      // Matched in order: the 20 here (20 × 10 = 200, added to their basis), then 40 of the IRA's (400, added to no basis).
      // 1,000 − 600 = 400 of the loss is allowed.
      expect(body.lots.realized).toHaveLength(1);
      const [sale] = body.lots.realized;
      expect(sale!.realized_gain).toBeCloseTo(-1000, 2);
      expect(sale).toMatchObject({ sold_on: soldOn, disallowed_loss: 600 });
      expect(sale!.recognized_gain).toBeCloseTo(-400, 2);
      expect(sale!.wash_sales).toEqual([
        { portfolio_id: portfolio.id, bought_on: rebuyOn, quantity: 20, disallowed_loss: 200, basis_added: 200, tax_deferred: false },
        { portfolio_id: ira.id, bought_on: iraOn, quantity: 40, disallowed_loss: 400, basis_added: 0, tax_deferred: true },
      ]);
      expect(body.lots.totals.realized_short).toBeCloseTo(-400, 2);
      expect(body.lots.totals.realized_disallowed).toBe(600);
      // 20 × 150 = 3,000 + 200 = 3,200; acquired earlier by the sold lot's days held.
      const heldDays = dayNumber(soldOn) - dayNumber(boughtOn);
      expect(body.lots.open).toEqual([
        expect.objectContaining({
          acquired_on: addDays(rebuyOn, -heldDays),
          quantity: 20,
          cost_basis: 3200,
          cost_per_share: 160,
          wash_sale: { disallowed_loss: 200, basis_added: 200, sold_on: soldOn, bought_on: rebuyOn, days_added: heldDays },
        }),
      ]);
      // The IRA's lot keeps its cost and date.
      const iraBody = await get<PortfolioAnalytics>(`/portfolios/${ira.id}/analytics?period=SI`);
      expect(iraBody.lots.open).toEqual([
        expect.objectContaining({
          acquired_on: iraOn,
          cost_basis: 6000,
          wash_sale: { disallowed_loss: 400, basis_added: 0, sold_on: soldOn, bought_on: iraOn, days_added: 0 },
        }),
      ]);
    });

    it('takes a period, refuses an unknown one with 422, and defaults to 1Y', async () => {
      const { portfolio } = await fundedPortfolio();
      expect((await get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics`)).period).toBe('1Y');
      const month = await get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics?period=1M`);
      expect(month.period).toBe('1M');
      expect(month.series.length).toBeLessThan(25);
      const refused = await call(app, 'GET', api(`/portfolios/${portfolio.id}/analytics?period=5Y`), { token: alex.token });
      expect(refused.status).toBe(422);
    });

    it("answers 404 for another advisor's, another firm's or an unknown portfolio; a client user reads their own", async () => {
      const { portfolio } = await fundedPortfolio();
      await get(`/portfolios/${portfolio.id}/analytics`, priya.token, 404);
      await get(`/portfolios/${portfolio.id}/analytics`, other.admin.token, 404);
      await get(`/portfolios/${other.ids.portfolio}/analytics`, admin.token, 404);
      await get(`/portfolios/00000000-0000-4000-8000-000000000000/analytics`, alex.token, 404);
      await get(`/portfolios/${portfolio.id}/analytics`, admin.token, 200);
      await get(`/portfolios/${other.ids.portfolio}/analytics`, other.client.token, 200);
    });
  });

  describe('GET /households/{id}/analytics', () => {
    it("takes the members' portfolios together by money, and is out of reach for others", async () => {
      const first = await fundedPortfolio();
      const second = await fundedPortfolio();
      const created = await call(app, 'POST', api('/households'), {
        token: alex.token,
        body: {
          name: 'Valued family',
          members: [
            { client_id: first.client.id, role: 'head' },
            { client_id: second.client.id, role: 'spouse' },
          ],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const householdId = (created.body as { id: string }).id;
      const body = await get<PortfolioAnalytics>(`/households/${householdId}/analytics?period=SI`);
      expect(body.scope.kind).toBe('household');
      expect(body.scope.portfolio_ids.sort()).toEqual([first.portfolio.id, second.portfolio.id].sort());
      const combined = combineValuations([
        await replayed(t.db, first.portfolio.id, through),
        await replayed(t.db, second.portfolio.id, through),
      ]);
      expect(body.returns.find((row) => row.period === 'SI')!.twr).toBeCloseTo(timeWeightedReturn(combined), 12);
      expect(body.series.at(-1)!.value).toBe(combined.at(-1)!.value);
      await get(`/households/${householdId}/analytics`, priya.token, 404);
      await get(`/households/${householdId}/analytics`, other.admin.token, 404);
    });
  });

  describe('the dashboard calls', () => {
    it('AUM now equals the client list total, and before equals the stored valuations at the previous period end', async () => {
      const body = await get<AumResponse>('/analytics/aum');
      const stats = await get<{ total_aum: number }>('/clients/stats');
      expect(body.data.total_aum).toBe(stats.total_aum);
      expect(body.data.period).toBe('current');
      const [row] = (
        (await t.db.execute(sql`
        select coalesce(sum(v.value), 0)::float8 as total from portfolio_valuations v
        join portfolios p on p.id = v.portfolio_id join clients c on c.id = p.client_id
        where c.advisor_id = ${alex.userId} and c.deleted_at is null and p.deleted_at is null and p.status <> 'closed'
          and v.date = ${lastTradingDayOnOrBefore(body.data.previous_as_of)}::date`)) as unknown as { rows: Array<{ total: number }> }
      ).rows;
      expect(body.data.previous_total_aum).toBeCloseTo(Number(row!.total), 2);
      expect(body.data.previous_total_aum).toBeGreaterThan(0);
      expect(body.data.change).toBeCloseTo(body.data.total_aum - body.data.previous_total_aum, 2);
    });

    it("answers the book's TWR over the period: the advisor's open portfolios taken together by money, with the period before", async () => {
      const body = await get<BookPerformanceResponse>('/analytics/performance?period=1Y');
      const owned = await t.db
        .select({ id: portfolios.id })
        .from(portfolios)
        .innerJoin(clients, eq(clients.id, portfolios.clientId))
        .where(
          sql`${clients.advisorId} = ${alex.userId} and ${clients.deletedAt} is null and ${portfolios.deletedAt} is null and ${portfolios.status} <> 'closed'`,
        );
      expect(owned.length).toBeGreaterThan(10);
      const book = combineValuations(await Promise.all(owned.map(({ id }) => stored(t.db, id))));
      expect(body.data.twr).toBeCloseTo(periodReturn(book, '1Y')!, 10);
      expect(body.data.as_of).toBe(through);
      const yearBefore = book.filter((day) => day.date < body.data.start_date!);
      expect(body.data.previous_twr).toBeCloseTo(periodReturn(yearBefore, '1Y')!, 10);
      expect(body.data.change).toBeCloseTo(body.data.twr! - body.data.previous_twr!, 12);
    });

    it('read the books only through the day every series is complete, which a full pass of the extension moves on', async () => {
      const dayBefore = tradingDaysBetween(addDays(through, -10), through).at(-2) as string;
      await t.db.execute(sql`update valuation_progress set through = ${dayBefore}::date`);
      // As between a new trading day's first trade and the hourly pass: today's rows are not all there yet.
      expect((await get<BookPerformanceResponse>('/analytics/performance?period=1Y')).data.as_of).toBe(dayBefore);
      await extendValuations(t.db, today);
      expect((await get<BookPerformanceResponse>('/analytics/performance?period=1Y')).data.as_of).toBe(through);
    });

    it('counts clients now and then, and the assessments completed in the period by the clients in reach', async () => {
      const count = await get<ClientCountResponse>('/analytics/clients/count?period=year');
      const list = await get<ClientListResponse>('/clients?per_page=1');
      expect(count.data.active_clients).toBe(list.total);
      expect(count.data.period_label).toBe(today.slice(0, 4));
      const completed = async (token: string) => (await get<CompletedAssessmentsResponse>('/analytics/assessments/completed', token)).data;
      const metric = async () =>
        (await get<PerformanceMetricsResponse>('/analytics/performance-metrics', alex.token)).data.metrics.find(
          (entry) => entry.key === 'completed_assessments',
        )!;
      const [alexBefore, priyaBefore, adminBefore, metricBefore] = [
        await completed(alex.token),
        await completed(priya.token),
        await completed(admin.token),
        await metric(),
      ];
      expect(alexBefore).toMatchObject({ available: true, note: null });

      const client = await insertClient(t.db, alex);
      await completeQuestionnaire(app, alex.token, client.id);
      expect((await completed(alex.token)).completed_assessments).toBe(alexBefore.completed_assessments + 1);
      expect((await completed(admin.token)).completed_assessments).toBe(adminBefore.completed_assessments + 1);
      expect((await completed(priya.token)).completed_assessments).toBe(priyaBefore.completed_assessments);
      // The metric counts completions to date, against the count at the last quarter's end.
      expect((await metric()).value).toBe(metricBefore.value! + 1);
    });

    it('answers the metrics with the spec targets, "no feedback yet" for satisfaction, and five quarters of trends', async () => {
      const body = await get<PerformanceMetricsResponse>('/analytics/performance-metrics', admin.token);
      const byKey = Object.fromEntries(body.data.metrics.map((metric) => [metric.key, metric]));
      expect(byKey.client_satisfaction).toMatchObject({ value: null, target: 5, period_text: 'no feedback yet' });
      expect(byKey.active_clients!.target).toBe(200);
      expect(body.data.trends).toHaveLength(5);
      expect(body.data.trends.at(-1)!.quarter).toBe(body.data.period);
    });

    it('lets an admin change targets and the risk-free rate, refuses advisors and bad values, and Sharpe follows the rate', async () => {
      const denied = await call(app, 'PUT', api('/analytics/settings'), { token: alex.token, body: { risk_free_rate: 0.02 } });
      expect(denied.status).toBe(403);
      const bad = await call(app, 'PUT', api('/analytics/settings'), { token: admin.token, body: { targets: { active_clients: -1 } } });
      expect(bad.status).toBe(422);
      const changed = await call(app, 'PUT', api('/analytics/settings'), {
        token: admin.token,
        body: { targets: { active_clients: 180 }, risk_free_rate: 0.01 },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body as AnalyticsSettings).toEqual({
        targets: { total_aum: 150_000_000, active_clients: 180, completed_assessments: 400, client_satisfaction: 5 },
        risk_free_rate: 0.01,
      });
      const metrics = await get<PerformanceMetricsResponse>('/analytics/performance-metrics');
      expect(metrics.data.metrics.find((metric) => metric.key === 'active_clients')!.target).toBe(180);
      const { portfolio } = await fundedPortfolio();
      expect((await get<PortfolioAnalytics>(`/portfolios/${portfolio.id}/analytics`)).risk.risk_free_rate).toBe(0.01);
    });

    it('are for staff: a client user is refused with 403', async () => {
      for (const path of [
        '/analytics/aum',
        '/analytics/clients/count',
        '/analytics/assessments/completed',
        '/analytics/performance',
        '/analytics/performance-metrics',
      ]) {
        await get(path, jordan.token, 403);
      }
    });

    it('give each client row the TWR of their open portfolios over the period asked', async () => {
      const { client, portfolio } = await fundedPortfolio();
      const list = await get<ClientListResponse>(`/clients?search=${encodeURIComponent(client.email)}&performance_period=SI`);
      const row = list.clients.find((candidate) => candidate.id === client.id)!;
      expect(row.performance).toBeCloseTo(periodReturn(await replayed(t.db, portfolio.id, through), 'SI')!, 12);
    });
  });
});
