import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { clientMessages, messages } from '@meridian/domain/shared/messages';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { Portfolio, PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import { auditLog } from '../../db/schema/audit.ts';
import { clients, type ClientRow } from '../../db/schema/clients.ts';
import { portfolios, transactions } from '../../db/schema/portfolios.ts';
import { api, call, registerUser } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { clientOfUser, demo, insertClient, openPortfolio, session, type Session } from '../../test/fixtures/portfolios.fixtures.ts';

describeEachDatabase('portfolios', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let priya: Session;
  let admin: Session;
  let jordan: Session; // the demo client user
  let outsider: Session; // an advisor of another firm
  let alexClient: ClientRow;
  let priyaClient: ClientRow;
  let jordanClient: ClientRow;
  let outsiderClient: ClientRow;

  beforeAll(async () => {
    // Many requests from one user: an app of the same database with room under the rate limit.
    app = await t.buildApp({ rateLimitMax: 10_000 });
    [alex, priya, admin, jordan] = (await Promise.all(
      [demo.alex, demo.priya, demo.admin, demo.client].map((account) => session(app, account)),
    )) as [Session, Session, Session, Session];
    const registered = await registerUser(app, 'advisor');
    outsider = { token: registered.access_token, userId: registered.user.id, firmId: registered.user.firm_id };
    alexClient = await insertClient(t.db, alex, { firstName: 'Avery', lastName: 'Stone' });
    priyaClient = await insertClient(t.db, priya, { firstName: 'Blake', lastName: 'Moreno' });
    jordanClient = await clientOfUser(t.db, jordan, alex);
    outsiderClient = await insertClient(t.db, outsider);
  });

  const get = (path: string, token: string) => call(app, 'GET', api(path), { token });
  const post = (path: string, token: string, body: unknown) => call(app, 'POST', api(path), { token, body });
  const put = (path: string, token: string, body: unknown) => call(app, 'PUT', api(path), { token, body });
  const del = (path: string, token: string) => call(app, 'DELETE', api(path), { token });
  const issues = (body: { detail: Array<{ loc: unknown[]; msg: string }> }) => body.detail.map((issue) => [issue.loc.join('.'), issue.msg]);
  const listAll = async (token: string, query = '') => {
    const all: Portfolio[] = [];
    for (let page = 1; ; page += 1) {
      const { status, body } = await get(`/portfolios?per_page=100&page=${page}${query}`, token);
      expect(status).toBe(200);
      all.push(...(body as PortfolioListResponse).portfolios);
      if (page >= body.pages) break;
    }
    return all;
  };

  it('answers 401 on every endpoint without a token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', '/portfolios'],
      ['POST', '/portfolios'],
      ['GET', `/portfolios/${id}`],
      ['PUT', `/portfolios/${id}`],
      ['DELETE', `/portfolios/${id}`],
      ['GET', `/portfolios/${id}/holdings`],
      ['POST', `/portfolios/${id}/holdings`],
      ['PUT', `/portfolios/${id}/holdings/${id}`],
      ['DELETE', `/portfolios/${id}/holdings/${id}`],
      ['GET', `/portfolios/${id}/transactions`],
      ['POST', `/portfolios/${id}/transactions`],
    ] as const) {
      const response = await call(app, method, api(path));
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ detail: messages.notAuthenticated });
    }
  });

  it('POST /portfolios opens a portfolio with the defaults: active, benchmark SPY, nothing in it', async () => {
    const response = await post('/portfolios', alex.token, { client_id: alexClient.id, name: '  Retirement  ', account_type: 'ira' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      client_id: alexClient.id,
      client_name: 'Avery Stone',
      name: 'Retirement',
      account_type: 'ira',
      status: 'active',
      benchmark_symbol: 'SPY',
      cash_balance: 0,
      holdings_value: 0,
      total_value: 0,
      cost_basis: 0,
      gain_loss: 0,
      gain_loss_percent: 0,
      holdings_count: 0,
      sync_version: 1,
      holdings: [],
      allocation: { by_asset_class: [], by_sector: [] },
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, response.body.id), eq(auditLog.action, 'portfolio created')));
    expect(audit).toMatchObject({ userId: alex.userId, firmId: alex.firmId, entity: 'portfolio' });
  });

  it('records an initial deposit as a deposit transaction dated today, and the cash follows the ledger', async () => {
    const created = await openPortfolio(app, alex.token, alexClient.id, {
      initial_deposit: 25_000.5,
      benchmark_symbol: 'agg',
      status: 'proposed',
    });
    expect(created).toMatchObject({ cash_balance: 25_000.5, total_value: 25_000.5, benchmark_symbol: 'AGG', status: 'proposed' });
    const ledger = await t.db.select().from(transactions).where(eq(transactions.portfolioId, created.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      type: 'deposit',
      amount: 25_000.5,
      tradeDate: marketDate(t.clock.now()),
      securityId: null,
      createdBy: alex.userId,
    });
  });

  it('validates the new portfolio field by field with the messages of the form', async () => {
    const missing = await post('/portfolios', alex.token, {});
    expect(missing.status).toBe(422);
    expect(issues(missing.body)).toEqual(
      expect.arrayContaining([
        ['body.client_id', portfolioMessages.clientRequired],
        ['body.name', portfolioMessages.nameRequired],
        ['body.account_type', portfolioMessages.accountTypeInvalid],
      ]),
    );
    const wrong = await post('/portfolios', alex.token, {
      client_id: 'abc',
      name: '   ',
      account_type: 'brokerage',
      status: 'open',
      initial_deposit: -5,
    });
    expect(wrong.status).toBe(422);
    expect(issues(wrong.body)).toEqual(
      expect.arrayContaining([
        ['body.client_id', portfolioMessages.clientRequired],
        ['body.name', portfolioMessages.nameRequired],
        ['body.account_type', portfolioMessages.accountTypeInvalid],
        ['body.status', portfolioMessages.statusInvalid],
        ['body.initial_deposit', portfolioMessages.initialDepositInvalid],
      ]),
    );
    const longName = await post('/portfolios', alex.token, { client_id: alexClient.id, name: 'x'.repeat(101), account_type: 'ira' });
    expect(issues(longName.body)).toEqual([['body.name', portfolioMessages.nameTooLong]]);
    // A deposit that rounds to no cent would record nothing: refused rather than dropped.
    const dust = await post('/portfolios', alex.token, {
      client_id: alexClient.id,
      name: 'Dust',
      account_type: 'ira',
      initial_deposit: 1e-9,
    });
    expect(issues(dust.body)).toEqual([['body.initial_deposit', portfolioMessages.initialDepositInvalid]]);
  });

  it('refuses an unknown benchmark symbol on its field', async () => {
    const response = await post('/portfolios', alex.token, {
      client_id: alexClient.id,
      name: 'Growth',
      account_type: 'taxable',
      benchmark_symbol: 'NOPE',
    });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'benchmark_symbol'], msg: portfolioMessages.benchmarkUnknown, input: 'NOPE' }),
    ]);
  });

  it("opens portfolios only for clients the caller reaches: another advisor's or firm's client is 404", async () => {
    for (const [who, clientId] of [
      [alex, priyaClient.id],
      [outsider, alexClient.id],
      [alex, outsiderClient.id],
      [alex, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await post('/portfolios', who.token, { client_id: clientId, name: 'X', account_type: 'taxable' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: clientMessages.clientNotFound });
    }
    // An admin reaches every client of the firm.
    await openPortfolio(app, admin.token, priyaClient.id);
  });

  it('a client user cannot write: 403 before the body is read', async () => {
    const mine = await openPortfolio(app, admin.token, jordanClient.id);
    for (const [method, path] of [
      ['POST', '/portfolios'],
      ['PUT', `/portfolios/${mine.id}`],
      ['DELETE', `/portfolios/${mine.id}`],
      ['POST', `/portfolios/${mine.id}/holdings`],
      ['POST', `/portfolios/${mine.id}/transactions`],
    ] as const) {
      const response = await call(app, method, api(path), { token: jordan.token, body: {} });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual({ detail: portfolioMessages.readOnly });
    }
  });

  it('an advisor lists only the portfolios of their own clients; an admin the whole firm; another firm none of them', async () => {
    const alexs = await openPortfolio(app, alex.token, alexClient.id);
    const priyas = await openPortfolio(app, priya.token, priyaClient.id);

    const seenByAlex = await listAll(alex.token);
    expect(seenByAlex.map((p) => p.id)).toContain(alexs.id);
    expect(seenByAlex.map((p) => p.id)).not.toContain(priyas.id);
    const clientIds = [...new Set(seenByAlex.map((p) => p.client_id))];
    const owners = await t.db.select({ advisorId: clients.advisorId }).from(clients).where(inArray(clients.id, clientIds));
    expect(new Set(owners.map((o) => o.advisorId))).toEqual(new Set([alex.userId]));

    const seenByAdmin = (await listAll(admin.token)).map((p) => p.id);
    expect(seenByAdmin).toEqual(expect.arrayContaining([alexs.id, priyas.id]));
    const seenByOutsider = (await listAll(outsider.token)).map((p) => p.id);
    expect(seenByOutsider).not.toContain(alexs.id);
    expect(seenByOutsider).not.toContain(priyas.id);
  });

  it('a client user lists and reads only the portfolios of their own client record', async () => {
    const mine = await openPortfolio(app, admin.token, jordanClient.id, { name: 'Jordan joint', account_type: 'joint' });
    const notMine = await openPortfolio(app, alex.token, alexClient.id);
    const seen = await listAll(jordan.token);
    expect(seen.map((p) => p.id)).toContain(mine.id);
    expect(new Set(seen.map((p) => p.client_id))).toEqual(new Set([jordanClient.id]));
    expect((await get(`/portfolios/${mine.id}`, jordan.token)).status).toBe(200);
    expect((await get(`/portfolios/${mine.id}/holdings`, jordan.token)).status).toBe(200);
    expect((await get(`/portfolios/${mine.id}/transactions`, jordan.token)).status).toBe(200);
    for (const path of [`/portfolios/${notMine.id}`, `/portfolios/${notMine.id}/holdings`, `/portfolios/${notMine.id}/transactions`]) {
      const response = await get(path, jordan.token);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({ detail: portfolioMessages.portfolioNotFound });
    }
    // Another client user of the firm with no client record reaches nothing.
    const sam = await session(app, demo.sam);
    const [samClient] = await t.db.select().from(clients).where(eq(clients.userId, sam.userId));
    const samSees = await listAll(sam.token);
    expect(samSees.every((p) => p.client_id === samClient?.id)).toBe(true);
    expect((await get(`/portfolios/${mine.id}`, sam.token)).status).toBe(404);
  });

  it("GET /portfolios/{id} answers 404 'Portfolio not found' for another advisor, another firm, an unknown or malformed id", async () => {
    const alexs = await openPortfolio(app, alex.token, alexClient.id);
    for (const [who, id] of [
      [priya, alexs.id],
      [outsider, alexs.id],
      [alex, '00000000-0000-4000-8000-000000000000'],
      [alex, 'not-a-uuid'],
    ] as const) {
      for (const path of [`/portfolios/${id}`, `/portfolios/${id}/holdings`, `/portfolios/${id}/transactions`]) {
        const response = await get(path, who.token);
        expect(response.status, path).toBe(404);
        expect(response.body).toEqual({ detail: portfolioMessages.portfolioNotFound });
      }
    }
    expect((await get(`/portfolios/${alexs.id}`, admin.token)).status).toBe(200);
    expect((await get(`/portfolios/${alexs.id}/`, alex.token)).status).toBe(200);
  });

  it('filters by client, status and account type', async () => {
    const client = await insertClient(t.db, alex);
    const ira = await openPortfolio(app, alex.token, client.id, { account_type: 'ira' });
    const trust = await openPortfolio(app, alex.token, client.id, { account_type: 'trust', status: 'proposed' });
    const byClient = await listAll(alex.token, `&client_id=${client.id}`);
    expect(byClient.map((p) => p.id).sort()).toEqual([ira.id, trust.id].sort());
    expect((await listAll(alex.token, `&client_id=${client.id}&account_type=trust`)).map((p) => p.id)).toEqual([trust.id]);
    expect((await listAll(alex.token, `&client_id=${client.id}&status=active`)).map((p) => p.id)).toEqual([ira.id]);
    expect((await listAll(alex.token, `&client_id=${client.id}&status=`)).length).toBe(2);
    // Another advisor's client filters to nothing.
    expect(await listAll(priya.token, `&client_id=${client.id}`)).toEqual([]);
  });

  it('paginates: total, pages, a short last page and an empty page past the end', async () => {
    const client = await insertClient(t.db, alex);
    for (const name of ['Charlie', 'alpha', 'Bravo']) await openPortfolio(app, alex.token, client.id, { name });
    const page = (n: number, extra = '') => get(`/portfolios?client_id=${client.id}&per_page=2&page=${n}${extra}`, alex.token);
    const first = await page(1);
    expect(first.body).toMatchObject({ total: 3, page: 1, per_page: 2, pages: 2 });
    expect(first.body.portfolios.map((p: Portfolio) => p.name)).toEqual(['alpha', 'Bravo']); // case-insensitive by name
    const second = await page(2);
    expect(second.body.portfolios.map((p: Portfolio) => p.name)).toEqual(['Charlie']);
    const past = await page(3);
    expect(past.body).toEqual({ portfolios: [], total: 3, page: 3, per_page: 2, pages: 2 });
    const descending = await page(1, '&sort=name&order=desc');
    expect(descending.body.portfolios.map((p: Portfolio) => p.name)).toEqual(['Charlie', 'Bravo']);
    const defaults = await get(`/portfolios?client_id=${client.id}`, alex.token);
    expect(defaults.body).toMatchObject({ page: 1, per_page: 50, total: 3, pages: 1 });
    const none = await get(`/portfolios?client_id=${alexClient.id}&status=closed`, alex.token);
    expect(none.body).toEqual({ portfolios: [], total: 0, page: 1, per_page: 50, pages: 0 });
  });

  it('sorts by value: total_value is cash plus holdings', async () => {
    const client = await insertClient(t.db, alex);
    const small = await openPortfolio(app, alex.token, client.id, { initial_deposit: 100 });
    const large = await openPortfolio(app, alex.token, client.id, { initial_deposit: 900 });
    const empty = await openPortfolio(app, alex.token, client.id);
    const { body } = await get(`/portfolios?client_id=${client.id}&sort=total_value&order=desc`, alex.token);
    expect(body.portfolios.map((p: Portfolio) => p.id)).toEqual([large.id, small.id, empty.id]);
    const ascending = await get(`/portfolios?client_id=${client.id}&sort=cash_balance`, alex.token);
    expect(ascending.body.portfolios.map((p: Portfolio) => p.id)).toEqual([empty.id, small.id, large.id]);
  });

  it("searches the portfolio's name and its client's name, case-insensitive, within reach", async () => {
    const client = await insertClient(t.db, alex, { firstName: 'Quentin', lastName: 'Searchable' });
    const named = await openPortfolio(app, alex.token, client.id, { name: 'Zephyr 100% Growth' });
    expect((await listAll(alex.token, '&search=zephyr')).map((p) => p.id)).toEqual([named.id]);
    // LIKE's wildcards are taken as text: '100%' matches the name, not everything.
    expect((await listAll(alex.token, '&search=100%25%20gr')).map((p) => p.id)).toEqual([named.id]);
    expect((await listAll(alex.token, '&search=quentin%20searchable')).map((p) => p.id)).toEqual([named.id]);
    expect(await listAll(priya.token, '&search=zephyr')).toEqual([]);
  });

  it('refuses bad list parameters with 422 on the query field', async () => {
    for (const [query, field, message] of [
      ['per_page=101', 'per_page', portfolioMessages.perPageInvalid],
      ['per_page=0', 'per_page', portfolioMessages.perPageInvalid],
      ['page=0', 'page', portfolioMessages.pageInvalid],
      ['page=x', 'page', portfolioMessages.pageInvalid],
      ['status=open', 'status', portfolioMessages.statusInvalid],
      ['account_type=brokerage', 'account_type', portfolioMessages.accountTypeInvalid],
      ['sort=risk', 'sort', portfolioMessages.sortInvalid],
      ['order=up', 'order', portfolioMessages.orderInvalid],
      ['client_id=abc', 'client_id', portfolioMessages.idInvalid],
      [`search=${'x'.repeat(101)}`, 'search', clientMessages.searchTooLong],
    ] as const) {
      const response = await get(`/portfolios?${query}`, alex.token);
      expect(response.status, query).toBe(422);
      expect(issues(response.body), query).toEqual([[`querystring.${field}`, message]]);
    }
  });

  it('PUT changes the fields of the version read and bumps sync_version', async () => {
    const created = await openPortfolio(app, alex.token, alexClient.id, { name: 'Before' });
    const response = await put(`/portfolios/${created.id}`, alex.token, {
      name: 'After',
      account_type: 'roth_ira',
      status: 'closed',
      benchmark_symbol: 'vti',
      sync_version: created.sync_version,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'After',
      account_type: 'roth_ira',
      status: 'closed',
      benchmark_symbol: 'VTI',
      sync_version: created.sync_version + 1,
    });
    expect(Date.parse(response.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'portfolio updated')));
    expect(audit?.before).toMatchObject({ name: 'Before' });
    expect(audit?.after).toMatchObject({ name: 'After', status: 'closed' });
    // Only what is sent changes.
    const partial = await put(`/portfolios/${created.id}`, alex.token, { name: 'Renamed', sync_version: created.sync_version + 1 });
    expect(partial.body).toMatchObject({ name: 'Renamed', account_type: 'roth_ira', sync_version: created.sync_version + 2 });
  });

  it('refuses a stale sync_version with 409 and the current record', async () => {
    const created = await openPortfolio(app, alex.token, alexClient.id, { name: 'Shared' });
    expect((await put(`/portfolios/${created.id}`, alex.token, { name: 'First edit', sync_version: 1 })).status).toBe(200);
    const stale = await put(`/portfolios/${created.id}`, admin.token, { name: 'Offline edit', sync_version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(portfolioMessages.portfolioChanged);
    expect(stale.body.current).toMatchObject({ id: created.id, name: 'First edit', sync_version: 2, client_name: 'Avery Stone' });
    const [row] = await t.db.select().from(portfolios).where(eq(portfolios.id, created.id));
    expect(row?.name).toBe('First edit');
  });

  it('validates the update: sync_version required, known benchmark, valid fields', async () => {
    const created = await openPortfolio(app, alex.token, alexClient.id);
    const noVersion = await put(`/portfolios/${created.id}`, alex.token, { name: 'X' });
    expect(issues(noVersion.body)).toEqual([['body.sync_version', portfolioMessages.syncVersionRequired]]);
    const bad = await put(`/portfolios/${created.id}`, alex.token, { name: '', status: 'gone', sync_version: 1 });
    expect(issues(bad.body)).toEqual(
      expect.arrayContaining([
        ['body.name', portfolioMessages.nameRequired],
        ['body.status', portfolioMessages.statusInvalid],
      ]),
    );
    const benchmark = await put(`/portfolios/${created.id}`, alex.token, { benchmark_symbol: 'ZZZZ', sync_version: 1 });
    expect(issues(benchmark.body)).toEqual([['body.benchmark_symbol', portfolioMessages.benchmarkUnknown]]);
    expect((await put(`/portfolios/${created.id}`, priya.token, { name: 'X', sync_version: 1 })).status).toBe(404);
    expect((await put(`/portfolios/${created.id}`, outsider.token, { name: 'X', sync_version: 1 })).status).toBe(404);
  });

  it('DELETE is soft: the portfolio leaves lists and lookups, its ledger stays', async () => {
    const created = await openPortfolio(app, alex.token, alexClient.id, { initial_deposit: 1000 });
    expect((await del(`/portfolios/${created.id}`, priya.token)).status).toBe(404);
    const response = await del(`/portfolios/${created.id}`, alex.token);
    expect(response.status).toBe(204);
    expect(response.raw.body).toBe('');
    expect((await get(`/portfolios/${created.id}`, alex.token)).status).toBe(404);
    expect((await get(`/portfolios/${created.id}/transactions`, alex.token)).status).toBe(404);
    expect((await listAll(alex.token)).map((p) => p.id)).not.toContain(created.id);
    expect((await del(`/portfolios/${created.id}`, alex.token)).status).toBe(404);
    const [row] = await t.db.select().from(portfolios).where(eq(portfolios.id, created.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.syncVersion).toBe(created.sync_version + 1);
    expect(await t.db.select().from(transactions).where(eq(transactions.portfolioId, created.id))).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'portfolio deleted')));
    expect(audit?.userId).toBe(alex.userId);
  });

  it('the portfolios of a deleted client are out of reach, even for an admin', async () => {
    const client = await insertClient(t.db, alex);
    const created = await openPortfolio(app, alex.token, client.id);
    await t.db.update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, client.id));
    for (const who of [alex, admin]) {
      expect((await get(`/portfolios/${created.id}`, who.token)).status).toBe(404);
      expect((await listAll(who.token)).map((p) => p.id)).not.toContain(created.id);
      expect((await put(`/portfolios/${created.id}`, who.token, { name: 'X', sync_version: 1 })).status).toBe(404);
    }
    const response = await post('/portfolios', alex.token, { client_id: client.id, name: 'X', account_type: 'ira' });
    expect(response.status).toBe(404);
  });

  it('a list item and the detail agree on every summary figure', async () => {
    const created = await openPortfolio(app, alex.token, alexClient.id, { initial_deposit: 5000 });
    await post(`/portfolios/${created.id}/holdings`, alex.token, { symbol: 'MSFT', quantity: 3 });
    await post(`/portfolios/${created.id}/holdings`, alex.token, { symbol: 'AGG', quantity: 10, price: 98.1234 });
    const detail = (await get(`/portfolios/${created.id}`, alex.token)).body;
    const item = (await listAll(alex.token, `&client_id=${alexClient.id}`)).find((p) => p.id === created.id);
    const { holdings: _holdings, allocation: _allocation, ...summary } = detail;
    expect(item).toEqual(summary);
    expect(detail.holdings_count).toBe(2);
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await call(app, 'GET', '/docs/json');
    for (const path of [
      '/api/v1/portfolios',
      '/api/v1/portfolios/{id}',
      '/api/v1/portfolios/{id}/holdings',
      '/api/v1/portfolios/{id}/holdings/{holdingId}',
      '/api/v1/portfolios/{id}/transactions',
    ]) {
      expect(body.paths[path], path).toBeDefined();
    }
  });
});
