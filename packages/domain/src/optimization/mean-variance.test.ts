import PortfolioAllocation from 'portfolio-allocation';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../securities/price-simulation.ts';
import { exhaustiveMinimumVariance, kktViolation } from './mean-variance.reference.ts';
import {
  efficientFrontier,
  efficientFrontierPath,
  InfeasibleProblemError,
  maximumSharpe,
  minimumVariance,
  targetVolatility,
  type Allocation,
  type AssetGroup,
  type MeanVarianceProblem,
} from './mean-variance.ts';

/** A seeded universe: covariance from a market factor, two other factors and idiosyncratic variance (annual), distinct expected returns. */
function universe(n: number, seed: number): { expected: Float64Array; covariance: Float64Array } {
  const random = createRandom(seed);
  const loadings = Array.from({ length: n }, () => [0.5 + random.next(), random.normal() * 0.5, random.normal() * 0.3]);
  const factorVariances = [0.03, 0.01, 0.005];
  const covariance = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < n; j += 1) {
      let value = 0;
      for (let f = 0; f < 3; f += 1) value += loadings[i]![f]! * loadings[j]![f]! * factorVariances[f]!;
      covariance[i * n + j] = value + (i === j ? (0.1 + 0.25 * random.next()) ** 2 : 0);
    }
  }
  return { expected: Float64Array.from({ length: n }, () => 0.02 + 0.12 * random.next()), covariance };
}

const asMatrix = (covariance: Float64Array, n: number) =>
  Array.from({ length: n }, (_, i) => Array.from(covariance.subarray(i * n, (i + 1) * n)));
const largestDifference = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Array.from(a).reduce((largest, value, i) => Math.max(largest, Math.abs(value - b[i]!)), 0);
const sharpe = (allocation: Allocation, riskFree: number) => (allocation.expectedReturn - riskFree) / allocation.volatility;

function moments(problem: MeanVarianceProblem, weights: ArrayLike<number>) {
  const n = problem.expected.length;
  let expectedReturn = 0;
  let variance = 0;
  for (let i = 0; i < n; i += 1) {
    expectedReturn += problem.expected[i]! * weights[i]!;
    for (let j = 0; j < n; j += 1) variance += weights[i]! * problem.covariance[i * n + j]! * weights[j]!;
  }
  return { expectedReturn, volatility: Math.sqrt(variance) };
}

const filled = (n: number, value: number, overrides: Record<number, number> = {}) => {
  const array = new Float64Array(n).fill(value);
  for (const [index, override] of Object.entries(overrides)) array[Number(index)] = override;
  return array;
};

// Universes where asset bounds bind: minimum weights on some assets, caps low enough that the
// maximum-return portfolio is several assets at their cap.
const universes: { name: string; problem: MeanVarianceProblem }[] = [
  { name: '5 assets, floors and caps', problem: { ...universe(5, 5), lower: filled(5, 0, { 1: 0.05, 3: 0.1 }), upper: filled(5, 0.4) } },
  {
    name: '12 assets, caps 0.2',
    problem: { ...universe(12, 12), lower: filled(12, 0, { 0: 0.02, 7: 0.03 }), upper: filled(12, 0.2, { 4: 0.5 }) },
  },
  { name: '40 assets, caps 0.08', problem: { ...universe(40, 40), lower: filled(40, 0, { 2: 0.01, 30: 0.02 }), upper: filled(40, 0.08) } },
  { name: '40 assets, long only', problem: universe(40, 41) },
];

const referenceConstraints = (problem: MeanVarianceProblem) => ({
  minWeights: Array.from(problem.lower ?? filled(problem.expected.length, 0)),
  maxWeights: Array.from(problem.upper ?? filled(problem.expected.length, 1)),
});

