import { describe, expect, it } from 'vitest';
import { portfolioAnalyticsSchema, type PeriodReturn } from './contracts.ts';
import { portfolioAnalyticsReport, type AnalyticsInput, type AnalyticsPosition, type AnalyticsTrade } from './report.ts';
import { combineValuations, xirr, type DailyValuation } from './returns.ts';

const day = (date: string, value: number, flow = 0): DailyValuation => ({ date, value, flow });

// The report takes the rows as given: days in between, flat, would only add 0 % returns.
// Funded 2024-05-24; the 1M period as of 2024-06-28 starts 2024-05-29, so 2024-05-28's 1,100 is its opening value.
const growthPortfolio: DailyValuation[] = [
  day('2024-05-24', 1000, 1000), // 1,000 / (0 + 1,000) − 1 = 0
  day('2024-05-28', 1100), //       1,100 / 1,000 − 1 = +10 %
  day('2024-05-29', 1210), //       1,210 / 1,100 − 1 = +10 %
  day('2024-06-10', 1539, 500), //  500 deposited: 1,539 / (1,210 + 500 = 1,710) − 1 = −10 %
  day('2024-06-20', 1050, -539), // 539 withdrawn: 1,050 / (1,539 − 539 = 1,000) − 1 = +5 %
  day('2024-06-28', 1155), //       1,155 / 1,050 − 1 = +10 %
];

// The benchmark moves half as much as the portfolio on 05-29, 06-10 and 06-20, and has no close on 06-28.
const spy = [
  { date: '2024-05-24', close: 400 },
  { date: '2024-05-28', close: 500 }, // the close on the day before the 1M start
  { date: '2024-05-29', close: 525 }, // +5 %
  { date: '2024-06-10', close: 498.75 }, // −5 %
  { date: '2024-06-20', close: 511.21875 }, // +2.5 %
  { date: '2024-06-27', close: 560 }, // the latest on or before 06-28
];

const position = (symbol: string, fields: Partial<AnalyticsPosition>): AnalyticsPosition => ({
  portfolioId: 'p1',
  securityId: `sec-${symbol.toLowerCase()}`,
  symbol,
  name: symbol,
  assetClass: 'equity',
  sector: 'Information Technology',
  quantity: 1,
  price: 1,
  marketValue: 1,
  ...fields,
});

// 693 + 346.50 + 115.50 cash = 1,155, the value on 2024-06-28.
const positions = [
  position('AAPL', { name: 'Apple Inc.', quantity: 6.3, price: 110, marketValue: 693 }),
  position('BND', {
    name: 'Total Bond Market ETF',
    assetClass: 'fixed_income',
    sector: 'Fixed Income',
    quantity: 4.5,
    price: 77,
    marketValue: 346.5,
  }),
];

function analyticsInput(overrides: Partial<AnalyticsInput> = {}): AnalyticsInput {
  return {
    scope: { kind: 'portfolio', id: 'p1', name: 'Growth', benchmarkSymbol: 'SPY', portfolioIds: ['p1'] },
    period: '1M',
    series: growthPortfolio,
    benchmarkCloses: spy,
    cash: 115.5,
    positions,
    trades: [],
    lotMethods: { p1: 'fifo' },
    riskFreeRate: 0.04,
    ...overrides,
  };
}

/** Every answer must also pass the contract. */
const report = (overrides: Partial<AnalyticsInput> = {}) =>
  portfolioAnalyticsSchema.parse(portfolioAnalyticsReport(analyticsInput(overrides)));

const returnOf = (returns: readonly PeriodReturn[], period: PeriodReturn['period']) => {
  const row = returns.find((candidate) => candidate.period === period);
  if (!row) throw new Error(`No ${period} row`);
  return row;
};

