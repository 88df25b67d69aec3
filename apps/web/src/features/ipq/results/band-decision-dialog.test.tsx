import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BandDecision, BandDecisionResponse, IpqResults } from '@meridian/domain/ipq/contracts';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { stubServer } from '../../../test/portfolios.fixtures.ts';
import { clientId, listed, sampleResults, sessionId } from '../test/ipq.fixtures.ts';
import { IpqResultsPage } from './ipq-results-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const review = { reviewed: true, created: 1, refreshed: 2, withdrawn: 1 };

/** Results awaiting a decision; the decision settles them (or `refuse` answers instead). */
function server(refuse?: () => Response) {
  let current: IpqResults = sampleResults();
  return stubServer((url, init) => {
    if (url.pathname.endsWith('/assessments') && init.method === 'GET') return jsonResponse({ assessments: [listed()] });
    if (url.pathname.endsWith('/comprehensive-results')) return jsonResponse(current);
    if (url.pathname === `/api/v1/ipq/assessments/${sessionId}/risk-band`) {
      if (refuse) return refuse();
      const { decision, note } = init.body as BandDecision;
      const band = decision === 'confirm' ? current.band.proposed : current.current_band;
      current = {
        ...current,
        current_band: band,
        band: {
          ...current.band,
          status: decision === 'confirm' ? 'confirmed' : 'kept',
          note,
          decided_by: 'Alex Chen',
          decided_at: '2026-11-28T15:00:00.000Z',
        },
      };
      return jsonResponse({
        ...current,
        recommendations: decision === 'confirm' ? review : { reviewed: false, created: 0, refreshed: 0, withdrawn: 0 },
      } satisfies BandDecisionResponse);
    }
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const renderPage = () =>
  renderScreen(<IpqResultsPage />, { path: '/clients/:clientId/ipq-results', at: `/clients/${clientId}/ipq-results` });
const open = async (name: 'Confirm new band' | 'Keep current band') => {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.getByRole('dialog', { name });
};
const note = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Note/ });

describe('deciding a proposed band', () => {
  it('asks for a note before anything is sent', async () => {
    const calls = server();
    renderPage();
    const dialog = await open('Confirm new band');
    expect(dialog.textContent).toContain("Change Maria Lopez's risk band from moderately conservative to moderate?");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm new band' }));
    expect(await within(dialog).findByText(ipqMessages.bandNoteRequired)).toBeVisible();
    fireEvent.change(note(dialog), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm new band' }));
    expect(await within(dialog).findByText(ipqMessages.bandNoteRequired)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(note(dialog).getAttribute('maxlength')).toBe('1000');
  });

  it('confirms the band with the note, says what the review did to the recommendations, and shows it confirmed', async () => {
    const calls = server();
    renderPage();
    const dialog = await open('Confirm new band');
    fireEvent.change(note(dialog), { target: { value: 'Agreed with Maria after the review meeting.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm new band' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      decision: 'confirm',
      note: 'Agreed with Maria after the review meeting.',
    });
    expect(screen.getByRole('status').textContent).toBe(
      'The risk band is now moderate. Recommendations: 1 created, 2 refreshed, 1 withdrawn.',
    );
    await waitFor(() => expect(screen.getByTestId('band-settled').textContent).toBe('Confirmed by Alex Chen on Nov 28, 2026.'));
    expect(screen.getByTestId('band-note').textContent).toBe('Agreed with Maria after the review meeting.');
    expect(screen.queryByRole('button', { name: 'Confirm new band' })).toBeNull();
  });

  it('keeps the current band', async () => {
    const calls = server();
    renderPage();
    const dialog = await open('Keep current band');
    expect(dialog.textContent).toContain("Keep Maria Lopez's risk band at moderately conservative instead of the proposed moderate?");
    fireEvent.change(note(dialog), { target: { value: 'Maria wants to wait a year.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep current band' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The current band, moderately conservative, is kept.'));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ decision: 'keep', note: 'Maria wants to wait a year.' });
  });

  it("keeps the dialog open with the server's reason when the proposal was decided meanwhile", async () => {
    server(() => jsonResponse({ detail: ipqMessages.noBandChange }, 409));
    renderPage();
    const dialog = await open('Confirm new band');
    fireEvent.change(note(dialog), { target: { value: 'Confirmed.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm new band' }));
    expect(await within(dialog).findByText(ipqMessages.noBandChange)).toBeVisible();
  });
});
