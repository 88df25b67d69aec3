import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { Client, ClientSummary } from '@meridian/domain/clients/contracts';
import type { Household, HouseholdListResponse } from '@meridian/domain/households/contracts';
import { clientMessages, messages } from '@meridian/domain/shared/messages';
import { householdMessages } from '@meridian/domain/households/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { households } from '../../db/schema/clients.ts';
import { api, call, demo } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import {
  addClient,
  colleague,
  insertPortfolio,
  insertSecurity,
  newAdvisorFirm,
  session,
  type Session,
} from '../../test/fixtures/clients.fixtures.ts';

describeEachDatabase('households', (t) => {
  let app: FastifyInstance;
  let advisor: Session;
  let partner: Session;
  let admin: Session;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    advisor = await newAdvisorFirm(app);
    partner = await colleague(app, t.db, advisor.firmId);
    admin = await colleague(app, t.db, advisor.firmId, 'admin');
  });

  const post = (who: Session, body: unknown) => call(app, 'POST', api('/households'), { token: who.token, body });
  const get = (who: Session, id: string) => call(app, 'GET', api(`/households/${id}`), { token: who.token });
  const put = (who: Session, id: string, body: unknown) => call(app, 'PUT', api(`/households/${id}`), { token: who.token, body });
  const setMembers = (who: Session, id: string, body: unknown) =>
    call(app, 'PUT', api(`/households/${id}/members`), { token: who.token, body });
  const remove = (who: Session, id: string, query = '') => call(app, 'DELETE', api(`/households/${id}${query}`), { token: who.token });
  const client = (who: Session, id: string) => call(app, 'GET', api(`/clients/${id}`), { token: who.token });
  const issues = (body: { detail: Array<{ loc: unknown[]; msg: string }> }) =>
    body.detail.map((issue) => ({ loc: issue.loc, msg: issue.msg }));
  const family = async (who: Session, surname: string, count = 2) => {
    const members: Client[] = [];
    for (let i = 0; i < count; i += 1)
      members.push(await addClient(app, who, { first_name: ['Ann', 'Bob', 'Cy', 'Di'][i], last_name: surname }));
    return members;
  };

  it('creates a household with its members: head first, roles on the clients, versions bumped, audited', async () => {
    const [ann, bob, cy] = await family(advisor, 'Avery', 3);
    const response = await post(advisor, {
      name: 'Avery Household',
      notes: 'Annual review in March',
      members: [
        { client_id: cy!.id, role: 'child' },
        { client_id: bob!.id, role: 'Spouse' },
        { client_id: ann!.id, role: 'head' },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const household = response.body as Household;
    expect(household).toMatchObject({
      name: 'Avery Household',
      notes: 'Annual review in March',
      advisor_id: advisor.userId,
      advisor_name: advisor.name,
      member_count: 3,
      aum: 0,
      sync_version: 1,
    });
    expect(household.members.map((m) => [m.first_name, m.role])).toEqual([
      ['Ann', 'head'],
      ['Bob', 'spouse'],
      ['Cy', 'child'],
    ]);
    const annNow = (await client(advisor, ann!.id)).body as Client;
    expect(annNow).toMatchObject({ household_id: household.id, household_role: 'head', sync_version: 2 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, household.id)).orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ action: 'household created', entity: 'household', userId: advisor.userId });
    expect((await get(advisor, household.id)).body).toEqual(household);
    // The clients list narrows to a household.
    const members = await call(app, 'GET', api(`/clients?household_id=${household.id}`), { token: advisor.token });
    expect(members.body.clients.map((c: Client) => c.first_name)).toEqual(['Ann', 'Bob', 'Cy']);
  });

  it('validates the body: name required, roles, at most one head, each client once', async () => {
    const [ann, bob] = await family(advisor, 'Rules');
    const noName = await post(advisor, { name: '  ' });
    expect(noName.status).toBe(422);
    expect(issues(noName.body)).toEqual([{ loc: ['body', 'name'], msg: householdMessages.nameRequired }]);
    const twoHeads = await post(advisor, {
      name: 'Two heads',
      members: [
        { client_id: ann!.id, role: 'head' },
        { client_id: bob!.id, role: 'head' },
      ],
    });
    expect(twoHeads.status).toBe(422);
    expect(issues(twoHeads.body)).toEqual([{ loc: ['body', 'members'], msg: householdMessages.oneHead }]);
    const twice = await post(advisor, {
      name: 'Twice',
      members: [
        { client_id: ann!.id, role: 'head' },
        { client_id: ann!.id.toUpperCase(), role: 'spouse' },
      ],
    });
    expect(issues(twice.body)).toEqual([{ loc: ['body', 'members'], msg: householdMessages.memberTwice }]);
    const badRole = await post(advisor, {
      name: 'Role',
      members: [
        { client_id: ann!.id, role: 'cousin' },
        { client_id: 'nope', role: 'other' },
      ],
    });
    expect(issues(badRole.body)).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'members', 0, 'role'], msg: householdMessages.roleInvalid },
        { loc: ['body', 'members', 1, 'client_id'], msg: householdMessages.clientIdInvalid },
      ]),
    );
    // Nothing was created by the refused requests.
    expect((await client(advisor, ann!.id)).body.household_id).toBeNull();
  });

  it('admits only clients in reach, of the household’s advisor, in no other household', async () => {
    const [ann] = await family(advisor, 'Reach', 1);
    const [partnersClient] = await family(partner, 'Partner', 1);
    const outsider = await newAdvisorFirm(app);
    const [outsidersClient] = await family(outsider, 'Outside', 1);
    const household = (await post(advisor, { name: 'Reach Household', members: [{ client_id: ann!.id, role: 'head' }] })).body as Household;

    for (const stranger of [partnersClient!, outsidersClient!]) {
      const response = await setMembers(advisor, household.id, {
        members: [
          { client_id: ann!.id, role: 'head' },
          { client_id: stranger.id, role: 'spouse' },
        ],
      });
      expect(response.status).toBe(422);
      expect(issues(response.body)).toEqual([{ loc: ['body', 'members', 1, 'client_id'], msg: clientMessages.clientNotFound }]);
    }
    // The admin reaches the partner's client, but it is not a client of this household's advisor.
    const byAdmin = await setMembers(admin, household.id, { members: [{ client_id: partnersClient!.id, role: 'spouse' }] });
    expect(byAdmin.status).toBe(422);
    expect(issues(byAdmin.body)).toEqual([
      { loc: ['body', 'members', 0, 'client_id'], msg: householdMessages.memberOfOtherAdvisor('Ann Partner') },
    ]);
    const elsewhere = await post(advisor, { name: 'Second home', members: [{ client_id: ann!.id, role: 'head' }] });
    expect(elsewhere.status).toBe(422);
    expect(issues(elsewhere.body)).toEqual([
      { loc: ['body', 'members', 0, 'client_id'], msg: householdMessages.memberElsewhere('Ann Reach') },
    ]);
    expect((await get(advisor, household.id)).body.members).toHaveLength(1);
  });

  it('sets the member list: leavers released, roles swapped (head handed over), versions kept straight', async () => {
    const [ann, bob, cy] = await family(advisor, 'Swap', 3);
    const created = (
      await post(advisor, {
        name: 'Swap Household',
        members: [
          { client_id: ann!.id, role: 'head' },
          { client_id: bob!.id, role: 'spouse' },
          { client_id: cy!.id, role: 'child' },
        ],
      })
    ).body as Household;
    const response = await setMembers(advisor, created.id, {
      sync_version: created.sync_version,
      members: [
        { client_id: ann!.id, role: 'spouse' },
        { client_id: bob!.id, role: 'head' },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((response.body as Household).members.map((m) => [m.first_name, m.role])).toEqual([
      ['Bob', 'head'],
      ['Ann', 'spouse'],
    ]);
    expect(response.body.sync_version).toBe(created.sync_version + 1);
    expect((await client(advisor, cy!.id)).body).toMatchObject({ household_id: null, household_role: null, sync_version: 3 });
    expect((await client(advisor, ann!.id)).body).toMatchObject({ household_role: 'spouse', sync_version: 3 });
    // A stale version changes nothing (409 with the current household).
    const stale = await setMembers(advisor, created.id, { sync_version: created.sync_version, members: [] });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ detail: householdMessages.householdChanged, current: { id: created.id, member_count: 2 } });
    // Without a version the list is set as sent; an empty list releases everyone.
    const emptied = await setMembers(advisor, created.id, { members: [] });
    expect(emptied.body).toMatchObject({ member_count: 0, members: [], aum: 0 });
    expect((await client(advisor, bob!.id)).body.household_id).toBeNull();
  });

  it('rolls up its members’ AUM', async () => {
    const [ann, bob] = await family(advisor, 'Wealthy');
    const security = await insertSecurity(t.db, 10.01);
    await insertPortfolio(
      t.db,
      { id: ann!.id, firmId: advisor.firmId },
      { cash: 0.1, positions: [{ securityId: security.id, quantity: 3, averageCost: 9 }] },
    );
    await insertPortfolio(t.db, { id: bob!.id, firmId: advisor.firmId }, { cash: 0.2 });
    const household = (
      await post(advisor, {
        name: 'Wealthy Household',
        members: [
          { client_id: ann!.id, role: 'head' },
          { client_id: bob!.id, role: 'spouse' },
        ],
      })
    ).body as Household;
    expect(household.members.map((m) => m.aum)).toEqual([30.13, 0.2]);
    expect(household.aum).toBe(30.33);
  });

  it('renames with the current sync_version; a stale one answers 409 with the current household', async () => {
    const household = (await post(advisor, { name: 'Old Name' })).body as Household;
    const missing = await put(advisor, household.id, { name: 'No version' });
    expect(missing.status).toBe(422);
    expect(issues(missing.body)).toEqual([{ loc: ['body', 'sync_version'], msg: clientMessages.syncVersionRequired }]);
    const renamed = await put(advisor, household.id, { name: 'New Name', notes: 'moved to Boulder', sync_version: 1 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'New Name', notes: 'moved to Boulder', sync_version: 2 });
    const stale = await put(advisor, household.id, { name: 'Lost update', sync_version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ name: 'New Name', sync_version: 2 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, household.id)).orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ action: 'household updated' });
    expect(entry?.before).toMatchObject({ name: 'Old Name' });
  });

  it('an admin hands a household to another advisor and its members move with it; an advisor cannot', async () => {
    const [ann, bob] = await family(advisor, 'Handover');
    const household = (
      await post(advisor, {
        name: 'Handover Household',
        members: [
          { client_id: ann!.id, role: 'head' },
          { client_id: bob!.id, role: 'spouse' },
        ],
      })
    ).body as Household;
    const byAdvisor = await put(advisor, household.id, { advisor_id: partner.userId, sync_version: household.sync_version });
    expect(byAdvisor.status).toBe(422);
    expect(issues(byAdvisor.body)).toEqual([{ loc: ['body', 'advisor_id'], msg: clientMessages.advisorOwnOnly }]);
    // A member alone cannot be reassigned while in the household.
    const single = await call(app, 'PUT', api(`/clients/${ann!.id}`), {
      token: admin.token,
      body: { advisor_id: partner.userId, sync_version: 2 },
    });
    expect(single.status).toBe(422);
    expect(issues(single.body)).toEqual([{ loc: ['body', 'advisor_id'], msg: clientMessages.clientInHousehold }]);
    const moved = await put(admin, household.id, { advisor_id: partner.userId, sync_version: household.sync_version });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ advisor_id: partner.userId, advisor_name: partner.name, member_count: 2 });
    expect((await get(advisor, household.id)).status).toBe(404);
    expect((await get(partner, household.id)).status).toBe(200);
    expect((await client(partner, ann!.id)).body).toMatchObject({ advisor_id: partner.userId, sync_version: 3 });
  });

  it('an admin creates a household for the advisor its members share, or names one', async () => {
    const [ann, bob] = await family(partner, 'Shared');
    const inferred = await post(admin, {
      name: 'Shared Household',
      members: [
        { client_id: ann!.id, role: 'head' },
        { client_id: bob!.id, role: 'spouse' },
      ],
    });
    expect(inferred.status).toBe(201);
    expect(inferred.body.advisor_id).toBe(partner.userId);
    const nobody = await post(admin, { name: 'Nobody’s' });
    expect(nobody.status).toBe(422);
    expect(issues(nobody.body)).toEqual([{ loc: ['body', 'advisor_id'], msg: householdMessages.advisorRequired }]);
    const named = await post(admin, { name: 'Named', advisor_id: advisor.userId });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ advisor_id: advisor.userId, members: [] });
  });

  it('lists the households in reach by name, with search and paging', async () => {
    const list = async (who: Session, query = '') => {
      const response = await call(app, 'GET', api(`/households${query}`), { token: who.token });
      expect(response.status).toBe(200);
      return response.body as HouseholdListResponse;
    };
    const mine = await list(advisor, '?per_page=100');
    const names = mine.households.map((h) => h.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(mine.households.every((h) => h.advisor_id === advisor.userId)).toBe(true);
    const firm = await list(admin, '?per_page=100');
    expect(firm.total).toBe(mine.total + (await list(partner, '?per_page=100')).total);
    expect((await list(advisor, '?search=AVERY')).households.map((h) => h.name)).toEqual(['Avery Household']);
    const paged = await list(advisor, '?limit=1&page=2');
    expect(paged).toMatchObject({ page: 2, per_page: 1, total: mine.total, pages: mine.total });
    expect(paged.households).toHaveLength(1);
    expect((await list(advisor, '?page=99')).households).toEqual([]);
    const invalid = await call(app, 'GET', api('/households?per_page=101'), { token: advisor.token });
    expect(issues(invalid.body)).toEqual([{ loc: ['querystring', 'per_page'], msg: clientMessages.perPageInvalid }]);
  });

  it('deletes softly: members released, 404 afterwards, audited', async () => {
    const [ann] = await family(advisor, 'Dissolved', 1);
    const household = (await post(advisor, { name: 'Dissolved Household', members: [{ client_id: ann!.id, role: 'head' }] }))
      .body as Household;
    expect((await remove(advisor, household.id, '?sync_version=5')).status).toBe(409);
    expect((await remove(advisor, household.id)).status).toBe(204);
    expect((await get(advisor, household.id)).status).toBe(404);
    expect((await remove(advisor, household.id)).status).toBe(404);
    expect((await client(advisor, ann!.id)).body).toMatchObject({ household_id: null, household_role: null });
    const [row] = await t.db.select().from(households).where(eq(households.id, household.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, household.id)).orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ action: 'household deleted' });
    // The client can join another household now.
    expect((await post(advisor, { name: 'Fresh start', members: [{ client_id: ann!.id, role: 'head' }] })).status).toBe(201);
  });

  it('a deleted client leaves their household', async () => {
    const [ann, bob] = await family(advisor, 'Leaving');
    const household = (
      await post(advisor, {
        name: 'Leaving Household',
        members: [
          { client_id: ann!.id, role: 'head' },
          { client_id: bob!.id, role: 'spouse' },
        ],
      })
    ).body as Household;
    expect((await call(app, 'DELETE', api(`/clients/${ann!.id}`), { token: advisor.token })).status).toBe(204);
    const after = (await get(advisor, household.id)).body as Household;
    expect(after.members.map((m) => m.first_name)).toEqual(['Bob']);
    // With the head gone, another member can become head.
    expect((await setMembers(advisor, household.id, { members: [{ client_id: bob!.id, role: 'head' }] })).status).toBe(200);
  });

  it('answers 404 out of reach, and 403 to a client user’s writes; a client user reads their own household', async () => {
    const household = (await post(advisor, { name: 'Private Household' })).body as Household;
    const outsider = await newAdvisorFirm(app);
    for (const [who, id] of [
      [partner, household.id],
      [outsider, household.id],
      [advisor, '00000000-0000-4000-8000-000000000000'],
      [advisor, 'nope'],
    ] as const) {
      for (const response of [
        await get(who, id),
        await put(who, id, { name: 'x', sync_version: 1 }),
        await setMembers(who, id, { members: [] }),
        await remove(who, id),
      ]) {
        expect(response.status, `${who.name} ${id}`).toBe(404);
        expect(response.body).toEqual({ detail: householdMessages.householdNotFound });
      }
    }

    // The demo: Jordan Reyes's household, seeded with the demo book.
    const jordan = await session(app, demo.client);
    const own = await call(app, 'GET', api('/households'), { token: jordan.token });
    expect(own.body.total).toBe(1);
    const reyes = own.body.households[0] as Household;
    expect(reyes.members.find((m) => m.role === 'head')).toMatchObject({ first_name: 'Jordan', last_name: 'Reyes' });
    expect(reyes.members.length).toBeGreaterThanOrEqual(2);
    expect((await get(jordan, reyes.id)).status).toBe(200);
    expect((await put(jordan, reyes.id, { name: 'Mine', sync_version: reyes.sync_version })).status).toBe(403);
    expect((await post(jordan, { name: 'New' })).body).toEqual({ detail: messages.accessDenied });
    const summary = (await call(app, 'GET', api(`/clients/${reyes.members[0]!.client_id}/summary`), { token: jordan.token }))
      .body as ClientSummary;
    expect(summary.household).toMatchObject({ id: reyes.id, name: reyes.name });
    expect(summary.household?.members.map((m) => m.client_id)).toEqual(reyes.members.map((m) => m.client_id));
    // Sam Okafor has no household: none to see, and not the Reyes one.
    const sam = await session(app, demo.sam);
    expect((await call(app, 'GET', api('/households'), { token: sam.token })).body.total).toBe(0);
    expect((await get(sam, reyes.id)).status).toBe(404);
  });

  it('seeds 15 demo households whose members share their surname and their advisor', async () => {
    const demoAdmin = await session(app, demo.admin);
    const { body } = await call(app, 'GET', api('/households?per_page=100'), { token: demoAdmin.token });
    expect(body.total).toBe(15);
    for (const household of body.households as Household[]) {
      expect(household.members.filter((m) => m.role === 'head')).toHaveLength(1);
      expect(household.member_count).toBeGreaterThanOrEqual(2);
      const surname = household.name.replace(/ Household$/, '');
      for (const member of household.members) expect(member.last_name).toBe(surname);
    }
  });
});