describe('portfolio analytics: returns table', () => {
  it('has one row per period, from the inception or the nominal start to the last valued day', () => {
    const answer = report();
    expect(answer.scope).toEqual({
      kind: 'portfolio',
      id: 'p1',
      name: 'Growth',
      benchmark_symbol: 'SPY',
      benchmark_basis: { kind: 'total_return', distributions: 'recorded', annual_yield: null, payments_per_year: null },
      inception_date: '2024-05-24',
      as_of: '2024-06-28',
      portfolio_ids: ['p1'],
    });
    expect(answer.returns.map((row) => [row.period, row.start_date, row.end_date, row.complete])).toEqual([
      ['1M', '2024-05-29', '2024-06-28', true],
      // Longer than the portfolio's life: they cover its life and say so.
      ['3M', '2024-05-24', '2024-06-28', false],
      ['YTD', '2024-05-24', '2024-06-28', false],
      ['1Y', '2024-05-24', '2024-06-28', false],
      ['3Y', '2024-05-24', '2024-06-28', false],
      ['SI', '2024-05-24', '2024-06-28', true],
    ]);
    expect(answer.start_date).toBe('2024-05-29');
  });

  it('links the daily returns from the opening value, blind to the deposit and the withdrawal', () => {
    const { returns } = report();
    // 1M: 1.10 × 0.90 × 1.05 × 1.10 − 1 = 0.14345.
    expect(returnOf(returns, '1M').twr).toBeCloseTo(0.14345, 12);
    // SI adds 05-24 (0 %) and 05-28 (+10 %): 1.1 × 1.14345 − 1 = 0.257795.
    expect(returnOf(returns, 'SI').twr).toBeCloseTo(0.257795, 12);
    // Five weeks are never annualised.
    expect(returns.every((row) => row.twr_annualised === null)).toBe(true);
  });

  it('gives the XIRR of the investor’s flows: the opening value paid in the day before the start, deposits in, withdrawals and the closing value out', () => {
    const { returns } = report();
    const oneMonth = xirr([
      { date: '2024-05-28', amount: -1100 },
      { date: '2024-06-10', amount: -500 },
      { date: '2024-06-20', amount: 539 },
      { date: '2024-06-28', amount: 1155 },
    ]);
    const sinceInception = xirr([
      { date: '2024-05-24', amount: -1000 },
      { date: '2024-06-10', amount: -500 },
      { date: '2024-06-20', amount: 539 },
      { date: '2024-06-28', amount: 1155 },
    ]);
    expect(oneMonth).not.toBeNull();
    // Periods of a year or less give the rate over the period: the yearly XIRR brought back to the
    // days from the first flow to the end (31 for 1M, 35 since inception).
    expect(returnOf(returns, '1M').mwr).toBeCloseTo((1 + (oneMonth ?? Number.NaN)) ** (31 / 365) - 1, 10);
    expect(returnOf(returns, 'SI').mwr).toBeCloseTo((1 + (sinceInception ?? Number.NaN)) ** (35 / 365) - 1, 10);
    // Not a yearly rate: five weeks' gain stays in the range of the period's TWR.
    expect(Math.abs(returnOf(returns, '1M').mwr ?? Number.NaN)).toBeLessThan(0.2);
  });

  it('measures the benchmark from the close before the start to the latest close on or before the end', () => {
    const { returns } = report();
    expect(returnOf(returns, '1M').benchmark_return).toBeCloseTo(560 / 500 - 1, 12); // 12 %
    // Nothing before inception: from the first close in the period, 400.
    expect(returnOf(returns, 'SI').benchmark_return).toBeCloseTo(560 / 400 - 1, 12); // 40 %
    const withoutBenchmark = report({ benchmarkCloses: [] });
    expect(withoutBenchmark.returns.every((row) => row.benchmark_return === null)).toBe(true);
  });

  it('compares total return with total return: the benchmark’s distributions are reinvested on their ex-dates', () => {
    // 5 a share goes ex on 06-10 (close 498.75): reinvested, each share becomes 1 + 5 / 498.75 shares.
    // 1M: 560 / 500 × (1 + 5 / 498.75) − 1 = 1.12 × 1.0100250626… − 1 = 13.1228 % (the price alone: 12 %).
    const paid = {
      distributions: [{ date: '2024-06-10', amount: 5 }],
      source: 'simulated' as const,
      annualYield: 0.013,
      paymentsPerYear: 4,
    };
    const answer = report({ benchmarkDistributions: paid });
    expect(returnOf(answer.returns, '1M').benchmark_return).toBeCloseTo(1.12 * (1 + 5 / 498.75) - 1, 12);
    expect(answer.series.at(-1)?.benchmark_growth).toBeCloseTo(112 * (1 + 5 / 498.75), 9);
    // A distribution before the period's base close is in neither end: the period's figure is the price's.
    const earlier = report({ benchmarkDistributions: { ...paid, distributions: [{ date: '2024-05-28', amount: 5 }] } });
    expect(returnOf(earlier.returns, '1M').benchmark_return).toBeCloseTo(0.12, 12);
    expect(answer.scope.benchmark_basis).toEqual({
      kind: 'total_return',
      distributions: 'simulated',
      annual_yield: 0.013,
      payments_per_year: 4,
    });
  });

  it('annualises a period longer than a year only, and keeps a 1Y across 29 February as earned', () => {
    // 1,000 on 2022-06-30, +10 % to 2023-06-28, +10 % to 2024-06-28.
    const twoYears = [day('2022-06-30', 1000, 1000), day('2023-06-28', 1100), day('2024-06-28', 1210)];
    const { returns } = report({ series: twoYears, benchmarkCloses: [] });

    const sinceInception = returnOf(returns, 'SI');
    expect(sinceInception.twr).toBeCloseTo(0.21, 12);
    // 2022-06-30 to 2024-06-28 is 730 days with both ends: 1.21^(365/730) − 1 = 0.1.
    expect(sinceInception.twr_annualised).toBeCloseTo(0.1, 12);
    // The flows are 729 days apart: −1,000 then +1,210.
    expect(sinceInception.mwr).toBeCloseTo(1.21 ** (365 / 729) - 1, 9);

    // 1Y starts 2023-06-29 (366 days, with 2024-02-29) from 2023-06-28's 1,100: +10 %, not annualised.
    const oneYear = returnOf(returns, '1Y');
    expect([oneYear.start_date, oneYear.complete]).toEqual(['2023-06-29', true]);
    expect(oneYear.twr).toBeCloseTo(0.1, 12);
    expect(oneYear.twr_annualised).toBeNull();
    // −1,100 on 2023-06-28 and +1,210 on 2024-06-28, 366 days apart: over the period, +10 % as earned.
    expect(oneYear.mwr).toBeCloseTo(0.1, 9);

    // 3Y reaches back before inception: the life of the portfolio, annualised like SI.
    const threeYears = returnOf(returns, '3Y');
    expect([threeYears.start_date, threeYears.complete]).toEqual(['2022-06-30', false]);
    expect(threeYears.twr_annualised).toBeCloseTo(0.1, 12);
  });
});

