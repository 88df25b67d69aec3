import { describe, expect, it } from 'vitest';
import {
  ageFrom,
  experienceLabel,
  formatCompactDollars,
  formatDollars,
  formatShortDate,
  formatSignedDollars,
  formatSignedPercent,
  formatWholeDollars,
  netWorthCategory,
  percentOf,
  riskProfile,
  riskTone,
} from './format.ts';

describe('money', () => {
  it('shows client net worth in whole US dollars', () => {
    expect(formatWholeDollars(1_250_000)).toBe('$1,250,000');
    expect(formatWholeDollars(999.6)).toBe('$1,000');
    expect(formatWholeDollars(0)).toBe('$0');
  });

  it('shows portfolio figures with cents, negatives with a minus', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(-87.125)).toBe('-$87.13');
  });

  it('shows lists compactly with one decimal', () => {
    expect(formatCompactDollars(125_300_000)).toBe('$125.3M');
    expect(formatCompactDollars(980_000)).toBe('$980K');
    expect(formatCompactDollars(12_540)).toBe('$12.5K');
    expect(formatCompactDollars(2_000_000_000)).toBe('$2B');
    expect(formatCompactDollars(640)).toBe('$640');
  });
});

describe('percentages', () => {
  it('always carry a sign and two decimals; zero is positive', () => {
    expect(formatSignedPercent(12.5)).toBe('+12.50%');
    expect(formatSignedPercent(-3.2)).toBe('-3.20%');
    expect(formatSignedPercent(0)).toBe('+0.00%');
    expect(formatSignedPercent(-0.001)).toBe('+0.00%');
    expect(formatSignedPercent(1234.567)).toBe('+1,234.57%');
  });
});

describe('dates', () => {
  it('formats calendar days in en-US short month without shifting the day', () => {
    expect(formatShortDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatShortDate('2024-02-29')).toBe('Feb 29, 2024');
  });

  it('formats instants and says nothing for a missing or bad value', () => {
    expect(formatShortDate(new Date(2026, 10, 23, 12))).toBe('Nov 23, 2026');
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate('not a date')).toBe('');
  });

  it('computes age in whole years, counting the birthday itself', () => {
    expect(ageFrom('1980-11-23', '2026-11-23')).toBe(46);
    expect(ageFrom('1980-11-24', '2026-11-23')).toBe(45);
    expect(ageFrom('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageFrom(null, '2026-11-23')).toBeNull();
  });
});

describe('labels of spec §9', () => {
  it('places net worth in its category at each boundary; missing counts as 0', () => {
    expect(netWorthCategory(99_999)).toBe('Building Wealth');
    expect(netWorthCategory(100_000)).toBe('Emerging Affluent');
    expect(netWorthCategory(499_999)).toBe('Emerging Affluent');
    expect(netWorthCategory(500_000)).toBe('Mass Affluent');
    expect(netWorthCategory(1_000_000)).toBe('High Net Worth');
    expect(netWorthCategory(4_999_999)).toBe('High Net Worth');
    expect(netWorthCategory(5_000_000)).toBe('Ultra High Net Worth');
    expect(netWorthCategory(null)).toBe('Building Wealth');
  });

  it('labels experience, else Not specified', () => {
    expect(experienceLabel('beginner')).toBe('Beginner (0-2 years)');
    expect(experienceLabel('intermediate')).toBe('Intermediate (3-5 years)');
    expect(experienceLabel('advanced')).toBe('Advanced (6-10 years)');
    expect(experienceLabel('expert')).toBe('Expert (10+ years)');
    expect(experienceLabel('guru')).toBe('Not specified');
    expect(experienceLabel(null)).toBe('Not specified');
  });

  it('colours risk green, orange, red, else grey', () => {
    expect(['low', 'conservative', 'Conservative'].map(riskTone)).toEqual(['success', 'success', 'success']);
    expect(['medium', 'moderate'].map(riskTone)).toEqual(['warning', 'warning']);
    expect(['high', 'aggressive'].map(riskTone)).toEqual(['error', 'error']);
    expect([null, 'unknown'].map(riskTone)).toEqual(['default', 'default']);
  });

  it('derives the client-list risk profile from risk capacity', () => {
    expect(riskProfile('low')).toBe('Conservative');
    expect(riskProfile('medium')).toBe('Moderate');
    expect(riskProfile(undefined)).toBe('Moderate');
    expect(riskProfile('high')).toBe('Aggressive');
  });
});

describe('signed dollars and shares', () => {
  it('signs gains and losses in dollars and cents, with +$0.00 for no change', () => {
    expect(formatSignedDollars(1234.5)).toBe('+$1,234.50');
    expect(formatSignedDollars(-0.4)).toBe('-$0.40');
    expect(formatSignedDollars(-0.001)).toBe('+$0.00');
  });
  it('gives a percentage of 0 when the total is not above 0 (spec part 2 §5)', () => {
    expect(percentOf(25, 200)).toBe(12.5);
    expect(percentOf(25, 0)).toBe(0);
    expect(percentOf(25, -10)).toBe(0);
  });
});
