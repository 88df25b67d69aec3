import { describe, expect, it } from 'vitest';
import {
  alignByDate,
  annualisedVolatility,
  beta,
  correlation,
  historicalCVaR,
  historicalVaR,
  maxDrawdown,
  sharpeRatio,
  sortinoRatio,
} from './risk.ts';

// Mean 0.005; deviations ±0.005, ±0.015; Σ squares = 2 × 25e-6 + 2 × 225e-6 = 500e-6;
// sample variance 500e-6 / 3; annualised: √(500e-6 / 3 × 252) = √0.042.
const fourDays = [0.01, -0.01, 0.02, 0];
// A risk-free rate (or target) of exactly 0.1 % a day, compounded over 252 days.
const tenthOfAPercentADay = 1.001 ** 252 - 1;

describe('volatility', () => {
  it('is the sample standard deviation × √252', () => {
    expect(annualisedVolatility(fourDays)).toBeCloseTo(Math.sqrt(0.042), 12); // 0.2049390…
    expect(annualisedVolatility([0.01, 0.01, 0.01])).toBe(0);
  });

  it('needs two returns', () => {
    expect(annualisedVolatility([0.01])).toBeNull();
    expect(annualisedVolatility([])).toBeNull();
  });
});

describe('Sharpe ratio', () => {
  it('is the mean daily excess return over the daily deviation, × √252', () => {
    // 0.005 × √252 / √(500e-6 / 3) = 0.005 × 252 / √0.042 = 1.26 / 0.2049390.
    expect(sharpeRatio(fourDays)).toBeCloseTo(6.14817, 5);
    // Daily risk-free 0.001: 0.004 × 252 / √0.042 = 1.008 / 0.2049390.
    expect(sharpeRatio(fourDays, tenthOfAPercentADay)).toBeCloseTo(4.918536, 5);
  });

  it('is null when the returns never vary or are too few', () => {
    expect(sharpeRatio([0.01, 0.01])).toBeNull();
    expect(sharpeRatio([0.01])).toBeNull();
  });
});

describe('Sortino ratio', () => {
  it('divides by the downside deviation over all days', () => {
    // Target 0: only −0.01 falls short; √(1e-4 / 4) = 0.005; 0.005 / 0.005 × √252.
    expect(sortinoRatio(fourDays)).toBeCloseTo(Math.sqrt(252), 10);
    // Target 0.001 a day: shortfalls −0.011 and −0.001; √((121e-6 + 1e-6) / 4) = √30.5e-6 = 0.00552268;
    // (0.005 − 0.001) / 0.00552268 × √252.
    expect(sortinoRatio(fourDays, tenthOfAPercentADay)).toBeCloseTo(11.497683, 5);
  });

  it('is null when no day falls short of the target, or without returns', () => {
    expect(sortinoRatio([0.01, 0.02])).toBeNull();
    expect(sortinoRatio([])).toBeNull();
  });
});

describe('maximum drawdown', () => {
  const series = (values: number[]) => values.map((value, index) => ({ date: `2024-01-${String(index + 1).padStart(2, '0')}`, value }));

  it('finds the deepest fall, its peak, trough and recovery', () => {
    // 100 → 120 (peak, 01-02) → 90 (−25 %) → 110 → 60 (trough, 01-05: (120 − 60) / 120 = 50 %) → 100 → 125 (recovered, 01-07) → 130.
    expect(maxDrawdown(series([100, 120, 90, 110, 60, 100, 125, 130]))).toEqual({
      depth: 0.5,
      peakDate: '2024-01-02',
      troughDate: '2024-01-05',
      recoveryDate: '2024-01-07',
    });
  });

  it('takes a deeper fall from a later peak, and has no recovery date until the peak is regained', () => {
    // 100 → 90 is 10 %; then a new peak of 110 (01-03) falls to 77 (01-04): 33 / 110 = 30 %; 80 is below 110.
    expect(maxDrawdown(series([100, 90, 110, 77, 80]))).toEqual({
      depth: expect.closeTo(0.3, 12),
      peakDate: '2024-01-03',
      troughDate: '2024-01-04',
      recoveryDate: null,
    });
  });

  it('counts a return to exactly the peak as recovered', () => {
    expect(maxDrawdown(series([100, 50, 100]))?.recoveryDate).toBe('2024-01-03');
  });

  it('is null for a series that never falls', () => {
    expect(maxDrawdown(series([100, 100, 101, 105]))).toBeNull();
    expect(maxDrawdown([])).toBeNull();
  });
});

