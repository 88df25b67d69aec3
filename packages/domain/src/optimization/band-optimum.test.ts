import { describe, expect, it } from 'vitest';
import { riskBandTargetVolatility } from '../model-portfolios/contracts.ts';
import {
  assetStatistics,
  bandFrontier,
  bandProblem,
  classWeights,
  optimumFor,
  type AssetStatistics,
  type OptimumAsset,
} from './band-optimum.ts';
import { defaultBandRanges, defaultExpectedReturns, marketClasses, type BandRanges, type MarketClass } from './capital-markets.ts';
import { efficientFrontierPath } from './mean-variance.ts';

/** Statistics with the given expected returns and a covariance from volatilities and one shared correlation. */
function statisticsOf(expected: number[], volatility: number[], correlation: (i: number, j: number) => number): AssetStatistics {
  const n = expected.length;
  const covariance = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1)
    for (let j = 0; j < n; j += 1) covariance[i * n + j] = (i === j ? 1 : correlation(i, j)) * volatility[i]! * volatility[j]!;
  return { expected: Float64Array.from(expected), covariance, shrinkage: 0, volatility: Float64Array.from(volatility) };
}

const fund = (marketClass: MarketClass): OptimumAsset => ({
  assetClass: marketClass.endsWith('equity')
    ? 'equity'
    : marketClass === 'real_estate'
      ? 'real_estate'
      : marketClass === 'commodities'
        ? 'alternative'
        : marketClass === 'cash'
          ? 'cash'
          : 'fixed_income',
  marketClass,
  fund: true,
});

describe('expected returns from the capital-market assumptions', () => {
  it("gives each security its class's assumption (cash the risk-free rate), whatever its closes did", () => {
    // Three years of closes in which gold doubled every year and stocks fell: the history's mean
    // would make gold the best asset; the assumptions say 6.5 % stocks, 4.5 % bonds, 3.5 % gold.
    const days = 3 * 252;
    const path = (growth: number, wiggle: number) =>
      Float64Array.from(
        { length: days + 1 },
        (_, d) => 100 * Math.exp((growth * d) / 252) * (1 + wiggle * Math.sin(d * 0.7 + wiggle * 50)),
      );
    const closes = [path(-0.1, 0.01), path(0.02, 0.003), path(0.7, 0.012), path(0.04, 0.0005)];
    const statistics = assetStatistics(closes, ['us_equity', 'core_bonds', 'commodities', 'cash'], defaultExpectedReturns, 0.042);
    expect([...statistics.expected]).toEqual([0.065, 0.045, 0.035, 0.042]);
    // The covariance is still the closes' own: gold's wiggle makes it more volatile than the bonds.
    expect(statistics.volatility[2]!).toBeGreaterThan(statistics.volatility[1]!);
  });

  it('has an expected return of Σ weight × assumption (worked by hand)', () => {
    // Stocks 6.5 %, core bonds 4.5 %, gold 3.5 %; volatilities 10 %, 4 %, 15 %, uncorrelated.
    // Ranges: stocks 50–60 %, core bonds 30–50 %, gold 0–10 %. The aggressive band's 17 % target is
    // above every feasible portfolio's volatility, so the optimum is the highest-return one: as much
    // of the best class as allowed (stocks 60 %), the rest in the next best (bonds 40 %), no gold.
    // Its return: 0.6 × 6.5 % + 0.4 × 4.5 % + 0 × 3.5 % = 3.9 % + 1.8 % = 5.7 %;
    // its volatility √(0.36 × 0.01 + 0.16 × 0.0016) = √0.003856 ≈ 6.21 % < 17 %.
    const statistics = statisticsOf([0.065, 0.045, 0.035], [0.1, 0.04, 0.15], () => 0);
    const open = { min: 0, max: 1 };
    const ranges: BandRanges = {
      stocks: { min: 0.5, max: 0.6 },
      classes: {
        ...(Object.fromEntries(marketClasses.map((c) => [c, open])) as BandRanges['classes']),
        us_equity: { min: 0.5, max: 0.6 },
        core_bonds: { min: 0.3, max: 0.5 },
        commodities: { min: 0, max: 0.1 },
      },
    };
    // Asset-class sleeves, as the builder weighs them: no per-fund cap, only the ranges bind.
    const sleeves = bandProblem(statistics, [fund('us_equity'), fund('core_bonds'), fund('commodities')], ranges);
    sleeves.upper!.fill(1);
    const best = efficientFrontierPath(sleeves).atVolatility(riskBandTargetVolatility.aggressive);
    expect(best.weights[0]).toBeCloseTo(0.6, 9);
    expect(best.weights[1]).toBeCloseTo(0.4, 9);
    expect(best.weights[2]).toBeCloseTo(0, 9);
    expect(best.expectedReturn).toBeCloseTo(0.057, 12);
    expect(best.volatility).toBeCloseTo(Math.sqrt(0.003856), 12);
  });
});

