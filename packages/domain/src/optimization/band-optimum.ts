import { riskBandTargetVolatility, type RiskBand } from '../model-portfolios/contracts.ts';
import type { AssetClass } from '../securities/contracts.ts';
import { expectedReturnsOf, marketClasses, stockClasses, type BandRanges, type MarketClass, type ReturnClass } from './capital-markets.ts';
import { classBeta } from './class-beta.ts';
import { dailyReturnMatrix, ledoitWolf, tradingDaysPerYear } from './covariance.ts';
import {
  efficientFrontierPath,
  InfeasibleProblemError,
  type Allocation,
  type AssetGroup,
  type MeanVarianceProblem,
} from './mean-variance.ts';

/**
 * A portfolio's optimum for its client's risk band. Expected returns are the firm's capital-market
 * assumptions (each security expects its market class's figure, cash the risk-free rate), never the
 * mean of a few years of prices: that mean is mostly noise, and it made the optimum chase whatever
 * had risen (gold and REITs). The covariance still comes from the aligned daily closes (Ledoit–Wolf
 * shrunk): risk estimates from history are far steadier than return estimates. Weights are long-only
 * within per-asset caps (a fund may take more than a single company), within the band's range for
 * each market class and for stocks in all, and the optimum is the efficient portfolio at the band's
 * target volatility.
 *
 * A security's figure is its class's assumption scaled by its (Blume-adjusted) beta to the class's
 * fund (classBeta): with one figure for the whole class, the optimiser took the class's quietest
 * members (a utilities fund, two single stocks) for the class's return at half its risk. On the
 * class's line a member earns only for the class's risk it carries, so the broad funds lead.
 */

/** Most of the portfolio one fund may be, and one company's stock. */
const fundWeightCap = 0.4;
const stockWeightCap = 0.1;

export type AssetStatistics = { expected: Float64Array; covariance: Float64Array; shrinkage: number; volatility: Float64Array };

/**
 * Annual statistics of aligned closes (closes[asset][day]): the covariance from the closes, the
 * expected returns from the assumptions of each asset's market class and its beta to the class's
 * fund, whose closes `references` gives on the same days (null, or no `references`: a beta of 1).
 */
export function assetStatistics(
  closes: readonly ArrayLike<number>[],
  classes: readonly MarketClass[],
  expectedReturns: Record<ReturnClass, number>,
  riskFreeRate: number,
  references?: readonly (ArrayLike<number> | null)[],
): AssetStatistics {
  const returns = dailyReturnMatrix(closes);
  const { covariance: dailyCovariance, shrinkage } = ledoitWolf(returns);
  const n = returns.assets;
  if (classes.length !== n) throw new RangeError(`${n} assets need ${n} market classes, got ${classes.length}`);
  const betas = references && closes.map((own, i) => (references[i] && references[i] !== own ? classBeta(own, references[i]) : 1));
  const expected = expectedReturnsOf(classes, expectedReturns, riskFreeRate, betas);
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

export type OptimumAsset = { assetClass: AssetClass; marketClass: MarketClass; fund: boolean };

export type Optimum = {
  problem: MeanVarianceProblem;
  optimal: Allocation;
  minimumVariance: Allocation;
  maximumSharpe: Allocation | null;
  frontier: Allocation[];
  targetVolatility: number;
  /** Some of the band's ranges could not be met with these assets and were left out. */
  relaxed: boolean;
};

/** How much of the band's ranges a problem holds: all of them, only the share of stocks, or none. */
type Strictness = 'ranges' | 'stocks' | 'none';

/**
 * The problem for the band: per-asset caps, and (strictness 'ranges') a group per market class the
 * assets hold with the band's range for it, and the band's range of stocks in all. `complete` is
 * false when a class the band needs some of (its minimum above 0) has no asset here.
 */
export function bandProblem(
  statistics: AssetStatistics,
  assets: readonly OptimumAsset[],
  ranges: BandRanges | null,
  strictness: Strictness = 'ranges',
  uncapped = false,
): MeanVarianceProblem & { complete: boolean } {
  const upper = Float64Array.from(assets, (asset) => (uncapped ? 1 : asset.fund ? fundWeightCap : stockWeightCap));
  // Caps that cannot add up to 1 (three single stocks) are lifted evenly until they can.
  const capacity = upper.reduce((sum, cap) => sum + cap, 0);
  if (capacity < 1) upper.forEach((cap, i) => (upper[i] = Math.min(1, cap / capacity)));
  const groups: AssetGroup[] = [];
  let complete = true;
  const membersOf = (classes: readonly MarketClass[]) =>
    assets.flatMap((asset, index) => (classes.includes(asset.marketClass) ? [index] : []));
  if (ranges && strictness !== 'none') {
    const stocks = membersOf(stockClasses);
    if (stocks.length > 0) groups.push({ members: stocks, lower: ranges.stocks.min, upper: ranges.stocks.max });
    else if (ranges.stocks.min > 0) complete = false;
    if (strictness === 'ranges') {
      for (const marketClass of marketClasses) {
        const range = ranges.classes[marketClass];
        const members = membersOf([marketClass]);
        if (members.length === 0) {
          if (range.min > 0) complete = false;
          continue;
        }
        if (range.min > 0 || range.max < 1) groups.push({ members, lower: range.min, upper: range.max });
      }
    }
  }
  return { expected: statistics.expected, covariance: statistics.covariance, upper, groups, complete };
}

/**
 * The efficient frontier of the band's problem, as strict as the assets allow. `uncapped` lifts the
 * per-asset caps (asset-class sleeves, each standing for a whole class).
 */
export function bandFrontier(statistics: AssetStatistics, assets: readonly OptimumAsset[], ranges: BandRanges | null, uncapped = false) {
  for (const strictness of ['ranges', 'stocks'] as const) {
    const problem = bandProblem(statistics, assets, ranges, strictness, uncapped);
    try {
      return { problem, path: efficientFrontierPath(problem), relaxed: strictness !== 'ranges' || !problem.complete };
    } catch (error) {
      if (!(error instanceof InfeasibleProblemError)) throw error;
    }
  }
  const problem = bandProblem(statistics, assets, ranges, 'none', uncapped);
  return { problem, path: efficientFrontierPath(problem), relaxed: ranges !== null };
}

export function optimumFor(
  statistics: AssetStatistics,
  assets: readonly OptimumAsset[],
  band: RiskBand,
  ranges: BandRanges,
  riskFreeRate: number,
  points = 20,
): Optimum {
  const targetVolatility = riskBandTargetVolatility[band];
  const { problem, path, relaxed } = bandFrontier(statistics, assets, ranges);
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

/** The weight of each market class in some weights of the assets. */
export function classWeights(assets: readonly OptimumAsset[], weights: ArrayLike<number>): Record<MarketClass, number> {
  const totals = Object.fromEntries(marketClasses.map((marketClass) => [marketClass, 0])) as Record<MarketClass, number>;
  assets.forEach((asset, i) => (totals[asset.marketClass] += weights[i]!));
  return totals;
}
