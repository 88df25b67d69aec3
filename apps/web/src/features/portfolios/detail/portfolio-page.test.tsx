import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { stubWindowWidth } from '../../../test/window-width.ts';
import { PortfolioPage } from './portfolio-page.tsx';
import {
  portfolioId,
  sampleDetail,
  sampleHolding,
  StubResizeObserver,
  stubServer,
  type RecordedCall,
} from '../../../test/portfolios.fixtures.ts';

beforeEach(() => vi.stubGlobal('ResizeObserver', StubResizeObserver));
afterEach(() => vi.unstubAllGlobals());

const aapl = {
  id: '33333333-3333-4333-8333-333333333333',
  symbol: 'AAPL',
  name: 'Apple Inc.',
  sector: 'Information Technology',
  asset_class: 'equity',
  risk_rating: 'medium',
  industry: 'Hardware',
  is_active: true,
  last_close: 200,
  previous_close: 199,
  day_change: 1,
  day_change_percent: 0.5,
  last_price_date: '2026-11-20',
  price_source: 'imported',
  simulated: false,
};

type Routes = { holdings?: (call: RecordedCall) => Response };

/** The portfolio answers `detail` until a write succeeds, then `after`. */
function server(detail: PortfolioDetail, after: PortfolioDetail, routes: Routes = {}) {
  let current = detail;
  return stubServer((url, init) => {
    const path = url.pathname;
    if (path.endsWith('/securities/search'))
      return jsonResponse({ securities: url.searchParams.get('q') === 'app' ? [aapl] : [], total: 1 });
    if (path.includes('/holdings') && init.method !== 'GET') {
      const answer = routes.holdings?.({ url, ...init }) ?? jsonResponse(sampleHolding(), 201);
      if (answer.ok) current = after;
      return answer;
    }
    if (path.endsWith(`/portfolios/${portfolioId}`)) return jsonResponse(current);
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

describe('portfolio page: holdings', () => {
  it('shows the header, the value cards with negative cash in red, and each holding with its simulated close', async () => {
    const detail = sampleDetail([sampleHolding()], { cash_balance: -500, total_value: 11500 });
    server(detail, detail);
    renderScreen(<PortfolioPage />, { path: '/portfolios/:portfolioId', at: `/portfolios/${portfolioId}` });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Lopez Retirement');
    expect(screen.getByTestId('portfolio-subtitle').textContent).toBe('Maria Lopez · Roth IRA · Benchmark SPY');
    expect(screen.getByTestId('card-total-value-value').textContent).toBe('$11,500.00');
    const cash = within(screen.getByTestId('card-cash-value')).getByText('-$500.00');
    expect(getComputedStyle(cash).color).toBe('rgb(211, 47, 47)');
    const row = screen.getByTestId('holding-row-MSFT');
    expect(cellsOf(row).slice(0, 9)).toEqual([
      'MSFTMicrosoft Corporation',
      'Information Technology',
      '30',
      '$333.33',
      '$400.00Simulated',
      '$12,000.00',
      '+$2,000.00',
      '+20.00%',
      '100.00%',
    ]);
    expect(screen.getByTestId('allocation-sector-Information Technology').textContent).toContain('100.00%');
  });

  it('keeps the security, market value and actions of a holding on a phone, the rest in its details', async () => {
    stubWindowWidth(390);
    server(sampleDetail(), sampleDetail());
    renderScreen(<PortfolioPage />, { path: '/portfolios/:portfolioId', at: `/portfolios/${portfolioId}` });
    const row = await screen.findByTestId('holding-row-MSFT');
    expect(cellsOf(row).slice(0, 2)).toEqual(['MSFTMicrosoft Corporation', '$12,000.00']);
    expect(within(row).getByRole('button', { name: 'Change quantity of MSFT' })).toBeVisible();
    fireEvent.click(within(row).getByRole('button', { name: 'Details for MSFT' }));
    const details = row.nextElementSibling as HTMLElement;
    expect(
      within(details)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Sector', 'Quantity', 'Cost per share', 'Last close', 'Gain/loss', 'Gain/loss %', 'Allocation']);
    expect(
      within(details)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Information Technology', '30', '$333.33', '$400.00Simulated', '+$2,000.00', '+20.00%', '100.00%']);
  });

  it('adds a holding through security search at the price it starts at, its last close, and shows the refreshed values', async () => {
    const before = sampleDetail([sampleHolding()]);
    const after = sampleDetail(
      [
        sampleHolding({ allocation_percent: 75 }),
        sampleHolding({
          id: 'h-aapl',
          security: { ...sampleHolding().security, id: '33333333-3333-4333-8333-333333333333', symbol: 'AAPL', name: 'Apple Inc.' },
          quantity: 20,
          average_cost: 200,
          last_close: 200,
          price_source: 'imported',
          simulated: false,
          market_value: 4000,
          cost_basis: 4000,
          gain_loss: 0,
          gain_loss_percent: 0,
          allocation_percent: 25,
        }),
      ],
      { holdings_value: 16000, total_value: 13500, cash_balance: -2500, holdings_count: 2 },
    );
    const calls = server(before, after);
    renderScreen(<PortfolioPage />, { path: '/portfolios/:portfolioId', at: `/portfolios/${portfolioId}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Holding' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Holding' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Security' }), { target: { value: 'app' } });
    expect(within(dialog).getByLabelText('Price per share (optional)')).toHaveValue('');
    fireEvent.click(await screen.findByTestId('security-option-AAPL'));
    expect(within(dialog).getByLabelText('Price per share (optional)')).toHaveValue('200');
    expect(within(dialog).getByText('Empty: the latest close, $200.00')).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.queryByTestId('holding-row-AAPL')).not.toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      security_id: '33333333-3333-4333-8333-333333333333',
      quantity: 20,
      price: 200,
    });
    expect(cellsOf(screen.getByTestId('holding-row-AAPL'))[4]).toBe('$200.00');
    expect(screen.getByTestId('card-holdings-value-value').textContent).toBe('$16,000.00');
    expect(screen.getByTestId('card-cash-value').textContent).toBe('-$2,500.00');
  });

  it('checks the dialog with the contract before sending: a security and a positive quantity', async () => {
    const calls = server(sampleDetail(), sampleDetail());
    renderScreen(<PortfolioPage />, { path: '/portfolios/:portfolioId', at: `/portfolios/${portfolioId}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Holding' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Holding' });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await within(dialog).findByText(portfolioMessages.quantityPositive)).toBeVisible();
    expect(within(dialog).getByText(portfolioMessages.securityRequired)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's oversell message under the quantity when a sale is refused", async () => {
    const oversell = 'Cannot sell 50 shares: only 30 held';
    const calls = server(sampleDetail(), sampleDetail(), {
      holdings: () => jsonResponse({ detail: [{ type: 'custom', loc: ['body', 'quantity'], msg: oversell, input: 50 }] }, 422),
    });
    renderScreen(<PortfolioPage />, { path: '/portfolios/:portfolioId', at: `/portfolios/${portfolioId}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Change quantity of MSFT' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New quantity'), { target: { value: '50' } });
    expect(within(dialog).getByText('Buys 20 at the latest close')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(oversell)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ quantity: 50, sync_version: 1 });
  });

  it('removes a holding only after confirmation', async () => {
    const calls = server(sampleDetail(), sampleDetail([], { holdings_count: 0, holdings_value: 0 }), {
      holdings: () => new Response(null, { status: 204 }),
    });
    renderScreen(<PortfolioPage />, { path: '/portfolios/:portfolioId', at: `/portfolios/${portfolioId}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove MSFT' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove holding' })).getByRole('button', { name: 'Remove' }));
    await screen.findByTestId('holdings-empty');
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe(`/api/v1/portfolios/${portfolioId}/holdings/h-msft`);
  });
});
