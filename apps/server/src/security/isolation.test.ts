import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { clients } from '../db/schema/clients.ts';
import { holdings, portfolios } from '../db/schema/portfolios.ts';
import { prices, securities } from '../db/schema/securities.ts';
import { api, demo, signIn } from '../test/api.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { createDeletedOneOfEach, createOneOfEach, startedQuestionnaire, type RecordIds } from '../test/one-of-each.ts';
import { snapshotRows, type SnapshotScope } from '../test/row-snapshot.ts';
import { createSecondFirm, type SecondFirm } from '../test/second-firm.ts';
import { describeExchange, send, shapeProblem, type Answer } from './answer-rules.ts';
import { isolationCells, namesRecords, unclassifiedIds, type Attack, type Caller, type Cell } from './isolation-cells.ts';
import { apiOperations, type IdKind } from './openapi-operations.ts';
import { acceptedBody, idSourceOf, urlOf, withCurrentVersion } from './sample-request.ts';

/**
 * Every operation that names a record (read from the OpenAPI document, so a new endpoint is covered
 * without an edit here), called by each role of the demo firm with a record of a second firm, and
 * by an advisor or a client user with a colleague's, and with deleted records: refused, and nothing
 * of theirs shown or changed.
 */

/** A well-formed id that names nothing: bodies are worked out against it, so working them out changes nothing. */
const nobody = '00000000-0000-4000-8000-000000000000';
const denied = new Set([401, 403, 404]);

type Exchange = { cell: Cell; answer: Answer; markers: string[] };

/**
 * A client of the advisor in a household, with a portfolio that holds something. (Models are the
 * whole firm's, so a colleague has none of their own.)
 */
async function bookOf(
  db: Db,
  advisorId: string,
): Promise<{ ids: Omit<RecordIds, 'model' | 'recommendation' | 'assessment' | 'template'>; lastName: string }> {
  const [row] = await db
    .select({
      client: clients.id,
      lastName: clients.lastName,
      household: clients.householdId,
      portfolio: portfolios.id,
      holding: holdings.id,
      security: holdings.securityId,
      // An entry of the holding's ledger (a buy of it).
      transaction: sql<string>`(select t.id from transactions t where t.portfolio_id = ${portfolios.id} and t.security_id = ${holdings.securityId} order by t.trade_date limit 1)`,
    })
    .from(clients)
    .innerJoin(portfolios, and(eq(portfolios.clientId, clients.id), isNull(portfolios.deletedAt)))
    .innerJoin(holdings, eq(holdings.portfolioId, portfolios.id))
    .where(and(eq(clients.advisorId, advisorId), isNull(clients.deletedAt), isNotNull(clients.householdId)))
    .orderBy(asc(clients.id))
    .limit(1);
  if (!row?.household) throw new Error(`the demo seed gives advisor ${advisorId} no client in a household with holdings`);
  const { lastName, ...ids } = row;
  return { ids: { ...ids, household: row.household, user: advisorId }, lastName };
}

const scopeOf = (ids: Partial<RecordIds>, firmId?: string): SnapshotScope => ({
  firmId,
  clientIds: ids.client ? [ids.client] : [],
  householdIds: ids.household ? [ids.household] : [],
  portfolioIds: ids.portfolio ? [ids.portfolio] : [],
  userIds: ids.user ? [ids.user] : [],
});

