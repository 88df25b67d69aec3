/**
 * Mean-variance optimisation (packages/domain/src/optimization) against portfolio-allocation 0.0.11,
 * on the same inputs in the same run. Pure CPU, no database:
 *
 *   npx tsx bench/optimize.ts        (npm run optimize -w bench)
 *
 * For 50, 200 and 500 assets: 5 years of daily closes (1,260 trading days) drawn from a seeded
 * few-factor model (a market factor, one of ten sector factors and two style factors per asset,
 * plus idiosyncratic noise: equity-like correlations of 0.2–0.6), then the Ledoit–Wolf covariance
 * and the mean returns of their daily returns, both annualised × 252. Every asset may hold at most
 * 10 % (at 50 assets and up, the cap binds on the frontier). Then:
 *
 *  (a) the 20-point efficient frontier: efficientFrontier against meanVarianceEfficientFrontierPortfolios
 *      (critical line, nbPortfolios 20, the same spacing in return);
 *  (b) the minimum-variance portfolio: minimumVariance against globalMinimumVarianceWeights as it
 *      is called by default (no expected returns: its GSMO solver, faster than its critical line here).
 *
 * Ours: median of BENCH_RUNS (9), after BENCH_WARMUP_MS (2 s) of warm-up on the smallest universe
 * and one run on each; portfolio-allocation: median of
 * BENCH_REFERENCE_RUNS (3; 1 at 500 assets, where its frontier takes ~30 s). The weights must agree
 * within 1e-6 (largest absolute difference printed). Target at 500 assets: frontier ≥ 90× faster,
 * minimum variance ≥ 5× faster.
 *
 * Knobs: BENCH_RUNS, BENCH_WARMUP_MS, BENCH_REFERENCE_RUNS, BENCH_SIZES (comma-separated asset counts, default 50,200,500).
 */
import { performance } from 'node:perf_hooks';
import PortfolioAllocation from 'portfolio-allocation';
import { dailyReturnMatrix, ledoitWolf, meanReturns, tradingDaysPerYear } from '@meridian/domain/optimization/covariance';
import { efficientFrontier, minimumVariance, type MeanVarianceProblem } from '@meridian/domain/optimization/mean-variance';
import { createRandom } from '@meridian/domain/securities/price-simulation';
import { envNumber, machine, median, writeResults } from './support/report.ts';

const runs = envNumber('BENCH_RUNS', 9);
const warmupMs = envNumber('BENCH_WARMUP_MS', 2_000);
const referenceRuns = envNumber('BENCH_REFERENCE_RUNS', 3);
const sizes = (process.env.BENCH_SIZES ?? '50,200,500')
  .split(',')
  .map(Number)
  .filter((size) => Number.isInteger(size) && size > 1);
const tradingDays = 1_260;
const frontierPoints = 20;
const maxWeight = 0.1;
const tolerance = 1e-6;
const targets = { frontier: 90, minimumVariance: 5 };

/** closes[asset][day] from r = β·market + sector + style·loadings + ε, seeded by the asset count. */
function simulatedCloses(assets: number): Float64Array[] {
  const random = createRandom(`optimize-${assets}`);
  const daily = (annual: number) => annual / Math.sqrt(tradingDaysPerYear);
  const sectors = 10;
  const profile = Array.from({ length: assets }, () => ({
    beta: 0.6 + 0.8 * random.next(),
    sector: random.int(0, sectors - 1),
    value: random.normal() * 0.5,
    momentum: random.normal() * 0.5,
    idiosyncratic: daily(0.15 + 0.25 * random.next()),
    drift: (0.02 + 0.1 * random.next()) / tradingDaysPerYear,
  }));
  const closes = profile.map(() => new Float64Array(tradingDays));
  profile.forEach((_, asset) => (closes[asset]![0] = 20 + 180 * random.next()));
  const sectorMoves = new Float64Array(sectors);
  for (let day = 1; day < tradingDays; day += 1) {
    const market = daily(0.16) * random.normal();
    const value = daily(0.06) * random.normal();
    const momentum = daily(0.08) * random.normal();
    for (let s = 0; s < sectors; s += 1) sectorMoves[s] = daily(0.1) * random.normal();
    profile.forEach((asset, index) => {
      const move =
        asset.drift +
        asset.beta * market +
        sectorMoves[asset.sector]! +
        asset.value * value +
        asset.momentum * momentum +
        asset.idiosyncratic * random.normal();
      closes[index]![day] = closes[index]![day - 1]! * (1 + move);
    });
  }
  return closes;
}

function problemFor(assets: number): { problem: MeanVarianceProblem; shrinkage: number } {
  const returns = dailyReturnMatrix(simulatedCloses(assets));
  const { covariance, shrinkage } = ledoitWolf(returns);
  const expected = meanReturns(returns);
  for (let i = 0; i < expected.length; i += 1) expected[i]! *= tradingDaysPerYear;
  for (let i = 0; i < covariance.length; i += 1) covariance[i]! *= tradingDaysPerYear;
  return { problem: { expected, covariance, upper: new Float64Array(assets).fill(maxWeight) }, shrinkage };
}

