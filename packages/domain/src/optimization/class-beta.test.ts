import { describe, expect, it } from 'vitest';
import { defaultExpectedReturns, expectedReturnsOf } from './capital-markets.ts';
import { classBeta } from './class-beta.ts';

describe('a security’s beta to its class fund', () => {
  it('is the Blume-adjusted slope of its returns on the fund’s (worked by hand)', () => {
    // The fund: 100, 110, 99, 108.9, returns +10 %, −10 %, +10 %. The security moves half as much:
    // +5 %, −5 %, +5 %, closes 100, 105, 99.75, 104.7375. Raw beta 0.5; Blume: 2/3 × 0.5 + 1/3 = 2/3.
    const fund = [100, 110, 99, 108.9];
    const quiet = [100, 105, 99.75, 104.7375];
    expect(classBeta(quiet, fund)).toBeCloseTo(2 / 3, 12);
    // Twice the fund's moves: raw 2, adjusted 2/3 × 2 + 1/3 = 5/3.
    expect(classBeta([100, 120, 96, 115.2], fund)).toBeCloseTo(5 / 3, 12);
    // The fund against itself: 1.
    expect(classBeta(fund, fund)).toBeCloseTo(1, 12);
  });

  it('is 1 against a fund that never moves (no slope to measure)', () => {
    expect(classBeta([100, 101, 102], [50, 50, 50])).toBe(1);
  });

  it('scales the class’s premium over the risk-free rate (worked by hand)', () => {
    // Risk-free 4 %. US stocks 6.5 % with beta 2/3: 4 % + 2/3 × 2.5 % = 5.6667 %. Gold 3.5 % (below the
    // risk-free rate) with beta 1.3: 4 % + 1.3 × (−0.5 %) = 3.35 %. Core bonds at beta 1: their 4.5 %
    // as it stands. Cash: the risk-free rate whatever its beta.
    const expected = expectedReturnsOf(['us_equity', 'commodities', 'core_bonds', 'cash'], defaultExpectedReturns, 0.04, [
      2 / 3,
      1.3,
      1,
      0.2,
    ]);
    expect(expected[0]).toBeCloseTo(0.056667, 6);
    expect(expected[1]).toBeCloseTo(0.0335, 12);
    expect(expected[2]).toBe(defaultExpectedReturns.core_bonds);
    expect(expected[3]).toBe(0.04);
  });
});