describe('portfolio analytics: chart series', () => {
  it('indexes growth to 100 on the close before the period, with the drawdown from its running peak', () => {
    const { series } = report();
    expect(series.map((point) => [point.date, point.value, point.flow])).toEqual([
      ['2024-05-29', 1210, 0],
      ['2024-06-10', 1539, 500],
      ['2024-06-20', 1050, -539],
      ['2024-06-28', 1155, 0],
    ]);
    // 100 × 1.10 = 110; × 0.90 = 99; × 1.05 = 103.95; × 1.10 = 114.345.
    const expected = [
      { growth: 110, drawdown: 0 },
      { growth: 99, drawdown: 99 / 110 - 1 }, // −10 %
      { growth: 103.95, drawdown: 103.95 / 110 - 1 }, // −5.5 %
      { growth: 114.345, drawdown: 0 }, // a new peak
    ];
    series.forEach((point, index) => {
      expect(point.growth).toBeCloseTo(expected[index]?.growth ?? Number.NaN, 9);
      expect(point.drawdown).toBeCloseTo(expected[index]?.drawdown ?? Number.NaN, 12);
    });
  });

  it('puts the benchmark on the same footing: 100 at the close before the start, the latest close each day', () => {
    const { series } = report();
    // 100 × 525 / 500, 498.75 / 500, 511.21875 / 500, then 06-27's 560 / 500 on 06-28.
    const expected = [105, 99.75, 102.24375, 112];
    series.forEach((point, index) => expect(point.benchmark_growth).toBeCloseTo(expected[index] ?? Number.NaN, 9));
  });

  it('starts the benchmark at its first close when it begins inside the period, with no figure before it', () => {
    const { series, returns } = report({ period: 'SI', benchmarkCloses: spy.slice(1) });
    expect(series.map((point) => point.benchmark_growth === null)).toEqual([true, false, false, false, false, false]);
    expect(series[1]?.benchmark_growth).toBeCloseTo(100, 12); // 05-28: 500 / 500
    expect(series[5]?.benchmark_growth).toBeCloseTo(112, 9); // 560 / 500
    expect(returnOf(returns, 'SI').benchmark_return).toBeCloseTo(0.12, 12);
    // Since inception the opening value is 0: 05-24 gains nothing on its 1,000 deposit (100), 05-28 +10 % (110) …
    const growth = [100, 110, 121, 108.9, 114.345, 125.7795];
    series.forEach((point, index) => expect(point.growth).toBeCloseTo(growth[index] ?? Number.NaN, 9));
  });

  it('counts the funding day’s own return when the period opens with nothing: the chart ends on the TWR', () => {
    // 1,000 deposited, 990 at the close (−1 %), then 1,089 (+10 %).
    const { series, returns } = report({
      period: 'SI',
      series: [day('2024-06-03', 990, 1000), day('2024-06-04', 1089)],
      benchmarkCloses: [],
    });
    expect(series.map((point) => point.growth)).toEqual([expect.closeTo(99, 9), expect.closeTo(108.9, 9)]);
    expect(returnOf(returns, 'SI').twr).toBeCloseTo(0.089, 12);
    expect(series.every((point) => point.benchmark_growth === null)).toBe(true);
  });
});

