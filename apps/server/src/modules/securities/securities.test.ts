import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { gicsSectors, securityMessages, type Security, type SecurityDetail } from '@meridian/domain/securities/contracts';
import { addDays, addMonths, isTradingDay, lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/shared/trading-calendar';
import { securities } from '../../db/schema/securities.ts';
import { api, call, demo, signIn } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';

describeEachDatabase('securities', (t) => {
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    // Many requests from one user: an app of the same database with room under the rate limit.
    app = await t.buildApp({ rateLimitMax: 10_000 });
    token = (await signIn(app, demo.alex.email, demo.alex.password)).access_token;
  });

  const get = (path: string) => call(app, 'GET', api(path), { token });
  const symbolsOf = (body: { securities: Security[] }) => body.securities.map((s) => s.symbol);
  const expectInvalid = (response: Awaited<ReturnType<typeof get>>, field: string, message: string) => {
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc: ['querystring', field], msg: message })]));
  };

  it('answers 401 on every endpoint without a token, before looking at the query', async () => {
    for (const [method, path] of [
      ['GET', '/securities/search?q=a'],
      ['GET', '/securities/search?limit=0'],
      ['GET', '/securities?limit=abc'],
      ['GET', '/securities/AAPL'],
      ['POST', '/securities/prices/import'],
    ] as const) {
      const response = await call(app, method, api(path));
      expect(response.status, path).toBe(401);
      expect(response.body).toEqual({ detail: messages.notAuthenticated });
    }
  });

  it('counts toward the per-user rate limit like every API route', async () => {
    const limited = await t.buildApp({ rateLimitMax: 3 });
    const { access_token } = await signIn(limited, demo.priya.email, demo.priya.password);
    const statuses: number[] = [];
    for (const path of ['/securities/search?q=a', '/securities', '/securities/SPY', '/securities']) {
      statuses.push((await call(limited, 'GET', api(path), { token: access_token })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('answers with or without a trailing slash', async () => {
    for (const path of ['/securities/search/?q=spy', '/securities/', '/securities/SPY/']) {
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it('is open to every role (client, advisor, admin)', async () => {
    for (const account of [demo.client, demo.alex, demo.admin]) {
      const login = await signIn(app, account.email, account.password);
      expect((await call(app, 'GET', api('/securities/search?q=spy'), { token: login.access_token })).status).toBe(200);
      expect((await call(app, 'GET', api('/securities/SPY'), { token: login.access_token })).status).toBe(200);
    }
  });

  it('holds the seeded master: 150+ securities covering every sector, with simulated closes up to the last trading day', async () => {
    const all: Security[] = [];
    for (let page = 1; ; page += 1) {
      const { body } = await get(`/securities?limit=100&page=${page}`);
      all.push(...body.securities);
      if (page >= body.pages) break;
    }
    expect(all.length).toBeGreaterThanOrEqual(150);
    const sectors = new Set(all.map((s) => s.sector));
    for (const sector of [...gicsSectors, 'Diversified', 'Fixed Income', 'Cash', 'Commodities']) expect(sectors, sector).toContain(sector);
    const today = marketDate(new Date());
    for (const s of all) {
      expect(s.price_source).toBe('simulated');
      expect(s.simulated).toBe(true);
      expect(s.last_close).toBeGreaterThan(0);
      expect(s.previous_close).toBeGreaterThan(0);
      expect(isTradingDay(s.last_price_date!)).toBe(true);
      expect(s.last_price_date! <= today).toBe(true);
    }
    // Seeded at the start of this run: up to the last trading day on or before that day, for all.
    expect(new Set(all.map((s) => s.last_price_date)).size).toBe(1);
    expect([lastTradingDayOnOrBefore(today), lastTradingDayOnOrBefore(addDays(today, -1))]).toContain(all[0]!.last_price_date);
  });

  // ------------------------------------------------------------------------------------------
  // Search

  it('search puts the exact symbol first, then symbol prefixes, then name matches', async () => {
    const { status, body } = await get('/securities/search?q=a&limit=100');
    expect(status).toBe(200);
    const symbols = symbolsOf(body);
    expect(symbols[0]).toBe('A');
    const prefixCount = symbols.filter((symbol) => symbol.startsWith('A')).length;
    expect(prefixCount).toBeGreaterThan(5);
    // Every symbol match comes before every name-only match, each group alphabetical by symbol.
    expect(symbols.slice(0, prefixCount).every((symbol) => symbol.startsWith('A'))).toBe(true);
    expect(symbols.slice(1, prefixCount)).toEqual([...symbols.slice(1, prefixCount)].sort());
    const names = body.securities.slice(prefixCount) as Security[];
    expect(names.length).toBeGreaterThan(10);
    for (const s of names) expect(s.name.toLowerCase()).toContain('a');
    // Names that start with the text come before names that merely contain it.
    const starts = names.map((s) => s.name.toLowerCase().startsWith('a'));
    expect(starts.indexOf(false)).toBeGreaterThan(-1);
    expect(starts.lastIndexOf(true)).toBeLessThan(starts.indexOf(false));
    expect(body.total).toBeGreaterThan(100);
  });

  it('search is case-insensitive on symbol and name and finds symbols with a dot', async () => {
    expect(symbolsOf((await get('/securities/search?q=aApL')).body)[0]).toBe('AAPL');
    expect(symbolsOf((await get('/securities/search?q=brk.b')).body)).toEqual(['BRK.B']);
    const gold = (await get('/securities/search?q=GoLd')).body;
    expect(symbolsOf(gold)).toEqual(['GLD', 'GLDM', 'GS', 'IAU']); // GS: The *Gold*man Sachs Group
    expect(gold.total).toBe(4);
    // The exact symbol first, then the symbols that start with it.
    const v = symbolsOf((await get('/securities/search?q=v&limit=100')).body);
    expect(v[0]).toBe('V');
    expect(v.slice(1, 5)).toEqual(['VCIT', 'VCSH', 'VEA', 'VGLT']);
  });

  it('search treats % _ and \\ as plain characters', async () => {
    for (const q of ['%25', '_', '%5C']) {
      const { status, body } = await get(`/securities/search?q=${q}`);
      expect(status, q).toBe(200);
      expect(body, q).toEqual({ securities: [], total: 0 });
    }
    expect(symbolsOf((await get('/securities/search?q=S%26P')).body)).toEqual(
      expect.arrayContaining(['SPY', 'IVV', 'VOO', 'SPGI', 'IJH', 'IJR']),
    );
  });

  it('search returns 20 by default and at most limit, with the total of matches', async () => {
    const byDefault = (await get('/securities/search?q=e')).body;
    expect(byDefault.securities).toHaveLength(20);
    expect(byDefault.total).toBeGreaterThan(20);
    const three = (await get('/securities/search?q=e&limit=3')).body;
    expect(three.securities).toHaveLength(3);
    expect(three.total).toBe(byDefault.total);
    expect(symbolsOf(three)).toEqual(symbolsOf(byDefault).slice(0, 3));
    expect((await get('/securities/search?q=e&limit=100')).body.securities).toHaveLength(Math.min(100, byDefault.total));
  });

  it('search refuses a bad limit or a missing text with 422 and a message', async () => {
    for (const limit of ['0', '101', 'abc', '2.5', ''])
      expectInvalid(await get(`/securities/search?q=a&limit=${limit}`), 'limit', securityMessages.limitInvalid);
    expectInvalid(await get('/securities/search'), 'q', securityMessages.searchTextRequired);
    expectInvalid(await get('/securities/search?q=%20%20'), 'q', securityMessages.searchTextRequired);
    expectInvalid(await get(`/securities/search?q=${'x'.repeat(101)}`), 'q', securityMessages.searchTextTooLong);
  });

  it('search and list leave out inactive securities; the detail still answers', async () => {
    await t.db.update(securities).set({ isActive: false }).where(eq(securities.symbol, 'GSG'));
    try {
      expect(symbolsOf((await get('/securities/search?q=GSG')).body)).toEqual([]);
      const commodities = (await get('/securities?sector=Commodities')).body;
      expect(symbolsOf(commodities)).not.toContain('GSG');
      const detail = await get('/securities/GSG');
      expect(detail.status).toBe(200);
      expect(detail.body.is_active).toBe(false);
    } finally {
      await t.db.update(securities).set({ isActive: true }).where(eq(securities.symbol, 'GSG'));
    }
    expect(symbolsOf((await get('/securities/search?q=GSG')).body)).toEqual(['GSG']);
  });

  // ------------------------------------------------------------------------------------------
  // List

  it('lists 50 per page by default, by symbol, with total and pages', async () => {
    const { status, body } = await get('/securities');
    expect(status).toBe(200);
    expect(body.page).toBe(1);
    expect(body.per_page).toBe(50);
    expect(body.securities).toHaveLength(50);
    expect(body.total).toBeGreaterThanOrEqual(150);
    expect(body.pages).toBe(Math.ceil(body.total / 50));
    expect(symbolsOf(body)).toEqual([...symbolsOf(body)].sort());
    const first = body.securities[0] as Security;
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'symbol',
        'name',
        'asset_class',
        'sector',
        'industry',
        'risk_rating',
        'is_active',
        'last_close',
        'previous_close',
        'day_change',
        'day_change_percent',
        'last_price_date',
        'price_source',
        'simulated',
      ].sort(),
    );
    for (const s of body.securities as Security[]) {
      expect(s.day_change).toBeCloseTo(s.last_close! - s.previous_close!, 4);
      expect(s.day_change_percent).toBeCloseTo(((s.last_close! - s.previous_close!) / s.previous_close!) * 100, 2);
    }
  });

  it('pages with page and limit (or per_page), and past the end answers an empty page with the total', async () => {
    const twenty = symbolsOf((await get('/securities?limit=20')).body);
    const second = (await get('/securities?limit=10&page=2')).body;
    expect(symbolsOf(second)).toEqual(twenty.slice(10, 20));
    expect(second.per_page).toBe(10);
    expect(symbolsOf((await get('/securities?per_page=10&page=2')).body)).toEqual(twenty.slice(10, 20));
    expect((await get('/securities?per_page=5&limit=7')).body.per_page).toBe(7);
    const all = (await get('/securities?limit=100')).body;
    expect(all.securities).toHaveLength(100);
    const beyond = (await get('/securities?limit=100&page=99')).body;
    expect(beyond).toEqual({ securities: [], total: all.total, page: 99, per_page: 100, pages: all.pages });
  });

  it('filters by sector (any case), risk rating and asset class, alone or together', async () => {
    const energy = (await get('/securities?sector=energy&limit=100')).body;
    expect(energy.total).toBeGreaterThanOrEqual(8);
    expect(energy.securities.every((s: Security) => s.sector === 'Energy')).toBe(true);
    expect(symbolsOf(energy)).toEqual(expect.arrayContaining(['XOM', 'CVX', 'XLE']));

    const safeBonds = (await get('/securities?asset_class=fixed_income&risk_rating=low&limit=100')).body;
    expect(safeBonds.total).toBe(safeBonds.securities.length);
    expect(symbolsOf(safeBonds)).toEqual(expect.arrayContaining(['AGG', 'BND', 'SHY', 'MUB', 'BNDX']));
    expect(symbolsOf(safeBonds)).not.toContain('TLT');
    for (const s of safeBonds.securities as Security[]) expect([s.asset_class, s.risk_rating]).toEqual(['fixed_income', 'low']);

    const cash = (await get('/securities?asset_class=cash')).body;
    expect(symbolsOf(cash)).toEqual(expect.arrayContaining(['BIL', 'SGOV', 'SHV']));
    const reits = (await get('/securities?asset_class=real_estate&sector=Real%20Estate&risk_rating=medium')).body;
    expect(symbolsOf(reits)).toEqual(expect.arrayContaining(['VNQ', 'SCHH', 'PLD', 'AMT']));
    expect(symbolsOf(reits)).not.toContain('O'); // rated low
    expect((await get('/securities?sector=Nowhere')).body).toEqual({ securities: [], total: 0, page: 1, per_page: 50, pages: 0 });
    // An empty filter (a select set to "All") is no filter.
    expect((await get('/securities?sector=&risk_rating=&asset_class=')).body.total).toBe((await get('/securities')).body.total);
  });

  it('refuses bad paging and filter values with 422 and a message', async () => {
    for (const limit of ['0', '101', 'abc', '-1'])
      expectInvalid(await get(`/securities?limit=${limit}`), 'limit', securityMessages.limitInvalid);
    expectInvalid(await get('/securities?per_page=101'), 'per_page', securityMessages.perPageInvalid);
    for (const page of ['0', 'x']) expectInvalid(await get(`/securities?page=${page}`), 'page', securityMessages.pageInvalid);
    expect((await get('/securities?risk_rating=extreme')).status).toBe(422);
    expect((await get('/securities?asset_class=crypto')).status).toBe(422);
  });

  // ------------------------------------------------------------------------------------------
  // Detail

  it('answers a security by id or symbol with its latest close and a year of daily closes by default', async () => {
    const bySymbol = await get('/securities/msft');
    expect(bySymbol.status).toBe(200);
    const detail = bySymbol.body as SecurityDetail;
    expect(detail).toMatchObject({
      symbol: 'MSFT',
      name: 'Microsoft Corporation',
      sector: 'Information Technology',
      simulated: true,
      price_source: 'simulated',
    });
    const byId = await get(`/securities/${detail.id}`);
    expect(byId.body).toEqual(detail);

    const { history } = detail;
    expect(history.period).toBe('1y');
    expect(history.to).toBe(detail.last_price_date);
    expect(history.from).toBe(addMonths(detail.last_price_date!, -12));
    expect(history.simulated).toBe(true);
    expect(history.points.length).toBeGreaterThan(245);
    expect(history.points.length).toBeLessThan(256);
    const dates = history.points.map((point) => point.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]! >= history.from!).toBe(true);
    expect(dates.every(isTradingDay)).toBe(true);
    expect(history.points.every((point) => point.source === 'simulated' && point.close > 0)).toBe(true);
    expect(history.points.at(-1)).toEqual({ date: detail.last_price_date, close: detail.last_close, source: 'simulated' });
    expect(history.points.at(-2)!.close).toBe(detail.previous_close);
  });

  it('answers the periods 1m to max, and from/to ranges', async () => {
    const count = async (query: string) => ((await get(`/securities/SPY?${query}`)).body as SecurityDetail).history.points.length;
    const ranges: Array<[string, number, number]> = [
      ['period=1m', 18, 24],
      ['period=3m', 58, 66],
      ['period=6m', 120, 130],
      ['period=1y', 245, 256],
      ['period=5y', 1250, 1262],
      ['period=max', 1250, 1262],
    ];
    for (const [query, low, high] of ranges) {
      const n = await count(query);
      expect(n, query).toBeGreaterThanOrEqual(low);
      expect(n, query).toBeLessThanOrEqual(high);
    }
    const spy = (await get('/securities/SPY?period=ytd')).body as SecurityDetail;
    expect(spy.history.from).toBe(`${spy.last_price_date!.slice(0, 4)}-01-01`);
    expect(spy.history.points.every((p) => p.date.startsWith(spy.last_price_date!.slice(0, 4)))).toBe(true);

    const max = (await get('/securities/SPY?period=max')).body as SecurityDetail;
    expect(max.history.from).toBe(max.history.points[0]!.date);
    const [a, b] = [max.history.points[100]!.date, max.history.points[120]!.date];
    const range = (await get(`/securities/SPY?from=${a}&to=${b}`)).body as SecurityDetail;
    expect(range.history).toMatchObject({ period: null, from: a, to: b });
    expect(range.history.points).toEqual(max.history.points.slice(100, 121));
    // from alone runs to the latest close; to alone starts a year before it.
    const fromOnly = (await get(`/securities/SPY?from=${b}`)).body as SecurityDetail;
    expect(fromOnly.history.points).toEqual(max.history.points.slice(120));
    const toOnly = (await get(`/securities/SPY?to=${b}`)).body as SecurityDetail;
    expect(toOnly.history.from).toBe(addMonths(b, -12));
    expect(toOnly.history.points.at(-1)!.date).toBe(b);
  });

  it('refuses a bad period or date range with 422', async () => {
    expect((await get('/securities/SPY?period=2y')).status).toBe(422);
    expectInvalid(await get('/securities/SPY?from=2024-02-30'), 'from', securityMessages.dateInvalid);
    expectInvalid(await get('/securities/SPY?to=yesterday'), 'to', securityMessages.dateInvalid);
    expectInvalid(await get('/securities/SPY?from=2024-06-01&to=2024-05-01'), 'from', securityMessages.dateRangeInvalid);
  });

  it('answers 404 for an unknown id or symbol', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'NOPE', 'A%20B']) {
      const response = await get(`/securities/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ detail: messages.notFound });
    }
  });

  it('shows a security without prices with empty history and nothing simulated', async () => {
    const [row] = await t.db
      .insert(securities)
      .values({
        symbol: 'ZZNEW',
        name: 'Newly Listed Corp.',
        assetClass: 'equity',
        sector: 'Industrials',
        industry: 'Machinery',
        riskRating: 'high',
      })
      .returning();
    try {
      const { status, body } = await get('/securities/ZZNEW');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: row!.id,
        last_close: null,
        previous_close: null,
        day_change: null,
        day_change_percent: null,
        last_price_date: null,
        price_source: null,
        simulated: false,
        history: { period: '1y', from: null, to: null, simulated: false, points: [] },
      });
    } finally {
      await t.db.delete(securities).where(eq(securities.symbol, 'ZZNEW'));
    }
  });
});
