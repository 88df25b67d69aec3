import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { loginSuccess } from '../../session/index.ts';
import { sampleClient, stubServer } from '../../../test/clients.fixtures.ts';
import { ClientReportPage } from './client-report-page.tsx';
import { combinedAllocation } from './report-allocation.ts';

class StubResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', StubResizeObserver));
afterEach(() => vi.unstubAllGlobals());

const slice = (key: string, market_value: number, percent: number) => ({ key, market_value, percent, holdings_count: 1 });

const portfolio = (id: string, name: string, overrides: Partial<PortfolioDetail> = {}): PortfolioDetail => ({
  id,
  client_id: sampleClient().id,
  client_name: 'Dana Whitfield',
  name,
  account_type: 'roth_ira',
  status: 'active',
  benchmark_symbol: 'SPY',
  lot_method: 'fifo',
  model_id: null,
  margin_limit: null,
  cash_balance: 1000,
  holdings_value: 9000,
  total_value: 10000,
  cost_basis: 8000,
  gain_loss: 1000,
  gain_loss_percent: 12.5,
  holdings_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  sync_version: 1,
  holdings: [
    {
      id: `${id}-h1`,
      portfolio_id: id,
      security: {
        id: 's1',
        symbol: 'MSFT',
        name: 'Microsoft Corporation',
        sector: 'Information Technology',
        asset_class: 'equity',
        risk_rating: 'medium',
      },
      quantity: 20,
      average_cost: 400,
      last_close: 450,
      price_date: '2026-03-13',
      price_source: 'simulated',
      simulated: true,
      market_value: 9000,
      cost_basis: 8000,
      gain_loss: 1000,
      gain_loss_percent: 12.5,
      allocation_percent: 100,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      sync_version: 1,
    },
  ],
  allocation: { by_asset_class: [slice('equity', 9000, 100)], by_sector: [] },
  ...overrides,
});

const first = portfolio('p1', 'Retirement');
const second = portfolio('p2', 'College Fund', {
  account_type: 'education_529',
  total_value: 3000,
  cost_basis: 3000,
  gain_loss: -500,
  gain_loss_percent: -16.67,
  allocation: { by_asset_class: [slice('fixed_income', 3000, 100)], by_sector: [] },
});

describe('client report', () => {
  it('combines the asset-class allocation of all portfolios by market value', () => {
    expect(combinedAllocation([first, second])).toEqual([
      { key: 'equity', label: 'Equity', marketValue: 9000, percent: 75 },
      { key: 'fixed_income', label: 'Fixed Income', marketValue: 3000, percent: 25 },
    ]);
    expect(
      combinedAllocation([portfolio('p3', 'Empty', { allocation: { by_asset_class: [slice('cash', 0, 0)], by_sector: [] } })])[0]!.percent,
    ).toBe(0);
  });

  it('renders summary, portfolios, allocation chart and holdings, and prints on request', async () => {
    stubServer((url) => {
      if (url.pathname === '/api/v1/portfolios')
        return jsonResponse({ portfolios: [first, second], total: 2, page: 1, per_page: 100, pages: 1 });
      if (url.pathname === '/api/v1/portfolios/p1') return jsonResponse(first);
      if (url.pathname === '/api/v1/portfolios/p2') return jsonResponse(second);
      return jsonResponse(sampleClient());
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const result = renderScreen(<ClientReportPage />, { path: '/clients/:clientId/report', at: `/clients/${sampleClient().id}/report` });
    act(() => void result.store.dispatch(loginSuccess({ user: sampleUser, accessToken: 'access-1' })));

    const report = await screen.findByTestId('client-report');
    expect(within(report).getByRole('heading', { name: 'Dana Whitfield', level: 1 })).toBeVisible();
    // Totals over both portfolios: $13,000.00 value, $500.00 gain on $11,000.00 cost.
    expect(within(report).getAllByText('$13,000.00').length).toBeGreaterThan(0);
    expect(within(report).getAllByText('$500.00 (+4.55%)').length).toBeGreaterThan(0);
    // The account type has its own column (a phone shows it under the portfolio's name instead).
    expect(within(report).getByRole('cell', { name: 'Roth IRA' })).toBeVisible();
    expect(within(report).getByText('-$500.00 (-16.67%)')).toBeVisible();
    expect(within(screen.getByTestId('allocation-equity')).getByText('75.00%')).toBeVisible();
    expect(within(screen.getByTestId('allocation-fixed_income')).getByText('25.00%')).toBeVisible();
    expect(report.querySelector('svg')).not.toBeNull();
    expect(within(report).getByRole('heading', { name: 'Holdings: Retirement' })).toBeVisible();
    expect(within(report).getByRole('table', { name: 'Holdings of Retirement' }).textContent).toContain('Microsoft Corporation');
    expect(report.textContent).toContain('Some prices are simulated');

    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