describe('portfolio analytics: risk', () => {
  it('measures the chosen period’s daily returns', () => {
    const { risk } = report();
    // The 1M returns 0.10, −0.10, 0.05, 0.10: mean 0.0375; squared deviations 0.00390625, 0.01890625,
    // 0.00015625, 0.00390625 sum to 0.026875; sample variance 0.026875 / 3.
    const deviation = Math.sqrt(0.026875 / 3);
    expect(risk.observations).toBe(4);
    expect(risk.risk_free_rate).toBe(0.04);
    expect(risk.volatility).toBeCloseTo(deviation * Math.sqrt(252), 12);
    expect(risk.sharpe).toBeCloseTo(((0.0375 - (1.04 ** (1 / 252) - 1)) / deviation) * Math.sqrt(252), 10);
    // Sortino's target is the same 4 % a year, daily t = 1.04^(1/252) − 1 ≈ 0.000156: only −0.10 falls
    // short of it, by 0.10 + t; over all 4 days the downside deviation is √((0.10 + t)² / 4) = (0.10 + t) / 2.
    const target = 1.04 ** (1 / 252) - 1;
    expect(risk.sortino).toBeCloseTo(((0.0375 - target) / ((0.1 + target) / 2)) * Math.sqrt(252), 10);
    // 5 % of 4 days is the single worst day, −10 %.
    expect(risk.var_95).toBeCloseTo(0.1, 12);
    expect(risk.cvar_95).toBeCloseTo(0.1, 12);
  });

  it('takes the largest fall of the growth series, with its peak, trough and recovery', () => {
    expect(report().risk.max_drawdown).toEqual({
      depth: expect.closeTo(0.1, 12), // 110 → 99
      peak_date: '2024-05-29',
      trough_date: '2024-06-10',
      recovery_date: '2024-06-28', // 114.345 ≥ 110; 103.95 on 06-20 is not
    });
  });

  it('counts a fall on the period’s first day: the peak is the opening close', () => {
    // 1M as of 2024-06-28 opens from 2024-05-28's 1,000; then 920, 960, 1,010. The highest point is the
    // opening itself, the lowest 920: (1,000 − 920) / 1,000 = 8 %, recovered when 1,010 passes 1,000.
    const { series, risk } = report({
      series: [
        day('2024-05-24', 1000, 1000),
        day('2024-05-28', 1000),
        day('2024-05-29', 920),
        day('2024-06-10', 960),
        day('2024-06-28', 1010),
      ],
    });
    expect(risk.max_drawdown).toEqual({
      depth: expect.closeTo(0.08, 12),
      peak_date: '2024-05-28',
      trough_date: '2024-05-29',
      recovery_date: '2024-06-28',
    });
    // The chart's line says the same: 92 / 100 − 1 on the first day, 96 / 100 − 1, then a new peak.
    expect(series.map((point) => point.drawdown)).toEqual([expect.closeTo(-0.08, 12), expect.closeTo(-0.04, 12), 0]);
  });

  it('pairs the portfolio’s days with the benchmark’s price returns on the same dates for beta and correlation', () => {
    // Paired: 05-29 (0.10, 0.05), 06-10 (−0.10, −0.05), 06-20 (0.05, 0.025); 06-28 has no close.
    // The portfolio moves twice as much, in step: beta 2, correlation 1.
    const { risk } = report();
    expect(risk.beta).toBeCloseTo(2, 9);
    expect(risk.correlation).toBeCloseTo(1, 9);
    const unbenchmarked = report({ benchmarkCloses: [] }).risk;
    expect([unbenchmarked.beta, unbenchmarked.correlation]).toEqual([null, null]);
  });

  it('gives no figure under two daily returns', () => {
    const { risk } = report({ period: 'SI', series: [day('2024-06-03', 990, 1000)] });
    expect(risk).toEqual({
      observations: 1,
      volatility: null,
      sharpe: null,
      sortino: null,
      risk_free_rate: 0.04,
      max_drawdown: null,
      beta: null,
      correlation: null,
      var_95: null,
      cvar_95: null,
    });
  });
});

