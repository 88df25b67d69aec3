import { describe, expect, it } from 'vitest';
import { OversellError } from '../portfolios/ledger.ts';
import { timeWeightedReturn } from './returns.ts';
import { dailyValuations, type DailyClose, type ValuationTransaction } from './valuation.ts';

// January 2024: Tue 2 … Fri 5, the weekend of 6–7, Mon 8 … Wed 10; Mon 15 is Martin Luther King Jr. Day.
const ledger: ValuationTransaction[] = [
  { date: '2024-01-02', type: 'deposit', amount: 10_000 },
  { date: '2024-01-03', type: 'buy', symbol: 'XYZ', quantity: 100, price: 50 }, // cash 5,000 + 100 × 50
  { date: '2024-01-05', type: 'dividend', symbol: 'XYZ', amount: 25 },
  { date: '2024-01-06', type: 'deposit', amount: 1_000 }, // a Saturday: counts on Monday the 8th
  { date: '2024-01-08', type: 'fee', amount: 10 },
  { date: '2024-01-09', type: 'withdrawal', amount: 2_000 },
];

const closes = new Map<string, DailyClose[]>([
  [
    'XYZ',
    [
      { date: '2024-01-02', close: 49 }, // before the buy: not held yet
      { date: '2024-01-03', close: 50 },
      { date: '2024-01-04', close: 52 },
      { date: '2024-01-05', close: 52 },
      { date: '2024-01-08', close: 51 },
      { date: '2024-01-09', close: 53 },
      // no close on the 10th: the 9th's 53 still holds
    ],
  ],
]);

describe('daily valuations of a portfolio', () => {
  const { openingValue, days } = dailyValuations(ledger, closes, '2024-01-02', '2024-01-10');
  const on = (date: string) => days.find((day) => day.date === date);

  it('gives one row per trading day of the range, weekends left out', () => {
    expect(days.map((day) => day.date)).toEqual([
      '2024-01-02',
      '2024-01-03',
      '2024-01-04',
      '2024-01-05',
      '2024-01-08',
      '2024-01-09',
      '2024-01-10',
    ]);
    expect(openingValue).toBe(0);
  });

  it('counts a deposit as a flow, and a buy at the close of its trade price leaves the value unchanged', () => {
    expect(on('2024-01-02')).toEqual({ date: '2024-01-02', value: 10_000, flow: 10_000 });
    // cash 10,000 − 5,000 + 100 × 50 = 10,000; the buy is internal: no flow.
    expect(on('2024-01-03')).toEqual({ date: '2024-01-03', value: 10_000, flow: 0 });
  });

  it('values the holding at the day’s close', () => {
    expect(on('2024-01-04')).toEqual({ date: '2024-01-04', value: 10_200, flow: 0 }); // 5,000 + 100 × 52
  });

  it('raises the value by a dividend without making it a flow', () => {
    expect(on('2024-01-05')).toEqual({ date: '2024-01-05', value: 10_225, flow: 0 }); // 5,025 + 5,200
  });

  it('counts a weekend deposit on the next trading day; a fee lowers the value and is no flow', () => {
    // cash 5,025 + 1,000 − 10 = 6,015; 100 × 51 = 5,100.
    expect(on('2024-01-08')).toEqual({ date: '2024-01-08', value: 11_115, flow: 1_000 });
  });

  it('counts a withdrawal as a negative flow, and keeps the latest close when a day has none', () => {
    expect(on('2024-01-09')).toEqual({ date: '2024-01-09', value: 9_315, flow: -2_000 }); // 4,015 + 5,300
    expect(on('2024-01-10')).toEqual({ date: '2024-01-10', value: 9_315, flow: 0 });
  });

  it('gives timeWeightedReturn the hand-computed TWR', () => {
    // Daily: 0, 0, 10,200/10,000, 10,225/10,200, 11,115/(10,225 + 1,000), 9,315/(11,115 − 2,000), 0.
    // 1.0225 × 11,115/11,225 × 9,315/9,115 − 1 = 105,865,790.0625 / 102,315,875 − 1 = 0.0346956429…
    expect(timeWeightedReturn(days, openingValue)).toBeCloseTo(0.0346956429, 9);
  });

  it('opens a period at the close of the trading day before it, so the period’s TWR links', () => {
    // From Saturday the 6th: the first day is Monday the 8th, opening at Friday's 10,225, and the
    // Saturday deposit is Monday's flow, not part of the opening value.
    const period = dailyValuations(ledger, closes, '2024-01-06', '2024-01-10');
    expect(period.openingValue).toBe(10_225);
    expect(period.days[0]).toEqual({ date: '2024-01-08', value: 11_115, flow: 1_000 });
    // 11,115/11,225 × 9,315/9,115 − 1 = 0.0119272791…
    expect(timeWeightedReturn(period.days, period.openingValue)).toBeCloseTo(0.0119272791, 9);
    const before = dailyValuations(ledger, closes, '2024-01-02', '2024-01-05');
    const linked =
      (1 + timeWeightedReturn(before.days, before.openingValue)) * (1 + timeWeightedReturn(period.days, period.openingValue)) - 1;
    expect(linked).toBeCloseTo(timeWeightedReturn(days, openingValue), 12);
  });
});

