import { describe, expect, it } from 'vitest';
import { createRandom } from '../securities/price-simulation.ts';
import { dailyReturnMatrix, ledoitWolf, meanReturns, sampleCovariance, type ReturnMatrix } from './covariance.ts';

/** Rows are days, columns assets. */
const matrix = (rows: number[][]): ReturnMatrix => ({ assets: rows[0]!.length, days: rows.length, values: Float64Array.from(rows.flat()) });

const entry = (values: Float64Array, assets: number, i: number, j: number) => values[i * assets + j]!;

// 3 assets × 5 days, chosen so that the de-meaned returns are whole hundredths:
//   A: 0.02, −0.01, 0.00, 0.03, 0.01   mean 0.01   de-meaned (×0.01):  1, −2, −1,  2, 0
//   B: 0.01,  0.01, −0.02, 0.00, 0.00  mean 0      de-meaned (×0.01):  1,  1, −2,  0, 0
//   C: −0.01, 0.02, 0.01, 0.00, 0.03   mean 0.01   de-meaned (×0.01): −2,  1,  0, −1, 2
const small = matrix([
  [0.02, 0.01, -0.01],
  [-0.01, 0.01, 0.02],
  [0.0, -0.02, 0.01],
  [0.03, 0.0, 0.0],
  [0.01, 0.0, 0.03],
]);
const unit = 1e-4; // products of hundredths

describe('ledoitWolf on a hand-computed 3 × 5 case', () => {
  // In units of 1e-4, XᵀX = [[10, 1, −6], [1, 6, −1], [−6, −1, 10]], so S = XᵀX / 5:
  //   S = [[2, 0.2, −1.2], [0.2, 1.2, −0.2], [−1.2, −0.2, 2]]
  // μ = tr(S) / 3 = 5.2 / 3.
  // ‖S‖²_F = 4 + 1.44 + 4 + 2·(0.04 + 1.44 + 0.04) = 12.48 (units 1e-8)
  // δ² = (‖S‖² − 2μ·tr(S) + 3μ²) / 3 = (12.48 − 27.04/3) / 3 = 10.4 / 9
  // ‖x_t‖² per day: 6, 6, 5, 5, 4, so Σ‖x_t‖⁴ = 36 + 36 + 25 + 25 + 16 = 138
  // β² = (138/5 − 12.48) / (3·5) = 15.12 / 15 = 1.008   (below δ², so kept)
  // shrinkage = β²/δ² = 1.008 · 9 / 10.4 = 9.072 / 10.4 ≈ 0.87231
  // result = (1 − shrinkage)·S + shrinkage·μ·I, and shrinkage·μ = (9.072/10.4)·(5.2/3) = 1.512.
  const shrinkage = 9.072 / 10.4;
  const keep = 1 - shrinkage;

  it('computes the sample covariance (÷ T), μ, δ², β² and the shrinkage', () => {
    const sample = sampleCovariance(small);
    const expected = [
      [2, 0.2, -1.2],
      [0.2, 1.2, -0.2],
      [-1.2, -0.2, 2],
    ];
    expected.forEach((row, i) => row.forEach((value, j) => expect(entry(sample, 3, i, j)).toBeCloseTo(value * unit, 15)));
    expect(ledoitWolf(small).shrinkage).toBeCloseTo(shrinkage, 12);
  });

  it('shrinks towards μ·I', () => {
    const { covariance } = ledoitWolf(small);
    const expected = [
      [keep * 2 + 1.512, keep * 0.2, keep * -1.2],
      [keep * 0.2, keep * 1.2 + 1.512, keep * -0.2],
      [keep * -1.2, keep * -0.2, keep * 2 + 1.512],
    ];
    expected.forEach((row, i) => row.forEach((value, j) => expect(entry(covariance, 3, i, j) / unit).toBeCloseTo(value, 12)));
  });

  it('keeps the trace (the target has the same average variance)', () => {
    const { covariance } = ledoitWolf(small);
    expect((covariance[0]! + covariance[4]! + covariance[8]!) / unit).toBeCloseTo(5.2, 12);
  });
});

