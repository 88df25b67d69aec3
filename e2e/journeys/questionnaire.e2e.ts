/**
 * Questionnaire journeys in the system Chromium against the real product and its demo seed.
 *
 * 1. Alex opens a client's questionnaires from the profile, starts the investor questionnaire,
 *    answers personality and beliefs (the 50/50 choices in the client's dollars), reloads the page
 *    and is back at module 3 with nothing lost; he finishes it and reads the results, which show
 *    the API's scores; the proposed band differs from the client's, so he confirms it with a note:
 *    the client's band and the recommendations follow.
 * 2. On a phone, the results, the client's questionnaires and the questionnaire itself fit the screen.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client, ClientListResponse } from '@meridian/domain/clients/contracts';
import type { IpqResults, IpqSession, IpqSessionList } from '@meridian/domain/ipq/contracts';
import { beliefItems, personalityItems } from '@meridian/domain/ipq/instrument';
import { riskBandLabels } from '@meridian/domain/model-portfolios/contracts';
import type { RecommendationListResponse } from '@meridian/domain/recommendations/contracts';
import { apiSession, type ApiSession } from '../support/api.ts';
import { snap, snapDialog, viewports } from '../support/browser.ts';
import { journeyFile } from '../support/journey.ts';
import { alex, signIn } from '../support/sign-in.ts';

const journey = journeyFile('questionnaire');
let api: ApiSession;

beforeAll(async () => {
  api = await apiSession(journey.server.url, alex);
});

/** One of Alex's clients who has never taken the questionnaire (so is not assessed). */
async function untestedClient() {
  const { clients } = await api.get<ClientListResponse>('/clients?risk_band=not_assessed&per_page=100');
  for (const client of clients.filter((candidate) => candidate.user_id === null)) {
    const { assessments } = await api.get<IpqSessionList>(`/ipq/clients/${client.id}/assessments`);
    if (assessments.length === 0) return client;
  }
  throw new Error('expected a client of the demo advisor without a questionnaire');
}

/** A bold client: calm, open, takes every 50/50 choice, buys in a fall, long horizon, ample reserves. */
const agreement = (id: string) => {
  const calm = new Set(['p01', 'p03', 'p09', 'p11', 'p18', 'p20', 'b1', 'b3']);
  const anxious = new Set(['p02', 'p04', 'p10', 'p12', 'p17', 'p19', 'b2', 'b4']);
  return calm.has(id) ? 'Strongly agree' : anxious.has(id) ? 'Strongly disagree' : 'Neither agree nor disagree';
};

async function answerStatements(page: Page, ids: readonly string[]) {
  for (const id of ids)
    await page
      .getByTestId(`statement-answers.${id}`)
      .getByRole('radio', { name: agreement(id), exact: true })
      .check();
}

const progressText = (page: Page) => page.getByText(/\d+% complete/).innerText();

async function saveAndContinue(page: Page, nextHeading: RegExp) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { name: nextHeading }).waitFor();
}

