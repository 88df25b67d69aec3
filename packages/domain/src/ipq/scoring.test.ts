import { describe, expect, it } from 'vitest';
import { beliefItems, personalityItems } from './instrument.ts';
import type { BeliefsData, DemographicsData, PersonalityData } from './modules.ts';
import {
  agreementScore,
  bandOfScore,
  lossAversion,
  personalityTraitScores,
  riskCapacity,
  riskLevelOfBand,
  riskProfile,
  riskTolerance,
  temperamentScore,
} from './scoring.ts';

const allAnswers = (items: readonly { id: string }[], value: number) => Object.fromEntries(items.map((item) => [item.id, value]));
const neutralPersonality: PersonalityData = { answers: allAnswers(personalityItems, 3) };
const beliefs: BeliefsData = {
  reference_amount: 10_000,
  gamble_accepts: [false, true, true, true],
  drawdown_reaction: 'hold',
  expected_return: 7,
  answers: allAnswers(beliefItems, 3),
};
const demographics: DemographicsData = {
  age: 45,
  annual_income: 150_000,
  dependants: 2,
  employment_stability: 'stable',
  time_horizon_years: 10,
  liquidity_needs: 'medium',
  emergency_fund_months: 3,
};

describe('agreement items', () => {
  it('scores a forward item 0-100 and turns a reverse-keyed item round', () => {
    const forward = personalityItems.find((item) => !item.reverse)!;
    const reverse = personalityItems.find((item) => item.reverse)!;
    expect([1, 2, 3, 4, 5].map((answer) => agreementScore(forward, answer))).toEqual([0, 25, 50, 75, 100]);
    expect([1, 2, 3, 4, 5].map((answer) => agreementScore(reverse, answer))).toEqual([100, 75, 50, 25, 0]);
  });

  it('scores a trait over its four items, two of them reverse-keyed', () => {
    // Agreeing strongly with everything: the forward items score 100, the reverse-keyed 0, the trait 50.
    expect(personalityTraitScores({ answers: allAnswers(personalityItems, 5) })).toEqual({
      openness: 50,
      conscientiousness: 50,
      extraversion: 50,
      agreeableness: 50,
      neuroticism: 50,
    });
    // Open: agrees with p01 and p03, disagrees with the reverse-keyed p02 and p04.
    const open = { answers: { ...allAnswers(personalityItems, 3), p01: 5, p02: 1, p03: 4, p04: 2 } };
    expect(personalityTraitScores(open).openness).toBe((100 + 100 + 75 + 75) / 4);
    expect(personalityTraitScores(open).conscientiousness).toBe(50);
  });

  it('weighs temperament by calm most, then openness and extraversion', () => {
    expect(temperamentScore({ openness: 100, conscientiousness: 0, extraversion: 0, agreeableness: 0, neuroticism: 100 })).toBe(30);
    expect(temperamentScore({ openness: 0, conscientiousness: 0, extraversion: 100, agreeableness: 0, neuroticism: 0 })).toBe(70);
  });
});

describe('loss aversion', () => {
  it('is the smallest gain multiple accepted, 5 when none is', () => {
    expect(lossAversion({ gamble_accepts: [true, true, true, true] })).toBe(1.5);
    expect(lossAversion({ gamble_accepts: [false, true, true, true] })).toBe(2);
    expect(lossAversion({ gamble_accepts: [false, false, true, false] })).toBe(3);
    expect(lossAversion({ gamble_accepts: [false, false, false, false] })).toBe(5);
  });
});

