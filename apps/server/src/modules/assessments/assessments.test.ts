import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type {
  AssessmentDetail,
  AssessmentList,
  AssignmentResult,
  TemplateDetail,
  TemplateSummary,
} from '@meridian/domain/assessments/contracts';
import { assessmentTemplateMessages as m } from '@meridian/domain/assessments/messages';
import { ipqTemplateId, type IpqResults } from '@meridian/domain/ipq/contracts';
import { addDays, marketDate } from '@meridian/domain/shared/trading-calendar';
import { clients } from '../../db/schema/clients.ts';
import { api, call } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { colleague, newAdvisorFirm, type Session } from '../../test/fixtures/clients.fixtures.ts';
import { completeQuestionnaire } from '../../test/fixtures/ipq.fixtures.ts';
import { insertClient } from '../../test/fixtures/portfolios.fixtures.ts';

/** A two-section check-in: a reverse-keyed scale section (for reliability) and a choice section. */
const definition = {
  sections: [
    {
      key: 'comfort',
      title: 'Comfort with your plan',
      questions: [
        { key: 'understand', text: 'I understand my financial plan.', type: 'scale', required: true, scale: { min: 1, max: 5 } },
        { key: 'confident', text: 'I am confident I will reach my goals.', type: 'scale', required: true, scale: { min: 1, max: 5 } },
        { key: 'worried', text: 'I worry about my finances.', type: 'scale', required: true, scale: { min: 1, max: 5, reverse: true } },
      ],
    },
    {
      key: 'service',
      title: 'Service',
      questions: [
        {
          key: 'contact',
          text: 'How often would you like to hear from us?',
          type: 'single_choice',
          required: true,
          options: [
            { value: 'monthly', label: 'Monthly', score: 2 },
            { value: 'quarterly', label: 'Quarterly', score: 1 },
          ],
        },
        {
          key: 'topics',
          text: 'Topics to cover',
          type: 'multiple_choice',
          required: false,
          options: [
            { value: 'tax', label: 'Tax', score: 1 },
            { value: 'estate', label: 'Estate', score: 1 },
          ],
        },
        { key: 'comments', text: 'Anything else?', type: 'text', required: false },
      ],
    },
  ],
};

