import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { loginSuccess } from '../../session/index.ts';
import { clientMessages } from '@meridian/domain/shared/messages';
import { StubResizeObserver, stubServer } from '../../../test/portfolios.fixtures.ts';
import { sampleOptimization as optimization } from '../../../test/recommendations.fixtures.ts';
import type { Optimization } from '@meridian/domain/recommendations/contracts';
import { OptimizationSection } from './optimization-section.tsx';

beforeEach(() => vi.stubGlobal('ResizeObserver', StubResizeObserver));
afterEach(() => vi.unstubAllGlobals());

describe('the optimisation section', () => {
  it('shows where the portfolio stands and its optimum, the weights and the trades, and makes a recommendation of it', async () => {
    const calls = stubServer((url, { method }) => {
      if (url.pathname.endsWith('/optimize') && method === 'POST') return jsonResponse(optimization);
      if (url.pathname.endsWith('/optimize/recommendation')) return jsonResponse({ title: 'Rebalance to the moderate optimum' }, 201);
      return jsonResponse({ detail: 'Not found' }, 404);
    });
    renderScreen(<OptimizationSection portfolioId={optimization.portfolio_id} />);
    expect((await screen.findByTestId('optimization-figures')).textContent).toBe(
      'Now: expected return9.70%Now: volatility19.00%Optimal: expected return7.10%Optimal: volatility11.00%',
    );
    expect(screen.getByText(/target volatility 11.00%, within the band’s range for each asset class/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'capital-market assumptions' }).getAttribute('href')).toBe('/capital-market-assumptions');
    // By asset class: the firm's assumption, the moderate band's range, now and optimal (classes the band
    // needs are listed even when empty: international developed has a floor of 8 %).
    const cellsOf = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cellsOf(screen.getByRole('table', { name: 'Asset classes now and at the optimum, with the band’s ranges' }))).toEqual([
      ['US stocks', '6.50%', '25.00%–45.00%', '60.00%', '60.00%'],
      ['International developed stocks', '7.00%', '8.00%–20.00%', '0.00%', '0.00%'],
      ['Core bonds', '4.50%', '20.00%–45.00%', '30.00%', '40.00%'],
      ['Stocks in all', '', '30.00%–70.00%', '60.00%', '60.00%'],
    ]);
    const rows = within(screen.getByRole('table', { name: 'Weights now and at the optimum' }))
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows.slice(1, 5).map((cells) => cells.slice(1, 3))).toEqual([
      ['0.00%', '50.00%'],
      ['30.00%', '40.00%'],
      ['60.00%', '10.00%'],
      ['10.00%', '0.00%'],
    ]);
    expect(screen.getByTestId('optimization-trades').textContent).toBe(
      '1 trade: sell $4,000, buy $0; estimated realised gain $1,200 long-term and $0 short-term (losses and long-term lots sold first).',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create recommendation from the optimum' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Rebalance to the moderate optimum: pending on the portfolio page.');
    expect(calls.find((call) => call.url.pathname.endsWith('/optimize/recommendation'))?.method).toBe('POST');
  });

  it("in a taxable account, adds the trades' tax and the client's gain budget, and lists what the settings held back", async () => {
    const taxed: Optimization = {
      ...optimization,
      tax: {
        treatment: 'taxable',
        estimated_tax: 180,
        rates: { short: 0.32, long: 0.15 },
        gain_budget: 5000,
        gains_year_to_date: 3800,
        budget_left: 0,
        disallowed_loss: 0,
        rebalance_to: 'band_edge',
      },
      held_back: [{ security_id: 'id-MSFT', symbol: 'MSFT', side: 'sell', reason: 'gain_budget', amount: 2500 }],
    };
    stubServer(() => jsonResponse(taxed));
    renderScreen(<OptimizationSection portfolioId={optimization.portfolio_id} />);
    // 1,200 of long-term gain at 15 % is 180 of tax; 3,800 used before and 1,200 now leave 0 of 5,000.
    expect((await screen.findByTestId('optimization-trades')).textContent).toBe(
      '1 trade: sell $4,000, buy $0; estimated realised gain $1,200 long-term and $0 short-term (losses and long-term lots sold first).' +
        " Estimated tax $180. Gain budget $5,000 a year: $3,800 already used (realised this year or in the client's other open proposals), $0 left after these trades.",
    );
    expect(screen.getByTestId('held-back').textContent).toBe(
      "Held back by the client's settings:MSFT: $2,500.00 of its overweight kept within the gain budget ($0.00 left this year)",
    );
  });

  it('tells a client whose band is not set what will set it, in words for them, and staff what to do', async () => {
    stubServer(() => jsonResponse({ detail: clientMessages.riskBandNotAssessed }, 422));
    const staff = renderScreen(<OptimizationSection portfolioId={optimization.portfolio_id} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(clientMessages.riskBandNotAssessed));
    staff.unmount();
    const { store } = renderScreen(<OptimizationSection portfolioId={optimization.portfolio_id} />);
    act(() => void store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: 'client' }, accessToken: 'access-1' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(portfolioMessages.ownRiskBandNotAssessed));
  });

  it("says why there is nothing to optimise in the server's words, else the spec's text", async () => {
    stubServer(() => jsonResponse({ detail: recommendationMessages.nothingToOptimize }, 422));
    const first = renderScreen(<OptimizationSection portfolioId={optimization.portfolio_id} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(recommendationMessages.nothingToOptimize));
    first.unmount();
    stubServer(() => new Response('', { status: 500 }));
    renderScreen(<OptimizationSection portfolioId={optimization.portfolio_id} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(portfolioMessages.optimizeFailed));
  });
});
