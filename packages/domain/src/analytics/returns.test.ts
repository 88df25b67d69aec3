import { describe, expect, it } from 'vitest';
import {
  annualise,
  combineValuations,
  dailyReturns,
  growthIndex,
  linkReturns,
  periodReturn,
  periodSlice,
  periodStart,
  timeWeightedReturn,
  xirr,
  type DailyValuation,
} from './returns.ts';

// Funded with 1,000; +1 %; +2 %; 969.80 more arrives at the start of a day that loses 2.5 %.
const funded: DailyValuation[] = [
  { date: '2024-01-02', value: 1010, flow: 1000 }, // 1010 / (0 + 1000) − 1 = 0.01
  { date: '2024-01-03', value: 1030.2, flow: 0 }, // 1030.2 / 1010 − 1 = 0.02
  { date: '2024-01-04', value: 1950, flow: 969.8 }, // 1950 / (1030.2 + 969.8) = 1950 / 2000 − 1 = −0.025
];

describe('time-weighted return (flows at the start of the day)', () => {
  it('values each day on the capital at work after the morning flow', () => {
    const returns = dailyReturns(funded);
    expect(returns.map((day) => day.date)).toEqual(['2024-01-02', '2024-01-03', '2024-01-04']);
    expect(returns[0]?.return).toBeCloseTo(0.01, 12);
    expect(returns[1]?.return).toBeCloseTo(0.02, 12);
    // An end-of-day flow would have made this (1950 − 969.8) / 1030.2 − 1 = −4.85 %.
    expect(returns[2]?.return).toBeCloseTo(-0.025, 12);
  });

  it('links the days geometrically, so the big late deposit does not weigh on the result', () => {
    // 1.01 × 1.02 × 0.975 − 1 = 1.0302 × 0.975 − 1 = 0.004445, though the money lost 19.80 overall.
    expect(timeWeightedReturn(funded)).toBeCloseTo(0.004445, 12);
  });

  it('takes a withdrawal out of the capital at work before the day runs', () => {
    // 950 leaves from 1950: 1010 / 1000 − 1 = 0.01.
    const returns = dailyReturns([{ date: '2024-01-05', value: 1010, flow: -950 }], 1950);
    expect(returns[0]?.return).toBeCloseTo(0.01, 12);
  });

  it('leaves out days with no capital at work instead of dividing by zero', () => {
    const days: DailyValuation[] = [
      { date: '2024-01-01', value: 0, flow: 0 }, // opened, not funded yet
      { date: '2024-01-02', value: 1100, flow: 1000 }, // 1100 / 1000 − 1 = 0.1
      { date: '2024-01-03', value: 0, flow: -1100 }, // everything withdrawn at the open
      { date: '2024-01-04', value: 0, flow: 0 },
    ];
    expect(dailyReturns(days)).toEqual([{ date: '2024-01-02', return: expect.closeTo(0.1, 12) }]);
    expect(timeWeightedReturn(days)).toBeCloseTo(0.1, 12);
    expect(timeWeightedReturn([])).toBe(0);
  });

  it('starts a later period from the close before it', () => {
    // 110 / 100 − 1.
    expect(timeWeightedReturn([{ date: '2024-03-01', value: 110, flow: 0 }], 100)).toBeCloseTo(0.1, 12);
  });

  it('links plain returns and grows 1 through them', () => {
    expect(linkReturns([0.1, -0.5, 1])).toBeCloseTo(0.1, 12); // 1.1 × 0.5 × 2 − 1
    const index = growthIndex([
      { date: '2024-01-02', return: 0.1 },
      { date: '2024-01-03', return: -0.5 },
      { date: '2024-01-04', return: 1 },
    ]);
    expect(index.map((point) => point.date)).toEqual(['2024-01-02', '2024-01-03', '2024-01-04']);
    expect(index.map((point) => point.value)).toEqual([expect.closeTo(1.1, 12), expect.closeTo(0.55, 12), expect.closeTo(1.1, 12)]);
  });
});