describe.each(universes)('against portfolio-allocation: $name', ({ problem }) => {
  const n = problem.expected.length;
  const mu = Array.from(problem.expected);
  const sigma = asMatrix(problem.covariance, n);
  const options = { optimizationMethod: 'critical-line' as const, constraints: referenceConstraints(problem) };

  it('gives the same 20-point efficient frontier', () => {
    const ours = efficientFrontier(problem);
    const reference = PortfolioAllocation.meanVarianceEfficientFrontierPortfolios(mu, sigma, { ...options, nbPortfolios: 20 });
    expect(ours).toHaveLength(20);
    ours.forEach((point, index) => {
      const [weights, expectedReturn, volatility] = reference[index]!;
      expect(largestDifference(point.weights, weights)).toBeLessThan(1e-6);
      expect(Math.abs(point.expectedReturn - expectedReturn)).toBeLessThan(1e-9);
      expect(Math.abs(point.volatility - volatility)).toBeLessThan(1e-9);
    });
  });

  it('gives the same minimum-variance portfolio', () => {
    const reference = PortfolioAllocation.globalMinimumVarianceWeights(sigma, { constraints: options.constraints });
    expect(largestDifference(minimumVariance(problem).weights, reference)).toBeLessThan(1e-6);
  });

  it('gives the same target-volatility portfolio', () => {
    const path = efficientFrontierPath(problem);
    const target = (path.minimumVariance.volatility + path.maximumReturn.volatility) / 2;
    const reference = PortfolioAllocation.meanVarianceOptimizationWeights(mu, sigma, {
      ...options,
      constraints: { ...options.constraints, maxVolatility: target },
    });
    const ours = targetVolatility(problem, target);
    expect(ours.volatility).toBeCloseTo(target, 12);
    expect(largestDifference(ours.weights, reference)).toBeLessThan(1e-6);
  });

  it('finds a maximum-Sharpe portfolio at least as good as the reference, the same one where the reference finds the maximum', () => {
    const riskFree = 0.01;
    const ours = maximumSharpe(problem, riskFree);
    const referenceWeights = PortfolioAllocation.maximumSharpeRatioWeights(mu, sigma, riskFree, options);
    const reference = { weights: Float64Array.from(referenceWeights), ...moments(problem, referenceWeights) };
    // portfolio-allocation's search only looks at the segments next to the corner its bisection
    // stops on, and can miss the maximum one segment further: ours must never be worse, and must
    // beat every point of a fine scan of the frontier.
    expect(sharpe(ours, riskFree)).toBeGreaterThanOrEqual(sharpe(reference, riskFree) - 1e-12);
    for (const point of efficientFrontierPath(problem).frontier(1001))
      expect(sharpe(ours, riskFree)).toBeGreaterThanOrEqual(sharpe(point, riskFree) - 1e-12);
    if (sharpe(ours, riskFree) - sharpe(reference, riskFree) < 1e-10)
      expect(largestDifference(ours.weights, reference.weights)).toBeLessThan(1e-6);
  });
});

it('matches portfolio-allocation on maximum Sharpe exactly where its search finds the maximum', () => {
  // The two small universes above are such cases; check it so that the comparison is not vacuous.
  for (const { problem } of universes.slice(0, 2)) {
    const n = problem.expected.length;
    const reference = PortfolioAllocation.maximumSharpeRatioWeights(Array.from(problem.expected), asMatrix(problem.covariance, n), 0.01, {
      optimizationMethod: 'critical-line',
      constraints: referenceConstraints(problem),
    });
    expect(largestDifference(maximumSharpe(problem, 0.01).weights, reference)).toBeLessThan(1e-6);
  }
});