describe('questionnaire journeys', () => {
  it('1. advisor: starts, stops after module 2, reloads and resumes, completes, reads the results and confirms the band change', async () => {
    const untested = await untestedClient();
    expect(untested.risk_band).toBeNull();
    const page = await journey.page();
    await signIn(page, alex);
    await page.goto(`/clients/${untested.id}/profile`);
    await page.getByRole('heading', { name: `${untested.first_name} ${untested.last_name}`, level: 1 }).waitFor();
    expect(await page.getByTestId('risk-band-chip').innerText()).toBe('Not assessed');
    // The advisor sets a band by hand first: it takes a reason, kept with the band.
    const noReason = await api.send('PUT', `/clients/${untested.id}`, { risk_band: 'moderate', sync_version: untested.sync_version });
    expect(noReason.status).toBe(422);
    const handSet = await api.send('PUT', `/clients/${untested.id}`, {
      risk_band: 'moderate',
      risk_band_reason: 'Balanced mix agreed at the first meeting, until the questionnaire.',
      sync_version: untested.sync_version,
    });
    expect(handSet.status).toBe(200);
    const client = (await handSet.json()) as Client;
    await page.reload();
    await expect.poll(() => page.getByTestId('risk-band-chip').innerText()).toBe('Moderate');
    await snap(page, 'questionnaire-00-profile-band-set-by-hand');
    await page.getByRole('link', { name: 'Questionnaire' }).click();
    await page.getByRole('heading', { name: 'Questionnaires', level: 1 }).waitFor();
    await snap(page, 'questionnaire-01-client-list-empty');
    await page.getByRole('link', { name: 'Start questionnaire' }).click();

    // Module 1: twenty statements; a missing answer is named before anything is sent.
    await page.getByRole('heading', { name: /Module 1 of 4: Personality/ }).waitFor();
    expect(await progressText(page)).toBe('0% complete');
    await answerStatements(
      page,
      personalityItems.slice(0, 19).map((item) => item.id),
    );
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page
      .getByTestId('statement-answers.p20')
      .getByText('Choose an answer from 1 (strongly disagree) to 5 (strongly agree)')
      .waitFor();
    await snap(page, 'questionnaire-02-module-1-missing-answer');
    await answerStatements(page, ['p20']);
    await saveAndContinue(page, /Module 2 of 4: Beliefs/);
    expect(await progressText(page)).toBe('25% complete');

    // Module 2: the 50/50 choices are stated in tenths of the client's own amount.
    await page.getByLabel('An amount you could invest', { exact: true }).fill('50000');
    await page.getByTestId('gamble-1').getByText('lose $5,000').waitFor();
    expect(await page.getByTestId('gamble-1').innerText()).toContain('gain $10,000');
    for (const index of [0, 1, 2, 3]) await page.getByTestId(`gamble-${index}`).getByRole('radio', { name: 'Accept' }).check();
    await page.getByRole('radio', { name: 'Buy more while prices are low' }).check();
    // 15 % a year is more than the questionnaire calls realistic: a point to discuss, no extra tolerance.
    await page.getByLabel('Yearly return you expect over the long run', { exact: true }).fill('15');
    await answerStatements(
      page,
      beliefItems.map((item) => item.id),
    );
    await snap(page, 'questionnaire-03-module-2-beliefs');
    await saveAndContinue(page, /Module 3 of 4: Asset allocation/);

    // Stopped here: the server holds two modules; a reload resumes at module 3 with them kept.
    const resumed = await api.send('POST', '/ipq/start', { clientId: client.id });
    expect(resumed.status).toBe(200);
    const session = (await resumed.json()) as IpqSession;
    expect(session).toMatchObject({ resume_at_module: 3, progress: 50, completed_modules: ['personality', 'beliefs'] });
    expect(session.modules.beliefs).toMatchObject({
      reference_amount: 50000,
      gamble_accepts: [true, true, true, true],
      drawdown_reaction: 'buy_more',
    });
    await page.reload();
    await page.getByRole('heading', { name: /Module 3 of 4: Asset allocation/ }).waitFor();
    expect(await progressText(page)).toBe('50% complete');

    // Module 3: the total share in stocks follows the two pots as they are typed.
    await page.getByLabel('Retirement savings', { exact: true }).fill('300000');
    await page.getByLabel('Share of retirement savings in stocks', { exact: true }).fill('90');
    await page.getByLabel('Other investments', { exact: true }).fill('100000');
    await page.getByLabel('Share of other investments in stocks', { exact: true }).fill('70');
    await expect.poll(() => page.getByTestId('total-equity-share').innerText()).toBe('85%');
    await page.getByRole('combobox', { name: 'Investment experience' }).click();
    await page.getByRole('option', { name: 'More than 10 years' }).click();
    await saveAndContinue(page, /Module 4 of 4: Demographics/);

    // Module 4 starts from the age and income on the client's record; then the results.
    if (client.age !== null) expect(await page.getByLabel('Age', { exact: true }).inputValue()).toBe(String(client.age));
    if (client.profile.annual_income !== null)
      expect(Number(await page.getByLabel('Annual income', { exact: true }).inputValue())).toBe(client.profile.annual_income);
    await page.getByLabel('Age', { exact: true }).fill('34');
    await page.getByLabel('Annual income', { exact: true }).fill('180000');
    await page.getByLabel('Dependants', { exact: true }).fill('0');
    await page.getByRole('radio', { name: /^Stable salary/ }).check();
    await page.getByLabel('Years until you need most of this money', { exact: true }).fill('30');
    await page.getByRole('radio', { name: /^Low: no large withdrawal expected/ }).check();
    await page.getByLabel('Months of expenses your cash reserves cover', { exact: true }).fill('12');
    await snap(page, 'questionnaire-04-module-4-demographics');
    await page.getByRole('button', { name: 'Save and see the results' }).click();
    await page.waitForURL(new RegExp(`/clients/${client.id}/ipq-results`));
    await page.getByTestId('ipq-results').waitFor();

    // The screen shows the API's figures.
    const results = await api.get<IpqResults>(`/ipq/assessments/${session.session_id}/comprehensive-results`);
    expect(await page.getByTestId('risk-tolerance-score').innerText()).toBe(String(Math.round(results.prediction.risk_tolerance.score)));
    expect(await page.getByTestId('risk-capacity-score').innerText()).toBe(String(Math.round(results.prediction.risk_capacity.score)));
    expect(await page.getByTestId('recommended-share').innerText()).toContain(`${results.prediction.recommended_equity_share}%`);
    expect(await page.getByTestId('recommended-band').innerText()).toContain(riskBandLabels[results.prediction.recommended_band]);
    expect(results.prediction.current_equity_share).toBe(85);
    expect(results.prediction.points_to_discuss).toHaveLength(1);
    await page
      .getByTestId('points-to-discuss')
      .getByText(/Expects 15% a year/)
      .waitFor();
    expect(results.prediction.risk_tolerance.factors.find((factor) => factor.key === 'return_expectation')?.points).toBe(0);
    for (const factor of results.prediction.risk_tolerance.factors) await page.getByTestId(`factor-${factor.key}`).first().waitFor();
    expect(results.band).toMatchObject({ status: 'awaiting_confirmation' });
    expect(results.current_band).toBe('moderate');
    expect(results.band.proposed).not.toBe('moderate');
    await snap(page, 'questionnaire-05-results');

    // The band change: a note is required, then the client's band and recommendations follow.
    await page.getByTestId('band-status').getByRole('button', { name: 'Confirm new band' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm new band' });
    await dialog.getByRole('button', { name: 'Confirm new band' }).click();
    await dialog.getByText('Write a note on why the risk band changes: it is kept in the audit trail').waitFor();
    await dialog
      .getByLabel('Note')
      .fill('Thirty-year horizon and a year of reserves; we talked through a 20% fall and the client would buy more.');
    await snapDialog(page, 'questionnaire-06-confirm-band');
    await dialog.getByRole('button', { name: 'Confirm new band' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('band-status-chip').innerText()).toBe('Confirmed');
    await page
      .getByTestId('band-note')
      .getByText(/Thirty-year horizon/)
      .waitFor();
    const after = await api.get<IpqResults>(`/ipq/assessments/${session.session_id}/comprehensive-results`);
    expect(after.current_band).toBe(results.band.proposed);
    expect(after.band.decided_by).toBe('Alex Chen');
    const pending = await api.get<RecommendationListResponse>(`/recommendations?client_id=${client.id}&status=pending`);
    expect(
      pending.recommendations.every(
        (recommendation) => recommendation.model === null || recommendation.model.risk_band === results.band.proposed,
      ),
    ).toBe(true);
    await snap(page, 'questionnaire-07-band-confirmed');

    // The client list shows the questionnaire complete, and the confirmed band as it is (five levels).
    const listed = await api.get<ClientListResponse>(`/clients?search=${encodeURIComponent(client.email)}`);
    expect(listed.clients[0]!.assessment_status).toBe('Complete');
    expect(listed.clients[0]!.risk_band).toBe(results.band.proposed);
    expect(await api.get<Client>(`/clients/${client.id}`)).toMatchObject({
      risk_band: results.band.proposed,
      risk_band_source: 'questionnaire',
    });
    await page.goto('/clients');
    await page.getByRole('textbox', { name: 'Search clients' }).fill(client.email);
    await expect.poll(() => page.getByTestId('client-row').count()).toBe(1);
    const row = page.getByTestId('client-row').filter({ hasText: client.email });
    await expect.poll(() => row.getByTestId('risk-band-chip').innerText()).toBe(riskBandLabels[results.band.proposed]);
    await snap(page, 'questionnaire-07b-client-list-band');
  });

  it('2. on a phone: the results, the questionnaires and taking one fit the screen', async () => {
    const { clients } = await api.get<ClientListResponse>('/clients?assessment_status=Complete&per_page=1');
    const client = clients[0]!;
    const page = await journey.page();
    await page.setViewportSize(viewports.phone);
    await signIn(page, alex);
    await page.goto(`/clients/${client.id}/ipq-results`);
    await page.getByTestId('ipq-results').waitFor();
    await page.getByTestId('risk-tolerance-score').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewports.phone.width);
    await snap(page, 'questionnaire-08-phone-results');
    await page.goto(`/clients/${client.id}/assessment`);
    await page.getByRole('heading', { name: 'Questionnaires', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    await snap(page, 'questionnaire-09-phone-list');

    // Taking it on a phone: the statements and their five answers fit the screen.
    await page.getByRole('link', { name: /Start (a new )?questionnaire|Resume questionnaire/ }).click();
    await page.getByRole('heading', { name: /Module \d of 4/ }).waitFor();
    await page.getByTestId('statement-answers.p01').getByRole('radio', { name: 'Agree', exact: true }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    await snap(page, 'questionnaire-10-phone-taking');
  });
});
