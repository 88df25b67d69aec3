import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { AdvisorListResponse } from '@meridian/domain/users/advisors';
import { messages, pageMessages } from '@meridian/domain/shared/messages';
import { clients } from '../../db/schema/clients.ts';
import { users } from '../../db/schema/users.ts';
import { api, call, demo, registerUser, signIn } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';

describeEachDatabase('GET /users/advisors', (t) => {
  const session = async (account: { email: string; password: string }) => {
    const login = await signIn(t.app, account.email, account.password);
    if (login.two_factor_required) throw new Error('unexpected 2FA');
    return login;
  };
  const list = async (token: string | undefined, path = '/users/advisors') => call(t.app, 'GET', api(path), token ? { token } : {});

  const rowsOf = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** Non-deleted clients per advisor, counted in plain SQL. */
  const clientCounts = async (): Promise<Map<string, number>> => {
    const rows = await rowsOf<{ advisor_id: string; n: number | string }>(sql`
      select advisor_id, count(*)::int as n from clients where deleted_at is null group by advisor_id`);
    return new Map(rows.map((row) => [row.advisor_id, Number(row.n)]));
  };

  let firmId: string;
  let inactiveEmail: string;

  beforeAll(async () => {
    const admin = await session(demo.admin);
    firmId = admin.user.firm_id;
    const tag = randomBytes(4).toString('hex');
    inactiveEmail = `former.advisor.${tag}@summitridge.example`;
    const [inactive] = await t.db
      .insert(users)
      .values({
        firmId,
        email: inactiveEmail,
        passwordHash: 'not-a-hash',
        firstName: 'Former',
        lastName: 'Advisor',
        role: 'advisor',
        isActive: false,
      })
      .returning();
    const alex = await session(demo.alex);
    // A deleted client of Alex's and a client of the inactive advisor: neither counts for a listed advisor.
    await t.db.insert(clients).values([
      {
        firmId,
        advisorId: alex.user.id,
        firstName: 'Gone',
        lastName: `Client ${tag}`,
        email: `gone.${tag}@example.com`,
        deletedAt: new Date(),
      },
      { firmId, advisorId: inactive!.id, firstName: 'Left', lastName: `Client ${tag}`, email: `left.${tag}@example.com` },
    ]);
  });

  it("answers the firm's active advisors with their client counts, by last name then first name", async () => {
    const admin = await session(demo.admin);
    const { status, body } = await list(admin.access_token);
    expect(status).toBe(200);
    const answer = body as AdvisorListResponse;
    const emails = answer.advisors.map((advisor) => advisor.email);
    // The demo firm's two advisors, Chen before Patel.
    expect(emails).toEqual([demo.alex.email, demo.priya.email]);
    expect(answer).toMatchObject({ total: 2, page: 1, per_page: 100, pages: 1 });

    const counts = await clientCounts();
    for (const advisor of answer.advisors) expect(advisor.client_count, advisor.email).toBe(counts.get(advisor.id) ?? 0);
    expect(answer.advisors[0]).toMatchObject({ first_name: 'Alex', last_name: 'Chen' });
    expect(answer.advisors[1]).toMatchObject({ first_name: 'Priya', last_name: 'Patel' });
    expect(answer.advisors.every((advisor) => advisor.client_count > 0)).toBe(true);

    const [expected] = await rowsOf<{ n: number | string }>(sql`
      select count(*)::int as n from users where firm_id = ${firmId} and role = 'advisor' and is_active`);
    expect(answer.total).toBe(Number(expected!.n));
  });

  it('answers an advisor too, with the same list', async () => {
    const admin = await session(demo.admin);
    const priya = await session(demo.priya);
    const fromAdvisor = await list(priya.access_token);
    expect(fromAdvisor.status).toBe(200);
    expect(fromAdvisor.body).toEqual((await list(admin.access_token)).body);
  });

  it('refuses a client with 403', async () => {
    const client = await session(demo.client);
    const { status, body } = await list(client.access_token);
    expect(status).toBe(403);
    expect(body).toEqual({ detail: messages.accessDenied });
  });

  it('requires a token', async () => {
    const { status, body } = await list(undefined);
    expect(status).toBe(401);
    expect(body).toEqual({ detail: messages.notAuthenticated });
  });

  it("lists neither an inactive advisor nor another firm's advisor", async () => {
    const outsider = await registerUser(t.app, 'advisor');
    const admin = await session(demo.admin);
    const { body } = await list(admin.access_token);
    const emails = (body as AdvisorListResponse).advisors.map((advisor) => advisor.email);
    expect(emails).not.toContain(inactiveEmail);
    expect(emails).not.toContain(outsider.email);

    const fromOutsider = await list(outsider.access_token);
    expect(fromOutsider.status).toBe(200);
    expect(fromOutsider.body).toEqual({
      advisors: [{ id: outsider.user.id, first_name: 'Test', last_name: outsider.user.last_name, email: outsider.email, client_count: 0 }],
      total: 1,
      page: 1,
      per_page: 100,
      pages: 1,
    });
  });

  it('orders by last name, then first name, ignoring case', async () => {
    const outsider = await registerUser(t.app, 'advisor');
    const tag = randomBytes(4).toString('hex');
    const advisor = (firstName: string, lastName: string) => ({
      firmId: outsider.user.firm_id,
      email: `${firstName}.${lastName}.${tag}@example.com`.toLowerCase(),
      passwordHash: 'not-a-hash',
      firstName,
      lastName,
      role: 'advisor' as const,
    });
    await t.db.insert(users).values([advisor('Zoe', 'adams'), advisor('bea', 'Adams'), advisor('Ann', 'Zimmer')]);
    const { body } = await list(outsider.access_token);
    const names = (body as AdvisorListResponse).advisors.map((row) => `${row.first_name} ${row.last_name}`);
    expect(names).toEqual(['bea Adams', 'Zoe adams', `Test ${outsider.user.last_name}`, 'Ann Zimmer']);
  });

  it('pages with page and per_page (default 100, at most 100), a page past the end empty with the total', async () => {
    const outsider = await registerUser(t.app, 'advisor');
    const tag = randomBytes(4).toString('hex');
    await t.db.insert(users).values(
      ['Abe', 'Bo', 'Cy', 'Di'].map((firstName) => ({
        firmId: outsider.user.firm_id,
        email: `${firstName}.pager.${tag}@example.com`.toLowerCase(),
        passwordHash: 'not-a-hash',
        firstName,
        lastName: 'Pager',
        role: 'advisor' as const,
      })),
    );
    const page = async (query: string) => (await list(outsider.access_token, `/users/advisors${query}`)).body as AdvisorListResponse;
    const all = await page('');
    expect(all).toMatchObject({ total: 5, page: 1, per_page: 100, pages: 1 });
    expect(all.advisors).toHaveLength(5);

    const pages = [await page('?per_page=2'), await page('?per_page=2&page=2'), await page('?page=3&per_page=2')];
    expect(pages.map(({ advisors: _advisors, ...info }) => info)).toEqual(
      [1, 2, 3].map((n) => ({ total: 5, page: n, per_page: 2, pages: 3 })),
    );
    expect(pages.flatMap((one) => one.advisors)).toEqual(all.advisors);
    expect(await page('?per_page=2&page=4')).toEqual({ advisors: [], total: 5, page: 4, per_page: 2, pages: 3 });

    const refused = async (query: string) => {
      const { status, body } = await list(outsider.access_token, `/users/advisors${query}`);
      expect(status, query).toBe(422);
      return body.detail.map((issue: { loc: unknown[]; msg: string }) => ({ loc: issue.loc, msg: issue.msg }));
    };
    for (const value of ['0', '101', 'x', '2.5']) {
      expect(await refused(`?per_page=${value}`)).toEqual([{ loc: ['querystring', 'per_page'], msg: pageMessages.perPageInvalid }]);
    }
    expect(await refused('?page=0')).toEqual([{ loc: ['querystring', 'page'], msg: pageMessages.pageInvalid }]);
  });

  it('answers with a trailing slash, and is not taken for a user id', async () => {
    const admin = await session(demo.admin);
    const plain = await list(admin.access_token);
    const slashed = await list(admin.access_token, '/users/advisors/');
    expect(slashed.status).toBe(200);
    expect(slashed.body).toEqual(plain.body);
    expect(slashed.body).toHaveProperty('advisors');
    expect((await call(t.app, 'GET', api(`/users/${admin.user.id}`), { token: admin.access_token })).body).toMatchObject({
      id: admin.user.id,
    });
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await call(t.app, 'GET', '/docs/json');
    const operation = body.paths['/api/v1/users/advisors'].get;
    expect(operation.tags).toEqual(['users']);
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(JSON.stringify(operation.responses['200'])).toContain('client_count');
  });
});