describe('every answer', () => {
  const { problem } = universes[2]!;
  const frontier = efficientFrontier(problem, 30);

  it('is fully invested, within the bounds, with its stated return and volatility', () => {
    for (const point of [...frontier, minimumVariance(problem), maximumSharpe(problem, 0.02), targetVolatility(problem, 0.15)]) {
      expect(point.weights.reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 12);
      point.weights.forEach((weight, i) => {
        expect(weight).toBeGreaterThanOrEqual(problem.lower![i]!);
        expect(weight).toBeLessThanOrEqual(problem.upper![i]!);
      });
      const { expectedReturn, volatility } = moments(problem, point.weights);
      expect(point.expectedReturn).toBeCloseTo(expectedReturn, 12);
      expect(point.volatility).toBeCloseTo(volatility, 12);
    }
  });

  it('spaces the frontier evenly in return, volatility rising with it', () => {
    const step = frontier[1]!.expectedReturn - frontier[0]!.expectedReturn;
    frontier.slice(1).forEach((point, index) => {
      expect(point.expectedReturn - frontier[index]!.expectedReturn).toBeCloseTo(step, 12);
      expect(point.volatility).toBeGreaterThan(frontier[index]!.volatility);
    });
    expect(frontier[0]!.weights).toEqual(minimumVariance(problem).weights);
  });

  it('reads target volatility off the frontier: the minimum-variance portfolio below it, the maximum-return one above it', () => {
    const path = efficientFrontierPath(problem);
    expect(targetVolatility(problem, 0.001).weights).toEqual(path.minimumVariance.weights);
    expect(targetVolatility(problem, 5).weights).toEqual(path.maximumReturn.weights);
    const middle = targetVolatility(problem, frontier[12]!.volatility);
    expect(largestDifference(middle.weights, frontier[12]!.weights)).toBeLessThan(1e-9);
  });

  it('rejects bad arguments', () => {
    expect(() => efficientFrontier(problem, 1)).toThrow(RangeError);
    expect(() => efficientFrontier(problem, 2.5)).toThrow(RangeError);
    expect(() => maximumSharpe(problem, 1)).toThrow(/no efficient portfolio returns more than the risk-free rate/);
    expect(() => minimumVariance({ ...problem, covariance: problem.covariance.subarray(1) })).toThrow(/needs 1600 entries/);
    const asymmetric = Float64Array.from(problem.covariance);
    asymmetric[1]! += 0.01;
    expect(() => minimumVariance({ ...problem, covariance: asymmetric })).toThrow(/not symmetric/);
    expect(() => minimumVariance({ ...problem, lower: filled(40, -0.1) })).toThrow(/long-only/);
    expect(() => minimumVariance({ ...problem, groups: [{ members: [3, 3], lower: 0, upper: 1 }] })).toThrow(/listed twice/);
    expect(() => minimumVariance({ ...problem, groups: [{ members: [40], lower: 0, upper: 1 }] })).toThrow(/not an asset index/);
  });
});

describe('infeasible problems', () => {
  const base = universe(6, 6);
  it.each<[string, MeanVarianceProblem, RegExp]>([
    [
      'a floor above its cap',
      { ...base, lower: filled(6, 0, { 2: 0.3 }), upper: filled(6, 1, { 2: 0.2 }) },
      /asset 2: minimum weight 0.3 is above its maximum weight 0.2/,
    ],
    ['floors summing past 1', { ...base, lower: filled(6, 0.2) }, /minimum weights sum to 1.2/],
    ['caps short of 1', { ...base, upper: filled(6, 0.15) }, /maximum weights sum to 0.9/],
    [
      'a group floor its members cannot reach',
      { ...base, upper: filled(6, 0.2), groups: [{ members: [0, 1], lower: 0.5, upper: 1 }] },
      /group 0: minimum 0.5 is above the sum of its members' maximum weights/,
    ],
    [
      'a group with crossed bounds',
      { ...base, groups: [{ members: [0, 1], lower: 0.5, upper: 0.4 }] },
      /group 0: minimum 0.5 is above its maximum 0.4/,
    ],
    [
      'two disjoint groups wanting more than everything',
      {
        ...base,
        groups: [
          { members: [0, 1, 2], lower: 0.6, upper: 1 },
          { members: [3, 4], lower: 0.5, upper: 1 },
        ],
      },
      /no portfolio fully invested/,
    ],
    [
      'a group cap and the caps outside it',
      { ...base, upper: filled(6, 1, { 4: 0.5, 5: 0.3 }), groups: [{ members: [0, 1, 2, 3], lower: 0, upper: 0.1 }] },
      /no portfolio fully invested/,
    ],
  ])('%s raises InfeasibleProblemError', (_, problem, message) => {
    for (const solve of [
      () => minimumVariance(problem),
      () => efficientFrontier(problem),
      () => maximumSharpe(problem, 0),
      () => targetVolatility(problem, 0.2),
    ]) {
      expect(solve).toThrow(InfeasibleProblemError);
      expect(solve).toThrow(message);
    }
  });
});

