import type { BookPerformanceResponse } from '@meridian/domain/dashboard/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { Client, ClientListResponse, ClientStats } from '@meridian/domain/clients/contracts';
import { clientMessages, messages } from '@meridian/domain/shared/messages';
import { clients } from '../../db/schema/clients.ts';
import { api, call, demo } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { completeQuestionnaire } from '../../test/fixtures/ipq.fixtures.ts';
import {
  addClient,
  colleague,
  insertPortfolio,
  insertSecurity,
  newAdvisorFirm,
  session,
  type Session,
} from '../../test/fixtures/clients.fixtures.ts';

/** The list of a firm of our own: eight clients whose order under every sort is known; each band but one set by hand, with its reason. */
const book = [
  {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@lovelace.example',
    net_worth: 2_500_000,
    annual_income: 300_000,
    risk_band: 'aggressive',
    investment_experience: 'expert',
  },
  {
    first_name: 'alan',
    last_name: 'turing',
    email: 'alan.t@bletchley.example',
    net_worth: 750_000,
    risk_band: 'moderate',
    investment_experience: 'advanced',
  },
  {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@navy.example',
    net_worth: null,
    risk_band: 'conservative',
    investment_experience: 'intermediate',
  },
  {
    first_name: 'Barbara',
    last_name: 'Liskov',
    email: 'b.liskov@mit.example',
    net_worth: 90_000,
    risk_band: 'moderately_conservative',
    investment_experience: 'beginner',
  },
  {
    first_name: 'Edsger',
    last_name: 'Dijkstra',
    email: 'ewd@austin.example',
    net_worth: 4_000_000,
    risk_band: null,
    investment_experience: null,
  },
  {
    first_name: 'Zed%',
    last_name: 'Percent',
    email: 'zed.pct@example.com',
    net_worth: 100_000,
    risk_band: 'moderately_aggressive',
    investment_experience: 'expert',
  },
  {
    first_name: 'Zedx',
    last_name: 'Percent',
    email: 'u_s@example.com',
    net_worth: 100_000,
    risk_band: 'aggressive',
    investment_experience: 'beginner',
  },
  {
    first_name: 'Uxs',
    last_name: 'Lookalike',
    email: 'uxs@example.com',
    net_worth: 5_000,
    risk_band: 'moderate',
    investment_experience: 'advanced',
  },
] as const;

