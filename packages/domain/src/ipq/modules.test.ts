import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ipqMessages as m } from './messages.ts';
import { assetAllocationDefaults, beliefItems, personalityItems } from './instrument.ts';
import { assetAllocationSchema, beliefsSchema, demographicsSchema, personalitySchema } from './modules.ts';

const allAnswers = (items: readonly { id: string }[], value: number) => Object.fromEntries(items.map((item) => [item.id, value]));
const issues = (schema: z.ZodType, data: unknown) => {
  const result = schema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

const beliefs = {
  reference_amount: 5000,
  gamble_accepts: [false, true, true, true],
  drawdown_reaction: 'hold',
  expected_return: 6,
  answers: allAnswers(beliefItems, 4),
};
const demographics = {
  age: 40,
  annual_income: 90_000,
  dependants: 1,
  employment_stability: 'stable',
  time_horizon_years: 15,
  liquidity_needs: 'low',
  emergency_fund_months: 6,
};

describe('module 1: personality', () => {
  it('takes every statement answered 1-5', () => {
    expect(issues(personalitySchema, { answers: allAnswers(personalityItems, 2) })).toEqual([]);
  });

  it('names each statement left out or out of range, and refuses unknown ones', () => {
    const { p05: _, ...missing } = allAnswers(personalityItems, 3);
    expect(issues(personalitySchema, { answers: { ...missing, p01: 6, p02: 2.5 } })).toEqual([
      ['answers.p01', m.agreementRequired],
      ['answers.p02', m.agreementRequired],
      ['answers.p05', m.agreementRequired],
    ]);
    expect(issues(personalitySchema, { answers: { ...allAnswers(personalityItems, 3), p99: 3 } })[0]![0]).toBe('answers');
  });
});

describe('module 2: beliefs', () => {
  it('accepts a complete module', () => {
    expect(issues(beliefsSchema, beliefs)).toEqual([]);
  });

  it.each([
    ['reference_amount', 50, m.referenceAmount],
    ['reference_amount', 'lots', m.referenceAmount],
    ['gamble_accepts', [true, true, true], m.gamblesRequired],
    ['drawdown_reaction', 'panic', m.drawdownReaction],
    ['expected_return', 80, m.expectedReturn],
    ['expected_return', -25, m.expectedReturn],
  ])('%s = %j: %s', (field, value, message) => {
    expect(issues(beliefsSchema, { ...beliefs, [field]: value })).toEqual([[field, message]]);
  });
});

describe('module 3: asset allocation', () => {
  it('fills the spec defaults of the figures, but asks the experience: it is never assumed', () => {
    expect(assetAllocationSchema.parse({ investment_experience: 'none' })).toEqual({
      ...assetAllocationDefaults,
      investment_experience: 'none',
      total_equity_share: 0,
    });
    expect(issues(assetAllocationSchema, {})).toEqual([['investment_experience', m.experience]]);
  });

  it('derives the total equity share from the two pots, whatever was typed', () => {
    const parsed = assetAllocationSchema.parse({
      investment_experience: '5_to_10',
      retirement_wealth: 300_000,
      retirement_equity_percentage: 70,
      non_retirement_wealth: 100_000,
      non_retirement_equity_percentage: 30,
      total_equity_share: 99,
    });
    expect(parsed.total_equity_share).toBe(60);
  });

  it.each([
    ['investment_experience', 'decades', m.experience],
    ['retirement_wealth', -1, m.wealth],
    ['non_retirement_equity_percentage', 101, m.equityPercentage],
  ])('%s = %j: %s', (field, value, message) => {
    expect(issues(assetAllocationSchema, { investment_experience: '1_to_5', [field]: value })).toEqual([[field, message]]);
  });
});

describe('module 4: demographics', () => {
  it('accepts a complete module', () => {
    expect(issues(demographicsSchema, demographics)).toEqual([]);
  });

  it.each([
    ['age', 17, m.age],
    ['age', 40.5, m.age],
    ['annual_income', -5, m.income],
    ['dependants', 21, m.dependants],
    ['employment_stability', 'gig', m.employment],
    ['time_horizon_years', 0, m.horizon],
    ['liquidity_needs', 'none', m.liquidity],
    ['emergency_fund_months', 121, m.emergencyFund],
  ])('%s = %j: %s', (field, value, message) => {
    expect(issues(demographicsSchema, { ...demographics, [field]: value })).toEqual([[field, message]]);
  });

  it('names every missing answer', () => {
    expect(issues(demographicsSchema, {}).map(([path]) => path)).toEqual(Object.keys(demographics));
  });
});