describe('portfolio analytics: allocation and concentration', () => {
  it('weighs asset classes, sectors and securities alike over the whole portfolio, cash its own slice in each', () => {
    const answer = report();
    expect(answer.market_value).toBe(1155);
    expect(answer.cash).toBe(115.5);
    // 693 / 1,155 = 0.6; 346.50 / 1,155 = 0.3; 115.50 / 1,155 = 0.1.
    expect(answer.allocation.asset_class).toEqual([
      { key: 'equity', label: 'Equity', market_value: 693, weight: expect.closeTo(0.6, 12) },
      { key: 'fixed_income', label: 'Fixed income', market_value: 346.5, weight: expect.closeTo(0.3, 12) },
      { key: 'cash', label: 'Cash', market_value: 115.5, weight: expect.closeTo(0.1, 12) },
    ]);
    expect(answer.allocation.security).toEqual([
      { key: 'AAPL', label: 'Apple Inc.', market_value: 693, weight: expect.closeTo(0.6, 12) },
      { key: 'BND', label: 'Total Bond Market ETF', market_value: 346.5, weight: expect.closeTo(0.3, 12) },
      { key: 'CASH', label: 'Cash', market_value: 115.5, weight: expect.closeTo(0.1, 12) },
    ]);
    // The same total (1,155) as the other charts: 693 / 1,155 = 0.6, not 693 / 1,039.50 = 2/3 of the holdings alone.
    expect(answer.allocation.sector).toEqual([
      { key: 'Information Technology', label: 'Information Technology', market_value: 693, weight: expect.closeTo(0.6, 12) },
      { key: 'Fixed Income', label: 'Fixed Income', market_value: 346.5, weight: expect.closeTo(0.3, 12) },
      { key: 'Cash', label: 'Cash', market_value: 115.5, weight: expect.closeTo(0.1, 12) },
    ]);
  });

  it('gives the largest position the weight it has by security: of the whole portfolio, cash included', () => {
    // AAPL 693 / 1,155 = 0.6 (its slice by security), BND 0.3; cash is not a position: top five 0.9,
    // Herfindahl 0.36 + 0.09 = 0.45.
    const answer = report();
    expect(answer.concentration).toEqual({
      largest_symbol: 'AAPL',
      largest_weight: expect.closeTo(0.6, 12),
      top_five_weight: expect.closeTo(0.9, 12),
      herfindahl: expect.closeTo(0.45, 12),
    });
    expect(answer.concentration?.largest_weight).toBe(answer.allocation.security[0]?.weight);
    expect(report({ positions: [] }).concentration).toBeNull();
  });

  it('sums money to the cent and leaves an overdrawn balance out of the weights but not out of the value', () => {
    const pennies = [position('A', { marketValue: 0.1 }), position('B', { marketValue: 0.2 })];
    expect(report({ positions: pennies, cash: 0.7 }).market_value).toBe(1); // 0.1 + 0.2 + 0.7 in floats is 0.9999999999999999
    const overdrawn = report({ positions: pennies, cash: -0.05 });
    expect(overdrawn.market_value).toBe(0.25);
    expect(overdrawn.allocation.security.map((slice) => slice.key)).toEqual(['B', 'A']);
    expect(overdrawn.allocation.asset_class.map((slice) => slice.key)).toEqual(['equity']);
  });
});