describe('annualise', () => {
  it('leaves a year or less unchanged', () => {
    expect(annualise(0.1, 100)).toBe(0.1);
    expect(annualise(0.1, 365)).toBe(0.1);
    expect(annualise(-0.2, 1)).toBe(-0.2);
  });

  it('turns a longer total into a yearly rate, Actual/365', () => {
    expect(annualise(0.21, 730)).toBeCloseTo(0.1, 12); // √1.21 − 1
    expect(annualise(0.331, 1095)).toBeCloseTo(0.1, 12); // ∛1.331 − 1
    expect(annualise(0.1, 366)).toBeCloseTo(1.1 ** (365 / 366) - 1, 12);
    expect(annualise(-1, 730)).toBe(-1);
  });

  it('refuses a loss of more than everything', () => {
    expect(() => annualise(-1.5, 730)).toThrow(RangeError);
  });
});

describe('xirr (money-weighted, Actual/365)', () => {
  it("matches the example of Microsoft's XIRR documentation", () => {
    const flows = [
      { date: '2008-01-01', amount: -10_000 },
      { date: '2008-03-01', amount: 2_750 },
      { date: '2008-10-30', amount: 4_250 },
      { date: '2009-02-15', amount: 3_250 },
      { date: '2009-04-01', amount: 2_750 },
    ];
    expect(xirr(flows)).toBeCloseTo(0.373362535, 8);
    // The order of the flows does not matter.
    expect(xirr([...flows].reverse())).toBeCloseTo(0.373362535, 8);
  });

  it('gives the closed form for two flows', () => {
    // 2020-01-01 to 2021-12-31 is 730 days, two years of 365: 1210 / 1000 = 1.1².
    expect(
      xirr([
        { date: '2020-01-01', amount: -1000 },
        { date: '2021-12-31', amount: 1210 },
      ]),
    ).toBeCloseTo(0.1, 9);
    // A loss: half back after 365 days.
    expect(
      xirr([
        { date: '2023-01-01', amount: -1000 },
        { date: '2024-01-01', amount: 500 },
      ]),
    ).toBeCloseTo(-0.5, 9);
  });

  it('falls back to bisection where Newton leaves the domain (a near-total loss)', () => {
    // 1 back of 1000 after 365 days: r = 0.001 − 1. Newton's first step from 10 % lands near −1209.
    expect(
      xirr([
        { date: '2023-01-01', amount: -1000 },
        { date: '2024-01-01', amount: 1 },
      ]),
    ).toBeCloseTo(-0.999, 9);
  });

  it('never answers with a rate at or below −100 %, where Newton would find a meaningless root', () => {
    // With x = 1 / (1 + r): −100 + 20x + 20x² = 0 → x = (√21 − 1) / 2 → r = (√21 + 1) / 10 − 1 = (√21 − 9) / 10 ≈ −0.4417.
    // Unchecked, Newton from 10 % lands on the other root, 1 + r = −x (r ≈ −1.358).
    const flows = [
      { date: '2021-01-01', amount: -100 },
      { date: '2022-01-01', amount: 20 },
      { date: '2023-01-01', amount: 20 },
    ];
    expect(xirr(flows)).toBeCloseTo((Math.sqrt(21) - 9) / 10, 9);
  });

  it('is null when the flows do not change sign', () => {
    expect(xirr([])).toBeNull();
    expect(
      xirr([
        { date: '2023-01-01', amount: -1000 },
        { date: '2024-01-01', amount: -5 },
      ]),
    ).toBeNull();
    expect(xirr([{ date: '2023-01-01', amount: 1000 }])).toBeNull();
  });

  it('is null when no rate balances the flows', () => {
    // With x = 1 / (1 + r): 100 − 50x + 100x² has no real root (50² < 4 × 100 × 100).
    const flows = [
      { date: '2021-01-01', amount: 100 },
      { date: '2022-01-01', amount: -50 },
      { date: '2023-01-01', amount: 100 },
    ];
    expect(xirr(flows)).toBeNull();
  });
});

