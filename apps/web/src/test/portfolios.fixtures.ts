import { vi } from 'vitest';
import type { Holding } from '@meridian/domain/portfolios/holding-contracts';
import type { Portfolio, PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import { requestUrl } from './test-utils.tsx';

export const clientId = '11111111-1111-4111-8111-111111111111';
export const portfolioId = '22222222-2222-4222-8222-222222222222';

export const samplePortfolio = (overrides: Partial<Portfolio> = {}): Portfolio => ({
  id: portfolioId,
  client_id: clientId,
  client_name: 'Maria Lopez',
  name: 'Lopez Retirement',
  account_type: 'roth_ira',
  status: 'active',
  benchmark_symbol: 'SPY',
  lot_method: 'fifo',
  model_id: null,
  margin_limit: null,
  cash_balance: 1500,
  holdings_value: 12000,
  total_value: 13500,
  cost_basis: 10000,
  gain_loss: 2000,
  gain_loss_percent: 20,
  holdings_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  sync_version: 3,
  ...overrides,
});

export const sampleHolding = (overrides: Partial<Holding> = {}): Holding => ({
  id: 'h-msft',
  portfolio_id: portfolioId,
  security: {
    id: 'sec-msft',
    symbol: 'MSFT',
    name: 'Microsoft Corporation',
    sector: 'Information Technology',
    asset_class: 'equity',
    risk_rating: 'medium',
  },
  quantity: 30,
  average_cost: 333.3333,
  last_close: 400,
  price_date: '2026-11-20',
  price_source: 'simulated',
  simulated: true,
  market_value: 12000,
  cost_basis: 10000,
  gain_loss: 2000,
  gain_loss_percent: 20,
  allocation_percent: 100,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  sync_version: 1,
  ...overrides,
});

export const sampleDetail = (holdings: Holding[] = [sampleHolding()], overrides: Partial<Portfolio> = {}): PortfolioDetail => ({
  ...samplePortfolio(overrides),
  holdings,
  allocation: {
    by_asset_class: [{ key: 'equity', market_value: 12000, percent: 100, holdings_count: 1 }],
    by_sector: [{ key: 'Information Technology', market_value: 12000, percent: 100, holdings_count: 1 }],
  },
});

type Handler = (url: URL, init: { method: string; body: unknown }) => Response | Promise<Response>;
export type RecordedCall = { url: URL; method: string; body: unknown };

/** A fetch stub routing by path; every call is recorded with its JSON body. */
export function stubServer(handler: Handler) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = new URL(requestUrl(input), 'http://localhost');
      const method = request?.method ?? init?.method ?? 'GET';
      const text = request ? await request.clone().text() : typeof init?.body === 'string' ? init.body : '';
      const body: unknown = text ? JSON.parse(text) : null;
      calls.push({ url, method, body });
      return handler(url, { method, body });
    }),
  );
  return calls;
}

/** jsdom has no layout: the charts get a no-op observer. */
export class StubResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