function timed<T>(count: number, run: () => T): { ms: number[]; last: T } {
  const ms: number[] = [];
  let last: T | undefined;
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    last = run();
    ms.push(performance.now() - started);
  }
  return { ms, last: last as T };
}

const largestDifference = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let largest = 0;
  for (let i = 0; i < a.length; i += 1) largest = Math.max(largest, Math.abs(a[i]! - b[i]!));
  return largest;
};

// Our code is small and hot: without a warm-up the first sizes would time V8's baseline tiers, not
// the optimised code every later call runs. Warm up on the smallest universe for BENCH_WARMUP_MS.
{
  const { problem } = problemFor(Math.min(...sizes));
  const started = performance.now();
  while (performance.now() - started < warmupMs) {
    efficientFrontier(problem, frontierPoints);
    minimumVariance(problem);
  }
}

const rows = [];
for (const assets of sizes) {
  const { problem, shrinkage } = problemFor(assets);
  const mu = Array.from(problem.expected);
  const sigma = Array.from({ length: assets }, (_, i) => Array.from(problem.covariance.subarray(i * assets, (i + 1) * assets)));
  const constraints = { maxWeights: new Array<number>(assets).fill(maxWeight) };
  const referenceCount = assets >= 500 ? 1 : referenceRuns;

  efficientFrontier(problem, frontierPoints); // warm-up (JIT)
  minimumVariance(problem);
  const ours = {
    frontier: timed(runs, () => efficientFrontier(problem, frontierPoints)),
    minimumVariance: timed(runs, () => minimumVariance(problem)),
  };
  const reference = {
    frontier: timed(referenceCount, () =>
      PortfolioAllocation.meanVarianceEfficientFrontierPortfolios(mu, sigma, {
        nbPortfolios: frontierPoints,
        optimizationMethod: 'critical-line',
        constraints,
      }),
    ),
    minimumVariance: timed(referenceCount, () => PortfolioAllocation.globalMinimumVarianceWeights(sigma, { constraints })),
  };

  const frontierDifference = Math.max(
    ...ours.frontier.last.map((point, index) => largestDifference(point.weights, reference.frontier.last[index]![0])),
  );
  const minimumVarianceDifference = largestDifference(ours.minimumVariance.last.weights, reference.minimumVariance.last);
  const row = {
    assets,
    shrinkage,
    held: { minimumVariance: ours.minimumVariance.last.weights.filter((weight) => weight > 1e-9).length },
    frontier: {
      oursMedianMs: median(ours.frontier.ms),
      referenceMedianMs: median(reference.frontier.ms),
      ratio: median(reference.frontier.ms) / median(ours.frontier.ms),
      largestWeightDifference: frontierDifference,
    },
    minimumVariance: {
      oursMedianMs: median(ours.minimumVariance.ms),
      referenceMedianMs: median(reference.minimumVariance.ms),
      ratio: median(reference.minimumVariance.ms) / median(ours.minimumVariance.ms),
      largestWeightDifference: minimumVarianceDifference,
    },
    runs: { ours: runs, reference: referenceCount },
  };
  rows.push(row);
  console.log(
    `${String(assets).padStart(3)} assets (Ledoit–Wolf shrinkage ${shrinkage.toFixed(3)}, minimum variance holds ${row.held.minimumVariance})\n` +
      `  frontier (${frontierPoints} points): ours ${row.frontier.oursMedianMs.toFixed(2)} ms, portfolio-allocation ${row.frontier.referenceMedianMs.toFixed(0)} ms = ${row.frontier.ratio.toFixed(0)}×; max |Δw| ${frontierDifference.toExponential(1)}\n` +
      `  minimum variance:     ours ${row.minimumVariance.oursMedianMs.toFixed(2)} ms, portfolio-allocation ${row.minimumVariance.referenceMedianMs.toFixed(0)} ms = ${row.minimumVariance.ratio.toFixed(0)}×; max |Δw| ${minimumVarianceDifference.toExponential(1)}`,
  );
}

const agree = rows.every(
  (row) => row.frontier.largestWeightDifference <= tolerance && row.minimumVariance.largestWeightDifference <= tolerance,
);
const largest = rows.find((row) => row.assets === 500);
if (largest) {
  const met = largest.frontier.ratio >= targets.frontier && largest.minimumVariance.ratio >= targets.minimumVariance;
  console.log(
    `at 500 assets: frontier ${largest.frontier.ratio.toFixed(0)}× (target ≥ ${targets.frontier}×), minimum variance ${largest.minimumVariance.ratio.toFixed(0)}× (target ≥ ${targets.minimumVariance}×): ${met ? 'MET' : 'NOT MET'}`,
  );
}
console.log(`weights agree within ${tolerance}: ${agree}`);
console.log(`results: ${writeResults('optimize', { machine: machine(), tradingDays, frontierPoints, maxWeight, targets, rows })}`);
if (!agree) process.exitCode = 1;
