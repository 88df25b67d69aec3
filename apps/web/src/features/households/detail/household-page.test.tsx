import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { householdMessages } from '@meridian/domain/households/messages';
import type { Household } from '@meridian/domain/households/contracts';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { stubServer, type RecordedCall } from '../../../test/portfolios.fixtures.ts';
import { sampleAnalytics } from '../../../test/analytics.fixtures.ts';
import { HouseholdPage } from './household-page.tsx';
import { carlos, carlosId, clientPage, householdId, mariaId, sampleHousehold, sofiaId } from '../test/households.fixtures.ts';

/** Lazy chunks and a loaded machine can take longer than the default second. */
const slow = { timeout: 5000 };

afterEach(() => vi.unstubAllGlobals());

type Writes = { put?: (call: RecordedCall) => Response; members?: (call: RecordedCall) => Response };

/** The household answers `detail` until a write succeeds, then what the write answered. */
function server(detail: Household | null = sampleHousehold(), writes: Writes = {}) {
  let current = detail;
  return stubServer((url, init) => {
    const call = { url, ...init };
    const path = url.pathname;
    if (path.endsWith('/analytics')) return jsonResponse(sampleAnalytics({ market_value: 20125.75 }));
    if (path.endsWith('/clients')) return jsonResponse(clientPage);
    if (path.endsWith(`/households/${householdId}/members`)) {
      const answer = writes.members?.(call) ?? jsonResponse(sampleHousehold());
      if (answer.ok) current = sampleHousehold({ members: [] });
      return answer;
    }
    if (path.endsWith(`/households/${householdId}`)) {
      if (init.method === 'PUT') return writes.put?.(call) ?? jsonResponse(current);
      if (init.method === 'DELETE') return new Response(null, { status: 204 });
      return current ? jsonResponse(current) : jsonResponse({ detail: householdMessages.householdNotFound }, 404);
    }
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const at = { path: '/households/:householdId', at: `/households/${householdId}` };

describe('household page', () => {
  it('shows the name, notes, members with their profile links, the rolled-up value and 1Y TWR', async () => {
    const calls = server();
    renderScreen(<HouseholdPage />, at);
    expect((await screen.findByRole('heading', { level: 1 }, slow)).textContent).toBe('Lopez Family');
    expect(screen.getByTestId('household-subtitle').textContent).toBe('Advisor Alex Chen · 2 members');
    expect(screen.getByTestId('household-notes').textContent).toBe('Prefers quarterly reviews');
    const maria = screen.getByTestId(`member-row-${mariaId}`);
    expect([...maria.querySelectorAll('td')].slice(1, 4).map((cell) => cell.textContent)).toEqual([
      'Head',
      'maria.lopez@example.com',
      '$13,500.00',
    ]);
    expect(within(maria).getByRole('link', { name: 'Maria Lopez' }).getAttribute('href')).toBe(`/clients/${mariaId}/profile`);
    expect(screen.getByRole('link', { name: 'View analytics' }).getAttribute('href')).toBe(`/portfolio-analytics?household=${householdId}`);
    await waitFor(() => expect(screen.getByTestId('household-value-value').textContent).toBe('$20,125.75'), slow);
    expect(screen.getByTestId('household-twr-value').textContent).toBe('+12.50%');
    const analytics = calls.find((call) => call.url.pathname.endsWith('/analytics'))!;
    expect(analytics.url.pathname).toBe(`/api/v1/households/${householdId}/analytics`);
    expect(analytics.url.searchParams.get('period')).toBe('1Y');
    // A click elsewhere on a member's row opens their profile.
    fireEvent.click(within(maria).getByText('maria.lopez@example.com'));
    expect(screen.getByTestId('location').textContent).toBe(`/clients/${mariaId}/profile`);
  });

  it('adds a member picked from the clients with a role, sending the whole list and the version', async () => {
    const calls = server();
    renderScreen(<HouseholdPage />, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Add member' }, slow));
    const dialog = screen.getByRole('dialog', { name: 'Add member' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Client' }));
    fireEvent.click(await screen.findByRole('option', { name: /Sofia Lopez/ }, slow));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Child' }, slow));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add member' })).toBeNull(), slow);
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/v1/households/${householdId}/members`);
    expect(put.body).toEqual({
      members: [
        { client_id: mariaId, role: 'head' },
        { client_id: carlosId, role: 'spouse' },
        { client_id: sofiaId, role: 'child' },
      ],
      sync_version: 4,
    });
  });

  it("shows the server's reason when a member cannot be added", async () => {
    const elsewhere = householdMessages.memberElsewhere('Sofia Lopez');
    server(sampleHousehold(), {
      members: () => jsonResponse({ detail: [{ type: 'custom', loc: ['body', 'members'], msg: elsewhere, input: null }] }, 422),
    });
    renderScreen(<HouseholdPage />, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Add member' }, slow));
    const dialog = screen.getByRole('dialog', { name: 'Add member' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose a client', {}, slow)).toBeVisible();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Client' }));
    fireEvent.click(await screen.findByRole('option', { name: /Sofia Lopez/ }, slow));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect((await within(dialog).findByRole('alert', {}, slow)).textContent).toBe(elsewhere);
  });

  it('removes a member only after confirmation', async () => {
    const calls = server();
    renderScreen(<HouseholdPage />, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Carlos Lopez' }, slow));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove member' })).getByRole('button', { name: 'Remove' }));
    await screen.findByTestId('members-empty', {}, slow);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ members: [{ client_id: mariaId, role: 'head' }], sync_version: 4 });
  });

  it('keeps the edits and shows the current household when the save is refused as stale (409)', async () => {
    const current = sampleHousehold({
      name: 'Lopez-Garcia Family',
      notes: 'Moved to Austin',
      sync_version: 5,
      members: [carlos],
      member_count: 1,
    });
    const calls = server(sampleHousehold(), {
      put: (call) =>
        (call.body as { sync_version: number }).sync_version === 4
          ? jsonResponse({ detail: householdMessages.householdChanged, current }, 409)
          : jsonResponse({ ...current, notes: 'Annual reviews' }),
    });
    renderScreen(<HouseholdPage />, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, slow));
    const dialog = screen.getByRole('dialog', { name: 'Edit Household' });
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'Annual reviews' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const conflict = await within(dialog).findByTestId('household-conflict', {}, slow);
    expect(conflict.textContent).toContain(householdMessages.householdChanged);
    expect(within(dialog).getByTestId('household-conflict-current').textContent).toContain('Lopez-Garcia Family');
    expect((within(dialog).getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Annual reviews');
    expect((within(dialog).getByLabelText(/Household name/) as HTMLInputElement).value).toBe('Lopez-Garcia Family');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Household' })).toBeNull(), slow);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      name: 'Lopez-Garcia Family',
      notes: 'Annual reviews',
      sync_version: 5,
    });
  });

  it('deletes the household after confirmation and goes back to the list', async () => {
    const calls = server();
    renderScreen(<HouseholdPage />, at);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, slow));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete household' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/households'), slow);
    const deletion = calls.find((call) => call.method === 'DELETE')!;
    expect(`${deletion.url.pathname}${deletion.url.search}`).toBe(`/api/v1/households/${householdId}?sync_version=4`);
  });

  it("says 'Household not found' for a household out of reach", async () => {
    server(null);
    renderScreen(<HouseholdPage />, at);
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(householdMessages.householdNotFound);
  });
});
