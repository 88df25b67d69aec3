import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { clientStaffOnlyFields, type Client, type ClientSummary } from '@meridian/domain/clients/contracts';
import { clientMessages, messages } from '@meridian/domain/shared/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { clients } from '../../db/schema/clients.ts';
import { portfolios } from '../../db/schema/portfolios.ts';
import { api, call, demo } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import {
  addClient,
  colleague,
  insertPortfolio,
  insertSecurity,
  newAdvisorFirm,
  session,
  uniqueEmail,
  type Session,
} from '../../test/fixtures/clients.fixtures.ts';

const unknownId = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('clients: read, create, update, delete, summary', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let priya: Session;
  let admin: Session;
  let jordan: Session;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    [alex, priya, admin, jordan] = (await Promise.all(
      [demo.alex, demo.priya, demo.admin, demo.client].map((account) => session(app, account)),
    )) as [Session, Session, Session, Session];
  });

  const post = (who: Session, body: unknown) => call(app, 'POST', api('/clients'), { token: who.token, body });
  const get = (who: Session, id: string, suffix = '') => call(app, 'GET', api(`/clients/${id}${suffix}`), { token: who.token });
  const put = (who: Session, id: string, body: unknown) => call(app, 'PUT', api(`/clients/${id}`), { token: who.token, body });
  const remove = (who: Session, id: string, query = '') => call(app, 'DELETE', api(`/clients/${id}${query}`), { token: who.token });
  const issues = (body: { detail: Array<{ loc: unknown[]; msg: string }> }) =>
    body.detail.map((issue) => ({ loc: issue.loc, msg: issue.msg }));
  const auditOf = (entityId: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(desc(auditLog.createdAt));

  it('an advisor adds a client to their own book (201), e-mail stored lower-case, audited', async () => {
    const email = uniqueEmail('New.Client').replace('new.client', 'New.Client');
    const response = await post(alex, {
      first_name: '  Mariana ',
      last_name: 'Oliveira',
      email: `  ${email.toUpperCase()} `,
      phone: '+1 (303) 555-0199',
      birth_date: '1980-02-29',
      address: '1600 Glenarm Place, Denver, CO 80202',
      net_worth: '1250000.50',
      annual_income: 185000,
      risk_band: 'moderate',
      risk_band_reason: 'Wants a balanced mix; agreed at the first meeting.',
      investment_experience: 'Advanced',
      financial_goals: 'Retire at 60',
      notes: 'Met at the spring seminar.',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const client = response.body as Client;
    expect(client).toMatchObject({
      first_name: 'Mariana',
      last_name: 'Oliveira',
      email: email.toLowerCase(),
      phone: '+1 (303) 555-0199',
      birth_date: '1980-02-29',
      address: '1600 Glenarm Place, Denver, CO 80202',
      notes: 'Met at the spring seminar.',
      advisor_id: alex.userId,
      advisor_name: 'Alex Chen',
      user_id: null,
      household_id: null,
      profile: {
        net_worth: 1_250_000.5,
        annual_income: 185_000,
        risk_capacity: 'medium',
        investment_experience: 'advanced',
        financial_goals: 'Retire at 60',
      },
      risk_band: 'moderate',
      risk_band_source: 'advisor',
      risk_band_reason: 'Wants a balanced mix; agreed at the first meeting.',
      aum: 0,
      sync_version: 1,
    });
    expect(client.age).toBeGreaterThanOrEqual(45);
    const entries = await auditOf(client.id);
    const created = entries.find((entry) => entry.action === 'client created');
    expect(created).toMatchObject({ entity: 'client', userId: alex.userId, firmId: alex.firmId });
    expect(created?.after).toMatchObject({ id: client.id, email: email.toLowerCase() });
    expect(entries.find((entry) => entry.action === 'risk band set by advisor')?.after).toEqual({
      risk_band: 'moderate',
      reason: 'Wants a balanced mix; agreed at the first meeting.',
    });
    expect((await get(alex, client.id)).body).toEqual(client);
  });

  it('a new client is not assessed: no band and no risk capacity, never Moderate by default', async () => {
    const client = await addClient(app, alex, { first_name: 'Brand', last_name: 'New' });
    expect(client).toMatchObject({ risk_band: null, risk_band_source: null, risk_band_reason: null, risk_band_set_at: null });
    expect(client.profile.risk_capacity).toBeNull();
    expect((await get(alex, client.id)).body).toMatchObject({ risk_band: null, profile: { risk_capacity: null } });
  });

  it('an advisor setting the band by hand must give a reason: refused without one (nothing saved), recorded and audited with it', async () => {
    const client = await addClient(app, alex, { first_name: 'Hand', last_name: 'Set' });
    const noReason = await put(alex, client.id, { risk_band: 'moderately_aggressive', sync_version: 1 });
    expect(noReason.status).toBe(422);
    expect(issues(noReason.body)).toEqual([{ loc: ['body', 'risk_band_reason'], msg: clientMessages.riskBandReasonRequired }]);
    const blank = await put(alex, client.id, { risk_band: 'moderately_aggressive', risk_band_reason: '  ', sync_version: 1 });
    expect(blank.status).toBe(422);
    expect((await get(alex, client.id)).body).toMatchObject({ risk_band: null, sync_version: 1 });
    const noCreate = await post(alex, { first_name: 'A', last_name: 'B', email: uniqueEmail(), risk_band: 'aggressive' });
    expect(noCreate.status).toBe(422);

    t.clock.advance(1000);
    const set = await put(alex, client.id, {
      risk_band: 'moderately_aggressive',
      risk_band_reason: 'Long horizon and a pension; the questionnaire is booked for next week.',
      sync_version: 1,
    });
    t.clock.advance(-1000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // Moderately aggressive is high on the spec's three levels, and it stays moderately aggressive.
    expect(set.body).toMatchObject({
      risk_band: 'moderately_aggressive',
      risk_band_source: 'advisor',
      risk_band_reason: 'Long horizon and a pension; the questionnaire is booked for next week.',
      profile: { risk_capacity: 'high' },
      sync_version: 2,
    });
    expect(set.body.risk_band_set_at).not.toBeNull();
    const [entry] = (await auditOf(client.id)).filter((row) => row.action === 'risk band set by advisor');
    expect(entry).toMatchObject({ userId: alex.userId, before: { risk_band: null } });
    expect(entry?.after).toEqual({
      risk_band: 'moderately_aggressive',
      reason: 'Long horizon and a pension; the questionnaire is booked for next week.',
    });
    // The same band again needs no reason and changes no band.
    const same = await put(alex, client.id, { risk_band: 'moderately_aggressive', notes: 'call back', sync_version: 2 });
    expect(same.status).toBe(200);
    expect(same.body.risk_band_reason).toBe('Long horizon and a pension; the questionnaire is booked for next week.');
  });

  it('risk_capacity follows the band: the value the record shows may come back, another is refused', async () => {
    const client = await addClient(app, alex, {
      first_name: 'Follows',
      last_name: 'Band',
      risk_band: 'moderately_conservative',
      risk_band_reason: 'Retiring in three years.',
    });
    expect(client.profile.risk_capacity).toBe('low');
    const back = await put(alex, client.id, { ...client, notes: 'sent back whole' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const other = await put(alex, client.id, { risk_capacity: 'high', sync_version: 2 });
    expect(other.status).toBe(422);
    expect(issues(other.body)).toEqual([{ loc: ['body', 'risk_capacity'], msg: clientMessages.riskCapacityFollowsBand }]);
    const unassessed = await post(alex, { first_name: 'A', last_name: 'B', email: uniqueEmail(), risk_capacity: 'medium' });
    expect(unassessed.status).toBe(422);
    expect((await get(alex, client.id)).body).toMatchObject({ risk_band: 'moderately_conservative', sync_version: 2 });
  });

  it('takes the profile nested under `profile` too; a flat field wins', async () => {
    const response = await post(alex, {
      first_name: 'Nested',
      last_name: 'Profile',
      email: uniqueEmail(),
      net_worth: 10,
      profile: { net_worth: 99, annual_income: 20, investment_experience: 'beginner' },
    });
    expect(response.status).toBe(201);
    expect(response.body.profile).toEqual({
      net_worth: 10,
      annual_income: 20,
      risk_capacity: null,
      investment_experience: 'beginner',
      financial_goals: null,
    });
  });

  it('refuses a body that breaks the rules with 422 and every message', async () => {
    const response = await post(alex, {
      first_name: ' ',
      email: 'not-an-email',
      phone: 'call me',
      net_worth: -1,
      annual_income: 'lots',
      birth_date: '2023-02-30',
      risk_capacity: 'reckless',
      investment_experience: 'guru',
    });
    expect(response.status).toBe(422);
    expect(issues(response.body)).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'first_name'], msg: messages.firstNameRequired },
        { loc: ['body', 'last_name'], msg: messages.lastNameRequired },
        { loc: ['body', 'email'], msg: messages.emailInvalid },
        { loc: ['body', 'phone'], msg: messages.phoneInvalid },
        { loc: ['body', 'net_worth'], msg: clientMessages.netWorthNegative },
        { loc: ['body', 'annual_income'], msg: clientMessages.annualIncomeInvalid },
        { loc: ['body', 'birth_date'], msg: clientMessages.birthDateInvalid },
        { loc: ['body', 'risk_capacity'], msg: clientMessages.riskCapacityInvalid },
        { loc: ['body', 'investment_experience'], msg: clientMessages.investmentExperienceInvalid },
      ]),
    );
    const missingEmail = await post(alex, { first_name: 'A', last_name: 'B' });
    expect(issues(missingEmail.body)).toContainEqual({ loc: ['body', 'email'], msg: messages.emailRequired });
  });

  it('wants a birth date in the past and an age of at most 120', async () => {
    const base = { first_name: 'Birth', last_name: 'Date' };
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    for (const [birth_date, message] of [
      [tomorrow, clientMessages.birthDateNotPast],
      [today, clientMessages.birthDateNotPast],
      ['1890-01-01', clientMessages.birthDateTooOld],
      ['01/02/1980', clientMessages.birthDateInvalid],
    ] as const) {
      const response = await post(alex, { ...base, email: uniqueEmail(), birth_date });
      expect(response.status, birth_date).toBe(422);
      expect(issues(response.body), birth_date).toContainEqual({ loc: ['body', 'birth_date'], msg: message });
    }
    const oldest = new Date();
    oldest.setUTCFullYear(oldest.getUTCFullYear() - 120);
    const ok = await post(alex, {
      ...base,
      email: uniqueEmail(),
      birth_date: oldest.toISOString().slice(0, 10),
      net_worth: 0,
      annual_income: '',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.age).toBe(120);
    expect(ok.body.profile).toMatchObject({ net_worth: 0, annual_income: null });
  });

  it('lets an advisor name only themselves as the advisor', async () => {
    const response = await post(alex, { first_name: 'Wrong', last_name: 'Advisor', email: uniqueEmail(), advisor_id: priya.userId });
    expect(response.status).toBe(422);
    expect(issues(response.body)).toEqual([{ loc: ['body', 'advisor_id'], msg: clientMessages.advisorOwnOnly }]);
    expect((await post(alex, { first_name: 'Right', last_name: 'Advisor', email: uniqueEmail(), advisor_id: alex.userId })).status).toBe(
      201,
    );
  });

  it('an admin must name an active advisor of the firm', async () => {
    const body = { first_name: 'Admin', last_name: 'Made', email: uniqueEmail() };
    const missing = await post(admin, body);
    expect(missing.status).toBe(422);
    expect(issues(missing.body)).toEqual([{ loc: ['body', 'advisor_id'], msg: clientMessages.advisorRequired }]);
    const outsider = await newAdvisorFirm(app);
    for (const advisorId of [outsider.userId, jordan.userId, admin.userId, unknownId]) {
      const response = await post(admin, { ...body, advisor_id: advisorId });
      expect(response.status, advisorId).toBe(422);
      expect(issues(response.body)).toEqual([{ loc: ['body', 'advisor_id'], msg: clientMessages.advisorNotInFirm }]);
    }
    const created = await post(admin, { ...body, advisor_id: priya.userId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ advisor_id: priya.userId, advisor_name: 'Priya Patel' });
    expect((await get(priya, created.body.id)).status).toBe(200);
    expect((await get(alex, created.body.id)).status).toBe(404);
  });

  it('a client user cannot add, change or delete clients (403), not even their own record', async () => {
    const own = (await call(app, 'GET', api('/clients'), { token: jordan.token })).body.clients[0] as Client;
    expect((await post(jordan, { first_name: 'A', last_name: 'B', email: uniqueEmail() })).body).toEqual({ detail: messages.accessDenied });
    expect((await post(jordan, { first_name: 'A', last_name: 'B', email: uniqueEmail() })).status).toBe(403);
    expect((await put(jordan, own.id, { phone: '123', sync_version: own.sync_version })).status).toBe(403);
    expect((await remove(jordan, own.id)).status).toBe(403);
    expect((await get(jordan, own.id)).body).toMatchObject({ id: own.id, sync_version: own.sync_version });
  });

  it("never answers a client user the staff-only fields of their record: the advisor's notes stay the advisor's", async () => {
    const own = (await call(app, 'GET', api('/clients'), { token: jordan.token })).body.clients[0] as Client;
    const noted = await put(alex, own.id, { notes: 'Nervous about markets; wants to retire at 60.', sync_version: own.sync_version });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    // Staff read the note …
    expect(((await get(alex, own.id)).body as Client).notes).toBe('Nervous about markets; wants to retire at 60.');
    // … the client reads every staff-only field null, in the list and in the record.
    const listed = (await call(app, 'GET', api('/clients'), { token: jordan.token })).body.clients as Client[];
    const read = (await get(jordan, own.id)).body as Client;
    for (const client of [...listed, read]) {
      for (const field of clientStaffOnlyFields) expect(client[field], field).toBeNull();
    }
    expect(read).toMatchObject({ id: own.id, first_name: own.first_name, email: own.email });
  });

  it('refuses a duplicate e-mail within the firm (409), but not in another firm, nor after a delete', async () => {
    const email = uniqueEmail('dup');
    const first = await addClient(app, alex, { first_name: 'First', last_name: 'Owner', email });
    const again = await post(priya, { first_name: 'Second', last_name: 'Owner', email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: clientMessages.clientEmailTaken });
    const outsider = await newAdvisorFirm(app);
    expect((await post(outsider, { first_name: 'Other', last_name: 'Firm', email })).status).toBe(201);
    expect((await remove(alex, first.id)).status).toBe(204);
    expect((await post(priya, { first_name: 'Second', last_name: 'Owner', email })).status).toBe(201);
  });

  it('gives concurrent additions of one e-mail one 201 and one 409 (the database’s unique index backs the check)', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([1, 2, 3].map((n) => post(alex, { first_name: 'Race', last_name: `Runner${n}`, email })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body).toEqual({ detail: clientMessages.clientEmailTaken });
  });

  it('answers 404 for a client out of reach: another advisor’s, another firm’s, unknown or malformed', async () => {
    const priyas = await addClient(app, priya, { first_name: 'Priyas', last_name: 'Client' });
    const outsider = await newAdvisorFirm(app);
    const theirs = await addClient(app, outsider, { first_name: 'Outside', last_name: 'Client' });
    for (const [who, id] of [
      [alex, priyas.id],
      [admin, theirs.id],
      [outsider, priyas.id],
      [alex, unknownId],
      [alex, 'not-a-uuid'],
    ] as const) {
      for (const response of [
        await get(who, id),
        await get(who, id, '/summary'),
        await put(who, id, { sync_version: 1, notes: 'x' }),
        await remove(who, id),
      ]) {
        expect(response.status, `${who.name} ${id}`).toBe(404);
        expect(response.body).toEqual({ detail: clientMessages.clientNotFound });
      }
    }
    // A client user reads nothing but their own record; writing is refused for any id alike (403).
    expect((await get(jordan, priyas.id)).status).toBe(404);
    expect((await get(jordan, priyas.id, '/summary')).status).toBe(404);
    expect((await put(jordan, theirs.id, { sync_version: 1, notes: 'x' })).status).toBe(403);
    expect((await get(admin, priyas.id)).status).toBe(200);
    expect((await get(outsider, theirs.id)).status).toBe(200);
  });

  it('updates some fields (partial), bumps sync_version and updated_at, and audits before/after', async () => {
    const client = await addClient(app, alex, {
      first_name: 'Partial',
      last_name: 'Update',
      phone: '303 555 0100',
      net_worth: 5000,
    });
    t.clock.advance(1000);
    const response = await put(alex, client.id, { phone: '720-555-0101', net_worth: 7000, sync_version: 1 });
    t.clock.advance(-1000);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      first_name: 'Partial',
      phone: '720-555-0101',
      profile: { net_worth: 7000 },
      sync_version: 2,
    });
    expect(Date.parse(response.body.updated_at)).toBeGreaterThan(Date.parse(client.updated_at));
    const [entry] = await auditOf(client.id);
    expect(entry).toMatchObject({ action: 'client updated', userId: alex.userId });
    expect(entry?.before).toMatchObject({ phone: '303 555 0100', netWorth: 5000, syncVersion: 1 });
    expect(entry?.after).toMatchObject({ phone: '720-555-0101', netWorth: 7000, syncVersion: 2 });
  });

  it('takes the whole record back as it was read (full update), and null or empty clears an optional field', async () => {
    const client = await addClient(app, alex, {
      first_name: 'Full',
      last_name: 'Update',
      phone: '303 555 0100',
      notes: 'keep',
      net_worth: 10,
    });
    const edited = { ...client, first_name: 'Fuller', profile: { ...client.profile, net_worth: 20 } };
    const full = await put(alex, client.id, edited);
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body).toMatchObject({
      first_name: 'Fuller',
      phone: '303 555 0100',
      notes: 'keep',
      profile: { net_worth: 20 },
      sync_version: 2,
    });
    const cleared = await put(alex, client.id, { phone: null, notes: '', net_worth: null, sync_version: 2 });
    expect(cleared.body).toMatchObject({ phone: null, notes: null, profile: { net_worth: null }, sync_version: 3 });
    const invalid = await put(alex, client.id, { first_name: '', email: null, sync_version: 3 });
    expect(invalid.status).toBe(422);
    expect(issues(invalid.body)).toEqual(expect.arrayContaining([{ loc: ['body', 'first_name'], msg: messages.firstNameRequired }]));
  });

  it('needs sync_version, and refuses a stale one with 409 and the current record, changing nothing', async () => {
    const client = await addClient(app, alex, { first_name: 'Stale', last_name: 'Version', notes: 'original' });
    const missing = await put(alex, client.id, { notes: 'no version' });
    expect(missing.status).toBe(422);
    expect(issues(missing.body)).toEqual([{ loc: ['body', 'sync_version'], msg: clientMessages.syncVersionRequired }]);
    expect((await put(alex, client.id, { notes: 'first writer', sync_version: 1 })).status).toBe(200);
    const stale = await put(alex, client.id, { notes: 'second writer', sync_version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(clientMessages.clientChanged);
    expect(stale.body.current).toMatchObject({ id: client.id, notes: 'first writer', sync_version: 2 });
    expect((await get(alex, client.id)).body).toMatchObject({ notes: 'first writer', sync_version: 2 });
    const ahead = await put(alex, client.id, { notes: 'from the future', sync_version: 7 });
    expect(ahead.status).toBe(409);
  });

  it('refuses to take another client’s e-mail on update (409)', async () => {
    const a = await addClient(app, alex, { first_name: 'Email', last_name: 'Holder' });
    const b = await addClient(app, alex, { first_name: 'Email', last_name: 'Taker' });
    const response = await put(alex, b.id, { email: a.email.toUpperCase(), sync_version: 1 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: clientMessages.clientEmailTaken });
    // Its own address, differently cased, is no conflict.
    expect((await put(alex, b.id, { email: b.email.toUpperCase(), sync_version: 1 })).status).toBe(200);
  });

  it('only an admin reassigns a client to another advisor', async () => {
    const client = await addClient(app, alex, { first_name: 'Moving', last_name: 'Client' });
    const byAdvisor = await put(alex, client.id, { advisor_id: priya.userId, sync_version: 1 });
    expect(byAdvisor.status).toBe(422);
    expect(issues(byAdvisor.body)).toEqual([{ loc: ['body', 'advisor_id'], msg: clientMessages.advisorOwnOnly }]);
    const byAdmin = await put(admin, client.id, { advisor_id: priya.userId, sync_version: 1 });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ advisor_id: priya.userId, advisor_name: 'Priya Patel', sync_version: 2 });
    expect((await get(alex, client.id)).status).toBe(404);
    expect((await get(priya, client.id)).status).toBe(200);
  });

  it('deletes softly: 204, then 404 and out of every list, portfolios kept, audited', async () => {
    const client = await addClient(app, alex, { first_name: 'Soon', last_name: 'Gone' });
    const portfolio = await insertPortfolio(t.db, { id: client.id, firmId: alex.firmId }, { cash: 10 });
    const stale = await remove(alex, client.id, '?sync_version=9');
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: client.id, sync_version: 1 });
    expect((await remove(alex, client.id, '?sync_version=1')).status).toBe(204);
    expect((await get(alex, client.id)).status).toBe(404);
    expect((await get(admin, client.id)).status).toBe(404);
    expect((await remove(alex, client.id)).status).toBe(404);
    expect((await put(alex, client.id, { notes: 'x', sync_version: 2 })).status).toBe(404);
    const search = await call(app, 'GET', api(`/clients?search=${encodeURIComponent(client.email)}`), { token: admin.token });
    expect(search.body.total).toBe(0);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.syncVersion).toBe(2);
    expect(await t.db.select().from(portfolios).where(eq(portfolios.id, portfolio.id))).toHaveLength(1);
    const [entry] = await auditOf(client.id);
    expect(entry).toMatchObject({ action: 'client deleted', userId: alex.userId });
    expect(entry?.after).toMatchObject({ syncVersion: 2 });
    expect((entry?.after as { deletedAt: string | null }).deletedAt).not.toBeNull();
  });

  it('summary: open portfolios, AUM, unrealised gain/loss, activity, Pending assessment', async () => {
    const client = await addClient(app, alex, { first_name: 'Summary', last_name: 'Client' });
    const owner = { id: client.id, firmId: alex.firmId };
    const empty = await get(alex, client.id, '/summary/');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      client_id: client.id,
      portfolio_count: 0,
      aum: 0,
      cost_basis: 0,
      gain_loss: 0,
      gain_loss_percent: 0,
      last_activity_at: client.last_activity_at,
      assessment_status: 'Pending',
      household: null,
    } satisfies ClientSummary);
    const up = await insertSecurity(t.db, 150);
    const down = await insertSecurity(t.db, 20);
    // Cost 10 × 100 + 5 × 40 = 1200; value 10 × 150 + 5 × 20 = 1600; cash 500 + 0.25.
    await insertPortfolio(t.db, owner, {
      cash: 500,
      positions: [{ securityId: up.id, quantity: 10, averageCost: 100 }],
      tradeDates: ['2025-01-15'],
    });
    await insertPortfolio(t.db, owner, {
      status: 'proposed',
      cash: 0.25,
      positions: [{ securityId: down.id, quantity: 5, averageCost: 40 }],
    });
    await insertPortfolio(t.db, owner, {
      status: 'closed',
      cash: 1_000_000,
      positions: [{ securityId: up.id, quantity: 1, averageCost: 1 }],
    });
    const summary = (await get(alex, client.id, '/summary')).body as ClientSummary;
    expect(summary).toMatchObject({ portfolio_count: 2, aum: 2100.25, cost_basis: 1200, gain_loss: 400, gain_loss_percent: 33.33 });
    expect((await get(alex, client.id)).body.aum).toBe(2100.25);
    // Readable by the admin, not by another advisor.
    expect((await get(admin, client.id, '/summary')).status).toBe(200);
    expect((await get(priya, client.id, '/summary')).status).toBe(404);
  });

  it('a client user reads their own record and summary, linked to their login, and nothing else', async () => {
    const list = await call(app, 'GET', api('/clients'), { token: jordan.token });
    expect(list.body.total).toBe(1);
    const own = list.body.clients[0] as Client;
    expect(own).toMatchObject({ user_id: jordan.userId, first_name: 'Jordan', last_name: 'Reyes', email: demo.client.email });
    expect((await get(jordan, own.id, '/summary')).body).toMatchObject({ client_id: own.id, assessment_status: 'Pending' });
    const [row] = await t.db
      .select()
      .from(clients)
      .where(and(eq(clients.userId, jordan.userId)));
    expect(row?.id).toBe(own.id);
    const stats = await call(app, 'GET', api('/clients/stats'), { token: jordan.token });
    expect(stats.body.total_clients).toBe(1);
  });

  it('links every demo client login to a client record of the same name', async () => {
    for (const account of [demo.client, demo.sam, demo.newClient]) {
      const who = await session(app, account);
      const list = await call(app, 'GET', api('/clients'), { token: who.token });
      expect(list.body.total, account.email).toBe(1);
      expect(`${list.body.clients[0].first_name} ${list.body.clients[0].last_name}`).toBe(who.name);
    }
  });

  it('an admin of a new firm works on its clients only (via a colleague record)', async () => {
    const firm = await newAdvisorFirm(app);
    const firmAdmin = await colleague(app, t.db, firm.firmId, 'admin');
    const created = await post(firmAdmin, { first_name: 'Firm', last_name: 'Client', email: uniqueEmail(), advisor_id: firm.userId });
    expect(created.status).toBe(201);
    expect((await get(firm, created.body.id)).status).toBe(200);
    expect((await call(app, 'GET', api('/clients'), { token: firmAdmin.token })).body.total).toBe(1);
    expect(
      (await post(firmAdmin, { first_name: 'Other', last_name: 'Advisor', email: uniqueEmail(), advisor_id: alex.userId })).status,
    ).toBe(422);
  });
});