describe('period start', () => {
  const inception = '2015-01-01';

  it('starts the day after the same date one, three, twelve or 36 months back', () => {
    expect(periodStart('1M', '2024-06-30', inception)).toBe('2024-05-31');
    expect(periodStart('3M', '2024-05-31', inception)).toBe('2024-03-01'); // 2024-02-29 (clamped) + 1
    expect(periodStart('1Y', '2024-06-30', inception)).toBe('2023-07-01');
    expect(periodStart('3Y', '2024-06-30', inception)).toBe('2021-07-01');
  });

  it('starts YTD on 1 January and SI on inception', () => {
    expect(periodStart('YTD', '2024-06-30', inception)).toBe('2024-01-01');
    expect(periodStart('YTD', '2024-01-01', inception)).toBe('2024-01-01');
    expect(periodStart('SI', '2024-06-30', inception)).toBe(inception);
  });

  it('never starts before inception', () => {
    expect(periodStart('3Y', '2024-06-30', '2023-03-15')).toBe('2023-03-15');
    expect(periodStart('YTD', '2024-06-30', '2024-02-10')).toBe('2024-02-10');
    expect(periodStart('1M', '2024-06-30', '2024-06-30')).toBe('2024-06-30');
  });

  it('refuses an as-of date before inception', () => {
    expect(() => periodStart('1Y', '2020-01-01', '2021-01-01')).toThrow(RangeError);
  });
});

describe('combining portfolios into a household or a book', () => {
  it('sums values and flows per date, carrying a portfolio without a row at its last close', () => {
    const a: DailyValuation[] = [
      { date: '2024-01-02', value: 1000, flow: 1000 },
      { date: '2024-01-03', value: 1100, flow: 0 },
    ];
    const b: DailyValuation[] = [
      { date: '2024-01-03', value: 500, flow: 500 },
      { date: '2024-01-04', value: 400, flow: -100 },
    ];
    expect(combineValuations([a, b])).toEqual([
      { date: '2024-01-02', value: 1000, flow: 1000 },
      { date: '2024-01-03', value: 1600, flow: 500 },
      { date: '2024-01-04', value: 1500, flow: -100 }, // a still at 1100
    ]);
  });

  it('weights each portfolio by its money, not by averaging the two returns', () => {
    // On 01-03 a earns 100 on 1000 (10 %) and b 0 on 500 (0 %): 100 / 1500 = 1/15, not the average 5 %.
    const a: DailyValuation[] = [
      { date: '2024-01-02', value: 1000, flow: 1000 },
      { date: '2024-01-03', value: 1100, flow: 0 },
    ];
    const b: DailyValuation[] = [{ date: '2024-01-03', value: 500, flow: 500 }];
    expect(timeWeightedReturn(combineValuations([a, b]))).toBeCloseTo(1 / 15, 12);
  });

  it('sums to the cent', () => {
    const day = (value: number) => [{ date: '2024-01-02', value, flow: value }];
    expect(combineValuations([day(0.1), day(0.2)])).toEqual([{ date: '2024-01-02', value: 0.3, flow: 0.3 }]);
    expect(combineValuations([])).toEqual([]);
  });
});

describe('periodSlice and periodReturn', () => {
  const series = [
    { date: '2024-01-02', value: 1000, flow: 1000 },
    { date: '2024-01-03', value: 1100, flow: 0 },
    { date: '2024-02-01', value: 1210, flow: 0 },
    { date: '2024-02-02', value: 1815, flow: 605 },
  ];

  it('starts a period at its first day inside the series and opens from the close before it', () => {
    // 1M as of 2024-02-02 starts 2024-01-03: the close before it is 1000 (Jan 2).
    expect(periodSlice(series, '1M')).toEqual({
      start: '2024-01-03',
      end: '2024-02-02',
      openingDate: '2024-01-02',
      openingValue: 1000,
      days: series.slice(1),
    });
    // 1.1 × 1.1 × (1815 / (1210 + 605)) − 1 = 0.21
    expect(periodReturn(series, '1M')).toBeCloseTo(0.21, 12);
  });

  it('covers the whole life since inception, opening from 0', () => {
    expect(periodSlice(series, 'SI')).toMatchObject({ start: '2024-01-02', openingDate: '2024-01-02', openingValue: 0 });
    expect(periodReturn(series, 'SI')).toBeCloseTo(0.21, 12);
  });

  it('is null for an empty series', () => {
    expect(periodSlice([], '1Y')).toBeNull();
    expect(periodReturn([], '1Y')).toBeNull();
  });
});
