import { riskBandEquityRange, riskBandTargetVolatility, type RiskBand } from '../model-portfolios/contracts.ts';
import { dailyReturnMatrix, ledoitWolf, meanReturns, tradingDaysPerYear } from '../optimization/covariance.ts';
import {
  efficientFrontierPath,
  InfeasibleProblemError,
  type Allocation,
  type AssetGroup,
  type MeanVarianceProblem,
} from '../optimization/mean-variance.ts';
import type { AssetClass } from '../securities/contracts.ts';

/**
 * A portfolio's optimum for its client's risk band: annual expected returns (the historical mean)
 * and a Ledoit–Wolf covariance from aligned daily closes, long-only weights within per-asset caps
 * (a fund may take more than a single company) and the band's range of equity, and the efficient
 * portfolio at the band's target volatility.
 */

/** Most of the portfolio one fund may be, and one company's stock. */
const fundWeightCap = 0.4;
const stockWeightCap = 0.1;

export type AssetStatistics = { expected: Float64Array; covariance: Float64Array; shrinkage: number; volatility: Float64Array };

/** Annual statistics of aligned closes (closes[asset][day]). */
export function assetStatistics(closes: readonly ArrayLike<number>[]): AssetStatistics {
  const returns = dailyReturnMatrix(closes);
  const daily = meanReturns(returns);
  const { covariance: dailyCovariance, shrinkage } = ledoitWolf(returns);
  const n = returns.assets;
  const expected = daily.map((mean) => mean * tradingDaysPerYear);
  const covariance = dailyCovariance.map((value) => value * tradingDaysPerYear);
  const volatility = new Float64Array(n);
  for (let i = 0; i < n; i += 1) volatility[i] = Math.sqrt(covariance[i * n + i]!);
  return { expected, covariance, shrinkage, volatility };
}

/** Expected return and volatility of weights (they may sum to less than 1: the rest is cash at `cashReturn`, riskless). */
export function riskAndReturn(
  statistics: AssetStatistics,
  weights: ArrayLike<number>,
  cashReturn = 0,
): { expectedReturn: number; volatility: number } {
  const n = statistics.expected.length;
  let expectedReturn = 0;
  let invested = 0;
  let variance = 0;
  for (let i = 0; i < n; i += 1) {
    const weight = weights[i]!;
    expectedReturn += weight * statistics.expected[i]!;
    invested += weight;
    if (weight === 0) continue;
    for (let j = 0; j < n; j += 1) variance += weight * weights[j]! * statistics.covariance[i * n + j]!;
  }
  return { expectedReturn: expectedReturn + (1 - invested) * cashReturn, volatility: Math.sqrt(Math.max(0, variance)) };
}

export type OptimumAsset = { assetClass: AssetClass; fund: boolean };

export type Optimum = {
  problem: MeanVarianceProblem;
  optimal: Allocation;
  minimumVariance: Allocation;
  maximumSharpe: Allocation | null;
  frontier: Allocation[];
  targetVolatility: number;
  /** The band's equity range could not be met with these assets and was left out. */
  relaxed: boolean;
};

/** The problem for the band: per-asset caps, and the equity range as a group when the assets allow it. */
export function bandProblem(statistics: AssetStatistics, assets: readonly OptimumAsset[], band: RiskBand | null): MeanVarianceProblem {
  const upper = Float64Array.from(assets, (asset) => (asset.fund ? fundWeightCap : stockWeightCap));
  // Caps that cannot add up to 1 (three single stocks) are lifted evenly until they can.
  const capacity = upper.reduce((sum, cap) => sum + cap, 0);
  if (capacity < 1) upper.forEach((cap, i) => (upper[i] = Math.min(1, cap / capacity)));
  const equity = assets.flatMap((asset, index) => (asset.assetClass === 'equity' ? [index] : []));
  const groups: AssetGroup[] = [];
  if (band && equity.length > 0) {
    const [lower, upperShare] = riskBandEquityRange[band];
    groups.push({ members: equity, lower, upper: upperShare });
  }
  return { expected: statistics.expected, covariance: statistics.covariance, upper, groups };
}

export function optimumFor(
  statistics: AssetStatistics,
  assets: readonly OptimumAsset[],
  band: RiskBand,
  riskFreeRate: number,
  points = 20,
): Optimum {
  const targetVolatility = riskBandTargetVolatility[band];
  let relaxed = false;
  let problem = bandProblem(statistics, assets, band);
  let path;
  try {
    path = efficientFrontierPath(problem);
  } catch (error) {
    if (!(error instanceof InfeasibleProblemError)) throw error;
    relaxed = true;
    problem = bandProblem(statistics, assets, null);
    path = efficientFrontierPath(problem);
  }
  let maximumSharpe: Allocation | null = null;
  try {
    maximumSharpe = path.maximumSharpe(riskFreeRate);
  } catch (error) {
    // No efficient portfolio beats the risk-free rate: there is no tangency portfolio to show.
    if (!(error instanceof RangeError)) throw error;
  }
  return {
    problem,
    optimal: path.atVolatility(targetVolatility),
    minimumVariance: path.minimumVariance,
    maximumSharpe,
    frontier: path.frontier(points),
    targetVolatility,
    relaxed,
  };
}
