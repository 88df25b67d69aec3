/**
 * Long-only mean-variance optimisation with per-asset and group (asset-class) bounds, weights summing
 * to 1. One run of the critical line algorithm (critical-line.ts) gives the whole efficient frontier
 * as its turning points; every answer below is read off that path (frontier-path.ts).
 *
 * Expected returns and covariance are in the same units (annual, say): volatilities come out in
 * those units too.
 */
import { ActiveSetPath } from './critical-line.ts';
import { feasibleStart } from './feasible-start.ts';
import { EfficientFrontierPath, type Allocation, type TurningPoint } from './frontier-path.ts';
import { InfeasibleProblemError, prepareProblem, type MeanVarianceProblem, type PreparedProblem } from './problem.ts';

export { EfficientFrontierPath, InfeasibleProblemError };
export type { Allocation };
export type { AssetGroup, MeanVarianceProblem } from './problem.ts';

/** The solver at the minimum-variance portfolio (end of its first run, s = 1). */
function solveMinimumVariance(problem: PreparedProblem): ActiveSetPath {
  const { n, covariance } = problem;
  // Phase 1 tries the least volatile assets first, so the start vertex is already close to the answer.
  const priority = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => covariance[a * n + a]! - covariance[b * n + b]! || a - b);
  const start = feasibleStart(problem, priority);
  if (start === null)
    throw new InfeasibleProblemError('no portfolio fully invested (weights summing to 1) satisfies the asset and group bounds together');
  const path = new ActiveSetPath(problem, start);
  let trace = 0;
  for (let i = 0; i < n; i += 1) trace += covariance[i * n + i]!;
  path.homotopyToMinimumVariance(start.weights, trace / n);
  path.follow(0, 1);
  return path;
}

/** The fully invested portfolio of least variance within the asset and group bounds (no use of the expected returns but to report its own). */
export function minimumVariance(problem: MeanVarianceProblem): Allocation {
  const prepared = prepareProblem(problem);
  const path = solveMinimumVariance(prepared);
  const weights = path.weightsAt(1, new Float64Array(prepared.n));
  const product = path.productAt(1, new Float64Array(prepared.n));
  let expectedReturn = 0;
  let variance = 0;
  for (let i = 0; i < prepared.n; i += 1) {
    expectedReturn += prepared.expected[i]! * weights[i]!;
    variance += weights[i]! * product[i]!;
  }
  return { weights, expectedReturn, volatility: Math.sqrt(Math.max(0, variance)) };
}

/** The whole efficient frontier, once: read as many portfolios off it as needed. */
export function efficientFrontierPath(problem: MeanVarianceProblem): EfficientFrontierPath {
  const prepared = prepareProblem(problem);
  const { n, expected } = prepared;
  const path = solveMinimumVariance(prepared);
  const turningPoints: TurningPoint[] = [];
  const crossVariances: number[] = [];
  const product = new Float64Array(n);
  const record = (riskTolerance: number, s: number) => {
    const weights = path.weightsAt(s, new Float64Array(n));
    const previous = turningPoints.at(-1);
    if (previous && sameWeights(previous.weights, weights)) return;
    path.productAt(s, product); // Σw: the turning point's variance and its cross term with the previous one
    let expectedReturn = 0;
    let variance = 0;
    let cross = 0;
    for (let i = 0; i < n; i += 1) {
      expectedReturn += expected[i]! * weights[i]!;
      variance += weights[i]! * product[i]!;
      if (previous) cross += previous.weights[i]! * product[i]!;
    }
    if (previous) crossVariances.push(cross);
    turningPoints.push({ riskTolerance, weights, expectedReturn, variance });
  };
  record(0, 1);
  path.riskTolerance(expected);
  path.follow(0, Number.POSITIVE_INFINITY, (lambda) => record(lambda, lambda));
  return new EfficientFrontierPath(turningPoints, Float64Array.from(crossVariances), prepared.lower, prepared.upper);
}

const sameWeights = (a: Float64Array, b: Float64Array) => {
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i]! - b[i]!) > 1e-13) return false;
  return true;
};

/**
 * The efficient portfolio with the highest Sharpe ratio (expected return − riskFreeRate) / volatility.
 * RangeError when no efficient portfolio returns more than riskFreeRate.
 */
export function maximumSharpe(problem: MeanVarianceProblem, riskFreeRate: number): Allocation {
  return efficientFrontierPath(problem).maximumSharpe(riskFreeRate);
}

/** The highest-return efficient portfolio whose volatility is at most `target`; the minimum-variance portfolio when target is below its volatility. */
export function targetVolatility(problem: MeanVarianceProblem, target: number): Allocation {
  return efficientFrontierPath(problem).atVolatility(target);
}

/** `points` (default 20, ≥ 2) efficient portfolios evenly spaced in expected return from the minimum-variance portfolio to the maximum-return one. */
export function efficientFrontier(problem: MeanVarianceProblem, points = 20): Allocation[] {
  return efficientFrontierPath(problem).frontier(points);
}
