import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { loginSuccess } from '../../session/index.ts';
import { sampleClient, stubServer } from '../../../test/clients.fixtures.ts';
import { ClientProfilesPage } from './client-profiles-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('client profiles screen', () => {
  it("links each name to the client's profile, opens it from the row, and tells the sorted column", async () => {
    const calls = stubServer(() => jsonResponse({ clients: [sampleClient()], total: 1, page: 1, per_page: 25, pages: 1 }));
    const result = renderScreen(<ClientProfilesPage />, { path: '/client-profiles' });
    act(() => void result.store.dispatch(loginSuccess({ user: sampleUser, accessToken: 'access-1' })));
    const profile = '/clients/11111111-1111-4111-8111-111111111111/profile';
    expect(await screen.findByRole('link', { name: 'Dana Whitfield' })).toHaveAttribute('href', profile);
    expect(screen.getByRole('columnheader', { name: 'Client' })).toHaveAttribute('aria-sort', 'ascending');

    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Net worth' })).getByRole('button'));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('netWorth'));
    expect(screen.getByRole('columnheader', { name: 'Net worth' })).toHaveAttribute('aria-sort', 'ascending');

    fireEvent.click(within(await screen.findByTestId('profile-row')).getByText('Retire at 62'));
    expect(screen.getByTestId('location').textContent).toBe(profile);
  });

  it('shows the three-level risk capacity derived from the band and says so; a client without a band is not assessed', async () => {
    stubServer(() =>
      jsonResponse({
        clients: [
          sampleClient({ risk_band: 'moderately_aggressive', profile: { ...sampleClient().profile, risk_capacity: 'high' } }),
          sampleClient({ id: 'c2', first_name: 'Noel', last_name: 'Newcomer', risk_band: null, risk_band_source: null }),
        ],
        total: 2,
        page: 1,
        per_page: 25,
        pages: 1,
      }),
    );
    const result = renderScreen(<ClientProfilesPage />, { path: '/client-profiles' });
    act(() => void result.store.dispatch(loginSuccess({ user: sampleUser, accessToken: 'access-1' })));
    await screen.findByRole('link', { name: 'Dana Whitfield' });
    const [dana, noel] = screen.getAllByTestId('derived-risk-chip');
    expect(dana!.textContent).toBe('Aggressive');
    expect(dana).toHaveAccessibleDescription('Derived from the risk band Moderately aggressive');
    fireEvent.mouseOver(dana!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Derived from the risk band Moderately aggressive');
    expect(noel!.textContent).toBe('Not assessed');
  });
});