describe('risk tolerance (modules 1-2)', () => {
  it('adds each factor weight × (score − 50) to 50: a worked example', () => {
    // λ 2 → (5 − 2) / 3.5 × 100 = 85.714; hold → 66.667; neutral beliefs → 50; 7 % → 70; neutral temperament → 50.
    // 50 + 0.3 × 35.714 + 0.3 × 16.667 + 0.15 × 0 + 0.05 × 20 + 0.2 × 0 = 66.714
    const tolerance = riskTolerance(neutralPersonality, beliefs);
    expect(tolerance.score).toBeCloseTo(50 + 0.3 * (300 / 3.5 - 50) + 0.3 * (200 / 3 - 50) + 1, 10);
    expect(tolerance.score).toBeCloseTo(66.714, 3);
    expect(tolerance.factors.reduce((sum, factor) => sum + factor.weight, 0)).toBeCloseTo(1, 12);
    const loss = tolerance.factors.find((factor) => factor.key === 'loss_aversion')!;
    expect(loss.explanation).toContain('lose $1,000 for a gain of $2,000');
  });

  it('says a client who refuses every gamble is strongly loss averse, and flags a return expectation above 12 %', () => {
    const cautious = riskTolerance(neutralPersonality, {
      ...beliefs,
      gamble_accepts: [false, false, false, false],
      drawdown_reaction: 'sell_all',
      expected_return: 20,
    });
    expect(cautious.factors[0]!.explanation).toContain('even for a gain of $4,000');
    expect(cautious.factors[0]!.score).toBe(0);
    expect(cautious.factors.find((factor) => factor.key === 'return_expectation')!.explanation).toContain('worth discussing');
    expect(cautious.score).toBeLessThan(riskTolerance(neutralPersonality, beliefs).score);
  });

  it('stays within 0-100 at the extremes', () => {
    const bold = riskTolerance(
      { answers: { ...allAnswers(personalityItems, 3), p17: 1, p18: 5, p19: 1, p20: 5 } },
      {
        ...beliefs,
        gamble_accepts: [true, true, true, true],
        drawdown_reaction: 'buy_more',
        expected_return: 50,
        answers: { b1: 5, b2: 1, b3: 5, b4: 1 },
      },
    );
    expect(bold.score).toBeGreaterThan(90);
    expect(bold.score).toBeLessThanOrEqual(100);
  });
});

describe('risk capacity (modules 3-4)', () => {
  it('a worked example', () => {
    // horizon 10/20 → 50; age (85 − 45)/60 → 66.667; stable → 100; 3 of 6 months → 50; medium → 50; 2 dependants → 50; 1-5 years → 50.
    // 50 + 0.1 × 16.667 + 0.15 × 50 = 59.167
    const capacity = riskCapacity({ investment_experience: '1_to_5' }, demographics);
    expect(capacity.score).toBeCloseTo(50 + 0.1 * (200 / 3 - 50) + 0.15 * 50, 10);
    expect(capacity.factors.reduce((sum, factor) => sum + factor.weight, 0)).toBeCloseTo(1, 12);
  });

  it('a short horizon, no reserves and high liquidity needs leave little capacity', () => {
    const capacity = riskCapacity(
      { investment_experience: 'none' },
      {
        ...demographics,
        age: 80,
        time_horizon_years: 1,
        emergency_fund_months: 0,
        liquidity_needs: 'high',
        employment_stability: 'unstable',
        dependants: 4,
      },
    );
    expect(capacity.score).toBeLessThan(15);
  });
});

describe('the profile', () => {
  it('takes the lower of tolerance and capacity', () => {
    expect(riskProfile(66.7, 59.2)).toEqual({ score: 59.2, limited_by: 'capacity', band: 'moderate', level: 'medium' });
    expect(riskProfile(30, 90)).toEqual({ score: 30, limited_by: 'tolerance', band: 'moderately_conservative', level: 'low' });
  });

  it('bands scores at 20, 40, 60 and 80', () => {
    expect([0, 19.99, 20, 39.99, 40, 59.99, 60, 79.99, 80, 100].map(bandOfScore)).toEqual([
      'conservative',
      'conservative',
      'moderately_conservative',
      'moderately_conservative',
      'moderate',
      'moderate',
      'moderately_aggressive',
      'moderately_aggressive',
      'aggressive',
      'aggressive',
    ]);
  });

  it('maps five bands to three levels', () => {
    expect(
      (['conservative', 'moderately_conservative', 'moderate', 'moderately_aggressive', 'aggressive'] as const).map(riskLevelOfBand),
    ).toEqual(['low', 'low', 'medium', 'high', 'high']);
  });
});
