import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';

export const analyticsPortfolioId = '22222222-2222-4222-8222-222222222222';
export const analyticsHouseholdId = '44444444-4444-4444-8444-444444444444';

/** A year-old portfolio: three valued days, every period (3Y and SI younger than asked), one open and one sold lot. */
export const sampleAnalytics = (overrides: Partial<PortfolioAnalytics> = {}): PortfolioAnalytics => ({
  scope: {
    kind: 'portfolio',
    id: analyticsPortfolioId,
    name: 'Lopez Retirement',
    benchmark_symbol: 'SPY',
    inception_date: '2025-03-02',
    as_of: '2026-11-20',
    portfolio_ids: [analyticsPortfolioId],
  },
  period: '1Y',
  start_date: '2025-11-20',
  market_value: 13500,
  cash: 1500,
  series: [
    { date: '2025-11-20', value: 12000, flow: 0, growth: 100, benchmark_growth: 100, drawdown: 0 },
    { date: '2026-05-20', value: 11000, flow: 0, growth: 91.67, benchmark_growth: 104, drawdown: -0.0833 },
    { date: '2026-11-20', value: 13500, flow: 0, growth: 112.5, benchmark_growth: 110, drawdown: 0 },
  ],
  returns: [
    { period: '1M', start_date: '2026-10-20', end_date: '2026-11-20', twr: 0.0123, twr_annualised: null, mwr: null, benchmark_return: 0.01, complete: true },
    { period: '1Y', start_date: '2025-11-20', end_date: '2026-11-20', twr: 0.125, twr_annualised: null, mwr: 0.118, benchmark_return: 0.1, complete: true },
    { period: '3Y', start_date: '2025-03-02', end_date: '2026-11-20', twr: 0.2, twr_annualised: 0.1165, mwr: 0.11, benchmark_return: 0.15, complete: false },
    { period: 'SI', start_date: '2025-03-02', end_date: '2026-11-20', twr: -0.034, twr_annualised: -0.0201, mwr: null, benchmark_return: null, complete: true },
  ],
  risk: {
    observations: 251,
    volatility: 0.1534,
    sharpe: 0.82,
    sortino: 1.14,
    risk_free_rate: 0.04,
    max_drawdown: { depth: 0.0833, peak_date: '2025-11-20', trough_date: '2026-05-20', recovery_date: null },
    beta: 1.05,
    correlation: null,
    var_95: 0.0213,
    cvar_95: 0.0305,
  },
  allocation: {
    asset_class: [{ key: 'equity', label: 'Equity', market_value: 12000, weight: 1 }],
    sector: [{ key: 'information-technology', label: 'Information Technology', market_value: 12000, weight: 1 }],
    security: [{ key: 'MSFT', label: 'MSFT', market_value: 12000, weight: 1 }],
  },
  concentration: { largest_symbol: 'MSFT', largest_weight: 1, top_five_weight: 1, herfindahl: 1 },
  lots: {
    method: 'hifo',
    open: [
      {
        portfolio_id: analyticsPortfolioId,
        security_id: 'sec-msft',
        symbol: 'MSFT',
        name: 'Microsoft Corporation',
        asset_class: 'equity',
        acquired_on: '2025-03-02',
        quantity: 30,
        cost_per_share: 333.33,
        cost_basis: 10000,
        price: 400,
        market_value: 12000,
        unrealized_gain: 2000,
        term: 'long',
      },
    ],
    realized: [
      {
        portfolio_id: analyticsPortfolioId,
        security_id: 'sec-aapl',
        symbol: 'AAPL',
        name: 'Apple Inc.',
        asset_class: 'equity',
        acquired_on: '2026-02-01',
        sold_on: '2026-09-15',
        quantity: 10,
        cost_basis: 2100,
        proceeds: 1950.5,
        realized_gain: -149.5,
        term: 'short',
      },
    ],
    totals: { unrealized_short: 0, unrealized_long: 2000, realized_short: -149.5, realized_long: 0 },
  },
  ...overrides,
});
