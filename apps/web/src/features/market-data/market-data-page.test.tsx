import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketDataMessages as text } from '@meridian/domain/securities/market-data-messages';
import type { PricePoint, Security, SecurityDetail } from '@meridian/domain/securities/contracts';
import { jsonResponse, renderScreen, requestUrl, sampleUser } from '../../test/test-utils.tsx';
import { loginSuccess } from '../session/index.ts';
import { MarketDataPage } from './market-data-page.tsx';
import { defaultWatchlist } from './watchlist/watchlist-config.ts';

// The charts measure their box; jsdom has no layout, so it gets a fixed size and a no-op observer.
class StubResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', StubResizeObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const baseSecurity: Security = {
  id: '00000000-0000-4000-8000-000000000001',
  symbol: 'MSFT',
  name: 'Microsoft Corporation',
  asset_class: 'equity',
  sector: 'Information Technology',
  industry: 'Software',
  risk_rating: 'medium',
  is_active: true,
  last_close: 412.35,
  previous_close: 410.1,
  day_change: 2.25,
  day_change_percent: 0.55,
  last_price_date: '2026-11-20',
  price_source: 'simulated',
  simulated: true,
};

const security = (symbol: string, overrides: Partial<Security> = {}): Security => ({
  ...baseSecurity,
  id: `id-${symbol}`,
  symbol,
  name: `${symbol} Inc.`,
  ...overrides,
});

const points = (closes: number[], source: PricePoint['source'] = 'simulated'): PricePoint[] =>
  closes.map((close, index) => ({ date: `2026-11-${String(10 + index).padStart(2, '0')}`, close, source }));

const detail = (base: Security, period = '1y', closes = [400, 405, 410.1, 412.35]): SecurityDetail => ({
  ...base,
  history: {
    period: period as SecurityDetail['history']['period'],
    from: '2026-11-10',
    to: '2026-11-13',
    simulated: base.simulated,
    points: points(closes, base.simulated ? 'simulated' : 'imported'),
  },
});

type Handler = (url: URL, init: { method: string; body: string | null; headers: Headers }) => Response | Promise<Response>;

