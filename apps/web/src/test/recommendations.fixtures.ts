import { defaultBandRanges, defaultExpectedReturns, marketClasses } from '@meridian/domain/optimization/capital-markets';
import type {
  Optimization,
  Recommendation,
  RecommendationDetails,
  RecommendationListResponse,
} from '@meridian/domain/recommendations/contracts';

export const clientId = '11111111-1111-4111-8111-111111111111';
export const portfolioId = '22222222-2222-4222-8222-222222222222';

/** A rebalance that sells long-term MSFT at a gain and buys AGG, in a taxable account. */
export const sampleDetails = (overrides: Partial<RecommendationDetails> = {}): RecommendationDetails => ({
  trades: [
    {
      security_id: 'sec-msft',
      symbol: 'MSFT',
      name: 'Microsoft Corporation',
      side: 'sell',
      quantity: 10,
      price: 400,
      amount: 4000,
      realized_short: -120.5,
      realized_long: 1250,
      lots: [{ acquired_on: '2023-03-01', quantity: 10, cost_basis: 2870.5, proceeds: 4000, gain: 1129.5, term: 'long' }],
    },
    {
      security_id: 'sec-agg',
      symbol: 'AGG',
      name: 'iShares Core US Aggregate Bond ETF',
      side: 'buy',
      quantity: 41.5,
      price: 98.5,
      amount: 4087.75,
      realized_short: 0,
      realized_long: 0,
      lots: [],
    },
  ],
  totals: { buys: 4087.75, sells: 4000, realized_short: -120.5, realized_long: 1250, cash_before: 1500, cash_after: 1412.25 },
  drift: { before: 0.123, after: 0.004, band: 0.05 },
  weights: [
    { key: 'equity', label: 'Equity', current: 0.72, target: 0.6, proposed: 0.604 },
    { key: 'fixed_income', label: 'Fixed income', current: 0.28, target: 0.4, proposed: 0.396 },
  ],
  wash_sale_blocked: [],
  tax_deferred: false,
  risk: null,
  ...overrides,
});

export const sampleRecommendation = (overrides: Partial<Recommendation> = {}): Recommendation => ({
  id: 'rec-1',
  client_id: clientId,
  client_name: 'Maria Lopez',
  portfolio_id: portfolioId,
  portfolio_name: 'Lopez Retirement',
  model: { id: 'model-1', name: 'Balanced Growth', risk_band: 'moderate' },
  security_id: null,
  type: 'rebalance',
  status: 'pending',
  source: 'review',
  title: 'Rebalance Lopez Retirement to Balanced Growth',
  rationale: 'Lopez Retirement has drifted 12.3 pts from the Balanced Growth model, past its ±5.0 pts band.',
  details: sampleDetails(),
  decided_at: null,
  implemented_at: null,
  sync_version: 1,
  created_at: '2026-11-18T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

export const listOf = (recommendations: Recommendation[]): RecommendationListResponse => ({
  recommendations,
  total: recommendations.length,
  page: 1,
  per_page: 10,
  pages: recommendations.length === 0 ? 0 : 1,
});

const riskPoint = (expected_return: number, volatility: number) => ({ expected_return, volatility });

/** A moderate client's optimum: sell some MSFT, hold VTI and AGG; the frontier runs to 27.8% volatility. */
export const sampleOptimization: Optimization = {
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
      market_class: 'us_equity',
      expected_return: 0.065,
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
      market_class: 'core_bonds',
      expected_return: 0.045,
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
      market_class: 'us_equity',
      expected_return: 0.065,
      volatility: 0.16,
      max_weight: 0.4,
      current_weight: 0,
      optimal_weight: 0.5,
    },
  ],
  classes: marketClasses.map((marketClass) => ({
    market_class: marketClass,
    expected_return: marketClass === 'cash' ? 0.04 : defaultExpectedReturns[marketClass],
    min_weight: defaultBandRanges.moderate.classes[marketClass].min,
    max_weight: defaultBandRanges.moderate.classes[marketClass].max,
    current_weight: marketClass === 'us_equity' ? 0.6 : marketClass === 'core_bonds' ? 0.3 : 0,
    optimal_weight: marketClass === 'us_equity' ? 0.6 : marketClass === 'core_bonds' ? 0.4 : 0,
  })),
  stocks_range: defaultBandRanges.moderate.stocks,
  cash_weight: 0.1,
  current: riskPoint(0.097, 0.19),
  optimal: riskPoint(0.071, 0.11),
  minimum_variance: riskPoint(0.035, 0.05),
  maximum_sharpe: riskPoint(0.06, 0.09),
  frontier: Array.from({ length: 20 }, (_, i) => riskPoint(0.035 + i * 0.005, 0.05 + i * 0.012)),
  trades: [
    {
      security_id: 's1',
      symbol: 'MSFT',
      name: 'Microsoft',
      side: 'sell',
      quantity: 10,
      price: 400,
      amount: 4000,
      realized_short: 0,
      realized_long: 1200,
      lots: [],
    },
  ],
  totals: { buys: 0, sells: 4000, realized_short: 0, realized_long: 1200, cash_before: 1000, cash_after: 5000 },
  wash_sale_blocked: [],
  held_back: [],
};
