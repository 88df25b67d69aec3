import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultBandRanges, defaultExpectedReturns, type CapitalMarketSettings } from '@meridian/domain/optimization/capital-markets';
import { jsonResponse, renderScreen, sampleUser } from '../../test/test-utils.tsx';
import { stubServer } from '../../test/portfolios.fixtures.ts';
import { loginSuccess } from '../session/index.ts';
import { CapitalMarketsPage } from './capital-markets-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const seeded: CapitalMarketSettings = {
  expected_returns: defaultExpectedReturns,
  band_ranges: defaultBandRanges,
  risk_free_rate: 0.042,
  defaults: true,
  sync_version: 1,
  updated_at: null,
};

function open(role: 'admin' | 'advisor', answer: (body: unknown) => Response = () => jsonResponse(seeded)) {
  const calls = stubServer((url, { method, body }) =>
    url.pathname.endsWith('/capital-market-assumptions')
      ? method === 'PUT'
        ? answer(body)
        : jsonResponse(seeded)
      : jsonResponse({ detail: 'Not found' }, 404),
  );
  const { store } = renderScreen(<CapitalMarketsPage />, { path: '/capital-market-assumptions' });
  act(() => void store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: role }, accessToken: 'access-1' })));
  return calls;
}

describe('the capital-market assumptions page', () => {
  it('shows an advisor the seeded figures, said to be illustrative, without inputs', async () => {
    open('advisor');
    expect((await screen.findByTestId('capital-market-assumptions')).textContent).toContain(
      'illustrative long-term assumptions, not a forecast',
    );
    const returns = within(screen.getByRole('region', { name: 'Expected annual return of each market class' }));
    expect(returns.getByRole('row', { name: /US stocks/ }).textContent).toBe('US stocks6.5 %');
    expect(returns.getByRole('row', { name: /^Cash/ }).textContent).toBe('Cash funds (T-bills)4.20% (the firm’s risk-free rate)');
    const moderate = within(screen.getByRole('region', { name: 'Ranges of the moderate band' }));
    expect(moderate.getByRole('row', { name: /Core bonds/ }).textContent).toBe('Core bonds20 %45 %');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save assumptions' })).toBeNull();
  });

  it("checks an admin's figures with the API's own messages before sending, then saves them as fractions", async () => {
    const calls = open('admin', (body) => jsonResponse({ ...seeded, ...(body as object), defaults: false, sync_version: 2 }));
    fireEvent.change(await screen.findByLabelText('Emerging-market stocks: expected return'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Moderate, Core bonds: minimum'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save assumptions' }));
    expect((await screen.findByTestId('cma-problems')).textContent).toBe(
      'Emerging-market stocks: the expected return must be between −50 % and 50 %.' +
        'Moderate, Core bonds: the minimum (50 %) is above the maximum (45 %).',
    );
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    // The inputs the messages name are marked, and only those.
    const marked = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid');
    expect(marked('Emerging-market stocks: expected return')).toBe('true');
    expect(marked('Moderate, Core bonds: minimum')).toBe('true');
    expect(marked('Moderate, Core bonds: maximum')).toBe('true');
    expect(marked('US stocks: expected return')).toBe('false');
    expect(marked('Moderate, US stocks: minimum')).toBe('false');

    fireEvent.change(screen.getByLabelText('Emerging-market stocks: expected return'), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText('Moderate, Core bonds: minimum'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save assumptions' }));
    await waitFor(() => expect(screen.getByTestId('cma-notice').textContent).toContain('The assumptions are saved'));
    const [put] = calls.filter((call) => call.method === 'PUT');
    const body = put!.body as { expected_returns: Record<string, number>; band_ranges: typeof defaultBandRanges; sync_version: number };
    expect(body.expected_returns.emerging_equity).toBeCloseTo(0.08, 12);
    expect(body.band_ranges.moderate.classes.core_bonds.min).toBeCloseTo(0.3, 12);
    expect(body.sync_version).toBe(1);
  });
});
