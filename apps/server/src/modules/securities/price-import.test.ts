import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { securityLimits, securityMessages, type SecurityDetail } from '@meridian/domain/securities/contracts';
import { addDays, isTradingDay, marketDate, tradingDaysBetween } from '@meridian/domain/shared/trading-calendar';
import { buildApp } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { prices, securities } from '../../db/schema/securities.ts';
import { api, call, demo, signIn } from '../../test/api.ts';
import { describeEachDatabase, testConfig } from '../../test/harness.ts';

const importPath = api('/securities/prices/import');

describeEachDatabase('price import', (t) => {
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 10_000 });
    admin = (await signIn(app, demo.admin.email, demo.admin.password)).access_token;
  });

  const postCsv = (csv: string, token = admin, target = app) =>
    call(target, 'POST', importPath, { token, body: csv, headers: { 'content-type': 'text/csv' } });
  const detail = async (symbol: string, query = 'period=max', target = app, token = admin) =>
    (await call(target, 'GET', api(`/securities/${symbol}?${query}`), { token })).body as SecurityDetail;
  const closeOn = (d: SecurityDetail, date: string) => d.history.points.find((point) => point.date === date);

  it('refuses anyone but the platform operator with 403, before reading the file', async () => {
    for (const account of [demo.alex, demo.client]) {
      const { access_token } = await signIn(app, account.email, account.password);
      for (const body of ['symbol,date,close\nKO,2024-01-02,60', 'not a csv']) {
        const response = await postCsv(body, access_token);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: securityMessages.operatorOnly });
      }
    }
    // Prices are every firm's: a firm admin who is not named an operator may not change them.
    const notOperated = await t.buildApp({ rateLimitMax: 10_000, operatorEmails: ['someone.else@example.com'] });
    const firmAdmin = (await signIn(notOperated, demo.admin.email, demo.admin.password)).access_token;
    const refused = await postCsv('symbol,date,close\nKO,2024-01-02,60', firmAdmin, notOperated);
    expect(refused).toMatchObject({ status: 403, body: { detail: securityMessages.operatorOnly } });
    // The user record tells the web app whom to offer the import.
    expect((await call(notOperated, 'GET', api('/users/me'), { token: firmAdmin })).body.is_operator).toBe(false);
    expect((await call(app, 'GET', api('/users/me'), { token: admin })).body.is_operator).toBe(true);
    expect((await call(app, 'POST', importPath, { body: { csv: 'symbol,date,close' } })).status).toBe(401);
    // Nothing was written.
    const ko = await detail('KO');
    expect(ko.history.points.every((point) => point.source === 'simulated')).toBe(true);
  });

  it('replaces the simulated close of a day with the imported one, and keeps the rest', async () => {
    const before = await detail('KO');
    const day = before.history.points[300]!;
    const { status, body } = await call(app, 'POST', importPath, {
      token: admin,
      body: { csv: `symbol,date,close\nKO,${day.date},61.2345\n` },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ accepted: 1, rejected: [], rejected_count: 0, rebalance_recommendations: 0 });
    const after = await detail('KO');
    expect(after.history.points).toHaveLength(before.history.points.length);
    expect(closeOn(after, day.date)).toEqual({ date: day.date, close: 61.2345, source: 'imported' });
    expect(after.history.points.filter((point) => point.source === 'imported')).toHaveLength(1);
    expect(after.history.simulated).toBe(true); // the others still are
    // An older day does not touch the latest close.
    expect(after).toMatchObject({
      last_close: before.last_close,
      previous_close: before.previous_close,
      price_source: 'simulated',
      simulated: true,
    });
    // Importing it again replaces it again (upsert), whatever its source now.
    expect((await postCsv(`symbol,date,close\nko,${day.date},62`)).body.accepted).toBe(1);
    expect(closeOn(await detail('KO'), day.date)).toEqual({ date: day.date, close: 62, source: 'imported' });
  });

  it("updates the security's latest close when the last day is imported", async () => {
    const before = await detail('PEP');
    const last = before.last_price_date!;
    const response = await postCsv(`symbol,date,close\nPEP,${last},${before.previous_close! + 1}`);
    expect(response.body.accepted).toBe(1);
    const after = await detail('PEP');
    expect(after).toMatchObject({
      last_close: before.previous_close! + 1,
      previous_close: before.previous_close,
      last_price_date: last,
      price_source: 'imported',
      simulated: false,
      day_change: 1,
    });
    expect(after.day_change_percent).toBeCloseTo((1 / before.previous_close!) * 100, 2);
    const [row] = await t.db.select().from(securities).where(eq(securities.symbol, 'PEP'));
    expect(row!.syncVersion).toBeGreaterThan(1);
  });

  it('refuses, with 422 and nothing changed, a close that would value a holding beyond what the books can hold', async () => {
    const alex = (await signIn(app, demo.alex.email, demo.alex.password)).access_token;
    const [client] = (await call(app, 'GET', api('/clients?per_page=1'), { token: alex })).body.clients;
    const portfolio = await call(app, 'POST', api('/portfolios'), {
      token: alex,
      body: { client_id: client.id, name: 'Huge', account_type: 'taxable', initial_deposit: 1_000_000_000 },
    });
    const bought = await call(app, 'POST', api(`/portfolios/${portfolio.body.id}/holdings`), {
      token: alex,
      body: { symbol: 'WMT', quantity: 1_000_000_000, price: 1 },
    });
    expect(bought.status).toBe(201);
    const before = await detail('WMT');
    // 10^9 shares at a close just under the import's ceiling is worth 10^22: beyond numeric(18,2).
    const response = await postCsv(`symbol,date,close\nWMT,${before.last_price_date},9999999999999`);
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([{ type: 'too_big', loc: ['body'], msg: messages.valueOutOfRange, input: null, ctx: {} }]);
    expect(await detail('WMT')).toEqual(before);
  });

  it('adds days after the last simulated close, and the latest close follows them', async () => {
    // A week after the seed: the server has been running and real closes arrive for the new days.
    const later = new Date(Date.now() + 7 * 86_400_000);
    const weekLater = await buildApp(testConfig({ rateLimitMax: 10_000 }), { db: t.db, now: () => later, webDistDir: null, logger: false });
    try {
      await weekLater.ready();
      const token = (await signIn(weekLater, demo.admin.email, demo.admin.password)).access_token;
      const before = await detail('MCD', 'period=max', weekLater, token);
      const lastSimulated = before.last_price_date!;
      const newDays = tradingDaysBetween(addDays(lastSimulated, 1), marketDate(later));
      expect(newDays.length).toBeGreaterThan(0);
      const csv = ['symbol,date,close', ...newDays.map((date, i) => `MCD,${date},${300 + i}`)].join('\n');
      const response = await postCsv(csv, token, weekLater);
      // Demo accounts that follow a model and hold MCD may drift past their band: recommendations/drift is tested with the recommendations.
      expect(response.body).toEqual({
        accepted: newDays.length,
        rejected: [],
        rejected_count: 0,
        rebalance_recommendations: expect.any(Number),
      });
      const after = await detail('MCD', 'period=max', weekLater, token);
      expect(after.history.points).toHaveLength(before.history.points.length + newDays.length);
      expect(after.history.points.slice(-newDays.length)).toEqual(newDays.map((date, i) => ({ date, close: 300 + i, source: 'imported' })));
      expect(after).toMatchObject({
        last_price_date: newDays.at(-1),
        last_close: 300 + newDays.length - 1,
        previous_close: newDays.length > 1 ? 300 + newDays.length - 2 : before.last_close,
        price_source: 'imported',
        simulated: false,
      });
      // The default history (1y) now runs to the new latest close.
      expect((await detail('MCD', '', weekLater, token)).history.to).toBe(newDays.at(-1));
    } finally {
      await weekLater.close();
    }
  });

  it('imports the good rows and reports every bad one with its line and reason', async () => {
    const points = (await detail('WMT')).history.points;
    const [d1, d2] = [points[10]!.date, points[11]!.date];
    const today = marketDate(new Date());
    let future = addDays(today, 1);
    while (!isTradingDay(future)) future = addDays(future, 1);
    const csv = [
      'symbol,date,close',
      `WMT,${d1},51.5`, // 2 good
      `NOPE,${d1},10`, // 3 unknown symbol
      `WMT,2024/01/02,10`, // 4 bad date
      `WMT,${future},10`, // 5 future
      `WMT,${d2},-3`, // 6 negative
      `WMT,${d2},ten`, // 7 not a number
      `WMT,${d1},52`, // 8 duplicate of line 2
      `WMT,${d2}`, // 9 missing column
      `wmt,${d2},51.75`, // 10 good
    ].join('\n');
    const { status, body } = await postCsv(csv);
    expect(status).toBe(200);
    expect(body).toEqual({
      accepted: 2,
      rejected: [
        { line: 3, reason: "Unknown symbol 'NOPE'" },
        { line: 4, reason: "Invalid date '2024/01/02': write it YYYY-MM-DD" },
        { line: 5, reason: `Date ${future} is in the future` },
        { line: 6, reason: "Close must be a positive number in digits, like 123.45 (got '-3')" },
        { line: 7, reason: "Close must be a positive number in digits, like 123.45 (got 'ten')" },
        { line: 8, reason: `Duplicate of line 2 (WMT ${d1})` },
        { line: 9, reason: 'Missing column: close' },
      ],
      rejected_count: 7,
      rebalance_recommendations: expect.any(Number),
    });
    const after = await detail('WMT');
    expect(closeOn(after, d1)).toEqual({ date: d1, close: 51.5, source: 'imported' });
    expect(closeOn(after, d2)).toEqual({ date: d2, close: 51.75, source: 'imported' });
  });

  it('reports a file of only bad rows without writing anything', async () => {
    const { status, body } = await postCsv('symbol,date,close\nNOPE,2024-01-02,1\nKO,2024-01-06,1');
    expect(status).toBe(200);
    expect(body).toEqual({
      accepted: 0,
      rejected: [
        { line: 2, reason: "Unknown symbol 'NOPE'" },
        { line: 3, reason: '2024-01-06 is not a trading day (weekend or market holiday)' },
      ],
      rejected_count: 2,
      rebalance_recommendations: 0,
    });
  });

  it('refuses a file without the needed columns, or empty, with 422', async () => {
    const header = await postCsv('symbol,day,price\nKO,2024-01-02,60');
    expect(header.status).toBe(422);
    expect(header.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'csv'], msg: securityMessages.csvHeaderMissing(['date', 'close']) }),
    ]);
    const empty = await call(app, 'POST', importPath, { token: admin, body: { csv: ' \n' } });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].msg).toBe(securityMessages.csvEmpty);
    const nothing = await postCsv('');
    expect(nothing.status).toBe(422);
    expect(nothing.body.detail[0].msg).toBe(securityMessages.csvEmpty);
    const headerOnly = await call(app, 'POST', importPath, { token: admin, body: { csv: 'symbol,date,close\n' } });
    expect(headerOnly.status).toBe(422);
    expect(headerOnly.body.detail[0].msg).toBe(securityMessages.csvNoRows);
    const noCsv = await call(app, 'POST', importPath, { token: admin, body: { file: 'x' } });
    expect(noCsv.status).toBe(422);
    expect(noCsv.body.detail[0].msg).toBe(securityMessages.csvRequired);
  });

  it('refuses a file over 5 MB or 100,000 rows with 413 and says how to proceed', async () => {
    const row = 'KO,2024-01-02,60.00\n';
    const tooBig = `symbol,date,close\n${row.repeat(Math.ceil(securityLimits.importMaxBytes / row.length) + 1)}`;
    const big = await postCsv(tooBig);
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ detail: securityMessages.csvTooLarge });
    const huge = await postCsv(tooBig + tooBig + tooBig); // over the body limit: refused on its declared length
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ detail: securityMessages.csvTooLarge });
    // 1.6 MB, over Fastify's default 1 MB body limit: the route's own limit applies to every body type.
    const manyRows = `symbol,date,close\n${'KO,2024-01-02,1\n'.repeat(securityLimits.importMaxRows + 1)}`;
    for (const request of [
      { body: manyRows, headers: { 'content-type': 'text/csv' } },
      { body: manyRows, headers: { 'content-type': 'text/plain' } },
      { body: { csv: manyRows } },
    ]) {
      const many = await call(app, 'POST', importPath, { token: admin, ...request });
      expect(many.status).toBe(413);
      expect(many.body).toEqual({ detail: securityMessages.csvTooManyRows });
    }
  });

  it('writes one audit row per import, naming the admin', async () => {
    const points = (await detail('CL')).history.points;
    await postCsv(`symbol,date,close\nCL,${points[5]!.date},80\nCL,${points[6]!.date},81`);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'prices imported'));
    const me = (await call(app, 'GET', api('/users/me'), { token: admin })).body;
    const mine = entries.filter((entry) => (entry.after as { from?: string }).from === points[5]!.date);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ entity: 'prices', userId: me.id, firmId: me.firm_id });
    expect(mine[0]!.after).toEqual({ accepted: 2, rejected: 0, securities: 1, from: points[5]!.date, to: points[6]!.date });
    const stored = await t.db
      .select()
      .from(prices)
      .where(and(eq(prices.date, points[5]!.date), eq(prices.source, 'imported')));
    expect(stored.length).toBeGreaterThanOrEqual(1);
  });
});