describe('group constraints against exhaustive active-set enumeration', () => {
  /** Random small problems: 4 or 5 assets, some floors and caps, one or two groups with random bounds. */
  const cases = Array.from({ length: 30 }, (_, index) => {
    const random = createRandom(1000 + index);
    const n = 4 + (index % 2);
    const { expected, covariance } = universe(n, 2000 + index);
    const lower = Float64Array.from({ length: n }, () => (random.next() < 0.25 ? 0.05 : 0));
    const upper = Float64Array.from({ length: n }, () => (random.next() < 0.4 ? 0.3 + 0.3 * random.next() : 1));
    const groups: AssetGroup[] = Array.from({ length: 1 + (index % 3 === 0 ? 1 : 0) }, () => {
      const members = Array.from({ length: n }, (_, i) => i).filter(() => random.next() < 0.5);
      const floor = random.next() < 0.5 ? 0.1 + 0.3 * random.next() : 0;
      return {
        members: members.length > 0 ? members : [0],
        lower: floor,
        upper: random.next() < 0.7 ? floor + 0.1 + 0.3 * random.next() : 1,
      };
    });
    return { expected, covariance, lower, upper, groups } satisfies MeanVarianceProblem;
  });
  // Degenerate shapes on purpose: an equality group, a fixed weight, tied top returns, caps summing to 1.
  const shaped: MeanVarianceProblem[] = [
    { ...universe(5, 1), groups: [{ members: [0, 1], lower: 0.4, upper: 0.4 }] },
    {
      ...universe(5, 2),
      lower: filled(5, 0, { 3: 0.15 }),
      upper: filled(5, 1, { 3: 0.15 }),
      groups: [{ members: [1, 2, 3], lower: 0, upper: 0.5 }],
    },
    { ...universe(5, 3), expected: Float64Array.of(0.05, 0.12, 0.07, 0.12, 0.03), groups: [{ members: [0, 4], lower: 0.2, upper: 1 }] },
    { ...universe(5, 4), upper: filled(5, 0.2) },
    {
      ...universe(5, 5),
      upper: filled(5, 0.3),
      groups: [
        { members: [0, 1], lower: 0, upper: 0.6 },
        { members: [0, 1, 2], lower: 0.3, upper: 0.7 },
      ],
    },
  ];

  it.each([...cases, ...shaped].map((problem, index) => [index, problem] as const))(
    'problem %i: the minimum-variance and frontier portfolios are the exhaustive optimum',
    (_, problem) => {
      let path;
      try {
        path = efficientFrontierPath(problem);
      } catch (error) {
        // Random bounds can be infeasible: then no active set may give a feasible portfolio either.
        expect(error).toBeInstanceOf(InfeasibleProblemError);
        expect(exhaustiveMinimumVariance(problem)).toBeNull();
        return;
      }
      expect(largestDifference(path.minimumVariance.weights, exhaustiveMinimumVariance(problem)!)).toBeLessThan(1e-8);
      for (const point of path.frontier(6)) {
        expect(largestDifference(point.weights, exhaustiveMinimumVariance(problem, point.expectedReturn)!)).toBeLessThan(1e-8);
      }
      // The last point is the maximum return: no feasible portfolio returns more.
      expect(exhaustiveMinimumVariance(problem, path.maximumReturn.expectedReturn + 1e-7)).toBeNull();
      const best = maximumSharpe(problem, 0);
      for (const point of path.frontier(201)) expect(sharpe(best, 0)).toBeGreaterThanOrEqual(sharpe(point, 0) - 1e-12);
    },
  );

  it('satisfies the optimality (KKT) conditions on 30 assets with overlapping sector and style groups', () => {
    const { expected, covariance } = universe(30, 77);
    const groups: AssetGroup[] = [
      { members: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], lower: 0.2, upper: 0.3 },
      { members: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19], lower: 0.1, upper: 0.25 },
      { members: [0, 5, 10, 15, 20, 25], lower: 0, upper: 0.1 },
      { members: [20, 21, 22], lower: 0.15, upper: 0.15 },
    ];
    const problem: MeanVarianceProblem = { expected, covariance, upper: filled(30, 0.12), groups };
    const path = efficientFrontierPath(problem);
    expect(path.turningPoints.length).toBeGreaterThan(10);
    for (const point of path.turningPoints) expect(kktViolation(problem, point.weights, point.riskTolerance)).toBeLessThan(1e-9);
    for (const point of path.frontier(15)) {
      const members = (g: number) => groups[g]!.members.reduce((sum, i) => sum + point.weights[i]!, 0);
      groups.forEach((group, g) => {
        expect(members(g)).toBeGreaterThanOrEqual(group.lower - 1e-12);
        expect(members(g)).toBeLessThanOrEqual(group.upper + 1e-12);
      });
    }
  });
});