describe("a moderate client's optimum", () => {
  // The nine class funds. Volatilities are long-run figures; stocks, REITs and high yield share an
  // equity factor, core bonds and TIPS a rates factor, gold stands apart.
  const classes = marketClasses;
  const volatility: Record<MarketClass, number> = {
    us_equity: 0.16,
    international_equity: 0.17,
    emerging_equity: 0.22,
    core_bonds: 0.05,
    tips: 0.06,
    high_yield: 0.09,
    real_estate: 0.2,
    commodities: 0.15,
    cash: 0.005,
  };
  const equityLike = new Set<MarketClass>(['us_equity', 'international_equity', 'emerging_equity', 'real_estate', 'high_yield']);
  const rates = new Set<MarketClass>(['core_bonds', 'tips']);
  const correlation = (i: number, j: number) => {
    const a = classes[i]!;
    const b = classes[j]!;
    if (a === 'cash' || b === 'cash') return 0;
    if (equityLike.has(a) && equityLike.has(b)) return 0.7;
    if (rates.has(a) && rates.has(b)) return 0.8;
    return 0.1;
  };
  const expected = classes.map((c) => (c === 'cash' ? 0.04 : defaultExpectedReturns[c]));
  const statistics = statisticsOf(
    expected,
    classes.map((c) => volatility[c]),
    correlation,
  );
  const assets = classes.map(fund);
  const ranges = defaultBandRanges.moderate;

  it('holds every class (core bonds and international included) within the band, and no class above its cap', () => {
    const optimum = optimumFor(statistics, assets, 'moderate', ranges, 0.04);
    expect(optimum.relaxed).toBe(false);
    const weights = classWeights(assets, optimum.optimal.weights);
    for (const marketClass of classes) {
      expect(weights[marketClass], marketClass).toBeGreaterThanOrEqual(ranges.classes[marketClass].min - 1e-9);
      expect(weights[marketClass], marketClass).toBeLessThanOrEqual(ranges.classes[marketClass].max + 1e-9);
    }
    expect(weights.core_bonds).toBeGreaterThanOrEqual(0.2 - 1e-9);
    expect(weights.international_equity).toBeGreaterThanOrEqual(0.08 - 1e-9);
    const stocks = weights.us_equity + weights.international_equity + weights.emerging_equity;
    expect(stocks).toBeGreaterThanOrEqual(ranges.stocks.min - 1e-9);
    expect(stocks).toBeLessThanOrEqual(ranges.stocks.max + 1e-9);
    // Its expected return is Σ weight × assumption.
    const sum = classes.reduce((total, c, i) => total + optimum.optimal.weights[i]! * expected[i]!, 0);
    expect(optimum.optimal.expectedReturn).toBeCloseTo(sum, 12);
  });

  it('would break the ranges without them: emerging markets, the best assumption, would take a fund’s whole cap', () => {
    const loose = bandProblem(statistics, assets, ranges, 'none');
    const weights = classWeights(assets, efficientFrontierPath(loose).atVolatility(riskBandTargetVolatility.moderate).weights);
    expect(weights.emerging_equity).toBeGreaterThan(ranges.classes.emerging_equity.max + 0.01);
  });

  it('says the ranges were relaxed when a class the band needs has no security', () => {
    const withoutBonds = classes.flatMap((c, i) => (c === 'core_bonds' ? [] : [i]));
    const n = withoutBonds.length;
    const sub: AssetStatistics = {
      expected: Float64Array.from(withoutBonds, (i) => statistics.expected[i]!),
      covariance: Float64Array.from(
        { length: n * n },
        (_, k) => statistics.covariance[withoutBonds[Math.floor(k / n)]! * 9 + withoutBonds[k % n]!]!,
      ),
      volatility: Float64Array.from(withoutBonds, (i) => statistics.volatility[i]!),
      shrinkage: 0,
    };
    const optimum = optimumFor(
      sub,
      withoutBonds.map((i) => assets[i]!),
      'moderate',
      ranges,
      0.04,
    );
    expect(optimum.relaxed).toBe(true);
  });
});

