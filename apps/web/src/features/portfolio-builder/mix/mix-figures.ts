import { riskBandTargetVolatility, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { bandFrontier, riskAndReturn, type AssetStatistics, type OptimumAsset } from '@meridian/domain/optimization/band-optimum';
import type { BandRanges } from '@meridian/domain/optimization/capital-markets';
import { efficientFrontierPath, type MeanVarianceProblem } from '@meridian/domain/optimization/mean-variance';
import type { RiskPoint, Statistics } from '@meridian/domain/recommendations/contracts';
import type { AssetClass } from '@meridian/domain/securities/contracts';

/**
 * The builder's figures, computed in the browser with the optimiser's own code from the statistics
 * the server gives (the firm's capital-market assumptions as expected returns, a Ledoit–Wolf
 * covariance of daily closes).
 */

/** The statistics of the rows being built, in row order. */
export type MixStatistics = {
  symbols: string[];
  assets: OptimumAsset[];
  statistics: AssetStatistics;
  riskFreeRate: number;
};

/**
 * The statistics of `ids` (in that order) out of an answer about those securities or more: a removed
 * security needs no new request. Null when the answer lacks one of them (it is still being fetched).
 */
export function mixStatistics(answer: Statistics, ids: readonly string[]): MixStatistics | null {
  const total = answer.securities.length;
  const positions = ids.map((id) => answer.securities.findIndex((security) => security.id === id));
  if (positions.length === 0 || positions.some((position) => position < 0)) return null;
  const n = positions.length;
  const covariance = new Float64Array(n * n);
  positions.forEach((from, i) => positions.forEach((to, j) => (covariance[i * n + j] = answer.covariance[from * total + to]!)));
  const volatility = Float64Array.from(positions, (_position, i) => Math.sqrt(covariance[i * n + i]!));
  return {
    symbols: positions.map((position) => answer.securities[position]!.symbol),
    assets: positions.map((position) => ({
      assetClass: answer.securities[position]!.asset_class as AssetClass,
      marketClass: answer.securities[position]!.market_class,
      fund: answer.securities[position]!.fund,
    })),
    statistics: {
      expected: Float64Array.from(positions, (position) => answer.expected_returns[position]!),
      covariance,
      volatility,
      shrinkage: answer.shrinkage,
    },
    riskFreeRate: answer.risk_free_rate,
  };
}

export type MixFigures = { expectedReturn: number; volatility: number; sharpe: number | null };

/**
 * Expected return, volatility and Sharpe ratio of weights given as fractions. Weights short of 100 %
 * leave the rest in cash at the risk-free rate (as a proposal leaves it in the account's cash).
 */
export function mixFigures(mix: MixStatistics, weights: readonly number[]): MixFigures {
  const { expectedReturn, volatility } = riskAndReturn(mix.statistics, weights, mix.riskFreeRate);
  return { expectedReturn, volatility, sharpe: volatility > 1e-9 ? (expectedReturn - mix.riskFreeRate) / volatility : null };
}

/** The long-only efficient frontier of the chosen securities, with no caps: every mix the builder allows lies on or under it. */
export function frontierPoints(mix: MixStatistics, count = 20): RiskPoint[] {
  const problem: MeanVarianceProblem = { expected: mix.statistics.expected, covariance: mix.statistics.covariance };
  return efficientFrontierPath(problem)
    .frontier(count)
    .map((allocation) => ({ expected_return: allocation.expectedReturn, volatility: allocation.volatility }));
}

/**
 * The efficient portfolio at a band's target volatility, as the optimiser builds it for a client:
 * securities within the per-fund and per-stock caps, and within the band's ranges per market class
 * and for stocks in all as far as the securities can meet them (the server's optimum relaxes them the
 * same way). An asset class stands for its whole sleeve, so in asset-class mode the caps are lifted
 * and only the ranges bind.
 */
export function bandWeights(mix: MixStatistics, band: RiskBand, capped: boolean, ranges: BandRanges | null): number[] {
  const { path } = bandFrontier(mix.statistics, mix.assets, ranges, !capped);
  return [...path.atVolatility(riskBandTargetVolatility[band]).weights];
}