describeEachDatabase('clients: list, filters, sorting, paging, stats', (t) => {
  let app: FastifyInstance;
  let advisor: Session;
  let partner: Session;
  let created: Client[];

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    advisor = await newAdvisorFirm(app);
    partner = await colleague(app, t.db, advisor.firmId);
    created = [];
    // One at a time, so created_at follows the book's order.
    for (const client of book)
      created.push(
        await addClient(app, advisor, client.risk_band ? { ...client, risk_band_reason: 'Agreed at the first meeting.' } : client),
      );
  });

  const list = async (query: string, who: Session = advisor) => {
    const response = await call(app, 'GET', api(`/clients${query}`), { token: who.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as ClientListResponse;
  };
  const emails = (body: ClientListResponse) => body.clients.map((c) => c.email);
  const emailsOf = (predicate: (c: (typeof book)[number]) => boolean) => book.filter(predicate).map((c) => c.email);
  const expectInvalid = async (query: string, field: string, message: string) => {
    const response = await call(app, 'GET', api(`/clients${query}`), { token: advisor.token });
    expect(response.status, query).toBe(422);
    // A value of a list parameter is named by its position too: ['querystring', 'risk_capacity', 0].
    const issues = (response.body.detail as Array<{ loc: unknown[]; msg: string }>).map((issue) => ({
      loc: issue.loc.slice(0, 2),
      msg: issue.msg,
    }));
    expect(issues, query).toContainEqual({ loc: ['querystring', field], msg: message });
  };

  it('answers 401 without a token, before reading the query', async () => {
    for (const path of ['/clients', '/clients?per_page=0', '/clients/stats']) {
      const response = await call(app, 'GET', api(path));
      expect(response.status, path).toBe(401);
      expect(response.body).toEqual({ detail: messages.notAuthenticated });
    }
  });

  it('lists the advisor’s clients, sorted by last then first name, with paging figures (trailing slash optional)', async () => {
    for (const path of ['', '/']) {
      const body = await list(path);
      expect(body).toMatchObject({ total: book.length, page: 1, per_page: 50, pages: 1 });
      expect(body.clients.map((c) => `${c.last_name}, ${c.first_name}`)).toEqual([
        'Dijkstra, Edsger',
        'Hopper, Grace',
        'Liskov, Barbara',
        'Lookalike, Uxs',
        'Lovelace, Ada',
        'Percent, Zed%',
        'Percent, Zedx',
        'turing, alan',
      ]);
    }
  });

  it('gives every row its profile, advisor, AUM and activity', async () => {
    const body = await list('?search=lovelace');
    expect(body.clients).toHaveLength(1);
    const ada = body.clients[0]!;
    expect(ada).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@lovelace.example',
      advisor_id: advisor.userId,
      advisor_name: advisor.name,
      user_id: null,
      household_id: null,
      household_role: null,
      profile: {
        net_worth: 2_500_000,
        annual_income: 300_000,
        risk_capacity: 'high',
        investment_experience: 'expert',
        financial_goals: null,
      },
      risk_band: 'aggressive',
      risk_band_source: 'advisor',
      risk_band_reason: 'Agreed at the first meeting.',
      aum: 0,
      gain_loss_percent: 0,
      assessment_status: 'Pending',
      last_login_at: null,
      sync_version: 1,
    });
    expect(ada.last_activity_at).toBe(ada.updated_at);
    expect(Date.parse(ada.created_at)).not.toBeNaN();
  });

  it('searches first name, last name or e-mail, case-insensitively, as substrings', async () => {
    expect(emails(await list('?search=GRAC'))).toEqual(['grace@navy.example']);
    expect(emails(await list('?search=ovela'))).toEqual(['ada@lovelace.example']);
    expect(emails(await list('?search=BLETCHLEY'))).toEqual(['alan.t@bletchley.example']);
    expect(emails(await list('?search=ALAN'))).toEqual(['alan.t@bletchley.example']);
    expect(emails(await list('?search=%20%20'))).toHaveLength(book.length); // only spaces: no search
    expect((await list('?search=nobody-here')).total).toBe(0);
  });

  it('needs every word of a several-word search to match one of the fields', async () => {
    expect(emails(await list('?search=grace%20hopper'))).toEqual(['grace@navy.example']);
    expect(emails(await list('?search=Hopper%20navy'))).toEqual(['grace@navy.example']);
    expect((await list('?search=grace%20turing')).total).toBe(0);
  });

  it('takes % and _ in a search literally', async () => {
    expect(emails(await list(`?search=${encodeURIComponent('zed%')}`))).toEqual(['zed.pct@example.com']);
    expect(emails(await list(`?search=${encodeURIComponent('u_s')}`))).toEqual(['u_s@example.com']);
    expect(emails(await list(`?search=${encodeURIComponent('%')}`))).toEqual(['zed.pct@example.com']);
    expect((await list(`?search=${encodeURIComponent('\\')}`)).total).toBe(0);
  });

  it('searches short words too (no trigram index) and counts them the same way', async () => {
    const body = await list('?search=ze&per_page=1');
    expect(body.total).toBe(2);
    expect(body.pages).toBe(2);
  });

  it('never finds another firm’s clients, even by an exact e-mail', async () => {
    const outsider = await newAdvisorFirm(app);
    await addClient(app, outsider, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.other@lovelace.example' });
    expect(emails(await list('?search=lovelace'))).toEqual(['ada@lovelace.example']);
    expect(emails(await list('?search=lovelace', outsider))).toEqual(['ada.other@lovelace.example']);
  });

  it('filters by risk capacity, read from the band: low is the two conservative bands, high the two aggressive; moderate is medium', async () => {
    const low = ['grace@navy.example', 'b.liskov@mit.example'].sort();
    const medium = ['alan.t@bletchley.example', 'uxs@example.com'].sort();
    const high = ['ada@lovelace.example', 'zed.pct@example.com', 'u_s@example.com'].sort();
    expect(emails(await list('?risk_capacity=low')).sort()).toEqual(low);
    expect(emails(await list('?risk_capacity=medium')).sort()).toEqual(medium);
    expect(emails(await list('?risk_capacity=Moderate')).sort()).toEqual(medium);
    expect(emails(await list('?risk_capacity=low,high')).sort()).toEqual([...low, ...high].sort());
    expect(emails(await list('?risk_capacity=low&risk_capacity=high')).sort()).toEqual([...low, ...high].sort());
    expect((await list('?risk_capacity=')).total).toBe(book.length);
    await expectInvalid('?risk_capacity=reckless', 'risk_capacity', clientMessages.riskCapacityInvalid);
  });

  it('filters by risk band, five levels and not_assessed, one or several', async () => {
    expect(emails(await list('?risk_band=moderately_aggressive'))).toEqual(['zed.pct@example.com']);
    expect(emails(await list('?risk_band=aggressive')).sort()).toEqual(['ada@lovelace.example', 'u_s@example.com']);
    expect(emails(await list('?risk_band=not_assessed'))).toEqual(['ewd@austin.example']);
    expect(emails(await list('?risk_band=moderate,not_assessed')).sort()).toEqual(
      ['alan.t@bletchley.example', 'uxs@example.com', 'ewd@austin.example'].sort(),
    );
    // Both filters together: the bands of either.
    expect(emails(await list('?risk_band=conservative&risk_capacity=medium')).sort()).toEqual(
      ['grace@navy.example', 'alan.t@bletchley.example', 'uxs@example.com'].sort(),
    );
    await expectInvalid('?risk_band=reckless', 'risk_band', clientMessages.riskBandFilterInvalid);
  });

  it('filters by investment experience, one or several', async () => {
    expect(emails(await list('?investment_experience=expert')).sort()).toEqual(
      emailsOf((c) => c.investment_experience === 'expert').sort(),
    );
    expect(emails(await list('?investment_experience=beginner,advanced')).sort()).toEqual(
      emailsOf((c) => c.investment_experience === 'beginner' || c.investment_experience === 'advanced').sort(),
    );
    await expectInvalid('?investment_experience=guru', 'investment_experience', clientMessages.investmentExperienceInvalid);
  });

  it('filters by net worth range, a missing net worth counting as 0', async () => {
    const worth = (c: (typeof book)[number]) => c.net_worth ?? 0;
    expect(emails(await list('?min_net_worth=100000')).sort()).toEqual(emailsOf((c) => worth(c) >= 100_000).sort());
    expect(emails(await list('?max_net_worth=100000')).sort()).toEqual(emailsOf((c) => worth(c) <= 100_000).sort());
    expect(emails(await list('?min_net_worth=0&max_net_worth=0'))).toEqual(['grace@navy.example']);
    expect(emails(await list('?min_net_worth=90000&max_net_worth=100000')).sort()).toEqual(
      emailsOf((c) => worth(c) >= 90_000 && worth(c) <= 100_000).sort(),
    );
    await expectInvalid('?min_net_worth=-1', 'min_net_worth', clientMessages.minNetWorthInvalid);
    await expectInvalid('?max_net_worth=lots', 'max_net_worth', clientMessages.maxNetWorthInvalid);
    await expectInvalid('?min_net_worth=10&max_net_worth=5', 'min_net_worth', clientMessages.netWorthRangeInvalid);
  });

  it('filters by advisor: an admin sees the firm and can narrow it to one advisor', async () => {
    const admin = await colleague(app, t.db, advisor.firmId, 'admin');
    const partnerClient = await addClient(app, partner, { first_name: 'Partner', last_name: 'Client' });
    expect((await list('', admin)).total).toBe(book.length + 1);
    expect(emails(await list(`?advisor_id=${partner.userId}`, admin))).toEqual([partnerClient.email]);
    expect((await list(`?advisor_id=${advisor.userId}`, admin)).total).toBe(book.length);
    // An advisor's reach stays theirs whatever the filter says.
    expect((await list(`?advisor_id=${partner.userId}`)).total).toBe(0);
    expect(emails(await list('', partner))).toEqual([partnerClient.email]);
    await expectInvalid('?advisor_id=nope', 'advisor_id', clientMessages.advisorIdInvalid);
  });

  it('filters by assessment status: everyone is Pending before any assessment', async () => {
    expect((await list('?assessment_status=Pending')).total).toBe(book.length);
    expect((await list('?assessment_status=pending,complete')).total).toBe(book.length);
    expect((await list('?assessment_status=Complete')).total).toBe(0);
    expect((await list('?assessment_status=in_progress')).total).toBe(0);
    expect((await list('?assessment_status=All')).total).toBe(book.length);
    await expectInvalid('?assessment_status=done', 'assessment_status', clientMessages.assessmentStatusInvalid);
  });

  // Code-unit order, as the test databases collate (C).
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byName = (a: Client, b: Client) =>
    compare(a.last_name.toLowerCase(), b.last_name.toLowerCase()) || compare(a.first_name.toLowerCase(), b.first_name.toLowerCase());
  const bandOrder = ['conservative', 'moderately_conservative', 'moderate', 'moderately_aggressive', 'aggressive'];
  const riskRank = (c: Client) => bandOrder.indexOf(c.risk_band ?? 'conservative');
  const byBand = {
    asc: (a: Client, b: Client) => Number(a.risk_band === null) - Number(b.risk_band === null) || riskRank(a) - riskRank(b) || byName(a, b),
    desc: (a: Client, b: Client) =>
      Number(a.risk_band === null) - Number(b.risk_band === null) || riskRank(b) - riskRank(a) || byName(a, b),
  };
  const sorts: Record<string, { asc: (a: Client, b: Client) => number; desc: (a: Client, b: Client) => number }> = {
    name: { asc: byName, desc: (a, b) => byName(b, a) },
    email: { asc: (a, b) => compare(a.email, b.email), desc: (a, b) => compare(b.email, a.email) },
    netWorth: {
      asc: (a, b) => (a.profile.net_worth ?? 0) - (b.profile.net_worth ?? 0) || byName(a, b),
      desc: (a, b) => (b.profile.net_worth ?? 0) - (a.profile.net_worth ?? 0) || byName(a, b),
    },
    created_at: { asc: (a, b) => compare(a.created_at, b.created_at), desc: (a, b) => compare(b.created_at, a.created_at) },
    // By band, conservative → aggressive; unassessed clients last in both orders. risk_capacity sorts the same way.
    risk_band: byBand,
    risk_capacity: byBand,
  };

  for (const [field, orders] of Object.entries(sorts)) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts by ${field} ${order}`, async () => {
        const expected = [...created].sort(orders[order]).map((c) => c.email);
        expect(emails(await list(`?sort=${field}&order=${order}`))).toEqual(expected);
        // The same order holds across pages.
        const pages = [];
        for (let page = 1; page <= 3; page += 1) pages.push(...emails(await list(`?sort=${field}&order=${order}&per_page=3&page=${page}`)));
        expect(pages).toEqual(expected);
      });
    }
  }

  it('sorts ascending by name by default, takes net_worth as netWorth and refuses unknown sorts', async () => {
    expect(emails(await list('?order=asc'))).toEqual(emails(await list('?sort=name')));
    expect(emails(await list('?sort=net_worth&order=desc'))).toEqual(emails(await list('?sort=netWorth&order=desc')));
    await expectInvalid('?sort=shoe_size', 'sort', clientMessages.sortInvalid);
    await expectInvalid('?order=sideways', 'order', clientMessages.orderInvalid);
  });

  it('pages: a page beyond the last is empty with the right total; limit is per_page', async () => {
    const second = await list('?per_page=3&page=2');
    expect(second).toMatchObject({ total: book.length, page: 2, per_page: 3, pages: 3 });
    expect(second.clients).toHaveLength(3);
    const last = await list('?per_page=3&page=3');
    expect(last.clients).toHaveLength(2);
    const beyond = await list('?per_page=3&page=9');
    expect(beyond).toMatchObject({ clients: [], total: book.length, page: 9, per_page: 3, pages: 3 });
    // A search past its last page still counts its matches.
    expect(await list('?search=percent&per_page=1&page=5')).toMatchObject({ clients: [], total: 2, pages: 2 });
    expect(await list('?limit=2')).toMatchObject({ per_page: 2, pages: 4 });
    expect((await list('?limit=2')).clients).toHaveLength(2);
    expect((await list('?per_page=100')).per_page).toBe(100);
  });

  it('refuses per_page 0, 101 or not a number, page 0 and limit 101 with the message', async () => {
    for (const value of ['0', '101', 'x', '2.5', '']) await expectInvalid(`?per_page=${value}`, 'per_page', clientMessages.perPageInvalid);
    await expectInvalid('?page=0', 'page', clientMessages.pageInvalid);
    await expectInvalid('?page=abc', 'page', clientMessages.pageInvalid);
    await expectInvalid('?limit=101', 'limit', clientMessages.limitInvalid);
    await expectInvalid(`?search=${'x'.repeat(101)}`, 'search', clientMessages.searchTooLong);
  });

  it('computes AUM from cash and holdings of open portfolios only', async () => {
    const ada = created[0]!;
    const priced = await insertSecurity(t.db, 123.45);
    const unpriced = await insertSecurity(t.db, null);
    const owner = { id: ada.id, firmId: advisor.firmId };
    await insertPortfolio(t.db, owner, { cash: 1000.5, positions: [{ securityId: priced.id, quantity: 10, averageCost: 100 }] });
    await insertPortfolio(t.db, owner, {
      status: 'proposed',
      cash: 250,
      positions: [{ securityId: unpriced.id, quantity: 2, averageCost: 50.25 }],
    });
    await insertPortfolio(t.db, owner, {
      status: 'closed',
      cash: 99_999,
      positions: [{ securityId: priced.id, quantity: 1000, averageCost: 1 }],
    });
    await insertPortfolio(t.db, owner, { deleted: true, cash: 77_777 });
    // 1000.50 + 10 × 123.45 + 250 + 2 × 50.25 (no close yet: valued at cost)
    const [row] = (await list('?search=lovelace')).clients;
    expect(row?.aum).toBe(2585.5);
    // Holdings cost 10 × 100 + 2 × 50.25 = 1100.50, worth 1234.50 + 100.50 = 1335: +21.31%.
    expect(row?.gain_loss_percent).toBe(21.31);
    const summary = await call(app, 'GET', api(`/clients/${ada.id}/summary`), { token: advisor.token });
    expect(summary.body).toMatchObject({ aum: 2585.5, portfolio_count: 2, cost_basis: 1100.5, gain_loss: 234.5, gain_loss_percent: 21.31 });
  });

  it('takes last activity from the latest of trade date, sign-in and change of the record', async () => {
    const grace = created[2]!;
    await t.db
      .update(clients)
      .set({ updatedAt: new Date('2020-01-02T03:04:05Z') })
      .where(eq(clients.id, grace.id));
    expect((await list('?search=hopper')).clients[0]?.last_activity_at).toBe('2020-01-02T03:04:05.000Z');
    await insertPortfolio(t.db, { id: grace.id, firmId: advisor.firmId }, { tradeDates: ['2023-05-01', '2024-06-14'] });
    await insertPortfolio(t.db, { id: grace.id, firmId: advisor.firmId }, { status: 'closed', tradeDates: ['2024-03-01'] });
    expect((await list('?search=hopper')).clients[0]?.last_activity_at).toBe('2024-06-14T00:00:00.000Z');
  });

  it('stats: the four cards over the reach and the filters', async () => {
    const stats = async (query: string, who: Session = advisor) => {
      const response = await call(app, 'GET', api(`/clients/stats${query}`), { token: who.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as ClientStats;
    };
    const edsger = created[4]!;
    const security = await insertSecurity(t.db, 60);
    // Edsger: value 10 × 60 = 600 and cash 400.
    await insertPortfolio(
      t.db,
      { id: edsger.id, firmId: advisor.firmId },
      { cash: 400, positions: [{ securityId: security.id, quantity: 10, averageCost: 40 }] },
    );
    const all = await stats('');
    const aum = (await list('?per_page=100')).clients.reduce((sum, c) => sum + Math.round(c.aum * 100), 0) / 100;
    expect(all.total_clients).toBe(book.length);
    expect(all.total_aum).toBe(aum);
    expect(all.assessment_complete_percent).toBe(0);
    // Performance is the book's time-weighted return over a year, the dashboard's figure, whatever the filters.
    const dashboard = (await call(app, 'GET', api('/analytics/performance?period=1Y'), { token: advisor.token }))
      .body as BookPerformanceResponse;
    const performance = {
      average_performance: dashboard.data.twr === null ? null : dashboard.data.twr * 100,
      performance_period: '1Y',
      performance_start_date: dashboard.data.start_date,
      performance_as_of: dashboard.data.as_of,
    };
    expect(await stats('?search=dijkstra')).toEqual({ total_clients: 1, total_aum: 1000, assessment_complete_percent: 0, ...performance });
    // No client at all: no completion share.
    expect(await stats('?search=turing')).toEqual({ total_clients: 1, total_aum: 0, assessment_complete_percent: 0, ...performance });
    expect(await stats('?search=nobody')).toEqual({ total_clients: 0, total_aum: 0, assessment_complete_percent: null, ...performance });
    // low: Grace, Barbara; high: Ada, Zed%, Zedx.
    expect((await stats('?risk_capacity=high,low')).total_clients).toBe(5);
    expect((await stats('?risk_band=not_assessed')).total_clients).toBe(1);
    expect((await stats('', partner)).total_clients).toBe(1);
    const response = await call(app, 'GET', api('/clients/stats?min_net_worth=-5'), { token: advisor.token });
    expect(response.status).toBe(422);
  });

  it('reaches across the demo firm: advisors their own book, the admin all of it, a client only themselves', async () => {
    const [admin, alex, priya, jordan] = await Promise.all([demo.admin, demo.alex, demo.priya, demo.client].map((a) => session(app, a)));
    const firm = await list('?per_page=1', admin!);
    const alexBook = await list('?per_page=100', alex!);
    const priyaBook = await list('?per_page=100', priya!);
    expect(firm.total).toBeGreaterThanOrEqual(100);
    expect(alexBook.total + priyaBook.total).toBe(firm.total);
    expect(alexBook.clients.every((c) => c.advisor_id === alex!.userId)).toBe(true);
    expect(priyaBook.clients.every((c) => c.advisor_id === priya!.userId)).toBe(true);
    const own = await list('', jordan!);
    expect(own.total).toBe(1);
    expect(own.clients[0]).toMatchObject({ email: demo.client.email, user_id: jordan!.userId });
    expect(own.clients[0]?.last_login_at).not.toBeNull();
  });

  it("shows each client's latest assessment status, filters on it and counts the completed share", async () => {
    const [ada, grace] = [created[0]!, created[1]!];
    await completeQuestionnaire(app, advisor.token, ada.id);
    const started = await call(app, 'POST', api('/ipq/start'), { token: advisor.token, body: { clientId: grace.id } });
    expect(started.status).toBe(201);
    const statusOf = async (id: string) => (await list('?per_page=100')).clients.find((client) => client.id === id)!.assessment_status;
    expect(await statusOf(ada.id)).toBe('Complete');
    expect(await statusOf(grace.id)).toBe('In Progress');
    expect(emails(await list('?assessment_status=Complete'))).toEqual([ada.email]);
    expect(emails(await list('?assessment_status=in_progress'))).toEqual([grace.email]);
    expect((await list('?assessment_status=Pending')).total).toBe(book.length - 2);
    expect((await list('?assessment_status=Complete,In Progress')).total).toBe(2);
    const response = await call(app, 'GET', api('/clients/stats'), { token: advisor.token });
    // One of the book's clients complete, to one decimal.
    expect((response.body as ClientStats).assessment_complete_percent).toBe(Math.round((1 / book.length) * 1000) / 10);
    // A new questionnaire makes the latest one in progress again.
    await call(app, 'POST', api('/ipq/start'), { token: advisor.token, body: { clientId: ada.id } });
    expect(await statusOf(ada.id)).toBe('In Progress');
  });
});