describe('returns', () => {
  it('builds simple daily returns, days × assets', () => {
    const returns = dailyReturnMatrix([
      [100, 110, 99],
      [50, 50, 55],
    ]);
    expect(returns.assets).toBe(2);
    expect(returns.days).toBe(2);
    expect([...returns.values].map((value) => Math.round(value * 1e12) / 1e12)).toEqual([0.1, 0, -0.1, 0.1]);
  });

  it('averages each asset', () => {
    const means = meanReturns(small);
    expect(means[0]).toBeCloseTo(0.01, 15);
    expect(means[1]).toBeCloseTo(0, 15);
    expect(means[2]).toBeCloseTo(0.01, 15);
  });

  it('rejects misaligned or unusable series with a clear error', () => {
    expect(() => dailyReturnMatrix([])).toThrow(/at least one asset/);
    expect(() => dailyReturnMatrix([[100]])).toThrow(/at least 2 closes/);
    expect(() => dailyReturnMatrix([[100, 101], [100]])).toThrow(/aligned on the same days/);
    expect(() => dailyReturnMatrix([[100, 0, 101]])).toThrow(/not a positive finite price/);
    expect(() => dailyReturnMatrix([[100, Number.NaN]])).toThrow(/not a positive finite price/);
    expect(() => ledoitWolf({ assets: 2, days: 3, values: new Float64Array(5) })).toThrow(/needs 6 values/);
    expect(() => ledoitWolf({ assets: 1, days: 1, values: Float64Array.of(Number.POSITIVE_INFINITY) })).toThrow(/not finite/);
  });
});

describe('ledoitWolf properties', () => {
  const simulated = (assets: number, days: number, seed: number): ReturnMatrix => {
    const random = createRandom(seed);
    const values = new Float64Array(assets * days);
    for (let day = 0; day < days; day += 1) {
      const market = random.normal() * 0.01;
      for (let asset = 0; asset < assets; asset += 1)
        values[day * assets + asset] = 0.0003 + market * (0.5 + asset / assets) + random.normal() * 0.015;
    }
    return { assets, days, values };
  };

  it.each([
    [20, 250],
    [40, 30],
  ])('is symmetric, positive definite, with shrinkage in [0, 1] (%i assets, %i days)', (assets, days) => {
    const { covariance, shrinkage } = ledoitWolf(simulated(assets, days, assets * days));
    expect(shrinkage).toBeGreaterThanOrEqual(0);
    expect(shrinkage).toBeLessThanOrEqual(1);
    for (let i = 0; i < assets; i += 1)
      for (let j = 0; j < i; j += 1) expect(entry(covariance, assets, i, j)).toBe(entry(covariance, assets, j, i));
    // Cholesky succeeds only on a positive definite matrix (with 30 days and 40 assets the sample one is singular).
    const factor = new Float64Array(assets * assets);
    for (let i = 0; i < assets; i += 1) {
      for (let j = 0; j <= i; j += 1) {
        let value = entry(covariance, assets, i, j);
        for (let p = 0; p < j; p += 1) value -= factor[i * assets + p]! * factor[j * assets + p]!;
        if (i === j) {
          expect(value).toBeGreaterThan(0);
          factor[i * assets + i] = Math.sqrt(value);
        } else factor[i * assets + j] = value / factor[j * assets + j]!;
      }
    }
  });

  it('shrinks more when there are fewer days per asset', () => {
    const many = ledoitWolf(simulated(20, 1000, 1)).shrinkage;
    const few = ledoitWolf(simulated(20, 25, 1)).shrinkage;
    expect(few).toBeGreaterThan(many);
  });

  it('returns the variance and no shrinkage for a single asset', () => {
    const { covariance, shrinkage } = ledoitWolf(matrix([[0.01], [0.03]]));
    expect(shrinkage).toBe(0);
    expect(covariance[0]).toBeCloseTo(0.0001, 15);
  });
});
