import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpqSession } from '@meridian/domain/ipq/contracts';
import { ipqModules } from '@meridian/domain/ipq/module-list';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { stubServer, type RecordedCall } from '../../../test/portfolios.fixtures.ts';
import { clientId, moderateAnswers, sampleSession, sessionId } from '../test/ipq.fixtures.ts';
import { IpqAssessmentPage } from './ipq-assessment-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The questionnaire API over a session with `saved` modules: start resumes it, each module saved moves it on. */
function server(saved: number, start: () => Response | undefined = () => undefined, overrides: Partial<IpqSession> = {}) {
  let current = sampleSession(saved, overrides);
  return stubServer((url, init) => {
    if (url.pathname === '/api/v1/ipq/start') return start() ?? jsonResponse(current, saved === 0 ? 201 : 200);
    const module = /\/modules\/(\d)$/.exec(url.pathname);
    if (module) {
      const n = Number(module[1]);
      current = sampleSession(Math.max(n, current.completed_modules.length), {
        modules: { ...current.modules, [ipqModules[n - 1]!]: init.body } as IpqSession['modules'],
      });
      return jsonResponse(current);
    }
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const path = '/ipq-assessment/:clientId';
const at = `/ipq-assessment/${clientId}`;
const renderPage = () => renderScreen(<IpqAssessmentPage />, { path, at });
const moduleHeading = () => screen.findByRole('heading', { level: 2, name: /^Module \d of 4/ });
const starts = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname === '/api/v1/ipq/start');

describe('taking the questionnaire', () => {
  it('starts the questionnaire on opening and shows its first module at 0 %', async () => {
    const calls = server(0);
    renderPage();
    expect((await moduleHeading()).textContent).toBe('Module 1 of 4: Personality');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Investor personality questionnaire');
    expect(screen.getByTestId('ipq-progress').textContent).toBe('0% complete');
    expect(starts(calls)).toHaveLength(1);
    const body = starts(calls)[0]!.body as { clientId: string; metadata: { source: string; startTime: string } };
    expect(body).toMatchObject({ clientId, metadata: { source: 'advisor_portal' } });
    expect(Number.isNaN(Date.parse(body.metadata.startTime))).toBe(false);
  });

  it('resumes at the first module not saved, with the modules before it done', async () => {
    server(2);
    renderPage();
    expect((await moduleHeading()).textContent).toBe('Module 3 of 4: Asset allocation');
    expect(screen.getByTestId('ipq-progress').textContent).toBe('50% complete');
    const steps = within(screen.getByRole('tablist', { name: 'Questionnaire modules' }));
    const names = ['Personality', 'Beliefs', 'Asset allocation', 'Demographics'];
    expect(
      names
        .map((name) => steps.getByRole('tab', { name }))
        .map((step, index) => [names[index], step.getAttribute('aria-selected'), (step as HTMLButtonElement).disabled]),
    ).toEqual([
      ['Personality', 'false', false],
      ['Beliefs', 'false', false],
      ['Asset allocation', 'true', false],
      ['Demographics', 'false', true],
    ]);
  });

  it("starts module 3 from the client's accounts when nobody has answered it", async () => {
    const prefill = {
      investment_experience: '5_to_10',
      retirement_wealth: 20000,
      retirement_equity_percentage: 50,
      non_retirement_wealth: 5000,
      non_retirement_equity_percentage: 0,
    } as const;
    server(2, () => jsonResponse(sampleSession(2, { asset_allocation_prefill: prefill })));
    renderPage();
    expect((await moduleHeading()).textContent).toBe('Module 3 of 4: Asset allocation');
    expect((screen.getByLabelText('Retirement savings', { exact: true }) as HTMLInputElement).value).toBe('20000');
    expect((screen.getByLabelText('Share of retirement savings in stocks') as HTMLInputElement).value).toBe('50');
    expect((screen.getByLabelText('Other investments', { exact: true }) as HTMLInputElement).value).toBe('5000');
    // (20,000 × 50 + 5,000 × 0) / 25,000
    expect(screen.getByTestId('total-equity-share').textContent).toBe('40%');
  });

  it("says 'Failed to initialize assessment' when the start fails, and tries again on request", async () => {
    let refuse = true;
    const calls = server(0, () => (refuse ? new Response(null, { status: 500 }) : undefined));
    renderPage();
    expect(await screen.findByText(ipqMessages.initFailed)).toBeVisible();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await moduleHeading()).textContent).toBe('Module 1 of 4: Personality');
    expect(starts(calls)).toHaveLength(2);
  });

  it('saves a module and moves on (75 %), goes back to the saved answers, and keeps an unsaved draft', async () => {
    const calls = server(2);
    renderPage();
    await moduleHeading();
    fireEvent.change(screen.getByLabelText('Retirement savings'), { target: { value: '200000' } });
    fireEvent.change(screen.getByLabelText('Share of retirement savings in stocks'), { target: { value: '60' } });
    // The experience is asked, never assumed: nothing is chosen until the client answers.
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(ipqMessages.experience)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/modules/3'))).toBe(false);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Investment experience' }));
    fireEvent.click(await screen.findByRole('option', { name: '1 to 5 years' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(async () => expect((await moduleHeading()).textContent).toBe('Module 4 of 4: Demographics'));
    expect(screen.getByTestId('ipq-progress').textContent).toBe('75% complete');
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname.endsWith('/modules/3'))!;
    expect(post.body).toEqual({
      investment_experience: '1_to_5',
      retirement_wealth: 200_000,
      retirement_equity_percentage: 60,
      non_retirement_wealth: 0,
      non_retirement_equity_percentage: 0,
      total_equity_share: 60,
    });

    fireEvent.change(screen.getByLabelText(/^Age/), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(async () => expect((await moduleHeading()).textContent).toBe('Module 3 of 4: Asset allocation'));
    expect((screen.getByLabelText('Retirement savings') as HTMLInputElement).value).toBe('200000');
    fireEvent.click(screen.getByRole('tab', { name: 'Demographics' }));
    await waitFor(async () => expect((await moduleHeading()).textContent).toBe('Module 4 of 4: Demographics'));
    expect((screen.getByLabelText(/^Age/) as HTMLInputElement).value).toBe('45');
  });

  it("starts module 4 from the age and income on the client's record", async () => {
    server(3, undefined, { demographics_prefill: { age: 52, annual_income: 135_000 } });
    renderPage();
    expect((await moduleHeading()).textContent).toBe('Module 4 of 4: Demographics');
    expect((screen.getByLabelText(/^Age/) as HTMLInputElement).value).toBe('52');
    expect((screen.getByLabelText(/^Annual income/) as HTMLInputElement).value).toBe('135000');
    expect((screen.getByLabelText(/^Dependants/) as HTMLInputElement).value).toBe('');
  });

  it('opens the results once the fourth module is saved', async () => {
    server(3);
    renderPage();
    await moduleHeading();
    const { demographics } = moderateAnswers;
    fireEvent.change(screen.getByLabelText(/^Age/), { target: { value: String(demographics.age) } });
    fireEvent.change(screen.getByLabelText(/^Annual income/), { target: { value: String(demographics.annual_income) } });
    fireEvent.change(screen.getByLabelText(/^Dependants/), { target: { value: String(demographics.dependants) } });
    fireEvent.change(screen.getByLabelText(/^Years until you need/), { target: { value: String(demographics.time_horizon_years) } });
    fireEvent.change(screen.getByLabelText(/^Months of expenses/), { target: { value: String(demographics.emergency_fund_months) } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'How stable is your income?' })).getByRole('radio', { name: 'Stable salary' }),
    );
    fireEvent.click(within(screen.getByRole('group', { name: /might you need soon/ })).getByRole('radio', { name: /^Medium/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and see the results' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/clients/${clientId}/ipq-results?session=${sessionId}`));
  });
});
