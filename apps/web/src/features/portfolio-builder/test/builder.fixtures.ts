import type { ModelPortfolio } from '@meridian/domain/model-portfolios/contracts';
import type { Statistics } from '@meridian/domain/recommendations/contracts';
import type { AssetClass, Security } from '@meridian/domain/securities/contracts';
import { marketClassOf } from '@meridian/domain/optimization/capital-markets';

/** Five funds with round statistics: annual expected return and volatility, and their asset class. */
const funds: Record<string, { id: string; name: string; assetClass: AssetClass; expected: number; volatility: number }> = {
  VTI: {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    name: 'Vanguard Total Stock Market ETF',
    assetClass: 'equity',
    expected: 0.09,
    volatility: 0.16,
  },
  AGG: {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    name: 'iShares Core US Aggregate Bond ETF',
    assetClass: 'fixed_income',
    expected: 0.03,
    volatility: 0.05,
  },
  GLD: {
    id: 'aaaaaaaa-0000-4000-8000-000000000003',
    name: 'SPDR Gold Shares',
    assetClass: 'alternative',
    expected: 0.06,
    volatility: 0.14,
  },
  SGOV: {
    id: 'aaaaaaaa-0000-4000-8000-000000000004',
    name: 'iShares 0-3 Month Treasury Bond ETF',
    assetClass: 'cash',
    expected: 0.04,
    volatility: 0.005,
  },
  VNQ: {
    id: 'aaaaaaaa-0000-4000-8000-000000000005',
    name: 'Vanguard Real Estate ETF',
    assetClass: 'real_estate',
    expected: 0.07,
    volatility: 0.19,
  },
};

export const fundId = (symbol: keyof typeof funds) => funds[symbol]!.id;
const riskFreeRate = 0.04;

/** VTI and AGG correlate 0.1, so a 60/40 mix has a volatility of exactly 10 %; every other pair 0.2. */
const correlation = (a: string, b: string) => (a === b ? 1 : [a, b].sort().join() === 'AGG,VTI' ? 0.1 : 0.2);

const symbolOf = (id: string) => Object.keys(funds).find((symbol) => funds[symbol]!.id === id)!;

/** The statistics answer for these ids, in their order. */
export function statisticsOf(ids: readonly string[]): Statistics {
  const symbols = ids.map(symbolOf);
  return {
    securities: symbols.map((symbol) => ({
      id: funds[symbol]!.id,
      symbol,
      name: funds[symbol]!.name,
      asset_class: funds[symbol]!.assetClass,
      sector: 'Fund',
      fund: true,
      market_class: marketClassOf({ assetClass: funds[symbol]!.assetClass, industry: 'Fund' }),
    })),
    expected_returns: symbols.map((symbol) => funds[symbol]!.expected),
    covariance: symbols.flatMap((a) => symbols.map((b) => correlation(a, b) * funds[a]!.volatility * funds[b]!.volatility)),
    shrinkage: 0.1,
    history: { start: '2023-11-20', end: '2026-11-20', days: 756 },
    risk_free_rate: riskFreeRate,
  };
}

/** The securities search: symbols starting with q, as the API ranks them. */
export function searchAnswer(q: string, limit: number): { securities: Security[]; total: number } {
  const found = Object.keys(funds)
    .filter((symbol) => symbol.startsWith(q.toUpperCase()))
    .slice(0, limit)
    .map((symbol): Security => ({
      id: funds[symbol]!.id,
      symbol,
      name: funds[symbol]!.name,
      asset_class: funds[symbol]!.assetClass,
      sector: 'Fund',
      industry: 'Fund',
      risk_rating: 'medium',
      is_active: true,
      last_close: 100,
      previous_close: 100,
      day_change: 0,
      day_change_percent: 0,
      last_price_date: '2026-11-20',
      price_source: 'simulated',
      simulated: true,
    }));
  return { securities: found, total: found.length };
}

export const modelId = 'bbbbbbbb-0000-4000-8000-000000000001';

/** A securities model of VTI and AGG (60/40 unless told). */
export const sampleModel = (overrides: Partial<ModelPortfolio> = {}, weights: [number, number] = [0.6, 0.4]): ModelPortfolio => ({
  id: modelId,
  name: 'Balanced Growth',
  description: 'Stocks and bonds',
  risk_band: 'moderate',
  target_kind: 'security',
  drift_band: 0.05,
  targets: (['VTI', 'AGG'] as const).map((symbol, index) => ({
    asset_class: null,
    security: { id: funds[symbol]!.id, symbol, name: funds[symbol]!.name, asset_class: funds[symbol]!.assetClass },
    weight: weights[index]!,
  })),
  followers: 0,
  sync_version: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
