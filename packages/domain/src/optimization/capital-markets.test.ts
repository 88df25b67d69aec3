import { describe, expect, it } from 'vitest';
import { riskBands } from '../model-portfolios/contracts.ts';
import {
  capitalMarketUpdateSchema,
  defaultBandRanges,
  defaultExpectedReturns,
  marketClasses,
  marketClassOf,
  type CapitalMarketUpdate,
} from './capital-markets.ts';

const valid = (): CapitalMarketUpdate =>
  structuredClone({ expected_returns: defaultExpectedReturns, band_ranges: defaultBandRanges, sync_version: 1 });

const messages = (body: unknown) => {
  const result = capitalMarketUpdateSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('capital-market assumptions', () => {
  it('accepts the seeded figures: every band can be met (Σmin ≤ 100 % ≤ Σmax)', () => {
    expect(messages(valid())).toEqual([]);
    for (const band of riskBands) {
      const classes = defaultBandRanges[band].classes;
      const minimum = marketClasses.reduce((sum, c) => sum + classes[c].min, 0);
      const maximum = marketClasses.reduce((sum, c) => sum + classes[c].max, 0);
      expect(minimum, band).toBeLessThanOrEqual(1);
      expect(maximum, band).toBeGreaterThanOrEqual(1);
    }
  });

  it('refuses an expected return outside −50 % … 50 %, naming the class', () => {
    const body = valid();
    body.expected_returns.emerging_equity = 0.6;
    body.expected_returns.commodities = -0.51;
    expect(messages(body)).toEqual([
      'Emerging-market stocks: the expected return must be between −50 % and 50 %.',
      'Gold and commodities: the expected return must be between −50 % and 50 %.',
    ]);
    body.expected_returns.emerging_equity = 0.5;
    body.expected_returns.commodities = -0.5;
    expect(messages(body)).toEqual([]);
  });

  it('refuses a minimum above its maximum and a bound outside 0 … 100 %', () => {
    const body = valid();
    body.band_ranges.moderate.classes.core_bonds = { min: 0.5, max: 0.4 };
    body.band_ranges.aggressive.classes.tips = { min: 0, max: 1.2 };
    expect(messages(body)).toEqual([
      'Moderate, Core bonds: the minimum (50 %) is above the maximum (40 %).',
      'Aggressive, TIPS (inflation-protected): the minimum and maximum must be between 0 % and 100 %.',
    ]);
  });

  it('refuses ranges no fully invested portfolio can meet', () => {
    const body = valid();
    // Moderate minimums: 25 + 8 + 0 + 20 = 53 %; raising core bonds' to 72 % makes 105 %.
    body.band_ranges.moderate.classes.core_bonds = { min: 0.72, max: 0.8 };
    // Conservative maximums: 25+10+5+65+15+10+5+5+20 = 160 %; cutting all to 10 % makes 90 %.
    for (const c of marketClasses) body.band_ranges.conservative.classes[c] = { min: 0, max: 0.1 };
    body.band_ranges.conservative.stocks = { min: 0, max: 0.35 };
    expect(messages(body)).toEqual([
      "Conservative: the asset classes' maximums add up to 90 %, below 100 %; no portfolio can be fully invested within them.",
      "Moderate: the asset classes' minimums add up to 105 %, above 100 %; no portfolio can meet them all.",
    ]);
  });

  it('refuses stock classes that cannot meet the share of stocks', () => {
    const body = valid();
    // Aggressive stocks 65–100 %; US ≤ 30 %, international ≤ 20 %, emerging ≤ 10 % reach 60 % at most.
    Object.assign(body.band_ranges.aggressive.classes, {
      us_equity: { min: 0, max: 0.3 },
      international_equity: { min: 0, max: 0.2 },
      emerging_equity: { min: 0, max: 0.1 },
      core_bonds: { min: 0, max: 0.5 },
    });
    expect(messages(body)).toEqual(["Aggressive: the stock classes' maximums add up to 60 %, below the least share of stocks (65 %)."]);
  });

  it("refuses a share of stocks the other classes' ranges leave no room for", () => {
    const body = valid();
    // Aggressive: stocks at least 65 %, and core bonds now at least 40 %: 105 % at the least.
    body.band_ranges.aggressive.classes.core_bonds = { min: 0.4, max: 0.5 };
    expect(messages(body)).toEqual([
      "Aggressive: the share of stocks and the other classes' ranges cannot add up to 100 %; widen one of them.",
    ]);
  });

  it('puts every security in one market class by its asset class and category', () => {
    const of = (assetClass: Parameters<typeof marketClassOf>[0]['assetClass'], industry: string) => marketClassOf({ assetClass, industry });
    expect(of('equity', 'Large Blend')).toBe('us_equity');
    expect(of('equity', 'Semiconductors')).toBe('us_equity');
    expect(of('equity', 'Foreign Large Blend')).toBe('international_equity');
    expect(of('equity', 'Diversified Emerging Markets')).toBe('emerging_equity');
    expect(of('fixed_income', 'Intermediate Core Bond')).toBe('core_bonds');
    expect(of('fixed_income', 'Inflation-Protected Bond')).toBe('tips');
    expect(of('fixed_income', 'High Yield Bond')).toBe('high_yield');
    expect(of('fixed_income', 'Emerging Markets Bond')).toBe('high_yield');
    expect(of('real_estate', 'Real Estate Fund')).toBe('real_estate');
    expect(of('alternative', 'Gold')).toBe('commodities');
    expect(of('cash', 'Treasury Bills')).toBe('cash');
  });
});