describe('portfolio analytics: tax lots', () => {
  const trade = (symbol: string, type: 'buy' | 'sell', date: string, quantity: number, price: number): AnalyticsTrade => ({
    portfolioId: 'p1',
    securityId: `sec-${symbol.toLowerCase()}`,
    symbol,
    name: symbol === 'AAPL' ? 'Apple Inc.' : 'Total Bond Market ETF',
    assetClass: symbol === 'AAPL' ? 'equity' : 'fixed_income',
    type,
    date,
    quantity,
    price,
  });
  // In ledger order, the two securities interleaved.
  const trades = [
    trade('AAPL', 'buy', '2023-05-01', 10, 50), // lot 1: 500
    trade('AAPL', 'buy', '2024-05-24', 5, 80), // lot 2: 400
    trade('AAPL', 'sell', '2024-05-28', 3, 90), // before the 1M period (starts 05-29)
    trade('BND', 'buy', '2024-06-03', 10, 20), // 200
    trade('AAPL', 'sell', '2024-06-20', 4, 100),
    trade('BND', 'sell', '2024-06-25', 2, 22),
  ];
  const lotsInput = {
    series: [day('2023-05-01', 1000, 1000), day('2024-05-28', 1100), day('2024-06-28', 1200)],
    positions: [
      position('AAPL', { name: 'Apple Inc.', quantity: 8, price: 110, marketValue: 880 }),
      position('BND', {
        name: 'Total Bond Market ETF',
        assetClass: 'fixed_income',
        sector: 'Fixed Income',
        quantity: 8,
        price: 21,
        marketValue: 168,
      }),
    ],
    trades,
  };
  const aapl = { portfolio_id: 'p1', security_id: 'sec-aapl', symbol: 'AAPL', name: 'Apple Inc.', asset_class: 'equity' };
  const bnd = { portfolio_id: 'p1', security_id: 'sec-bnd', symbol: 'BND', name: 'Total Bond Market ETF', asset_class: 'fixed_income' };

  it('FIFO: values the open lots at the position’s price and lists the period’s sales newest first', () => {
    const { lots } = report(lotsInput);
    expect(lots.method).toBe('fifo');
    // FIFO: 05-28 sells 3 of lot 1 and 06-20 4 more (4 × 50 = 200 cost, 400 proceeds), leaving 3 of it.
    expect(lots.open).toEqual([
      // 3 × 110 = 330 − 150; held since 2023-05-01, past a year on 2024-06-28.
      {
        ...aapl,
        acquired_on: '2023-05-01',
        quantity: 3,
        cost_per_share: 50,
        cost_basis: 150,
        price: 110,
        market_value: 330,
        unrealized_gain: 180,
        term: 'long',
        wash_sale: null,
      },
      {
        ...aapl,
        acquired_on: '2024-05-24',
        quantity: 5,
        cost_per_share: 80,
        cost_basis: 400,
        price: 110,
        market_value: 550,
        unrealized_gain: 150,
        term: 'short',
        wash_sale: null,
      },
      // 8 left of 10 at 20: 8 × 21 = 168 − 160.
      {
        ...bnd,
        acquired_on: '2024-06-03',
        quantity: 8,
        cost_per_share: 20,
        cost_basis: 160,
        price: 21,
        market_value: 168,
        unrealized_gain: 8,
        term: 'short',
        wash_sale: null,
      },
    ]);
    // 2024-05-28's sale (a 120 gain) falls before the 1M period.
    expect(lots.realized).toEqual([
      {
        ...bnd,
        acquired_on: '2024-06-03',
        sold_on: '2024-06-25',
        quantity: 2,
        cost_basis: 40,
        proceeds: 44,
        realized_gain: 4,
        term: 'short',
        disallowed_loss: 0,
        recognized_gain: 4,
        wash_sales: [],
      },
      {
        ...aapl,
        acquired_on: '2023-05-01',
        sold_on: '2024-06-20',
        quantity: 4,
        cost_basis: 200,
        proceeds: 400,
        realized_gain: 200,
        term: 'long',
        disallowed_loss: 0,
        recognized_gain: 200,
        wash_sales: [],
      },
    ]);
    expect(lots.totals).toEqual({
      unrealized_short: 158,
      unrealized_long: 180,
      realized_short: 4,
      realized_long: 200,
      realized_disallowed: 0,
    });
  });

  it('takes the realised sales of the chosen period only', () => {
    // Since inception the 05-28 sale counts too: 3 × (90 − 50) = 120 more long-term.
    const { lots } = report({ ...lotsInput, period: 'SI' });
    expect(lots.realized.map((piece) => piece.sold_on)).toEqual(['2024-06-25', '2024-06-20', '2024-05-28']);
    expect(lots.totals.realized_long).toBe(320);
  });

  it('HIFO: sells the dearest lot first', () => {
    // 05-28: 3 of lot 2 (at 80). 06-20: lot 2's last 2 (160 cost, 200 proceeds: +40 short), then 2 of lot 1 (100 → 200: +100 long).
    const { lots } = report({ ...lotsInput, lotMethods: { p1: 'hifo' } });
    expect(lots.method).toBe('hifo');
    expect(lots.open.filter((lot) => lot.symbol === 'AAPL')).toEqual([
      {
        ...aapl,
        acquired_on: '2023-05-01',
        quantity: 8,
        cost_per_share: 50,
        cost_basis: 400,
        price: 110,
        market_value: 880,
        unrealized_gain: 480,
        term: 'long',
        wash_sale: null,
      },
    ]);
    expect(lots.totals).toEqual({
      unrealized_short: 8,
      unrealized_long: 480,
      realized_short: 44,
      realized_long: 100,
      realized_disallowed: 0,
    });
  });

  it("a household: each portfolio's lots by its own method, the answer's method 'mixed'", () => {
    // The same trades in p2, which keeps FIFO while p1 takes HIFO.
    const inP2 = <T extends { portfolioId: string }>(row: T): T => ({ ...row, portfolioId: 'p2' });
    const { lots } = report({
      ...lotsInput,
      scope: { kind: 'household', id: 'h1', name: 'The Smiths', benchmarkSymbol: 'SPY', portfolioIds: ['p1', 'p2'] },
      positions: [...lotsInput.positions, ...lotsInput.positions.map(inP2)],
      trades: [...trades, ...trades.map(inP2)],
      lotMethods: { p1: 'hifo', p2: 'fifo' },
    });
    expect(lots.method).toBe('mixed');
    const openAapl = (portfolioId: string) =>
      lots.open.filter((lot) => lot.symbol === 'AAPL' && lot.portfolio_id === portfolioId).map((lot) => [lot.acquired_on, lot.quantity]);
    expect(openAapl('p1')).toEqual([['2023-05-01', 8]]);
    expect(openAapl('p2')).toEqual([
      ['2023-05-01', 3],
      ['2024-05-24', 5],
    ]);
    // HIFO's totals (above) plus FIFO's.
    expect(lots.totals).toEqual({
      unrealized_short: 8 + 158,
      unrealized_long: 480 + 180,
      realized_short: 44 + 4,
      realized_long: 100 + 200,
      realized_disallowed: 0,
    });
  });
});

