/**
 * Assessment journeys in the system Chromium against the real product and its demo seed, where the
 * firm's annual check-in has two dozen complete answers, some assignments overdue, and one waiting
 * for the demo client login.
 *
 * 1. Jordan, the client, signs in and is asked first thing to complete the check-in (also under My
 *    assessments); he leaves a required question out (named, nothing sent), saves progress,
 *    submits, and reads the section scores the API computed.
 * 2. The admin sees the firm's assessments with the overdue ones flagged, and assigns the check-in
 *    to one of Alex's clients with a due date; on a phone, the list and the questionnaire fit.
 * 3. The admin reads the check-in in the Assessment Manager: each section's Cronbach's alpha as the
 *    API computes it, and the score distribution; on a phone too.
 * 4. The admin finds one kind of score in the list, a percent for the check-in and the investor
 *    questionnaire alike, then builds a template in the editor: what is missing is named at its
 *    input, and once filled in the template is created.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentDetail, AssessmentList, TemplateDetail, TemplateSummary } from '@meridian/domain/assessments/contracts';
import type { ClientListResponse } from '@meridian/domain/clients/contracts';
import { ipqTemplateId } from '@meridian/domain/ipq/contracts';
import { apiSession, type ApiSession } from '../support/api.ts';
import { snap, snapDialog, viewports } from '../support/browser.ts';
import { journeyFile } from '../support/journey.ts';
import { admin, alex, jordan, signIn } from '../support/sign-in.ts';

const journey = journeyFile('assessments');
const checkIn = 'Annual financial wellbeing check-in';
let asAdmin: ApiSession;
let asJordan: ApiSession;

beforeAll(async () => {
  asAdmin = await apiSession(journey.server.url, admin);
  asJordan = await apiSession(journey.server.url, jordan);
});

async function checkInTemplate(): Promise<TemplateSummary> {
  const { templates } = await asAdmin.get<{ templates: TemplateSummary[] }>('/assessment-templates');
  const found = templates.find((template) => template.name === checkIn);
  if (!found) throw new Error('the demo firm has no check-in template');
  return found;
}

const scale = (page: Page, key: string, point: number) =>
  page.getByTestId(`question-${key}`).getByRole('radio', { name: new RegExp(`^${point}\\b`) });

describe('assessment journeys', () => {
  it('1. client: takes the assigned check-in, saving progress first, and reads the scores', async () => {
    const mine = await asJordan.get<AssessmentList>('/assessments');
    const assigned = mine.assessments.find((assessment) => assessment.template_name === checkIn && assessment.status === 'pending');
    if (!assigned) throw new Error('the demo client has no pending check-in');

    const page = await journey.page();
    await signIn(page, jordan);
    // Signed in, the client is asked first thing.
    const asked = page.getByTestId('open-assessments');
    await asked.getByRole('heading', { name: 'Your advisor asks you to complete a questionnaire' }).waitFor();
    await snap(page, 'assessments-01-client-signed-in');
    await page.goto('/assessments');
    await page.getByRole('heading', { name: 'My assessments', level: 1 }).waitFor();
    const row = page.getByTestId(`assessment-row-${assigned.id}`);
    expect(await row.innerText()).toContain('Pending');
    await snap(page, 'assessments-01-client-my-assessments');
    await page.goBack();
    await asked.getByRole('link', { name: `Take ${checkIn}` }).click();
    await page.getByRole('heading', { name: checkIn, level: 1 }).waitFor();

    // Three of the four scale questions, then Submit: the fourth is named and nothing is sent.
    await scale(page, 'understand-plan', 4).check();
    await scale(page, 'on-track', 4).check();
    await scale(page, 'money-worries', 2).check();
    await page.getByTestId('question-review-frequency').getByRole('radio', { name: 'Twice a year' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('question-emergency-ready').getByTestId('question-error').getByText('An answer is required').waitFor();
    expect((await asJordan.get<AssessmentDetail>(`/assessments/${assigned.id}`)).status).toBe('pending');
    await snap(page, 'assessments-02-client-missing-answer');

    // Save progress: the server holds the answers so far.
    await page.getByRole('button', { name: 'Save progress' }).click();
    await page.getByText('Progress saved.').waitFor();
    const saved = await asJordan.get<AssessmentDetail>(`/assessments/${assigned.id}`);
    expect(saved).toMatchObject({
      status: 'in_progress',
      answers: { 'understand-plan': 4, 'on-track': 4, 'money-worries': 2, 'review-frequency': 'twice-a-year' },
    });

    await scale(page, 'emergency-ready', 3).check();
    await page.getByTestId('question-topics').getByRole('checkbox', { name: 'Estate planning' }).check();
    await page.getByTestId('question-savings-rate').getByRole('textbox').fill('15');
    await page.getByTestId('question-comments').getByRole('textbox').fill('We are expecting our second child in the spring.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`/assessments/${assigned.id}$`));
    await page.getByText('Total score').waitFor();

    const done = await asJordan.get<AssessmentDetail>(`/assessments/${assigned.id}`);
    expect(done.status).toBe('complete');
    // Confidence: 4 + 4 + (6 − 2) + 3 = 15 of 20; service: twice a year scores 2 of 2.
    expect(done.score!.sections.map((section) => [section.key, section.score, section.max])).toEqual([
      ['confidence', 15, 20],
      ['service', 2, 2],
    ]);
    const body = await page.locator('main').innerText();
    expect(body).toContain('15 / 20');
    expect(body).toContain('We are expecting our second child in the spring.');
    await snap(page, 'assessments-03-client-completed');
  });

  it('2. admin: the firm’s assessments with the overdue flagged, and a new assignment with a due date', async () => {
    const overdue = await asAdmin.get<AssessmentList>('/assessments?overdue=true');
    expect(overdue.total).toBeGreaterThan(0);
    const page = await journey.page();
    await signIn(page, admin);
    await page.goto('/assessments');
    await page.getByRole('heading', { name: 'Assessments', level: 1 }).waitFor();
    await page
      .getByRole('switch', { name: 'Overdue only' })
      .or(page.getByRole('checkbox', { name: 'Overdue only' }))
      .check();
    await expect.poll(() => page.getByTestId('overdue-marker').count()).toBe(Math.min(overdue.total, 25));
    await snap(page, 'assessments-04-admin-overdue');

    const alexBook = await apiSession(journey.server.url, alex);
    const { clients } = await alexBook.get<ClientListResponse>('/clients?per_page=100');
    const template = await checkInTemplate();
    const open = await asAdmin.get<AssessmentList>(`/assessments?template_id=${template.id}&per_page=100`);
    const taken = new Set(
      open.assessments.filter((assessment) => assessment.status !== 'complete').map((assessment) => assessment.client_id),
    );
    const target = clients.find((client) => !taken.has(client.id) && client.user_id === null)!;

    await page.getByRole('button', { name: 'Assign assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign assessment' });
    await dialog.getByLabel('Questionnaire').click();
    await page.getByRole('option', { name: checkIn }).click();
    await dialog.getByLabel('Clients').fill(target.last_name);
    await page.getByRole('option', { name: new RegExp(`${target.first_name} ${target.last_name}`) }).click();
    // Two months ahead of the server's today, so the new assignment is not overdue whenever the journey runs.
    const dueDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Due date (optional)').fill(dueDate);
    await snapDialog(page, 'assessments-05-assign');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByTestId('assign-result').getByText('Assigned to 1 client').waitFor();
    const assigned = await asAdmin.get<AssessmentList>(`/assessments?template_id=${template.id}&client_id=${target.id}`);
    expect(assigned.assessments[0]).toMatchObject({ status: 'pending', due_date: dueDate });

    // On a phone, beside the client: the list and the questionnaire fit the screen.
    await page.keyboard.press('Escape');
    await page.setViewportSize(viewports.phone);
    await page.goto('/assessments');
    await page.getByRole('heading', { name: 'Assessments', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    await page.goto(`/assessments/${assigned.assessments[0]!.id}/take`);
    await page.getByRole('heading', { name: checkIn, level: 1 }).waitFor();
    await scale(page, 'understand-plan', 5).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    await snap(page, 'assessments-05b-phone-take');
  });

  it('3. admin: the check-in in the Assessment Manager, its reliability and score distribution, on a desktop and a phone', async () => {
    const template = await checkInTemplate();
    const detail = await asAdmin.get<TemplateDetail>(`/assessment-templates/${template.id}`);
    expect(detail.statistics.complete).toBeGreaterThanOrEqual(10);
    const confidence = detail.statistics.reliability.find((section) => section.section_key === 'confidence')!;
    expect(confidence.alpha).not.toBeNull();

    const page = await journey.page();
    await signIn(page, admin);
    await page.goto('/assessment-manager');
    await page.getByRole('heading', { name: 'Assessment Manager', level: 1 }).waitFor();
    await page.getByRole('link', { name: checkIn }).click();
    const reading = page.getByTestId('reliability-confidence');
    await reading.waitFor();
    expect(await reading.innerText()).toContain(confidence.alpha!.toFixed(2));
    expect(await reading.getByTestId('reliability-reading').innerText()).toContain(confidence.label!);
    const chart = page.getByTestId('distribution-chart');
    expect(await chart.getAttribute('aria-label')).toContain('Score distribution');
    // One bar per band of 10 points, drawn once the chart's chunk has loaded.
    await expect.poll(() => chart.locator('svg rect.MuiBarChart-element').count()).toBe(detail.statistics.distribution.length);
    await snap(page, 'assessments-06-manager');

    await page.setViewportSize(viewports.phone);
    await reading.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    await snap(page, 'assessments-07-manager-phone');
  });

  it('4. admin: one kind of score in the list, and a new template built in the editor, each missing field named', async () => {
    const template = await checkInTemplate();
    const newestComplete = async (templateId: string) => {
      const { assessments } = await asAdmin.get<AssessmentList>(`/assessments?template_id=${templateId}&status=complete&per_page=1`);
      if (!assessments[0]) throw new Error(`the demo firm has no complete response to ${templateId}`);
      return assessments[0];
    };
    const page = await journey.page();
    await signIn(page, admin);
    await page.goto('/assessments');
    await page.getByRole('heading', { name: 'Assessments', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Complete' }).click();
    const column = (await page.getByRole('columnheader').allInnerTexts()).indexOf('Score');
    expect(column).toBeGreaterThan(0);
    // The check-in's total and the questionnaire's risk profile score (out of 100) read alike: the percent of the most each could score.
    for (const [name, templateId] of [
      [checkIn, template.id],
      ['Investor personality questionnaire', ipqTemplateId],
    ] as const) {
      const newest = await newestComplete(templateId);
      await page.getByRole('combobox', { name: 'Questionnaire' }).click();
      await page.getByRole('option', { name }).click();
      const score = page.getByTestId(`assessment-row-${newest.id}`).getByRole('cell').nth(column);
      await expect.poll(() => score.innerText()).toBe(`${newest.score_percent}%`);
    }
    await snap(page, 'assessments-08-scores');

    await page.goto('/assessment-manager/new');
    await page.getByRole('heading', { name: 'New template', level: 1 }).waitFor();
    await page.getByLabel('Template name').fill('Goals review');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByTestId('editor-errors').getByText('Some fields need attention: see the messages below.').waitFor();
    const sectionTitle = page.getByRole('textbox', { name: 'Section 1 section title' });
    expect(await sectionTitle.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Section title is required').waitFor();
    await snap(page, 'assessments-09-editor-missing');

    await sectionTitle.fill('Goals');
    await page.getByRole('textbox', { name: 'Question 1 question text' }).fill('What matters most?');
    await page.getByRole('textbox', { name: 'Question 1 option 1 label' }).fill('Growth');
    await page.getByRole('textbox', { name: 'Question 1 option 2 label' }).fill('Safety');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/assessment-manager\/[0-9a-f-]{36}$/);
    const created = await asAdmin.get<TemplateDetail>(`/assessment-templates/${page.url().split('/').pop()!}`);
    expect(created).toMatchObject({ name: 'Goals review', description: null, current_version: 1, questions: 1 });
    expect(created.definition).toEqual({
      sections: [
        {
          key: 'section-1',
          title: 'Goals',
          questions: [
            {
              key: 'q1',
              text: 'What matters most?',
              type: 'single_choice',
              required: true,
              weight: 1,
              options: [
                { value: 'option-1', label: 'Growth', score: 0 },
                { value: 'option-2', label: 'Safety', score: 1 },
              ],
            },
          ],
        },
      ],
    });
  });
});