describeEachDatabase('assessments: templates, assignments and answers', (t) => {
  let app: FastifyInstance;
  let admin: Session;
  let advisor: Session;
  let partner: Session;
  let clientUser: Session;
  let outsider: Session;
  let template: TemplateDetail;
  // Due dates relative to the test clock: one still ahead (not overdue), one already passed.
  const dueAhead = () => addDays(marketDate(t.clock.now()), 60);
  const duePassed = () => addDays(marketDate(t.clock.now()), -60);

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    advisor = await newAdvisorFirm(app);
    admin = await colleague(app, t.db, advisor.firmId, 'admin');
    partner = await colleague(app, t.db, advisor.firmId);
    clientUser = await colleague(app, t.db, advisor.firmId, 'client');
    outsider = await newAdvisorFirm(app);
    const created = await call(app, 'POST', api('/assessment-templates'), {
      token: admin.token,
      body: { name: 'Annual check-in', description: 'How the plan feels', definition },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    template = created.body as TemplateDetail;
  });

  const assign = (who: Session, clientIds: string[], dueDate?: string, templateId = template.id) =>
    call(app, 'POST', api(`/assessment-templates/${templateId}/assignments`), {
      token: who.token,
      body: { client_ids: clientIds, ...(dueDate && { due_date: dueDate }) },
    });
  const read = async (who: Session, id: string) => {
    const response = await call(app, 'GET', api(`/assessments/${id}`), { token: who.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as AssessmentDetail;
  };
  const answer = (who: Session, id: string, body: Record<string, unknown>) =>
    call(app, 'PUT', api(`/assessments/${id}/answers`), { token: who.token, body });
  const list = async (who: Session, query = '') => {
    const response = await call(app, 'GET', api(`/assessments${query}`), { token: who.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as AssessmentList;
  };
  const fullAnswers = (level: number) => ({
    understand: level,
    confident: level,
    worried: 6 - level,
    contact: level > 3 ? 'monthly' : 'quarterly',
  });
  async function assigned(clientId: string, dueDate?: string) {
    const response = await assign(advisor, [clientId], dueDate);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return (response.body as AssignmentResult).response_ids[0]!;
  }

  it('an admin creates a template; everyone on staff lists it after the built-in questionnaire', async () => {
    expect(template).toMatchObject({ kind: 'custom', name: 'Annual check-in', current_version: 1, questions: 6, is_active: true });
    const listed = (await call(app, 'GET', api('/assessment-templates'), { token: advisor.token })).body as {
      templates: TemplateSummary[];
    };
    expect(listed.templates[0]).toMatchObject({ id: ipqTemplateId, kind: 'ipq' });
    expect(listed.templates.map((entry) => entry.id)).toContain(template.id);
    expect((await call(app, 'GET', api('/assessment-templates'), { token: outsider.token })).body).not.toContain(template.id);
    expect(
      (
        (await call(app, 'GET', api('/assessment-templates'), { token: outsider.token })).body as { templates: TemplateSummary[] }
      ).templates.map((entry) => entry.id),
    ).not.toContain(template.id);
  });

  it('refuses a bad definition with the field at fault, an advisor creating, and a client listing', async () => {
    const duplicate = structuredClone(definition);
    duplicate.sections[1]!.questions[0]!.key = 'understand';
    const bad = await call(app, 'POST', api('/assessment-templates'), {
      token: admin.token,
      body: { name: 'Broken', definition: duplicate },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain(m.questionKeysUnique);
    const byAdvisor = await call(app, 'POST', api('/assessment-templates'), { token: advisor.token, body: { name: 'Mine', definition } });
    expect(byAdvisor.status).toBe(403);
    expect(byAdvisor.body).toEqual({ detail: m.manageForbidden });
    expect((await call(app, 'GET', api('/assessment-templates'), { token: clientUser.token })).status).toBe(403);
  });

  it('versions the questions: an assessment keeps the version it was assigned', async () => {
    const client = await insertClient(t.db, advisor);
    const before = await assigned(client.id);
    const changed = structuredClone(definition);
    changed.sections[0]!.questions.push({
      key: 'sleep',
      text: 'I sleep well about money.',
      type: 'scale',
      required: true,
      scale: { min: 1, max: 5 },
    });
    const stale = await call(app, 'PUT', api(`/assessment-templates/${template.id}`), {
      token: admin.token,
      body: { definition: changed, sync_version: template.sync_version + 1 },
    });
    expect(stale.status).toBe(409);
    const updated = await call(app, 'PUT', api(`/assessment-templates/${template.id}`), {
      token: admin.token,
      body: { definition: changed, sync_version: template.sync_version },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    template = updated.body as TemplateDetail;
    expect(template).toMatchObject({ current_version: 2, questions: 7 });
    expect(template.versions.map((version) => version.version)).toEqual([2, 1]);
    const old = await read(advisor, before);
    expect(old.template_version).toBe(1);
    // Answered on version 1, which has no "sleep" question.
    expect(
      (await answer(advisor, before, { answers: { ...fullAnswers(4), sleep: 3 }, submit: true, sync_version: old.sync_version })).status,
    ).toBe(422);
    const done = await answer(advisor, before, { answers: fullAnswers(4), submit: true, sync_version: old.sync_version });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const builtIn = await call(app, 'PUT', api(`/assessment-templates/${ipqTemplateId}`), {
      token: admin.token,
      body: { name: 'Mine now', sync_version: 1 },
    });
    expect(builtIn.status).toBe(422);
    expect(builtIn.body).toEqual({ detail: m.builtInReadOnly });
  });

  it('assigns to clients in reach only, keeps an open one, and refuses an inactive template', async () => {
    const [a, b] = [await insertClient(t.db, advisor), await insertClient(t.db, advisor)];
    const partnerClient = await insertClient(t.db, partner);
    const first = await assign(advisor, [a.id, b.id], dueAhead());
    expect(first.body).toMatchObject({ assigned: 2, already_open: 0 });
    expect((await assign(advisor, [a.id])).body).toMatchObject({ assigned: 0, already_open: 1 });
    const foreign = await assign(advisor, [a.id, partnerClient.id]);
    expect(foreign.status).toBe(404);
    expect((await assign(outsider, [a.id])).status).toBe(404);
    const [row] = await t.db.select({ status: clients.assessmentStatus }).from(clients).where(eq(clients.id, b.id));
    expect(row!.status).toBe('pending');
    const repeated = await assign(advisor, [a.id, a.id.toUpperCase()]);
    expect(repeated.status).toBe(422);
    expect(JSON.stringify(repeated.body)).toContain(m.clientIdsUnique);

    const inactive = await call(app, 'POST', api('/assessment-templates'), {
      token: admin.token,
      body: { name: 'Retired form', definition },
    });
    const retired = inactive.body as TemplateDetail;
    await call(app, 'PUT', api(`/assessment-templates/${retired.id}`), {
      token: admin.token,
      body: { is_active: false, sync_version: retired.sync_version },
    });
    const refused = await assign(advisor, [a.id], undefined, retired.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ detail: m.templateInactive });
  });

  it('a client answers their own: saves partial answers, then submits; each bad answer is named and nothing changes', async () => {
    const own = await insertClient(t.db, advisor, { userId: clientUser.userId });
    const id = await assigned(own.id, dueAhead());
    const mine = await list(clientUser);
    expect(mine.assessments.map((entry) => entry.id)).toContain(id);
    const start = await read(clientUser, id);
    expect(start).toMatchObject({ status: 'pending', template_version: 2 });

    const bad = await answer(clientUser, id, { answers: { understand: 9, contact: 'weekly', nope: 1 }, sync_version: start.sync_version });
    expect(bad.status).toBe(422);
    const issues = (bad.body as { detail: Array<{ loc: string[]; msg: string }> }).detail.map((issue) => [issue.loc.join('.'), issue.msg]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['body.answers.understand', m.scaleAnswerInvalid(1, 5)],
        ['body.answers.contact', m.singleChoiceInvalid],
        ['body.answers.nope', m.unknownQuestion],
      ]),
    );
    expect((await read(clientUser, id)).sync_version).toBe(start.sync_version);

    const partial = await answer(clientUser, id, { answers: { understand: 4 }, sync_version: start.sync_version });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body).toMatchObject({ status: 'in_progress', answers: { understand: 4 } });
    const incomplete = await answer(clientUser, id, {
      answers: { understand: 4 },
      submit: true,
      sync_version: (partial.body as AssessmentDetail).sync_version,
    });
    expect(incomplete.status).toBe(422);
    expect(JSON.stringify(incomplete.body)).toContain(m.answerRequired);
    const stale = await answer(clientUser, id, { answers: { understand: 5 }, sync_version: start.sync_version });
    expect(stale.status).toBe(409);

    const submitted = await answer(clientUser, id, {
      answers: { ...fullAnswers(5), sleep: 5, topics: ['tax'] },
      submit: true,
      sync_version: (partial.body as AssessmentDetail).sync_version,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const done = submitted.body as AssessmentDetail;
    // Scale items score their value (the reverse-keyed one 6 − answer): 5 + 5 + 5 + 5 of 20; contact 2 of 2, topics 1 of 2.
    expect(done.score?.sections.map((section) => [section.key, section.score, section.max])).toEqual([
      ['comfort', 20, 20],
      ['service', 3, 4],
    ]);
    expect(done.status).toBe('complete');
    const after = await answer(clientUser, id, { answers: fullAnswers(1), sync_version: done.sync_version });
    expect(after.status).toBe(409);
    expect(after.body).toEqual({ detail: m.responseComplete });
  });

  it('lists across the book with filters, overdue first, and keeps to reach', async () => {
    const due = await insertClient(t.db, advisor, { firstName: 'Overdue', lastName: 'Oxley' });
    const overdueId = await assigned(due.id, duePassed());
    const byAdvisor = await list(advisor, `?template_id=${template.id}&status=pending`);
    expect(byAdvisor.assessments.every((entry) => entry.status === 'pending' && entry.template_id === template.id)).toBe(true);
    const overdue = await list(advisor, '?overdue=true');
    expect(overdue.assessments.map((entry) => entry.id)).toEqual([overdueId]);
    expect(overdue.assessments[0]).toMatchObject({ overdue: true, client_name: 'Overdue Oxley', template_name: 'Annual check-in' });
    expect((await list(advisor, '?search=oxley')).assessments.map((entry) => entry.id)).toEqual([overdueId]);
    expect((await list(partner)).assessments.map((entry) => entry.id)).not.toContain(overdueId);
    expect((await list(admin, '?search=oxley')).total).toBe(1);
    expect((await call(app, 'GET', api(`/assessments/${overdueId}`), { token: partner.token })).status).toBe(404);
    expect((await call(app, 'GET', api(`/assessments/${overdueId}`), { token: outsider.token })).status).toBe(404);
    expect((await call(app, 'GET', api('/assessments?status=done'), { token: advisor.token })).status).toBe(422);
  });

  it('lists one kind of score for every questionnaire: the percent of the most it could score, to one decimal', async () => {
    const checkIn = (
      await call(app, 'POST', api('/assessment-templates'), { token: admin.token, body: { name: 'Score check', definition } })
    ).body as TemplateDetail;
    const client = await insertClient(t.db, advisor, { firstName: 'Score', lastName: 'Sharma' });
    const customId = ((await assign(advisor, [client.id], undefined, checkIn.id)).body as AssignmentResult).response_ids[0]!;
    const saved = await answer(advisor, customId, { answers: fullAnswers(4), submit: true, sync_version: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const openId = await assigned(client.id);
    const ipqId = await completeQuestionnaire(app, advisor.token, client.id);
    const results = (await call(app, 'GET', api(`/ipq/assessments/${ipqId}/comprehensive-results`), { token: advisor.token }))
      .body as IpqResults;

    const rows = (await list(advisor, `?client_id=${client.id}`)).assessments;
    const scoreOf = (id: string) => rows.find((row) => row.id === id)!.score_percent;
    // Comfort 4 + 4 + (6 − 2) of 15, monthly contact 2 of 2 (the optional topics unanswered): 14 of 17.
    expect(scoreOf(customId)).toBe(82.4);
    // The questionnaire's risk profile score is out of 100: the same percent, to one decimal.
    const profile = results.prediction.profile.score;
    expect(scoreOf(ipqId)).toBe(Math.round(profile * 10) / 10);
    expect(rows.find((row) => row.id === ipqId)!.kind).toBe('ipq');
    expect(scoreOf(openId)).toBeNull();
  });

  it('shows each section’s Cronbach’s alpha once the current version has ten complete responses, and the score distribution', async () => {
    const fresh = await call(app, 'POST', api('/assessment-templates'), {
      token: admin.token,
      body: { name: 'Reliability check', definition },
    });
    const reliability = fresh.body as TemplateDetail;
    const levels = [1, 2, 2, 3, 3, 3, 4, 4, 5, 5];
    for (const [index, level] of levels.entries()) {
      const client = await insertClient(t.db, advisor);
      const response = await assign(advisor, [client.id], undefined, reliability.id);
      const id = (response.body as AssignmentResult).response_ids[0]!;
      // The first nine agree with themselves; the last one less so.
      const answers = index === levels.length - 1 ? { understand: 5, confident: 4, worried: 2, contact: 'monthly' } : fullAnswers(level);
      const saved = await answer(advisor, id, { answers, submit: true, sync_version: 1 });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      if (index === levels.length - 2) {
        const early = (await call(app, 'GET', api(`/assessment-templates/${reliability.id}`), { token: advisor.token }))
          .body as TemplateDetail;
        expect(early.statistics).toMatchObject({ complete: 9, reliability: [] });
      }
    }
    const detail = (await call(app, 'GET', api(`/assessment-templates/${reliability.id}`), { token: advisor.token }))
      .body as TemplateDetail;
    expect(detail.statistics.complete).toBe(10);
    const comfort = detail.statistics.reliability.find((section) => section.section_key === 'comfort')!;
    expect(comfort).toMatchObject({ items: 3, respondents: 10 });
    expect(comfort.alpha).toBeGreaterThan(0.9);
    expect(comfort.label).toBe('Excellent');
    expect(detail.statistics.distribution.reduce((sum, bin) => sum + bin.count, 0)).toBe(10);
    expect(detail.responses.complete).toBe(10);
  });
});
