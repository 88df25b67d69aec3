import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { householdMessages } from '@meridian/domain/households/messages';
import { jsonResponse, renderScreen } from '../../test/test-utils.tsx';
import { StubResizeObserver, stubServer } from '../../test/portfolios.fixtures.ts';
import { PortfolioAnalyticsPage } from './portfolio-analytics-page.tsx';
import { analyticsHouseholdId, analyticsPortfolioId, sampleAnalytics } from '../../test/analytics.fixtures.ts';

beforeEach(() => vi.stubGlobal('ResizeObserver', StubResizeObserver));
/** Lazy chunks and a loaded machine can take longer than the default second. */
const slow = { timeout: 5000 };

afterEach(() => vi.unstubAllGlobals());

const path = '/portfolio-analytics';
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);
const household = {
  id: analyticsHouseholdId,
  name: 'Lopez Family',
  notes: null,
  advisor_id: 'u1',
  advisor_name: 'Alex Chen',
  members: [],
  member_count: 2,
  aum: 20000,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  sync_version: 1,
};

/** Analytics for any id the test names; other ids 404; the pickers' lists answer too. */
function server(analyticsStatus = 200) {
  return stubServer((url) => {
    if (url.pathname.endsWith('/analytics')) {
      if (analyticsStatus !== 200)
        return analyticsStatus === 404 ? jsonResponse({ detail: 'Not found' }, 404) : new Response('', { status: analyticsStatus });
      const period = (url.searchParams.get('period') ?? '1Y') as '1Y';
      const householdScope = url.pathname.includes('/households/');
      return jsonResponse(
        sampleAnalytics({
          period,
          ...(householdScope && {
            scope: { ...sampleAnalytics().scope, kind: 'household', id: analyticsHouseholdId, name: 'Lopez Family' },
          }),
        }),
      );
    }
    if (url.pathname.endsWith('/households')) return jsonResponse({ households: [household], total: 1, page: 1, per_page: 20, pages: 1 });
    if (url.pathname.endsWith('/portfolios')) return jsonResponse({ portfolios: [], total: 0, page: 1, per_page: 100, pages: 0 });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const analyticsCalls = (calls: ReturnType<typeof server>) => calls.filter((call) => call.url.pathname.endsWith('/analytics'));

describe('portfolio analytics page', () => {
  it('asks to pick a portfolio or a household when nothing is chosen', async () => {
    const calls = server();
    renderScreen(<PortfolioAnalyticsPage />, { path });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Portfolio Analytics');
    expect(screen.getByTestId('analytics-empty').textContent).toContain('Choose a portfolio or a household');
    await waitFor(() => expect(calls.length).toBeGreaterThan(0), slow);
    expect(analyticsCalls(calls)).toHaveLength(0);
  });

  it('shows the header, every period return, the risk figures and the lots of the portfolio in the address', async () => {
    const calls = server();
    renderScreen(<PortfolioAnalyticsPage />, { path, at: `${path}?portfolio=${analyticsPortfolioId}` });
    expect((await screen.findByTestId('analytics-name', {}, slow)).textContent).toBe('Lopez Retirement');
    expect(analyticsCalls(calls)[0]!.url.pathname).toBe(`/api/v1/portfolios/${analyticsPortfolioId}/analytics`);
    expect(analyticsCalls(calls)[0]!.url.searchParams.get('period')).toBe('1Y');
    expect(screen.getByTestId('analytics-market-value').textContent).toBe('Market value$13,500.00');
    expect(screen.getByTestId('analytics-cash').textContent).toBe('Cash$1,500.00');
    expect(screen.getByTestId('analytics-as-of').textContent).toBe('As ofNov 20, 2026');
    expect(screen.getByTestId('analytics-benchmark').textContent).toBe('BenchmarkSPY');

    expect(cellsOf(screen.getByTestId('return-row-1Y')).slice(1)).toEqual(['+12.50%', '—', '+11.80%', '+10.00%']);
    expect(cellsOf(screen.getByTestId('return-row-3Y')).slice(1)).toEqual(['+20.00%', '+11.65%', '+11.00%', '+15.00%']);
    expect(screen.getByTestId('return-note-3Y').textContent).toBe('since inception 2025-03-02');
    // The 1Y MWR (+11.80 %) is the year's own return, not a yearly rate: the header and the note say so.
    const headers = within(screen.getByRole('table', { name: 'Returns by period' })).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Period', 'TWR', 'TWR p.a.', 'MWR', 'Benchmark']);
    expect(screen.getByTestId('returns-basis').textContent).toContain('the return over the period itself for a year or less');
    expect(screen.queryByTestId('return-note-1Y')).toBeNull();
    expect(getComputedStyle(within(screen.getByTestId('return-row-SI')).getByText('-3.40%')).color).toBe('rgb(211, 47, 47)');

    const risk = (key: string) => screen.getByTestId(`risk-${key}`).textContent;
    expect(risk('volatility')).toBe('Volatility (annualised)15.34%');
    expect(risk('sharpe')).toBe('Sharpe ratio0.82Risk-free rate 4.00%');
    expect(risk('sortino')).toBe('Sortino ratio1.14Target 4.00% · downside over all days');
    expect(risk('max-drawdown')).toBe('Max drawdown-8.33%Peak Nov 20, 2025 · trough May 20, 2026 · not recovered');
    expect(risk('beta')).toBe('Beta1.05');
    expect(risk('correlation')).toBe('Correlation—');
    expect(risk('var')).toBe('VaR 95 % (1 day)2.13%of value per day');
    expect(risk('cvar')).toBe('CVaR 95 % (1 day)3.05%of value per day');

    expect(screen.getByTestId('lot-method').textContent).toBe('Lot method: HIFO');
    expect(cellsOf(screen.getByTestId('open-lot-MSFT'))).toEqual([
      'MSFT',
      'Mar 2, 2025',
      '30',
      '$333.33',
      '$10,000.00',
      '$12,000.00',
      '+$2,000.00',
      'Long term',
    ]);
    expect(cellsOf(screen.getByTestId('realized-lot-AAPL'))).toEqual([
      'AAPL',
      'Feb 1, 2026',
      'Sep 15, 2026',
      '10',
      '$2,100.00',
      '$1,950.50',
      '-$149.50',
      'Short term',
    ]);
    expect(getComputedStyle(within(screen.getByTestId('realized-lot-AAPL')).getByText('-$149.50')).color).toBe('rgb(211, 47, 47)');
    // MSFT's 12,000 of 13,500 (cash 1,500 included): 88.89 % as the largest position and in every chart.
    expect(screen.getByTestId('concentration-largest').textContent).toBe('Largest positionMSFT · 88.89%');
    expect(screen.getByTestId('concentration-top-five').textContent).toBe('Top 5 positions88.89%');
    expect(await screen.findByTestId('allocation-security', {}, slow)).toBeVisible();
    expect(screen.getByTestId('allocation-asset-class-equity').textContent).toContain('88.89%');
    expect(screen.getByTestId('allocation-asset-class-cash').textContent).toContain('11.11%');
    expect(screen.getByTestId('allocation-sector-Cash').textContent).toContain('11.11%');
    expect(screen.getByTestId('analytics-benchmark-basis').textContent).toBe(
      'Benchmark: SPY total return, distributions reinvested (simulated at 1.3 % a year, paid quarterly: the market data has none for it)',
    );
  });

  it('refetches with ?period= when the period changes, and keeps it in the address', async () => {
    const calls = server();
    renderScreen(<PortfolioAnalyticsPage />, { path, at: `${path}?portfolio=${analyticsPortfolioId}` });
    await screen.findByTestId('analytics-name', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: '3M' }));
    await waitFor(() => expect(analyticsCalls(calls).at(-1)!.url.searchParams.get('period')).toBe('3M'), slow);
    expect(screen.getByTestId('location').textContent).toBe(`${path}?portfolio=${analyticsPortfolioId}&period=3M`);
    await waitFor(() => expect(screen.getByTestId('analytics-risk').textContent).toContain('Risk (3M)'), slow);
    expect(screen.getByRole('button', { name: '3M' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('analyses a household picked from the household search', async () => {
    const calls = server();
    renderScreen(<PortfolioAnalyticsPage />, { path });
    fireEvent.click(screen.getByRole('button', { name: 'Household' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Household' }));
    fireEvent.click(await screen.findByRole('option', { name: /Lopez Family/ }, slow));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`${path}?household=${analyticsHouseholdId}`), slow);
    expect((await screen.findByTestId('analytics-name', {}, slow)).textContent).toBe('Lopez Family');
    expect(analyticsCalls(calls)[0]!.url.pathname).toBe(`/api/v1/households/${analyticsHouseholdId}/analytics`);
  });

  it('searches portfolios on the server as the user types', async () => {
    const calls = server();
    renderScreen(<PortfolioAnalyticsPage />, { path });
    // The first matches come first; then the typed text is searched.
    await waitFor(() => expect(calls.some((call) => call.url.pathname.endsWith('/portfolios'))).toBe(true), slow);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Portfolio' }).getAttribute('aria-busy')).not.toBe('true'), slow);
    // Typed into the focused box, as a user does (an unfocused Autocomplete puts its label back).
    const box = screen.getByRole('combobox', { name: 'Portfolio' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'lopez' } });
    await waitFor(
      () =>
        expect(calls.some((call) => call.url.pathname.endsWith('/portfolios') && call.url.searchParams.get('search') === 'lopez')).toBe(
          true,
        ),
      slow,
    );
  });

  it("says 'Household not found' or 'Portfolio not found' on a 404", async () => {
    server(404);
    renderScreen(<PortfolioAnalyticsPage />, { path, at: `${path}?household=${analyticsHouseholdId}` });
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(householdMessages.householdNotFound);
  });

  it("says 'Portfolio not found' on a 404 of a portfolio and the spec's text on another failure", async () => {
    server(404);
    const { unmount } = renderScreen(<PortfolioAnalyticsPage />, { path, at: `${path}?portfolio=${analyticsPortfolioId}` });
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(portfolioMessages.portfolioNotFound);
    unmount();
    server(500);
    renderScreen(<PortfolioAnalyticsPage />, { path, at: `${path}?portfolio=${analyticsPortfolioId}` });
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('Failed to fetch portfolio analytics');
  });
});