describe('valuation rules at the edges', () => {
  it('values a security with no close yet at its last trade price', () => {
    const trades: ValuationTransaction[] = [
      { date: '2024-01-02', type: 'deposit', amount: 1_000 },
      { date: '2024-01-03', type: 'buy', symbol: 'NEW', quantity: 10, price: 20 },
      { date: '2024-01-05', type: 'buy', symbol: 'NEW', quantity: 10, price: 22 },
    ];
    const prices = new Map([['NEW', [{ date: '2024-01-08', close: 25 }]]]);
    const { days } = dailyValuations(trades, prices, '2024-01-03', '2024-01-08');
    expect(days.map((day) => day.value)).toEqual([
      1_000, // cash 800 + 10 × 20
      1_000, // no close yet: still 20
      1_020, // cash 580 + 20 × 22 (the latest trade price)
      1_080, // the first close: 580 + 20 × 25
    ]);
  });

  it('moves a transaction dated on a market holiday to the next trading day', () => {
    // Saturday 13th and Monday 15th (MLK Day) both land on Tuesday the 16th.
    const deposits: ValuationTransaction[] = [
      { date: '2024-01-13', type: 'deposit', amount: 100 },
      { date: '2024-01-15', type: 'deposit', amount: 50 },
    ];
    const { openingValue, days } = dailyValuations(deposits, new Map(), '2024-01-12', '2024-01-16');
    expect(openingValue).toBe(0);
    expect(days).toEqual([
      { date: '2024-01-12', value: 0, flow: 0 },
      { date: '2024-01-16', value: 150, flow: 150 },
    ]);
  });

  it('sums to the cent, counts interest as income, and leaves out what comes after the range', () => {
    const entries: ValuationTransaction[] = [
      { date: '2024-01-02', type: 'deposit', amount: 0.1 },
      { date: '2024-01-02', type: 'deposit', amount: 0.2 },
      { date: '2024-01-03', type: 'interest', amount: 0.015 }, // rounds half away from zero to 0.02
      { date: '2024-01-05', type: 'deposit', amount: 99 },
    ];
    const { days } = dailyValuations(entries, new Map(), '2024-01-02', '2024-01-04');
    expect(days).toEqual([
      { date: '2024-01-02', value: 0.3, flow: 0.3 },
      { date: '2024-01-03', value: 0.32, flow: 0 },
      { date: '2024-01-04', value: 0.32, flow: 0 },
    ]);
  });

  it('values a sold-out security at nothing and its proceeds as cash', () => {
    const entries: ValuationTransaction[] = [
      { date: '2024-01-02', type: 'deposit', amount: 1_000 },
      { date: '2024-01-02', type: 'buy', symbol: 'XYZ', quantity: 10, price: 50 },
      { date: '2024-01-04', type: 'sell', symbol: 'XYZ', quantity: 10, price: 55 },
    ];
    const prices = new Map([
      [
        'XYZ',
        [
          { date: '2024-01-03', close: 54 },
          { date: '2024-01-05', close: 60 },
        ],
      ],
    ]);
    const { days } = dailyValuations(entries, prices, '2024-01-02', '2024-01-05');
    expect(days.map((day) => day.value)).toEqual([1_000, 1_040, 1_050, 1_050]);
  });

  it('refuses an oversell, a trade without a symbol and a reversed range', () => {
    const oversell: ValuationTransaction[] = [{ date: '2024-01-02', type: 'sell', symbol: 'XYZ', quantity: 1, price: 10 }];
    expect(() => dailyValuations(oversell, new Map(), '2024-01-02', '2024-01-03')).toThrow(OversellError);
    const anonymous: ValuationTransaction[] = [{ date: '2024-01-02', type: 'buy', quantity: 1, price: 10 }];
    expect(() => dailyValuations(anonymous, new Map(), '2024-01-02', '2024-01-03')).toThrow(RangeError);
    expect(() => dailyValuations([], new Map(), '2024-01-03', '2024-01-02')).toThrow(RangeError);
  });
});