describe('beta and correlation against a benchmark', () => {
  const benchmark = [0.01, -0.02, 0.015, 0.005];

  it('gives beta 2 and correlation 1 for exactly twice the benchmark', () => {
    const doubled = benchmark.map((r) => 2 * r);
    expect(beta(doubled, benchmark)).toBeCloseTo(2, 12);
    expect(correlation(doubled, benchmark)).toBeCloseTo(1, 12);
  });

  it('gives beta −1 and correlation −1 for the mirror image', () => {
    const mirrored = benchmark.map((r) => -r);
    expect(beta(mirrored, benchmark)).toBeCloseTo(-1, 12);
    expect(correlation(mirrored, benchmark)).toBeCloseTo(-1, 12);
  });

  it('works out a partly related series by hand', () => {
    // b = ±0.01 (mean 0); r = 0.03, 0.01, 0.01, −0.01 (mean 0.01, deviations 0.02, 0, 0, −0.02).
    // cov = (0.02 × 0.01 + (−0.02) × (−0.01)) / 3 = 4e-4 / 3 = var(b): beta 1.
    // var(r) = 8e-4 / 3: correlation = (4e-4 / 3) / √(8e-4 / 3 × 4e-4 / 3) = 1 / √2.
    const b = [0.01, -0.01, 0.01, -0.01];
    const r = [0.03, 0.01, 0.01, -0.01];
    expect(beta(r, b)).toBeCloseTo(1, 12);
    expect(correlation(r, b)).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('is null for a flat benchmark or too few pairs, and refuses unpaired series', () => {
    expect(beta([0.01, 0.02], [0.01, 0.01])).toBeNull();
    expect(correlation([0.01, 0.02], [0.01, 0.01])).toBeNull();
    expect(beta([0.01], [0.02])).toBeNull();
    expect(() => beta([0.01, 0.02], [0.01])).toThrow(RangeError);
    expect(() => correlation([0.01, 0.02], [0.01])).toThrow(RangeError);
  });

  it('pairs dated returns on the days both series have', () => {
    const mine = [
      { date: '2024-01-02', return: 0.01 },
      { date: '2024-01-03', return: 0.02 },
      { date: '2024-01-04', return: 0.03 },
    ];
    const theirs = [
      { date: '2024-01-03', return: 0.5 },
      { date: '2024-01-04', return: 0.6 },
      { date: '2024-01-05', return: 0.7 },
    ];
    expect(alignByDate(mine, theirs)).toEqual({ returns: [0.02, 0.03], benchmark: [0.5, 0.6] });
  });
});

describe('historical VaR and CVaR', () => {
  // 40 days: the worst are −5 %, −4 %, −3 %; the rest gains of 1 %.
  const days = [-0.05, 0.01, -0.03, -0.04, ...Array.from({ length: 36 }, () => 0.01)];

  it('at 95 % takes the 2 worst of 40 days (⌈40 × 5 %⌉): VaR the 2nd worst loss, CVaR their mean', () => {
    expect(historicalVaR(days)).toBeCloseTo(0.04, 12);
    expect(historicalCVaR(days)).toBeCloseTo(0.045, 12); // (0.05 + 0.04) / 2
  });

  it('at 99 % takes the single worst day (⌈0.4⌉ = 1)', () => {
    expect(historicalVaR(days, 0.99)).toBeCloseTo(0.05, 12);
    expect(historicalCVaR(days, 0.99)).toBeCloseTo(0.05, 12);
  });

  it('at 90 % takes the 4 worst: VaR is a gain (negative), CVaR (0.05 + 0.04 + 0.03 − 0.01) / 4', () => {
    expect(historicalVaR(days, 0.9)).toBeCloseTo(-0.01, 12);
    expect(historicalCVaR(days, 0.9)).toBeCloseTo(0.0275, 12);
  });

  it('is null without returns and refuses a confidence outside (0, 1)', () => {
    expect(historicalVaR([])).toBeNull();
    expect(historicalCVaR([])).toBeNull();
    expect(() => historicalVaR(days, 95)).toThrow(RangeError);
  });
});
