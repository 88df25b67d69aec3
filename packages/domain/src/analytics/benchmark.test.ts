import { describe, expect, it } from 'vitest';
import { benchmarkCaption, simulatedDistributions, simulatedYield, totalReturnCloses } from './benchmark.ts';

describe('benchmark total return', () => {
  it('reinvests a distribution at the close of its ex-date', () => {
    // Closes 100, 102, 101 (ex 1.00 a share), 103.
    // Index: 100; 100 × 102/100 = 102; 102 × (101 + 1)/102 = 102; 102 × 103/101 = 104.0198…
    // Price return 3 %, total return 4.0198 %: the share's 1.00 bought 1/101 of a share at 101.
    const closes = [
      { date: '2024-03-18', close: 100 },
      { date: '2024-03-19', close: 102 },
      { date: '2024-03-20', close: 101 },
      { date: '2024-03-21', close: 103 },
    ];
    const index = totalReturnCloses(closes, [{ date: '2024-03-20', amount: 1 }]);
    expect(index.map((day) => day.date)).toEqual(closes.map((day) => day.date));
    expect(index.map((day) => day.close)).toEqual([100, 102, expect.closeTo(102, 12), expect.closeTo(10_506 / 101, 12)]);
    expect((index[3]?.close ?? 0) / 100 - 1).toBeCloseTo(0.040198, 6);
  });

  it('counts a distribution dated between two closes on the next close, and none before the first', () => {
    const closes = [
      { date: '2024-03-15', close: 50 },
      { date: '2024-03-18', close: 50 },
    ];
    // Ex on Saturday 03-16: taken with Monday's close, 50 × (50 + 0.5)/50 = 50.5.
    expect(totalReturnCloses(closes, [{ date: '2024-03-16', amount: 0.5 }]).at(-1)?.close).toBeCloseTo(50.5, 12);
    expect(totalReturnCloses(closes, [{ date: '2024-03-15', amount: 0.5 }])).toEqual(closes);
    expect(totalReturnCloses(closes, [])).toEqual(closes);
  });

  it('simulates quarterly distributions at the fund’s usual yield where the history has none', () => {
    expect(simulatedYield('SPY', 'equity')).toBe(0.013);
    expect(simulatedYield('AGG', 'fixed_income')).toBe(0.035);
    expect(simulatedYield('XYZ', 'fixed_income')).toBe(0.035);
    const closes = [
      { date: '2024-03-19', close: 100 },
      { date: '2024-03-20', close: 100 }, // the first close on or after 20 March: 100 × 1.3 % / 4 = 0.325
      { date: '2024-03-21', close: 101 },
      { date: '2024-04-22', close: 102 }, // not a quarter's last month
      { date: '2024-06-21', close: 104 }, // 104 × 0.00325 = 0.338
    ];
    expect(simulatedDistributions(closes, 0.013)).toEqual([
      { date: '2024-03-20', amount: 0.325 },
      { date: '2024-06-21', amount: 0.338 },
    ]);
    expect(simulatedDistributions(closes, 0)).toEqual([]);
  });
});

describe('benchmark caption', () => {
  it('says the benchmark is a total return and where its distributions come from', () => {
    expect(benchmarkCaption('SPY', { kind: 'total_return', distributions: 'simulated', annual_yield: 0.013, payments_per_year: 4 })).toBe(
      'Benchmark: SPY total return, distributions reinvested (simulated at 1.3 % a year, paid quarterly: the market data has none for it)',
    );
    expect(benchmarkCaption('AGG', { kind: 'total_return', distributions: 'recorded', annual_yield: null, payments_per_year: null })).toBe(
      'Benchmark: AGG total return, distributions reinvested',
    );
    expect(benchmarkCaption(null, null)).toBeNull();
  });
});
