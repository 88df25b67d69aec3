import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpqSessionList } from '@meridian/domain/ipq/contracts';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { sampleClient } from '../../../test/clients.fixtures.ts';
import { stubServer } from '../../../test/portfolios.fixtures.ts';
import { clientId, listed, olderSessionId, sessionId } from '../test/ipq.fixtures.ts';
import { ClientAssessmentsPage } from './client-assessments-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = '88888888-8888-4888-8888-888888888888';

function server(list: IpqSessionList) {
  return stubServer((url) => {
    if (url.pathname === `/api/v1/ipq/clients/${clientId}/assessments`) return jsonResponse(list);
    if (url.pathname === `/api/v1/clients/${clientId}`)
      return jsonResponse(sampleClient({ id: clientId, first_name: 'Maria', last_name: 'Lopez' }));
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const renderPage = () =>
  renderScreen(<ClientAssessmentsPage />, { path: '/clients/:clientId/assessment', at: `/clients/${clientId}/assessment` });
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

describe("a client's questionnaires", () => {
  it('lists them newest first with their status, progress, dates and band outcome, and the way into each', async () => {
    server({
      assessments: [
        listed({
          session_id: open,
          status: 'in_progress',
          progress: 50,
          started_at: '2026-12-01T10:00:00.000Z',
          completed_at: null,
          proposed_band: null,
          band_status: null,
        }),
        listed(),
        listed({
          session_id: olderSessionId,
          proposed_band: 'conservative',
          band_status: 'confirmed',
          started_at: '2026-03-02T10:00:00.000Z',
          completed_at: '2026-03-03T10:00:00.000Z',
        }),
      ],
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Questionnaires');
    expect(await screen.findByText('Maria Lopez · Investor personality questionnaire')).toBeVisible();
    const rows = await screen.findAllByTestId(/^assessment-/);
    expect(rows.map(cellsOf)).toEqual([
      ['Dec 1, 2026', 'In Progress50%', '50%', '—', '—', 'Resume questionnaire'],
      ['Nov 20, 2026', 'Complete100%', '100%', 'Nov 27, 2026', 'ModerateAwaiting confirmation', 'View results'],
      ['Mar 2, 2026', 'Complete100%', '100%', 'Mar 3, 2026', 'ConservativeConfirmed', 'View results'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'View results' }).getAttribute('href')).toBe(
      `/clients/${clientId}/ipq-results?session=${sessionId}`,
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Resume questionnaire' }).getAttribute('href')).toBe(`/ipq-assessment/${clientId}`);
    const resume = screen.getAllByRole('link', { name: 'Resume questionnaire' })[0]!;
    expect(resume.getAttribute('href')).toBe(`/ipq-assessment/${clientId}`);
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe(`/clients/${clientId}/profile`);
  });

  it('offers a new questionnaire once every one is complete', async () => {
    server({ assessments: [listed()] });
    renderPage();
    expect((await screen.findByRole('link', { name: 'Start a new questionnaire' })).getAttribute('href')).toBe(
      `/ipq-assessment/${clientId}`,
    );
  });

  it('says there is none yet, and offers to start one', async () => {
    server({ assessments: [] });
    renderPage();
    expect((await screen.findByTestId('assessments-empty')).textContent).toBe('No questionnaire yet.');
    expect(screen.getByRole('link', { name: 'Start questionnaire' })).toBeVisible();
  });
});
