import { describe, expect, it } from 'vitest';
import { accountWeights, concentration, weightsBy } from './allocation.ts';

// AAA held twice (500 + 100), BBB 300, CCC 100: 1,000 in all; a zero holding and overdrawn cash are left out.
const positions = [
  { key: 'AAA', marketValue: 500 },
  { key: 'BBB', marketValue: 300 },
  { key: 'AAA', marketValue: 100 },
  { key: 'CCC', marketValue: 100 },
  { key: 'DDD', marketValue: 0 },
  { key: 'cash', marketValue: -50 },
];

// Seven names worth 30, 20, 15, 10, 10, 10 and 5 (100 in all).
const seven = [30, 20, 15, 10, 10, 10, 5].map((marketValue, index) => ({ key: `S${index + 1}`, marketValue }));

describe('allocation weights', () => {
  it('sums each key and divides by the total of what is worth more than 0, largest first', () => {
    expect(weightsBy(positions)).toEqual([
      { key: 'AAA', marketValue: 600, weight: 0.6 },
      { key: 'BBB', marketValue: 300, weight: 0.3 },
      { key: 'CCC', marketValue: 100, weight: 0.1 },
    ]);
  });

  it('orders equal weights by key and sums to the cent', () => {
    const weights = weightsBy([
      { key: 'b', marketValue: 0.1 },
      { key: 'a', marketValue: 0.3 },
      { key: 'b', marketValue: 0.2 },
    ]);
    expect(weights).toEqual([
      { key: 'a', marketValue: 0.3, weight: 0.5 },
      { key: 'b', marketValue: 0.3, weight: 0.5 },
    ]);
  });

  it('is empty when nothing is worth more than 0', () => {
    expect(
      weightsBy([
        { key: 'cash', marketValue: -10 },
        { key: 'AAA', marketValue: 0 },
      ]),
    ).toEqual([]);
    expect(weightsBy([])).toEqual([]);
  });
});

describe('concentration', () => {
  it('gives the largest share, the top five and the Herfindahl index', () => {
    // 0.6² + 0.3² + 0.1² = 0.36 + 0.09 + 0.01 = 0.46; three names, so the top five are all of it.
    expect(concentration(positions)).toEqual({
      largestKey: 'AAA',
      largestWeight: 0.6,
      topFiveWeight: expect.closeTo(1, 12),
      herfindahl: expect.closeTo(0.46, 12),
    });
  });

  it('stops the top five at five names', () => {
    // Top five: 0.30 + 0.20 + 0.15 + 0.10 + 0.10 = 0.85.
    // HHI: 0.09 + 0.04 + 0.0225 + 3 × 0.01 + 0.0025 = 0.185.
    expect(concentration(seven)).toEqual({
      largestKey: 'S1',
      largestWeight: 0.3,
      topFiveWeight: expect.closeTo(0.85, 12),
      herfindahl: expect.closeTo(0.185, 12),
    });
  });

  it('is 1 for a single holding and 1/n for n equal ones', () => {
    expect(concentration([{ key: 'AAA', marketValue: 42 }])?.herfindahl).toBe(1);
    const four = ['A', 'B', 'C', 'D'].map((key) => ({ key, marketValue: 25 }));
    expect(concentration(four)?.herfindahl).toBeCloseTo(0.25, 12);
  });

  it('is null when nothing is worth more than 0', () => {
    expect(concentration([{ key: 'cash', marketValue: -5 }])).toBeNull();
  });
});

describe('weights of the account (cash included)', () => {
  // GE 23,180 + MSFT 41,820 + BND 30,000 = 95,000 held, 5,000 cash: 100,000 in all.
  const held = [
    { key: 'GE', marketValue: 23_180 },
    { key: 'MSFT', marketValue: 41_820 },
    { key: 'BND', marketValue: 30_000 },
  ];

  it('weighs each position of the total value and shows cash as its own slice', () => {
    // 23,180 / 100,000 = 0.2318 (not 23,180 / 95,000 = 0.2440 of the holdings alone); cash 0.05.
    expect(accountWeights(held, 5_000, 'CASH')).toEqual([
      { key: 'MSFT', marketValue: 41_820, weight: 0.4182 },
      { key: 'BND', marketValue: 30_000, weight: 0.3 },
      { key: 'GE', marketValue: 23_180, weight: 0.2318 },
      { key: 'CASH', marketValue: 5_000, weight: 0.05 },
    ]);
  });

  it('gives the largest position the same weight as its slice, cash counted in the total but never the largest position', () => {
    const geOnly = [{ key: 'GE', marketValue: 23_180 }];
    // GE 23,180 of 100,000 with 76,820 cash: 0.2318, although the cash slice is larger.
    expect(concentration(geOnly, 76_820)).toEqual({
      largestKey: 'GE',
      largestWeight: 0.2318,
      topFiveWeight: 0.2318,
      herfindahl: 0.2318 ** 2,
    });
    expect(concentration(held, 5_000)?.largestWeight).toBe(0.4182);
  });

  it('leaves an overdrawn balance out, as any position below 0', () => {
    expect(accountWeights([{ key: 'GE', marketValue: 100 }], -20, 'CASH')).toEqual([{ key: 'GE', marketValue: 100, weight: 1 }]);
  });
});
