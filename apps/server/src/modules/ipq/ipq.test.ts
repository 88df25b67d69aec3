import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { BandDecisionResponse, IpqResults, IpqSession, IpqSessionList, PredictionResponse } from '@meridian/domain/ipq/contracts';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Recommendation, RecommendationListResponse } from '@meridian/domain/recommendations/contracts';
import type { Client, ClientListResponse } from '@meridian/domain/clients/contracts';
import { auditLog } from '../../db/schema/audit.ts';
import { clients } from '../../db/schema/clients.ts';
import { api, call } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { colleague, insertSecurity, newAdvisorFirm, session, type Session } from '../../test/fixtures/clients.fixtures.ts';
import { insertClient, openPortfolio } from '../../test/fixtures/portfolios.fixtures.ts';
import { boldModules, growthModules, moderateModules } from '../../test/fixtures/ipq.fixtures.ts';

type Modules = typeof moderateModules | typeof boldModules | typeof growthModules;

describeEachDatabase('investor personality questionnaire', (t) => {
  let app: FastifyInstance;
  let advisor: Session & { email: string; password: string };
  let partner: Session;
  let admin: Session;
  let clientUser: Session;
  let outsider: Session;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    advisor = await newAdvisorFirm(app);
    partner = await colleague(app, t.db, advisor.firmId);
    admin = await colleague(app, t.db, advisor.firmId, 'admin');
    clientUser = await colleague(app, t.db, advisor.firmId, 'client');
    outsider = await newAdvisorFirm(app);
  });

  /** A client of the advisor in the moderate band (set by the advisor, with a reason), intermediate. */
  const newClient = (fields: Parameters<typeof insertClient>[2] = {}) =>
    insertClient(t.db, advisor, { investmentExperience: 'intermediate', ...fields });
  const notAssessed = { riskBand: null, riskBandSource: null, riskBandReason: null, riskCapacity: 'high' } as const;
  const start = (who: Session, clientId: string) =>
    call(app, 'POST', api('/ipq/start'), {
      token: who.token,
      body: { clientId, metadata: { source: 'advisor_portal', startTime: '2026-11-27T10:00:00Z' } },
    });
  const submit = (who: Session, sessionId: string, moduleNumber: number | string, body: unknown) =>
    call(app, 'POST', api(`/ipq/assessments/${sessionId}/modules/${moduleNumber}`), { token: who.token, body });
  const started = async (who: Session, clientId: string) => {
    const response = await start(who, clientId);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as IpqSession;
  };
  async function answer(who: Session, sessionId: string, modules: Modules, numbers = [1, 2, 3, 4]) {
    let last: IpqSession | undefined;
    for (const n of numbers) {
      const response = await submit(who, sessionId, n, modules[n as 1 | 2 | 3 | 4]);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      last = response.body as IpqSession;
    }
    return last!;
  }
  const results = async (who: Session, sessionId: string) => {
    const response = await call(app, 'GET', api(`/ipq/assessments/${sessionId}/comprehensive-results`), { token: who.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as IpqResults;
  };
  const clientRow = async (id: string) => (await t.db.select().from(clients).where(eq(clients.id, id)))[0]!;

  it('starts, saves module by module, and resumes where it stopped with the answers so far', async () => {
    const client = await newClient();
    const session = await started(advisor, client.id);
    expect(session).toMatchObject({ client_id: client.id, status: 'in_progress', resume_at_module: 1, progress: 0, completed_modules: [] });
    expect(session.assessment_id).toBe(session.session_id);
    expect((await clientRow(client.id)).assessmentStatus).toBe('in_progress');

    const afterTwo = await answer(advisor, session.session_id, moderateModules, [1, 2]);
    expect(afterTwo).toMatchObject({ resume_at_module: 3, progress: 50, completed_modules: ['personality', 'beliefs'] });

    // Another device (the client's own login, say) starting again gets the same session and its answers.
    const resumed = await start(advisor, client.id);
    expect(resumed.status).toBe(200);
    const body = resumed.body as IpqSession;
    expect(body.session_id).toBe(session.session_id);
    expect(body.resume_at_module).toBe(3);
    expect(body.modules.beliefs).toMatchObject({ reference_amount: 10_000, drawdown_reaction: 'hold' });
    expect(body.modules.asset_allocation).toBeNull();

    const read = await call(app, 'GET', api(`/ipq/assessments/${session.session_id}`), { token: advisor.token });
    expect((read.body as IpqSession).progress).toBe(50);
  });

  it("starts module 3 from the client's accounts: retirement and other wealth with their share in stocks", async () => {
    const client = await newClient({ investmentExperience: 'advanced' });
    const equity = await insertSecurity(t.db, 100);
    const ira = await openPortfolio(app, advisor.token, client.id, { account_type: 'ira' });
    // Funded on the buy's day (the last trading day may be before today).
    const funded = await call(app, 'POST', api(`/portfolios/${ira.id}/transactions`), {
      token: advisor.token,
      body: { type: 'deposit', amount: 20_000, trade_date: lastTradingDayOnOrBefore(marketDate(t.clock.now())) },
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(201);
    const bought = await call(app, 'POST', api(`/portfolios/${ira.id}/transactions`), {
      token: advisor.token,
      body: {
        type: 'buy',
        security_id: equity.id,
        quantity: 100,
        price: 100,
        trade_date: lastTradingDayOnOrBefore(marketDate(t.clock.now())),
      },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    await openPortfolio(app, advisor.token, client.id, { initial_deposit: 5_000, account_type: 'taxable' });
    const session = await started(advisor, client.id);
    // The IRA: $10,000 cash and 100 shares at the $100 close, half in stocks; the taxable account is all cash.
    expect(session.asset_allocation_prefill).toEqual({
      investment_experience: '5_to_10',
      retirement_wealth: 20_000,
      retirement_equity_percentage: 50,
      non_retirement_wealth: 5_000,
      non_retirement_equity_percentage: 0,
    });
    await answer(advisor, session.session_id, moderateModules, [1, 2, 3]);
    const read = (await call(app, 'GET', api(`/ipq/assessments/${session.session_id}`), { token: advisor.token })).body as IpqSession;
    expect(read.asset_allocation_prefill).toBeNull();
    const bare = await started(advisor, (await newClient({ investmentExperience: null })).id);
    expect(bare.asset_allocation_prefill).toBeNull();
    // With accounts but no experience on the profile, the experience is left to be asked, never assumed.
    const unknown = await newClient({ investmentExperience: null });
    await openPortfolio(app, advisor.token, unknown.id, { initial_deposit: 5_000, account_type: 'taxable' });
    expect((await started(advisor, unknown.id)).asset_allocation_prefill).toMatchObject({
      investment_experience: null,
      non_retirement_wealth: 5_000,
    });
  });

  it("starts module 4 from the client's record: the age from the birth date and the income", async () => {
    // Today (the test clock) minus a birth date of 1980-06-15: whole years.
    const today = marketDate(t.clock.now());
    const birth = '1980-06-15';
    const expectedAge = Number(today.slice(0, 4)) - 1980 - (today.slice(5) < '06-15' ? 1 : 0);
    const client = await newClient({ birthDate: birth, annualIncome: 135_000 });
    const session = await started(advisor, client.id);
    expect(session.demographics_prefill).toEqual({ age: expectedAge, annual_income: 135_000 });
    expect((await started(advisor, (await newClient()).id)).demographics_prefill).toBeNull();
    const done = await answer(advisor, session.session_id, moderateModules);
    expect(done.demographics_prefill).toBeNull();
  });

  it('the experience answered becomes the profile’s, audited', async () => {
    const client = await newClient({ investmentExperience: 'expert' });
    const session = await started(advisor, client.id);
    // Module 3 answers 1 to 5 years: intermediate (3-5 years) on the profile.
    await answer(advisor, session.session_id, moderateModules);
    expect((await clientRow(client.id)).investmentExperience).toBe('intermediate');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, 'client updated')));
    expect(entry).toMatchObject({ before: { investment_experience: 'expert' }, after: { investment_experience: 'intermediate' } });
  });

  it('shows an unrealistic return and contradicting 50/50 choices as points to discuss, leaving tolerance alone', async () => {
    const client = await newClient();
    const session = await started(advisor, client.id);
    await answer(advisor, session.session_id, {
      ...moderateModules,
      2: { ...moderateModules[2], gamble_accepts: [true, false, true, false], expected_return: 15 },
    } as unknown as Modules);
    const result = await results(advisor, session.session_id);
    expect(result.loss_aversion).toBeNull();
    expect(result.prediction.points_to_discuss).toHaveLength(2);
    expect(result.prediction.points_to_discuss[0]).toContain('accepted 1.5× and 3× the loss but declined 2× and 4×');
    expect(result.prediction.points_to_discuss[1]).toContain('Expects 15% a year');
    // Loss aversion and the return expectation neutral; hold after a fall +5: 55 (the old rule: 72.5).
    expect(result.prediction.risk_tolerance.score).toBeCloseTo(55, 10);
  });

  it('refuses a module with bad answers, naming each, and saves nothing of it', async () => {
    const client = await newClient();
    const session = await started(advisor, client.id);
    await answer(advisor, session.session_id, moderateModules, [1]);
    const bad = await submit(advisor, session.session_id, 2, {
      ...moderateModules[2],
      reference_amount: 20,
      drawdown_reaction: 'panic',
      gamble_accepts: [true],
    });
    expect(bad.status).toBe(422);
    const issues = (bad.body as { detail: Array<{ loc: string[]; msg: string }> }).detail.map((issue) => [issue.loc.join('.'), issue.msg]);
    expect(issues).toEqual([
      ['body.reference_amount', ipqMessages.referenceAmount],
      ['body.gamble_accepts', ipqMessages.gamblesRequired],
      ['body.drawdown_reaction', ipqMessages.drawdownReaction],
    ]);
    const read = (await call(app, 'GET', api(`/ipq/assessments/${session.session_id}`), { token: advisor.token })).body as IpqSession;
    expect(read).toMatchObject({ resume_at_module: 2, sync_version: 2, modules: { beliefs: null } });
  });

  it('takes modules in order, and only numbers 1 to 4', async () => {
    const client = await newClient();
    const session = await started(advisor, client.id);
    const skipped = await submit(advisor, session.session_id, 3, moderateModules[3]);
    expect(skipped.status).toBe(422);
    expect(skipped.body).toEqual({ detail: ipqMessages.moduleOutOfOrder(1) });
    for (const number of [0, 5, 'two']) {
      const response = await submit(advisor, session.session_id, number, moderateModules[1]);
      expect(response.status).toBe(422);
      expect(JSON.stringify(response.body)).toContain(ipqMessages.moduleNumberInvalid);
    }
    // An earlier module may be answered again before the questionnaire is complete.
    await answer(advisor, session.session_id, moderateModules, [1, 2]);
    const again = await submit(advisor, session.session_id, 1, boldModules[1]);
    expect((again.body as IpqSession).modules.personality).toEqual(boldModules[1]);
  });

  it('predicts once personality, beliefs and demographics are in, and keeps the prediction 24 hours', async () => {
    const client = await newClient();
    const session = await started(advisor, client.id);
    await answer(advisor, session.session_id, moderateModules, [1, 2]);
    const early = await call(app, 'POST', api(`/ipq/assessments/${session.session_id}/prediction`), { token: advisor.token });
    expect(early.status).toBe(422);
    expect(early.body).toEqual({ detail: ipqMessages.modulesIncomplete });
    const incomplete = await call(app, 'GET', api(`/ipq/assessments/${session.session_id}/comprehensive-results`), {
      token: advisor.token,
    });
    expect(incomplete.status).toBe(422);

    await answer(advisor, session.session_id, moderateModules, [3, 4]);
    const first = (await call(app, 'POST', api(`/ipq/assessments/${session.session_id}/prediction`), { token: advisor.token }))
      .body as PredictionResponse;
    // Capacity 50 + 1.667 (age 45) + 2.5 (income $150,000) + 5 (stable) − 2.5 (wealth $250,000 → 25) = 56.667, below
    // tolerance 66.714: base 10 + 85 × 0.56667 = 58.2 → 58 %.
    expect(first).toMatchObject({
      user_id: client.id,
      session_id: session.session_id,
      recommended_band: 'moderate',
      recommended_equity_share: 58,
      cached: true,
    });
    // 250k at 60 % and 50k... the current share is the pots weighted by wealth: (200k × 60 + 50k × 40) / 250k = 56 %.
    expect(first.current_equity_share).toBe(56);
    expect(first.equity_gap).toBe(-2);
    expect(first.recommended_model).toMatchObject({ risk_band: 'moderate' });
    expect(first.explanation.length).toBeGreaterThan(3);
    expect(Date.parse(first.expires_at) - Date.parse(first.computed_at)).toBe(24 * 60 * 60 * 1000);

    t.clock.advance(25 * 60 * 60 * 1000);
    try {
      const fresh = await session_(advisor);
      const later = (await call(app, 'POST', api(`/ipq/assessments/${session.session_id}/prediction`), { token: fresh.token }))
        .body as PredictionResponse;
      expect(later.cached).toBe(false);
      expect(Date.parse(later.computed_at)).toBeGreaterThan(Date.parse(first.computed_at));
      expect(later.recommended_equity_share).toBe(first.recommended_equity_share);
    } finally {
      t.clock.advance(-25 * 60 * 60 * 1000);
    }
  });
  const session_ = (account: { email: string; password: string }) => session(app, account);

  it('completes: keeps the results, applies a band the client already has, and refuses further answers', async () => {
    const client = await newClient();
    const session = await started(advisor, client.id);
    const done = await answer(advisor, session.session_id, moderateModules);
    expect(done).toMatchObject({ status: 'complete', progress: 100, resume_at_module: null });
    expect(done.completed_at).not.toBeNull();
    const result = await results(advisor, session.session_id);
    expect(result.prediction.profile).toMatchObject({ band: 'moderate', level: 'medium', limited_by: 'capacity' });
    expect(result.traits).toEqual({ openness: 50, conscientiousness: 50, extraversion: 50, agreeableness: 50, neuroticism: 50 });
    expect(result.loss_aversion).toBe(2);
    expect(result.band).toMatchObject({ proposed: 'moderate', status: 'applied' });
    const row = await clientRow(client.id);
    expect(row).toMatchObject({ riskBand: 'moderate', riskBandSource: 'questionnaire', assessmentStatus: 'complete' });

    const late = await submit(advisor, session.session_id, 4, moderateModules[4]);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ detail: ipqMessages.completed });
    // Starting again begins a new questionnaire.
    expect((await started(advisor, client.id)).session_id).not.toBe(session.session_id);
  });

  it('a change of band waits for the advisor, who confirms it with a note; the recommendations follow the new band', async () => {
    const client = await newClient();
    const portfolio = await openPortfolio(app, advisor.token, client.id, { initial_deposit: 50_000 });
    const generated = await call(app, 'POST', api('/recommendations/generate'), { token: advisor.token, body: { client_id: client.id } });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const pendingBefore = await recommendationsOf(client.id);
    expect(pendingBefore.length).toBeGreaterThan(0);
    expect(pendingBefore.every((recommendation) => recommendation.model?.risk_band === 'moderate')).toBe(true);

    const session = await started(advisor, client.id);
    await answer(advisor, session.session_id, boldModules);
    const proposed = await results(advisor, session.session_id);
    expect(proposed.band).toMatchObject({ proposed: 'aggressive', status: 'awaiting_confirmation', note: null });
    expect(proposed.current_band).toBe('moderate');
    expect((await clientRow(client.id)).riskBand).toBe('moderate');

    const decide = (who: Session, body: unknown) =>
      call(app, 'POST', api(`/ipq/assessments/${session.session_id}/risk-band`), { token: who.token, body });
    const noNote = await decide(advisor, { decision: 'confirm', note: '  ' });
    expect(noNote.status).toBe(422);
    expect(JSON.stringify(noNote.body)).toContain(ipqMessages.bandNoteRequired);
    const byClient = await decide(clientUser, { decision: 'confirm', note: 'I want more risk' });
    expect(byClient.status).toBe(403);
    expect(byClient.body).toEqual({ detail: ipqMessages.bandConfirmForbidden });
    expect((await clientRow(client.id)).riskBand).toBe('moderate');

    const confirmed = await decide(advisor, {
      decision: 'confirm',
      note: 'Long horizon and large reserves; discussed the swings in person.',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const body = confirmed.body as BandDecisionResponse;
    expect(body.band).toMatchObject({
      proposed: 'aggressive',
      status: 'confirmed',
      note: 'Long horizon and large reserves; discussed the swings in person.',
      decided_by: advisor.name,
    });
    expect(body.current_band).toBe('aggressive');
    expect(body.recommendations.reviewed).toBe(true);
    expect((await clientRow(client.id)).riskBand).toBe('aggressive');

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, 'risk band changed')))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({
      userId: advisor.userId,
      before: { risk_band: 'moderate' },
      after: { risk_band: 'aggressive', note: 'Long horizon and large reserves; discussed the swings in person.' },
    });

    // The open recommendations now measure the account against the aggressive model.
    const pendingAfter = await recommendationsOf(client.id);
    expect(pendingAfter.length).toBeGreaterThan(0);
    expect(pendingAfter.every((recommendation) => recommendation.model?.risk_band === 'aggressive')).toBe(true);
    expect(pendingAfter.every((recommendation) => recommendation.portfolio_id === portfolio.id)).toBe(true);

    const twice = await decide(advisor, { decision: 'keep', note: 'Changed my mind' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ detail: ipqMessages.noBandChange });
  });

  it('a not-assessed client takes the first questionnaire’s band at once', async () => {
    const client = await newClient(notAssessed);
    const session = await started(advisor, client.id);
    await answer(advisor, session.session_id, moderateModules);
    const result = await results(advisor, session.session_id);
    expect(result.band).toMatchObject({ proposed: 'moderate', status: 'applied' });
    expect(result.current_band).toBe('moderate');
    expect((await clientRow(client.id)).riskBandSource).toBe('questionnaire');
  });

  it('confirming moderately aggressive shows moderately aggressive on the client list and the client record', async () => {
    const client = await newClient();
    const session = await started(advisor, client.id);
    await answer(advisor, session.session_id, growthModules);
    // Tolerance 50 + 10.714 (λ 2) + 5 (hold) + 1.5 (8 %) = 67.214; capacity 93.8: 67.2 → moderately aggressive, 67 % in stocks.
    const proposed = await results(advisor, session.session_id);
    expect(proposed.band).toMatchObject({ proposed: 'moderately_aggressive', status: 'awaiting_confirmation' });
    const confirmed = await call(app, 'POST', api(`/ipq/assessments/${session.session_id}/risk-band`), {
      token: advisor.token,
      body: { decision: 'confirm', note: 'Long horizon; comfortable with the swings we went through.' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const record = (await call(app, 'GET', api(`/clients/${client.id}`), { token: advisor.token })).body as Client;
    expect(record).toMatchObject({
      risk_band: 'moderately_aggressive',
      risk_band_source: 'questionnaire',
      profile: { risk_capacity: 'high' },
    });
    const listed = (await call(app, 'GET', api(`/clients?search=${encodeURIComponent(client.email)}`), { token: advisor.token }))
      .body as ClientListResponse;
    expect(listed.clients.map((row) => [row.id, row.risk_band])).toEqual([[client.id, 'moderately_aggressive']]);
    const filtered = (await call(app, 'GET', api('/clients?risk_band=moderately_aggressive&per_page=100'), { token: advisor.token }))
      .body as ClientListResponse;
    expect(filtered.clients.map((row) => row.id)).toContain(client.id);
    const aggressive = (await call(app, 'GET', api('/clients?risk_band=aggressive&per_page=100'), { token: advisor.token }))
      .body as ClientListResponse;
    expect(aggressive.clients.map((row) => row.id)).not.toContain(client.id);
  });

  it('the advisor may keep the current band instead; a later questionnaire supersedes an undecided proposal', async () => {
    const client = await newClient();
    const first = await started(advisor, client.id);
    await answer(advisor, first.session_id, boldModules);
    const second = await started(advisor, client.id);
    await answer(advisor, second.session_id, boldModules);
    expect((await results(advisor, first.session_id)).band.status).toBe('superseded');
    const stale = await call(app, 'POST', api(`/ipq/assessments/${first.session_id}/risk-band`), {
      token: advisor.token,
      body: { decision: 'confirm', note: 'old one' },
    });
    expect(stale.status).toBe(409);

    const kept = await call(app, 'POST', api(`/ipq/assessments/${second.session_id}/risk-band`), {
      token: admin.token,
      body: { decision: 'keep', note: 'Client is retiring next year whatever the form says.' },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((kept.body as BandDecisionResponse).band.status).toBe('kept');
    expect((kept.body as BandDecisionResponse).recommendations.reviewed).toBe(false);
    expect((await clientRow(client.id)).riskBand).toBe('moderate');

    const list = (await call(app, 'GET', api(`/ipq/clients/${client.id}/assessments`), { token: advisor.token })).body as IpqSessionList;
    expect(list.assessments.map((entry) => [entry.session_id, entry.band_status])).toEqual([
      [second.session_id, 'kept'],
      [first.session_id, 'superseded'],
    ]);
  });

  it('a client takes their own questionnaire; other advisors, other firms and other clients find nothing', async () => {
    const own = await insertClient(t.db, advisor, { userId: clientUser.userId });
    const other = await newClient();
    const session = await started(clientUser, own.id);
    await answer(clientUser, session.session_id, moderateModules);
    expect((await results(clientUser, session.session_id)).client_id).toBe(own.id);
    // The advisor and the admin see it too.
    expect((await results(advisor, session.session_id)).session_id).toBe(session.session_id);
    expect((await results(admin, session.session_id)).session_id).toBe(session.session_id);

    const otherSession = await started(advisor, other.id);
    for (const [who, clientId, sessionId] of [
      [clientUser, other.id, otherSession.session_id],
      [partner, own.id, session.session_id],
      [outsider, own.id, session.session_id],
    ] as const) {
      expect((await start(who, clientId)).status).toBe(404);
      const read = await call(app, 'GET', api(`/ipq/assessments/${sessionId}`), { token: who.token });
      expect(read.status).toBe(404);
      expect(read.body).toEqual({ detail: ipqMessages.assessmentNotFound });
      expect((await submit(who, sessionId, 1, moderateModules[1])).status).toBe(404);
      expect((await call(app, 'POST', api(`/ipq/assessments/${sessionId}/prediction`), { token: who.token })).status).toBe(404);
      expect((await call(app, 'GET', api(`/ipq/clients/${clientId}/assessments`), { token: who.token })).status).toBe(404);
    }
    expect((await call(app, 'GET', api('/ipq/assessments/not-a-uuid'), { token: advisor.token })).status).toBe(404);
  });

  it('refuses a start without a client id, and concurrent starts resume one session', async () => {
    const missing = await call(app, 'POST', api('/ipq/start'), { token: advisor.token, body: { metadata: { source: 'x' } } });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body)).toContain(ipqMessages.clientIdRequired);
    const client = await newClient();
    const [a, b] = await Promise.all([start(advisor, client.id), start(advisor, client.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect((a.body as IpqSession).session_id).toBe((b.body as IpqSession).session_id);
  });

  async function recommendationsOf(clientId: string): Promise<Recommendation[]> {
    const response = await call(app, 'GET', api(`/recommendations?client_id=${clientId}&status=pending`), { token: advisor.token });
    expect(response.status).toBe(200);
    return (response.body as RecommendationListResponse).recommendations;
  }
});