describe("the builder's asset-class sleeves", () => {
  it('meets the ranges of the classes it has when stocks are one class alone (the stocks group and the US group are the same assets)', () => {
    // VTI, AGG, SGOV, GLD, VNQ as the builder weighs them: no per-fund cap.
    const classes: MarketClass[] = ['us_equity', 'core_bonds', 'cash', 'commodities', 'real_estate'];
    const statistics = statisticsOf(
      classes.map((c) => (c === 'cash' ? 0.04 : defaultExpectedReturns[c as Exclude<MarketClass, 'cash'>])),
      [0.16, 0.05, 0.005, 0.15, 0.2],
      (i, j) => (i === 2 || j === 2 ? 0 : 0.2),
    );
    const ranges = defaultBandRanges.moderate;
    const { path, relaxed } = bandFrontier(statistics, classes.map(fund), ranges, true);
    // International's floor (8 %) has no sleeve here: said, and the rest still holds.
    expect(relaxed).toBe(true);
    const weights = path.atVolatility(riskBandTargetVolatility.moderate).weights;
    classes.forEach((c, i) => {
      expect(weights[i]!, c).toBeGreaterThanOrEqual(ranges.classes[c].min - 1e-9);
      expect(weights[i]!, c).toBeLessThanOrEqual(ranges.classes[c].max + 1e-9);
    });
    expect(weights.reduce((sum, w) => sum + w, 0)).toBeCloseTo(1, 12);
  });
});

describe('group (asset-class) bounds against brute force', () => {
  it('finds the same target-volatility portfolio as a search of every weight on a 0.1 % grid', () => {
    // Three assets: two stock funds in one group capped at 50 % with a 30 % floor, a bond fund with
    // a 35 % floor. Brute force: every (w0, w1, w2) on a 0.001 grid summing to 1 that meets the
    // bounds and the 9 % volatility target; the best expected return among them.
    const statistics = statisticsOf([0.07, 0.065, 0.045], [0.18, 0.15, 0.05], (i, j) => (i < 2 && j < 2 ? 0.75 : 0.15));
    const problem = {
      expected: statistics.expected,
      covariance: statistics.covariance,
      groups: [
        { members: [0, 1], lower: 0.3, upper: 0.5 },
        { members: [2], lower: 0.35, upper: 1 },
      ],
    };
    const target = 0.09;
    const solved = efficientFrontierPath(problem).atVolatility(target);
    const c = statistics.covariance;
    let best = { value: -Infinity, weights: [0, 0, 0] };
    for (let a = 0; a <= 1000; a += 1) {
      for (let b = 0; a + b <= 1000; b += 1) {
        const w = [a / 1000, b / 1000, (1000 - a - b) / 1000];
        if (w[0]! + w[1]! < 0.3 - 1e-12 || w[0]! + w[1]! > 0.5 + 1e-12 || w[2]! < 0.35 - 1e-12) continue;
        let variance = 0;
        for (let i = 0; i < 3; i += 1) for (let j = 0; j < 3; j += 1) variance += w[i]! * w[j]! * c[i * 3 + j]!;
        if (Math.sqrt(variance) > target) continue;
        const value = w[0]! * 0.07 + w[1]! * 0.065 + w[2]! * 0.045;
        if (value > best.value) best = { value, weights: w };
      }
    }
    // The grid's best is within one grid step of the exact optimum, and never better than it.
    expect(solved.expectedReturn).toBeGreaterThanOrEqual(best.value - 1e-12);
    expect(solved.expectedReturn - best.value).toBeLessThan(1e-4);
    solved.weights.forEach((weight, i) => expect(Math.abs(weight - best.weights[i]!)).toBeLessThan(0.01));
    expect(solved.weights[0]! + solved.weights[1]!).toBeLessThanOrEqual(0.5 + 1e-9);
    expect(solved.weights[2]!).toBeGreaterThanOrEqual(0.35 - 1e-9);
  });
});
