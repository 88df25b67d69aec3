import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import type { Optimization } from '@meridian/domain/recommendations/contracts';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { StubResizeObserver, stubServer } from '../../../test/portfolios.fixtures.ts';
import { OptimizationSection } from './optimization-section.tsx';

beforeEach(() => vi.stubGlobal('ResizeObserver', StubResizeObserver));
afterEach(() => vi.unstubAllGlobals());

const portfolioId = '22222222-2222-4222-8222-222222222222';
const point = (expected_return: number, volatility: number) => ({ expected_return, volatility });
const trade = {
  security_id: 's1',
  symbol: 'MSFT',
  name: 'Microsoft',
  side: 'sell' as const,
  quantity: 10,
  price: 400,
  amount: 4000,
  realized_short: 0,
  realized_long: 1200,
  lots: [],
};

const optimization: Optimization = {
  portfolio_id: portfolioId,
  risk_band: 'moderate',
  target_volatility: 0.11,
  risk_free_rate: 0.04,
  history: { start: '2023-11-20', end: '2026-11-20', days: 756 },
  shrinkage: 0.12,
  constraints_relaxed: false,
  assets: [
    {
      security_id: 's1',
      symbol: 'MSFT',
      name: 'Microsoft',
      asset_class: 'equity',
      expected_return: 0.14,
      volatility: 0.28,
      max_weight: 0.1,
      current_weight: 0.6,
      optimal_weight: 0.1,
    },
    {
      security_id: 's2',
      symbol: 'AGG',
      name: 'iShares Core US Aggregate Bond',
      asset_class: 'fixed_income',
      expected_return: 0.03,
      volatility: 0.05,
      max_weight: 0.4,
      current_weight: 0.3,
      optimal_weight: 0.4,
    },
    {
      security_id: 's3',
      symbol: 'VTI',
      name: 'Vanguard Total Stock Market',
      asset_class: 'equity',
      expected_return: 0.09,
      volatility: 0.16,
      max_weight: 0.4,
      current_weight: 0,
      optimal_weight: 0.5,
    },
  ],
  cash_weight: 0.1,
  current: point(0.097, 0.19),
  optimal: point(0.071, 0.11),
  minimum_variance: point(0.035, 0.05),
  maximum_sharpe: point(0.06, 0.09),
  frontier: Array.from({ length: 20 }, (_, i) => point(0.035 + i * 0.005, 0.05 + i * 0.012)),
  trades: [trade],
  totals: { buys: 0, sells: 4000, realized_short: 0, realized_long: 1200, cash_before: 1000, cash_after: 5000 },
  wash_sale_blocked: [],
};

describe('the optimisation section', () => {
  it('shows where the portfolio stands and its optimum, the weights and the trades, and makes a recommendation of it', async () => {
    const calls = stubServer((url, { method }) => {
      if (url.pathname.endsWith('/optimize') && method === 'POST') return jsonResponse(optimization);
      if (url.pathname.endsWith('/optimize/recommendation')) return jsonResponse({ title: 'Rebalance to the moderate optimum' }, 201);
      return jsonResponse({ detail: 'Not found' }, 404);
    });
    renderScreen(<OptimizationSection portfolioId={portfolioId} />);
    expect((await screen.findByTestId('optimization-figures')).textContent).toBe(
      'Now: expected return9.70%Now: volatility19.00%Optimal: expected return7.10%Optimal: volatility11.00%',
    );
    expect(screen.getByText(/target volatility 11.00%, from 756 days of returns/)).toBeVisible();
    const rows = screen.getAllByRole('row').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
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

  it("says why there is nothing to optimise in the server's words, else the spec's text", async () => {
    stubServer(() => jsonResponse({ detail: recommendationMessages.nothingToOptimize }, 422));
    const first = renderScreen(<OptimizationSection portfolioId={portfolioId} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(recommendationMessages.nothingToOptimize));
    first.unmount();
    stubServer(() => new Response('', { status: 500 }));
    renderScreen(<OptimizationSection portfolioId={portfolioId} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(portfolioMessages.optimizeFailed));
  });
});