/** A fetch stub routing by path; every call is recorded. */
function stubServer(handler: Handler) {
  const calls: { url: URL; method: string; body: string | null; headers: Headers }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(requestUrl(input), 'http://localhost');
    const method = request?.method ?? init?.method ?? 'GET';
    const body = request ? await request.clone().text() : typeof init?.body === 'string' ? init.body : null;
    const headers = request?.headers ?? new Headers(init?.headers);
    calls.push({ url, method, body: body || null, headers });
    return handler(url, { method, body: body || null, headers });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

const symbolOf = (url: URL) => decodeURIComponent(url.pathname.replace('/api/v1/securities/', ''));

/** The demo's answers: the watchlist file, each security with its closes, a search for Microsoft. */
const demoServer =
  (options: { config?: () => Response; simulated?: boolean; failing?: string[]; unknown?: string[] } = {}): Handler =>
  (url) => {
    if (url.pathname === '/config/stocks.json') return options.config?.() ?? jsonResponse({ symbols: ['SPY', 'msft', 'JNJ'] });
    if (url.pathname === '/api/v1/securities/search') {
      return jsonResponse({
        securities: [
          security('MSFT', { name: 'Microsoft Corporation' }),
          security('AMD', { name: 'Advanced Micro Devices, Inc.', risk_rating: 'high', sector: 'Information Technology' }),
        ],
        total: 2,
      });
    }
    const symbol = symbolOf(url);
    if (options.unknown?.includes(symbol)) return jsonResponse({ detail: 'Not found' }, 404);
    if (options.failing?.includes(symbol)) return jsonResponse({}, 500);
    const simulated = options.simulated ?? true;
    const overrides: Partial<Security> =
      symbol === 'JNJ'
        ? {
            name: 'Johnson & Johnson',
            last_close: 150,
            previous_close: 151.5,
            day_change: -1.5,
            day_change_percent: -0.99,
            risk_rating: 'low',
          }
        : symbol === 'MSFT'
          ? { name: 'Microsoft Corporation' }
          : {};
    return jsonResponse(
      detail(
        security(symbol, { ...overrides, simulated, price_source: simulated ? 'simulated' : 'imported' }),
        url.searchParams.get('period') ?? '1y',
      ),
    );
  };

function renderPage(who: 'operator' | 'admin' | 'advisor' = 'advisor') {
  const result = renderScreen(<MarketDataPage />, { path: '/market-data' });
  const user = { ...sampleUser, role_name: who === 'advisor' ? ('advisor' as const) : ('admin' as const), is_operator: who === 'operator' };
  act(() => void result.store.dispatch(loginSuccess({ user, accessToken: 'access-1' })));
  return result;
}

const row = (symbol: string) => screen.getByTestId(`watchlist-row-${symbol}`);

describe('market data screen', () => {
  it('shows each configured symbol with its close, signed day change, date, sparkline and simulated label', async () => {
    const calls = stubServer(demoServer());
    renderPage();
    expect(screen.getByRole('heading', { name: 'Market Data', level: 1 })).toBeVisible();
    await waitFor(() => expect(within(row('JNJ')).getByText('$150.00')).toBeVisible());
    await waitFor(() => expect(within(row('MSFT')).getByText('$412.35')).toBeVisible());
    expect(screen.queryByTestId('watchlist-row-AAPL')).toBeNull(); // the file's list, not the built-in one

    const msft = within(row('MSFT'));
    expect(msft.getByText('Microsoft Corporation')).toBeVisible();
    expect(msft.getByText('+$2.25')).toBeVisible();
    expect(msft.getByText('+0.55%')).toBeVisible();
    expect(msft.getByText('Nov 20, 2026')).toBeVisible();
    const sparkline = msft.getByRole('img', { name: 'MSFT closing prices, Nov 10, 2026 to Nov 13, 2026' });
    expect(sparkline.querySelector('svg path')).not.toBeNull();
    expect(msft.getByText('Simulated')).toBeVisible();

    const jnj = within(row('JNJ'));
    const fall = jnj.getByText('-$1.50');
    expect(jnj.getByText('-0.99%')).toBeVisible();
    expect(getComputedStyle(fall).color).toBe('rgb(211, 47, 47)'); // error.main: red when down
    expect(getComputedStyle(msft.getByText('+$2.25')).color).toBe('rgb(46, 125, 50)'); // success.main: green when up

    expect(screen.getByTestId('simulated-alert').textContent).toBe(text.simulatedAlert);
    // One request per symbol, for a year of closes.
    const priceCalls = calls.filter((call) => call.url.pathname.startsWith('/api/v1/securities/'));
    expect(priceCalls.map((call) => `${symbolOf(call.url)} ${call.url.searchParams.get('period')}`).sort()).toEqual([
      'JNJ 1y',
      'MSFT 1y',
      'SPY 1y',
    ]);
  });

  it('labels nothing as simulated when every close is imported', async () => {
    stubServer(demoServer({ simulated: false }));
    renderPage();
    await waitFor(() => expect(within(row('MSFT')).getByText('Imported')).toBeVisible());
    expect(screen.queryByTestId('simulated-alert')).toBeNull();
    expect(screen.queryByText('Simulated')).toBeNull();
  });

  it.each([
    ['is missing (404)', () => jsonResponse({ detail: 'Not found' }, 404)],
    [
      'is not JSON (the app page)',
      () => new Response('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    ],
    ['is invalid', () => jsonResponse({ symbols: 'SPY' })],
  ])('falls back to the built-in watchlist when the file %s', async (_case, config) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubServer(demoServer({ config }));
    renderPage();
    await waitFor(() => expect(within(row('AAPL')).getByText('$412.35')).toBeVisible());
    expect(screen.getAllByTestId(/^watchlist-row-/).map((element) => element.dataset.testid?.replace('watchlist-row-', ''))).toEqual([
      ...defaultWatchlist,
    ]);
  });

  it('says which symbols are unknown and which failed to load, and still shows the rest', async () => {
    stubServer(demoServer({ unknown: ['SPY'], failing: ['JNJ'] }));
    renderPage();
    await waitFor(() => expect(within(row('SPY')).getByText(text.unknownSymbol)).toBeVisible());
    await waitFor(() => expect(within(row('JNJ')).getByText('Failed to fetch securities')).toBeVisible());
    expect(within(row('MSFT')).getByText('$412.35')).toBeVisible();
  });

  it('searches once the typing pauses and opens a result’s chart with its periods', async () => {
    const calls = stubServer(demoServer());
    renderPage();
    await waitFor(() => expect(within(row('MSFT')).getByText('$412.35')).toBeVisible());
    const box = screen.getByLabelText(text.searchLabel);
    // Keystrokes 50 ms apart: well within the 300 ms pause the search waits for (timers faked, so a
    // busy machine cannot stretch the gaps), then the pause.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const value of ['m', 'mic', 'micro']) {
        fireEvent.change(box, { target: { value } });
        await act(() => vi.advanceTimersByTimeAsync(50));
      }
      await act(() => vi.advanceTimersByTimeAsync(300));
    } finally {
      vi.useRealTimers();
    }
    const result = await screen.findByTestId('search-result-MSFT');
    const searches = calls.filter((call) => call.url.pathname === '/api/v1/securities/search');
    expect(searches.map((call) => call.url.searchParams.get('q'))).toEqual(['micro']);

    const msft = within(result);
    expect(msft.getByText('Microsoft Corporation')).toBeVisible();
    expect(msft.getByText('Information Technology')).toBeVisible();
    expect(msft.getByText('Equity')).toBeVisible();
    expect(msft.getByText('Medium').closest('.MuiChip-root')?.className).toContain('MuiChip-colorWarning');
    expect(within(screen.getByTestId('search-result-AMD')).getByText('High').closest('.MuiChip-root')?.className).toContain(
      'MuiChip-colorError',
    );
    expect(msft.getByText('$412.35')).toBeVisible();

    fireEvent.click(result);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('MSFT')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByTestId('latest-close').textContent).toBe('$412.35'));
    expect(within(dialog).getByText('Simulated prices')).toBeVisible();
    expect(within(dialog).getByRole('figure', { name: 'MSFT daily closing prices' }).querySelector('svg')).not.toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: '3M' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/v1/securities/MSFT' && call.url.searchParams.get('period') === '3m')).toBe(
        true,
      ),
    );
    expect(within(dialog).getByRole('button', { name: '3M' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("says 'Failed to search securities' when the search fails without a reason", async () => {
    stubServer((url) =>
      url.pathname === '/api/v1/securities/search'
        ? jsonResponse({}, 500)
        : demoServer()(url, { method: 'GET', body: null, headers: new Headers() }),
    );
    renderPage();
    fireEvent.change(screen.getByLabelText(text.searchLabel), { target: { value: 'micro' } });
    expect(await screen.findByText('Failed to search securities')).toBeVisible();
  });

  it('offers the price import to the platform operator only, not to a firm admin', async () => {
    stubServer(demoServer());
    for (const who of ['advisor', 'admin'] as const) {
      const { unmount } = renderPage(who);
      await waitFor(() => expect(within(row('MSFT')).getByText('$412.35')).toBeVisible());
      expect(screen.queryByRole('heading', { name: text.importTitle })).toBeNull();
      expect(screen.queryByText(text.importChoose)).toBeNull();
      unmount();
    }
    renderPage('operator');
    expect(await screen.findByRole('heading', { name: text.importTitle })).toBeVisible();
  });

  it('imports a CSV as text/csv and lists the accepted count and the rejected lines with reasons', async () => {
    const csv = 'symbol,date,close\nMSFT,2026-11-20,420.00\nNOPE,2026-11-20,1\nMSFT,2026-13-01,1\n';
    const calls = stubServer((url, init) => {
      if (url.pathname === '/api/v1/securities/prices/import') {
        return jsonResponse({
          accepted: 1,
          rejected: [
            { line: 3, reason: "Unknown symbol 'NOPE'" },
            { line: 4, reason: "Invalid date '2026-13-01': write it YYYY-MM-DD" },
          ],
          rejected_count: 2,
        });
      }
      return demoServer()(url, init);
    });
    renderPage('operator');
    await waitFor(() => expect(within(row('MSFT')).getByText('$412.35')).toBeVisible());
    expect(screen.getByText(text.importHelp)).toBeVisible();
    const input = screen.getByLabelText(text.importChoose) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([csv], 'prices.csv', { type: 'text/csv' })] } });
    expect(screen.getByTestId('import-file-name').textContent).toBe(`prices.csv (${csv.length} bytes)`);
    fireEvent.click(screen.getByRole('button', { name: text.importSubmit }));

    const result = await screen.findByTestId('import-result');
    expect(within(result).getByText('1 price imported')).toBeVisible();
    expect(result.textContent).toContain('2 rows rejected');
    const rows = within(within(result).getByRole('table', { name: 'Rejected rows' }))
      .getAllByRole('row')
      .map((tr) => tr.textContent);
    expect(rows).toEqual(['LineReason', "3Unknown symbol 'NOPE'", "4Invalid date '2026-13-01': write it YYYY-MM-DD"]);

    const upload = calls.find((call) => call.url.pathname === '/api/v1/securities/prices/import');
    expect(upload?.method).toBe('POST');
    expect(upload?.headers.get('Content-Type')).toBe('text/csv');
    expect(upload?.body).toBe(csv);
    // Accepted rows change prices: what the screen shows is asked for again.
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/v1/securities/MSFT').length).toBe(2));
  });

  it('shows the server’s reason when the whole file is refused', async () => {
    stubServer((url, init) =>
      url.pathname === '/api/v1/securities/prices/import'
        ? jsonResponse(
            {
              detail: [
                {
                  type: 'custom',
                  loc: ['body', 'csv'],
                  msg: 'The CSV header must name the columns symbol, date and close (missing: close)',
                  input: null,
                  ctx: {},
                },
              ],
            },
            422,
          )
        : demoServer()(url, init),
    );
    renderPage('operator');
    fireEvent.change(screen.getByLabelText(text.importChoose), {
      target: { files: [new File(['symbol,date\nMSFT,2026-11-20\n'], 'bad.csv')] },
    });
    fireEvent.click(screen.getByRole('button', { name: text.importSubmit }));
    expect(await screen.findByText('The CSV header must name the columns symbol, date and close (missing: close)')).toBeVisible();
    expect(screen.queryByTestId('import-result')).toBeNull();
  });
});