describe('portfolio analytics: wash sales', () => {
  const trade = (portfolioId: string, type: 'buy' | 'sell', date: string, quantity: number, price: number): AnalyticsTrade => ({
    portfolioId,
    securityId: 'sec-aapl',
    symbol: 'AAPL',
    name: 'Apple Inc.',
    assetClass: 'equity',
    type,
    date,
    quantity,
    price,
  });
  // p1 (taxable, in scope): 10 @ 100 on 2024-05-01, all sold @ 80 on 2024-06-10: a loss of 200.
  // 2024-06-20 the same client buys 4 @ 85 in p1 and 6 @ 85 in their IRA p3 (outside the scope).
  const input = {
    series: [day('2024-05-01', 1000, 1000), day('2024-06-28', 1000)],
    positions: [position('AAPL', { quantity: 4, price: 90, marketValue: 360 })],
    trades: [trade('p1', 'buy', '2024-05-01', 10, 100), trade('p1', 'sell', '2024-06-10', 10, 80), trade('p1', 'buy', '2024-06-20', 4, 85)],
    otherAccountTrades: [trade('p3', 'buy', '2024-06-20', 6, 85)],
    accounts: { p1: { owner: 'c1', taxDeferred: false }, p3: { owner: 'c1', taxDeferred: true, lotMethod: 'fifo' as const } },
  };

  it('disallows the loss for the shares bought back in any of the client’s accounts and counts only the allowed loss', () => {
    const { lots } = report(input);
    // Matched in the ledger's order: p1's 4 (4 × 20 = 80, added to its basis), then the IRA's 6 (6 × 20 = 120, added to none).
    expect(lots.realized).toEqual([
      expect.objectContaining({
        sold_on: '2024-06-10',
        realized_gain: -200,
        disallowed_loss: 200,
        recognized_gain: 0,
        wash_sales: [
          { portfolio_id: 'p1', bought_on: '2024-06-20', quantity: 4, disallowed_loss: 80, basis_added: 80, tax_deferred: false },
          { portfolio_id: 'p3', bought_on: '2024-06-20', quantity: 6, disallowed_loss: 120, basis_added: 0, tax_deferred: true },
        ],
      }),
    ]);
    // p1's lot: 4 × 85 = 340 + 80 = 420 (105 a share); held 40 days before (05-01 to 06-10): acquired 2024-06-20 − 40 = 2024-05-11.
    // Worth 4 × 90 = 360: 60 below its basis. The IRA's lot is not in the scope.
    expect(lots.open).toEqual([
      expect.objectContaining({
        portfolio_id: 'p1',
        acquired_on: '2024-05-11',
        cost_basis: 420,
        cost_per_share: 105,
        unrealized_gain: -60,
        wash_sale: { disallowed_loss: 80, basis_added: 80, sold_on: '2024-06-10', bought_on: '2024-06-20', days_added: 40 },
      }),
    ]);
    expect(lots.totals).toEqual({
      unrealized_short: -60,
      unrealized_long: 0,
      realized_short: 0,
      realized_long: 0,
      realized_disallowed: 200,
    });
  });

  it('leaves the loss allowed when the purchase is another client’s', () => {
    const { lots } = report({ ...input, accounts: { p1: { owner: 'c1', taxDeferred: false }, p3: { owner: 'c2', taxDeferred: true } } });
    // Only p1's 4 shares replace: 80 disallowed, 120 allowed.
    expect(lots.realized[0]).toMatchObject({ disallowed_loss: 80, recognized_gain: -120 });
    expect(lots.totals.realized_short).toBe(-120);
  });
});