describeEachDatabase('tenant isolation of every operation that names a record', (t) => {
  let app: FastifyInstance;
  let firm: SecondFirm;
  let unclassified: string[] = [];
  const exchanges: Exchange[] = [];
  const snapshots: Record<string, { before: unknown; after?: unknown }> = {};

  beforeAll(async () => {
    // Hundreds of requests per user: past the per-user rate limit, which is not under test here.
    app = await t.buildApp({ rateLimitMax: 1_000_000 });
    firm = await createSecondFirm(app, t.db);
    const session = async (label: string, account: { email: string; password: string }, reachesOwn: boolean) => {
      const login = await signIn(app, account.email, account.password);
      return { caller: { label, token: login.access_token, reachesOwn } satisfies Caller, id: login.user.id };
    };
    const admin = await session('demo admin', demo.admin, true);
    const alex = await session('advisor alex', demo.alex, true);
    const client = await session('demo client user', demo.client, false);
    const priyaLogin = await signIn(app, demo.priya.email, demo.priya.password);
    const priya = priyaLogin.user.id;
    const book = await bookOf(t.db, priya);
    const colleagueBook = {
      ...book,
      ids: { ...book.ids, assessment: await startedQuestionnaire(app, priyaLogin.access_token, book.ids.client) },
    };

    const deleted = await createDeletedOneOfEach(app, admin.caller.token, alex.id);

    // Securities are reference data every firm shares: nobody's to isolate, so never attacked.
    const { security: _firmSecurity, ...firmRecords } = firm.ids;
    const { security: _colleagueSecurity, ...colleagueRecords } = colleagueBook.ids;
    // Templates are not deleted with their client: they are the firm's.
    const { security: _deletedSecurity, user: _deletedAdvisor, template: _deletedTemplate, ...deletedRecords } = deleted.ids;
    const none = new Set<IdKind>();
    const colleagueMarkers = [
      colleagueRecords.client,
      colleagueRecords.household,
      colleagueRecords.portfolio,
      colleagueRecords.holding,
      colleagueRecords.assessment,
    ];
    const attacks: Array<{ attack: Attack; callers: Caller[]; markers: string[] }> = [
      {
        attack: {
          name: "another firm's records",
          foreign: { ...firmRecords, user: firm.advisor.id },
          firmId: firm.firmId,
          searchFor: firm.names[0],
          readable: none,
        },
        callers: [admin.caller, alex.caller, client.caller],
        markers: [...Object.values(firmRecords), firm.admin.id, firm.client.id, ...firm.names],
      },
      // Colleagues see each other's user record by design (platform/reach.ts, userReach); they may not change it.
      {
        attack: {
          name: "a colleague's records",
          foreign: colleagueRecords,
          searchFor: colleagueBook.lastName,
          readable: new Set(['user']),
        },
        callers: [alex.caller],
        markers: colleagueMarkers,
      },
      // The demo client user is a client of alex: the colleague's book is another client's.
      {
        attack: { name: "another client's records", foreign: colleagueRecords, searchFor: colleagueBook.lastName, readable: none },
        callers: [client.caller],
        markers: colleagueMarkers,
      },
      // Deleted records are nobody's (platform/reach.ts), not even the firm's admin's.
      {
        attack: { name: 'deleted records', foreign: deletedRecords, searchFor: deleted.names[0], readable: none },
        callers: [admin.caller, alex.caller],
        markers: Object.values(deletedRecords),
      },
    ];
    const scopes = {
      firm: { ...scopeOf(firm.ids, firm.firmId), userIds: [firm.admin.id, firm.advisor.id, firm.client.id] },
      colleague: scopeOf(colleagueBook.ids),
      deleted: scopeOf(deletedRecords),
    };
    for (const [name, scope] of Object.entries(scopes)) snapshots[name] = { before: await snapshotRows(t.db, scope) };

    const operations = apiOperations(app);
    unclassified = operations.flatMap(unclassifiedIds);
    const shared = await createOneOfEach(app, admin.caller.token, alex.id);
    for (const operation of operations.filter((candidate) => unclassifiedIds(candidate).length === 0)) {
      const writes = operation.method !== 'GET';
      // A write that names no record (sign in, register) acts on the caller alone.
      if (writes && !namesRecords(operation)) continue;
      // Each write works on records of its own, so what one changes cannot make the next refuse for another reason.
      const own = writes ? (await createOneOfEach(app, admin.caller.token, alex.id)).ids : shared.ids;
      const nowhere = urlOf(operation, Object.fromEntries(Object.keys(own).map((kind) => [kind, nobody])) as Record<IdKind, string>);
      const accepted = await acceptedBody(app, operation, nowhere, admin.caller.token, idSourceOf(own));
      const body = await withCurrentVersion(app, urlOf(operation, own), admin.caller.token, accepted);
      for (const { attack, callers, markers } of attacks) {
        for (const caller of callers) {
          for (const cell of isolationCells({ operation, caller, attack, own, body })) {
            // The cell before may have been a write that moved the record's sync_version on: a stale one would answer 409 first.
            const payload =
              cell.payload && JSON.stringify(await withCurrentVersion(app, cell.url, admin.caller.token, JSON.parse(cell.payload)));
            const sent = { ...cell, payload };
            exchanges.push({ cell: sent, answer: await send(app, sent), markers });
          }
        }
      }
    }
    for (const [name, scope] of Object.entries(scopes)) snapshots[name]!.after = await snapshotRows(t.db, scope);

    const refusable = exchanges.filter(({ cell }) => cell.place === 'path' || cell.place === 'body');
    const refused = exchanges.filter(({ cell, answer }) =>
      cell.place === 'path' ? denied.has(answer.status) : cell.place === 'body' && answer.status >= 400 && answer.status < 500,
    );
    console.log(
      `[${t.kind}] isolation: ${exchanges.length} cells tried (${refusable.length} ids in a path or body, ${exchanges.length - refusable.length} lists and unknown fields); ` +
        `denied: ${refused.length} of ${refusable.length}`,
    );
  }, 300_000);

  const offending = (place: Cell['place'], test: (exchange: Exchange) => string | null | false | undefined) =>
    exchanges
      .filter(({ cell }) => cell.place === place)
      .flatMap((exchange) => {
        const problem = test(exchange) || shapeProblem(exchange.answer);
        return problem ? [describeExchange(exchange.cell, exchange.answer, `${exchange.cell.label}: ${problem}`)] : [];
      });
  // A 422 echoes the input it refuses, which may be the foreign id or name the request itself sent.
  const leaked = ({ answer, markers }: Exchange) => answer.status !== 422 && markers.find((marker) => answer.text.includes(marker));

  it('knows the kind of every id an operation names (classify a new one in openapi-operations.ts)', () => {
    expect(unclassified).toEqual([]);
  });

  it("refuses with 401, 403 or 404 a path naming a record out of reach (another firm's, a colleague's, another client's, a deleted one), showing nothing of it", () => {
    expect(exchanges.filter(({ cell }) => cell.place === 'path').length).toBeGreaterThan(0);
    expect(offending('path', (exchange) => (!denied.has(exchange.answer.status) ? 'not refused' : leaked(exchange) && 'shows it'))).toEqual(
      [],
    );
  });

  it('refuses a write whose body names a record out of reach', () => {
    expect(exchanges.filter(({ cell }) => cell.place === 'body').length).toBeGreaterThan(0);
    expect(offending('body', ({ answer }) => (answer.status < 400 || answer.status >= 500) && 'not refused')).toEqual([]);
  });

  it('drops or refuses foreign ids in fields a body schema lacks, showing nothing out of reach', () => {
    expect(exchanges.filter(({ cell }) => cell.place === 'extra').length).toBeGreaterThan(0);
    expect(
      offending('extra', (exchange) => (exchange.answer.status >= 500 ? 'server error' : leaked(exchange) && `shows ${leaked(exchange)}`)),
    ).toEqual([]);
  });

  it('lists nothing out of reach, whether listed, searched for by name or filtered by id', () => {
    expect(exchanges.filter(({ cell }) => cell.place === 'list').length).toBeGreaterThan(0);
    expect(
      offending('list', (exchange) => (exchange.answer.status >= 500 ? 'server error' : leaked(exchange) && `shows ${leaked(exchange)}`)),
    ).toEqual([]);
  });

  it("leaves the other firm's records, the colleague's and the deleted ones unchanged", () => {
    expect(Object.keys(snapshots)).toHaveLength(3);
    for (const [name, { before, after }] of Object.entries(snapshots)) expect(after, name).toEqual(before);
  });

  it("refuses a price import by another firm's admin with 403 (prices are every firm's) and leaves prices unchanged", async () => {
    const [security] = await t.db.select().from(securities).where(eq(securities.id, firm.ids.security));
    if (!security) throw new Error('the held security is gone');
    const state = async () => ({
      security: (await t.db.select().from(securities).where(eq(securities.id, security.id)))[0],
      prices: await t.db.select().from(prices).where(eq(prices.securityId, security.id)).orderBy(asc(prices.date)),
    });
    const before = await state();
    const csv = `symbol,date,close\n${security.symbol},${security.lastPriceDate},1.23\n`;
    for (const [type, payload] of [
      ['text/csv', csv],
      ['application/json', JSON.stringify({ csv })],
    ]) {
      const request = {
        method: 'POST' as const,
        url: api('/securities/prices/import'),
        token: firm.admin.token,
        headers: { 'content-type': type! },
        payload,
      };
      const answer = await send(app, request);
      expect(answer.status, describeExchange(request, answer)).toBe(403);
    }
    expect(await state()).toEqual(before);
  });
});
