import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpqSessionList } from '@meridian/domain/ipq/contracts';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { loginSuccess } from '../../session/index.ts';
import { stubServer } from '../../../test/portfolios.fixtures.ts';
import { scoreIpq } from '@meridian/domain/ipq/outcome';
import { clientId, listed, moderateAnswers, olderSessionId, sampleResults, sessionId } from '../test/ipq.fixtures.ts';
import { IpqResultsPage } from './ipq-results-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const newer = '88888888-8888-4888-8888-888888888888';
/** Newest first: one in progress, the complete one, an older complete one. */
const history: IpqSessionList = {
  assessments: [
    listed({ session_id: newer, status: 'in_progress', progress: 50, completed_at: null, proposed_band: null, band_status: null }),
    listed(),
    listed({ session_id: olderSessionId, band_status: 'superseded' }),
  ],
};

function server(results: (id: string) => Response = () => jsonResponse(sampleResults()), list: IpqSessionList = history) {
  return stubServer((url) => {
    if (url.pathname === `/api/v1/ipq/clients/${clientId}/assessments`) return jsonResponse(list);
    const asked = /\/ipq\/assessments\/([^/]+)\/comprehensive-results$/.exec(url.pathname);
    if (asked) return results(asked[1]!);
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const renderPage = (query = '') =>
  renderScreen(<IpqResultsPage />, { path: '/clients/:clientId/ipq-results', at: `/clients/${clientId}/ipq-results${query}` });
const section = (testId: string) => screen.getByTestId(testId);

describe('questionnaire results', () => {
  it("shows the latest complete questionnaire's scores, profile, bands, prediction, traits and reasons", async () => {
    const calls = server();
    renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Maria Lopez');
    expect(calls.some((call) => call.url.pathname.includes(`/assessments/${sessionId}/comprehensive-results`))).toBe(true);
    expect(screen.getByText('Questionnaire results · Completed Nov 27, 2026')).toBeVisible();

    expect(within(section('risk-tolerance')).getByTestId('risk-tolerance-score').textContent).toBe('67');
    // Capacity 50 + 1.667 (age 45) + 2.5 (income $150,000) + 5 (stable) − 2.5 (wealth $250,000) = 56.667.
    expect(within(section('risk-capacity')).getByTestId('risk-capacity-score').textContent).toBe('57');
    expect(within(section('risk-tolerance')).getByTestId('factor-loss_aversion').textContent).toBe(
      'Loss aversion+10.7 pointsWould take a 50/50 chance to lose $1,000 for a gain of $2,000 (loss aversion 2×; most people need about 2×).',
    );
    expect(within(section('risk-capacity')).getByTestId('factor-income_stability').textContent).toContain('+5 points');
    expect(within(section('risk-capacity')).getByTestId('factor-wealth').textContent).toContain('−2.5 points');
    expect(within(section('risk-capacity')).getByTestId('factor-income').textContent).toContain('+2.5 points');

    expect(screen.getByTestId('profile-summary').textContent).toBe('57 out of 100: Moderate');
    expect(within(section('band-chart')).getByText('The lower of the two scores: limited by risk capacity.')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Risk profile 57 out of 100, in the moderate band (40 to 60).' })).toBeVisible();
    expect(screen.getByTestId('band-moderate').textContent).toBe('Moderate (40–60): profile, recommended');
    expect(screen.getByTestId('band-moderately_conservative').textContent).toBe('Moderately conservative (20–40): current');

    const prediction = section('ipq-prediction');
    expect(within(prediction).getByTestId('recommended-share').textContent).toBe('Recommended share in stocks58%');
    expect(within(prediction).getByTestId('current-share').textContent).toBe('Share in stocks today56%');
    expect(within(prediction).getByTestId('equity-gap').textContent).toBe('Gap2 points less than recommended');
    expect(within(prediction).getByTestId('glide-path-cap').textContent).toBe('Glide-path cap (horizon)95%');
    expect(within(prediction).getByTestId('recommended-model').textContent).toBe('Recommended modelBalanced Growth');

    expect(screen.getByTestId('trait-neuroticism').textContent).toBe('Emotional reactivity50');
    expect(screen.getByTestId('loss-aversion').textContent).toContain('Loss aversion: 2×');
    const reasons = within(section('ipq-explanation'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(reasons[0]).toBe(
      'Risk tolerance 67 and risk capacity 57 out of 100: the profile takes the lower, capacity (57), which is moderate.',
    );
    expect(reasons.at(-1)).toBe('Today 56% is in stocks: 2 points less than recommended.');
    // Nothing to discuss in these answers.
    expect(screen.queryByTestId('points-to-discuss')).toBeNull();
  });

  it('lists the points to discuss for staff: an unrealistic return and contradicting 50/50 choices, loss aversion not read', async () => {
    const outcome = scoreIpq({
      ...moderateAnswers,
      beliefs: { ...moderateAnswers.beliefs, gamble_accepts: [true, false, true, false], expected_return: 15 },
    });
    server(() => jsonResponse(sampleResults({ ...outcome })));
    renderPage();
    const points = await screen.findByTestId('points-to-discuss');
    expect(within(points).getByRole('heading', { name: 'Points to discuss' })).toBeVisible();
    const items = within(points)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('accepted 1.5× and 3× the loss but declined 2× and 4×');
    expect(items[1]).toContain('Expects 15% a year');
    expect(screen.getByTestId('loss-aversion').textContent).toContain('Loss aversion: not read: the 50/50 choices contradict each other');
    expect(within(section('risk-tolerance')).getByTestId('factor-return_expectation').textContent).toContain('left out of the score');
  });

  it('offers staff the decision on a band change awaiting confirmation', async () => {
    server();
    renderPage();
    const band = await screen.findByTestId('band-status');
    expect(band.textContent).toContain('Proposed Moderate · current Moderately conservative');
    expect(within(band).getByTestId('band-status-chip').textContent).toBe('Awaiting confirmation');
    expect(within(band).getByRole('button', { name: 'Confirm new band' })).toBeVisible();
    expect(within(band).getByRole('button', { name: 'Keep current band' })).toBeVisible();
  });

  it('tells a client that their advisor will review it, with no decision to make', async () => {
    server();
    const { store } = renderPage();
    act(() => void store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: 'client' }, accessToken: 'a' })));
    const band = await screen.findByTestId('band-status');
    expect(within(band).queryByRole('button')).toBeNull();
    expect(within(band).getByText('Your advisor will review the proposed band and confirm it or keep the current one.')).toBeVisible();
  });

  it('shows a settled band: who confirmed it, when, and their note', async () => {
    const confirmed = sampleResults({
      current_band: 'moderate',
      band: {
        proposed: 'moderate',
        status: 'confirmed',
        note: 'Discussed with Maria on the phone.',
        decided_by: 'Alex Chen',
        decided_at: '2026-11-28T15:00:00.000Z',
      },
    });
    server(() => jsonResponse(confirmed));
    renderPage();
    expect((await screen.findByTestId('band-settled')).textContent).toBe('Confirmed by Alex Chen on Nov 28, 2026.');
    expect(screen.getByTestId('band-note').textContent).toBe('Discussed with Maria on the phone.');
    expect(within(screen.getByTestId('band-status')).queryByRole('button')).toBeNull();
  });

  it('shows the questionnaire named in ?session=', async () => {
    const seen: string[] = [];
    server((id) => {
      seen.push(id);
      return jsonResponse(sampleResults({ session_id: id, band: { ...sampleResults().band, status: 'superseded' } }));
    });
    renderPage(`?session=${olderSessionId}`);
    expect((await screen.findByTestId('band-settled')).textContent).toBe('A later questionnaire replaced this proposal.');
    expect(seen).toEqual([olderSessionId]);
  });

  it('links to every questionnaire and a retake, and prints', async () => {
    server();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage();
    const retake = await screen.findByRole('link', { name: 'Retake questionnaire' });
    expect(retake.getAttribute('href')).toBe(`/ipq-assessment/${clientId}`);
    expect(screen.getByRole('link', { name: 'All questionnaires' }).getAttribute('href')).toBe(`/clients/${clientId}/assessment`);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('offers to resume the open questionnaire when none is complete, or to start one', async () => {
    server(undefined, { assessments: [history.assessments[0]!] });
    const first = renderPage();
    expect((await screen.findByTestId('ipq-no-results')).textContent).toContain('No completed questionnaire yet.');
    expect(screen.getByRole('link', { name: 'Resume questionnaire' }).getAttribute('href')).toBe(`/ipq-assessment/${clientId}`);
    first.unmount();
    server(undefined, { assessments: [] });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Start questionnaire' })).toBeVisible();
  });

  it("says 'Failed to calculate results' when the server gives no reason, else its reason", async () => {
    server(() => new Response(null, { status: 500 }));
    const first = renderPage();
    expect(await screen.findByText(ipqMessages.resultsFailed)).toBeVisible();
    first.unmount();
    server(() => jsonResponse({ detail: ipqMessages.resultsIncomplete }, 422));
    renderPage(`?session=${newer}`);
    expect(await screen.findByText(ipqMessages.resultsIncomplete)).toBeVisible();
  });
});