describe('portfolio analytics: empty and household', () => {
  it('answers an empty portfolio with empty lists, nulls and zeros', () => {
    const answer = report({ series: [], positions: [], cash: 0, trades: [] });
    expect(answer).toEqual({
      scope: {
        kind: 'portfolio',
        id: 'p1',
        name: 'Growth',
        benchmark_symbol: 'SPY',
        benchmark_basis: { kind: 'total_return', distributions: 'recorded', annual_yield: null, payments_per_year: null },
        inception_date: null,
        as_of: null,
        portfolio_ids: ['p1'],
      },
      period: '1M',
      start_date: null,
      market_value: 0,
      cash: 0,
      series: [],
      returns: [],
      risk: {
        observations: 0,
        volatility: null,
        sharpe: null,
        sortino: null,
        risk_free_rate: 0.04,
        max_drawdown: null,
        beta: null,
        correlation: null,
        var_95: null,
        cvar_95: null,
      },
      allocation: { asset_class: [], sector: [], security: [] },
      concentration: null,
      lots: {
        method: 'fifo',
        open: [],
        realized: [],
        totals: { unrealized_short: 0, unrealized_long: 0, realized_short: 0, realized_long: 0, realized_disallowed: 0 },
      },
    });
  });

  it('weights a household’s portfolios by their money, not by averaging their returns', () => {
    // 1,000 that gains 10 % and 9,000 that gains nothing over the same 365 days (2023-06-28 to 2024-06-27).
    const small = [day('2023-06-28', 1000, 1000), day('2024-06-27', 1100)];
    const large = [day('2023-06-28', 9000, 9000), day('2024-06-27', 9000)];
    const answer = report({
      scope: { kind: 'household', id: 'h1', name: 'The Smiths', benchmarkSymbol: null, portfolioIds: ['p1', 'p2'] },
      period: 'SI',
      series: combineValuations([small, large]),
      benchmarkCloses: [],
    });
    expect(answer.scope).toMatchObject({
      kind: 'household',
      portfolio_ids: ['p1', 'p2'],
      inception_date: '2023-06-28',
      as_of: '2024-06-27',
    });
    const sinceInception = returnOf(answer.returns, 'SI');
    // 10,000 → 10,100: 1 %, where the average of 10 % and 0 % would say 5 %.
    expect(sinceInception.twr).toBeCloseTo(0.01, 12);
    // −10,000 then +10,100 exactly 365 days later.
    expect(sinceInception.mwr).toBeCloseTo(0.01, 9);
    // 366 days with both ends, yet exactly the year back from 2024-06-27: not annualised.
    expect(sinceInception.twr_annualised).toBeNull();
    expect(answer.series.map((point) => point.growth)).toEqual([expect.closeTo(100, 12), expect.closeTo(101, 9)]);
  });

  it('leaves the answer unchanged by the contract’s parse', () => {
    const answer = portfolioAnalyticsReport(analyticsInput({ trades: [] }));
    expect(portfolioAnalyticsSchema.parse(answer)).toEqual(answer);
  });
});
