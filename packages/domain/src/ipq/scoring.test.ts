import { describe, expect, it } from 'vitest';
import { riskLevelOfBand } from '../clients/risk-band.ts';
import { beliefItems, personalityItems } from './instrument.ts';
import type { BeliefsData, DemographicsData, PersonalityData } from './modules.ts';
import {
  agreementScore,
  bandOfScore,
  gamblesConsistent,
  lossAversion,
  personalityTraitScores,
  pointsToDiscuss,
  riskCapacity,
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
    expect(lossAversion({ gamble_accepts: [false, false, true, true] })).toBe(3);
    expect(lossAversion({ gamble_accepts: [false, false, false, false] })).toBe(5);
  });

  it('reads nothing from choices that contradict each other: accepting a gain but declining a larger one', () => {
    // Monotone: refusals, then only acceptances (or none at all).
    for (const accepts of [
      [false, false, false, false],
      [false, false, false, true],
      [false, true, true, true],
      [true, true, true, true],
    ])
      expect(gamblesConsistent({ gamble_accepts: accepts })).toBe(true);
    // Accepts 1.5× and 3×, declines 2× and 4×: whoever takes 1.5× would take 2×.
    for (const accepts of [
      [true, false, true, false],
      [false, false, true, false],
      [true, true, true, false],
      [false, true, false, true],
    ]) {
      expect(gamblesConsistent({ gamble_accepts: accepts })).toBe(false);
      expect(lossAversion({ gamble_accepts: accepts })).toBeNull();
    }
  });

  it('leaves the loss-aversion factor neutral on contradicting choices, says so, and lists them to discuss', () => {
    const contradicting = { ...beliefs, gamble_accepts: [true, false, true, false] };
    const factor = riskTolerance(neutralPersonality, contradicting).factors.find((f) => f.key === 'loss_aversion')!;
    // Neutral: score 50, so weight 0.3 × (50 − 50) = 0 points (the old code read λ = 1.5 → score 100, +15 points).
    expect(factor.score).toBe(50);
    expect(factor.points).toBe(0);
    expect(factor.explanation).toContain('contradict each other (accepted 1.5× and 3×, declined 2× and 4×)');
    expect(factor.explanation).toContain('left neutral');
    expect(pointsToDiscuss(contradicting)).toEqual([
      'The 50/50 choices do not hang together: accepted 1.5× and 3× the loss but declined 2× and 4×. Go through them again: loss aversion was left neutral.',
    ]);
    expect(pointsToDiscuss(beliefs)).toEqual([]);
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

  it('says a client who refuses every gamble is strongly loss averse', () => {
    const cautious = riskTolerance(neutralPersonality, {
      ...beliefs,
      gamble_accepts: [false, false, false, false],
      drawdown_reaction: 'sell_all',
    });
    expect(cautious.factors[0]!.explanation).toContain('even for a gain of $4,000');
    expect(cautious.factors[0]!.score).toBe(0);
    expect(cautious.score).toBeLessThan(riskTolerance(neutralPersonality, beliefs).score);
  });

  it('leaves tolerance alone when the expected return is unrealistic (above 12 %) and lists it to discuss', () => {
    // 12 % is realistic: score min(100, 12 × 10) = 100, 0.05 × 50 = +2.5 points over a neutral expectation.
    // 15 % and 40 % are not: the factor is neutral (50, 0 points), so tolerance is what 5 % (score 50) gives.
    const at = (expected_return: number) => riskTolerance(neutralPersonality, { ...beliefs, expected_return });
    const factor = (expected_return: number) => at(expected_return).factors.find((f) => f.key === 'return_expectation')!;
    expect(factor(12)).toMatchObject({ score: 100, points: 2.5 });
    expect(factor(15)).toMatchObject({ score: 50, points: 0 });
    expect(factor(40)).toMatchObject({ score: 50, points: 0 });
    expect(at(15).score).toBeCloseTo(at(5).score, 12);
    expect(at(40).score).toBeCloseTo(at(5).score, 12);
    // The old rule: 15 % → score 100 → +2.5 points, more tolerance for a less realistic answer.
    expect(at(15).score).toBeLessThan(at(12).score);
    expect(factor(15).explanation).toContain('left out of the score');
    expect(pointsToDiscuss({ ...beliefs, expected_return: 15 })).toEqual([
      'Expects 15% a year, more than the 12% a diversified portfolio can be expected to deliver. Talk through realistic returns: the expectation did not raise the risk tolerance.',
    ]);
    expect(pointsToDiscuss({ ...beliefs, expected_return: 12 })).toEqual([]);
  });

  it('stays within 0-100 at the extremes', () => {
    const bold = riskTolerance(
      { answers: { ...allAnswers(personalityItems, 3), p17: 1, p18: 5, p19: 1, p20: 5 } },
      {
        ...beliefs,
        gamble_accepts: [true, true, true, true],
        drawdown_reaction: 'buy_more',
        expected_return: 10,
        answers: { b1: 5, b2: 1, b3: 5, b4: 1 },
      },
    );
    expect(bold.score).toBeGreaterThan(90);
    expect(bold.score).toBeLessThanOrEqual(100);
  });
});

type Allocation = Parameters<typeof riskCapacity>[0] & object;
const allocation: Allocation = { investment_experience: '1_to_5', retirement_wealth: 300_000, non_retirement_wealth: 200_000 };

describe('risk capacity (modules 3-4)', () => {
  it('a worked example', () => {
    // horizon 10/20 → 50; age (85 − 45)/60 → 66.667; income 150,000/200,000 → 75; stable → 100;
    // wealth 500,000/1,000,000 → 50; 3 of 6 months → 50; medium → 50; 2 dependants → 50; 1-5 years → 50.
    // 50 + 0.1 × 16.667 (age) + 0.1 × 25 (income) + 0.1 × 50 (stability) = 59.167
    const capacity = riskCapacity(allocation, demographics);
    expect(capacity.score).toBeCloseTo(50 + 0.1 * (200 / 3 - 50) + 0.1 * 25 + 0.1 * 50, 10);
    expect(capacity.score).toBeCloseTo(59.167, 3);
    expect(capacity.factors.reduce((sum, factor) => sum + factor.weight, 0)).toBeCloseTo(1, 12);
  });

  it('a short horizon, no reserves and high liquidity needs leave little capacity', () => {
    const capacity = riskCapacity(
      { investment_experience: 'none', retirement_wealth: 0, non_retirement_wealth: 0 },
      {
        ...demographics,
        age: 80,
        annual_income: 20_000,
        time_horizon_years: 1,
        emergency_fund_months: 0,
        liquidity_needs: 'high',
        employment_stability: 'unstable',
        dependants: 4,
      },
    );
    expect(capacity.score).toBeLessThan(15);
  });

  it('never assumes an experience or a wealth that was not answered: both stay neutral and say so', () => {
    const capacity = riskCapacity(undefined, demographics);
    for (const key of ['experience', 'wealth']) {
      const factor = capacity.factors.find((f) => f.key === key)!;
      expect(factor).toMatchObject({ score: 50, points: 0 });
      expect(factor.explanation).toContain('not answered yet');
    }
  });

  /** The score of one factor, everything else as in the worked example. */
  const factorScore = (key: string, changes: Partial<DemographicsData> = {}, own: Partial<Allocation> = {}) =>
    riskCapacity({ ...allocation, ...own }, { ...demographics, ...changes }).factors.find((f) => f.key === key)!.score;

  describe('each factor moves capacity the way an advisor would defend', () => {
    it('a dependant lowers it: 0 → 100, 1 → 75, 2 → 50, 4 → 0', () => {
      expect([0, 1, 2, 4].map((dependants) => factorScore('dependants', { dependants }))).toEqual([100, 75, 50, 0]);
    });

    it('a longer horizon raises it: 2 years → 10, 10 → 50, 20 or more → 100', () => {
      expect([2, 10, 20, 30].map((years) => factorScore('time_horizon', { time_horizon_years: years }))).toEqual([10, 50, 100, 100]);
    });

    it('a higher income raises it: $0 → 0, $50,000 → 25, $100,000 → 50, $200,000 or more → 100', () => {
      expect([0, 50_000, 100_000, 200_000, 900_000].map((income) => factorScore('income', { annual_income: income }))).toEqual([
        0, 25, 50, 100, 100,
      ]);
    });

    it('more wealth raises it: $0 → 0, $250,000 → 25, $1,000,000 or more → 100 (both pots counted)', () => {
      const wealth = (retirement: number, other: number) =>
        factorScore('wealth', {}, { retirement_wealth: retirement, non_retirement_wealth: other });
      expect([wealth(0, 0), wealth(100_000, 150_000), wealth(600_000, 400_000), wealth(2_000_000, 0)]).toEqual([0, 25, 100, 100]);
    });

    it('greater age lowers it, most near and past retirement: 25 → 100, 55 → 50, 65 → 33.3, 85 → 0', () => {
      const scores = [25, 55, 65, 85].map((age) => factorScore('age', { age }));
      expect(scores[0]).toBe(100);
      expect(scores[1]).toBeCloseTo(50, 10);
      expect(scores[2]).toBeCloseTo(100 / 3, 10);
      expect(scores[3]).toBe(0);
    });

    it('a steadier income raises it: stable 100 > variable 60 > retired 40 > irregular 20', () => {
      const order = ['stable', 'variable', 'retired', 'unstable'] as const;
      expect(order.map((employment_stability) => factorScore('income_stability', { employment_stability }))).toEqual([100, 60, 40, 20]);
    });

    it('more reserves raise it: 0 months → 0, 3 → 50, 6 or more → 100', () => {
      expect([0, 3, 6, 12].map((months) => factorScore('emergency_fund', { emergency_fund_months: months }))).toEqual([0, 50, 100, 100]);
    });

    it('money needed soon lowers it: low 100 > medium 50 > high 0', () => {
      expect((['low', 'medium', 'high'] as const).map((need) => factorScore('liquidity_needs', { liquidity_needs: need }))).toEqual([
        100, 50, 0,
      ]);
    });

    it('more experience raises it: none 0, under a year 25, 1-5 years 50, 5-10 75, over 10 100', () => {
      const levels = ['none', 'less_than_1', '1_to_5', '5_to_10', 'over_10'] as const;
      expect(levels.map((level) => factorScore('experience', {}, { investment_experience: level }))).toEqual([0, 25, 50, 75, 100]);
    });
  });
});

describe('each tolerance factor moves tolerance the way an advisor would defend', () => {
  const factorScore = (key: string, changes: Partial<BeliefsData> = {}, personality = neutralPersonality) =>
    riskTolerance(personality, { ...beliefs, ...changes }).factors.find((f) => f.key === key)!.score;

  it('needing a larger gain to take the 50/50 chance lowers it: λ 1.5 → 100, 2 → 85.7, 4 → 28.6, none → 0', () => {
    // (5 − λ) / (5 − 1.5) × 100: 3.5/3.5, 3/3.5, 1/3.5, 0.
    const scores = [
      [true, true, true, true],
      [false, true, true, true],
      [false, false, false, true],
      [false, false, false, false],
    ].map((gamble_accepts) => factorScore('loss_aversion', { gamble_accepts }));
    expect(scores[0]).toBe(100);
    expect(scores[1]).toBeCloseTo(300 / 3.5, 10);
    expect(scores[2]).toBeCloseTo(100 / 3.5, 10);
    expect(scores[3]).toBe(0);
  });

  it('buying after a fall raises it, selling everything lowers it: 100 > 66.7 > 33.3 > 0', () => {
    const reactions = ['buy_more', 'hold', 'sell_some', 'sell_all'] as const;
    const scores = reactions.map((drawdown_reaction) => factorScore('drawdown_reaction', { drawdown_reaction }));
    expect(scores.map((score) => Math.round(score * 10) / 10)).toEqual([100, 66.7, 33.3, 0]);
  });

  it('confidence in long-run returns raises it: agreeing with b1 and b3, disagreeing with b2 and b4 scores 100', () => {
    expect(factorScore('market_beliefs', { answers: { b1: 5, b2: 1, b3: 5, b4: 1 } })).toBe(100);
    expect(factorScore('market_beliefs', { answers: { b1: 1, b2: 5, b3: 1, b4: 5 } })).toBe(0);
  });

  it('a higher realistic expectation raises it a little: 0 % → 0, 5 % → 50, 10 % and 12 % → 100; above 12 % neutral', () => {
    expect([0, 5, 10, 12, 12.5].map((expected_return) => factorScore('return_expectation', { expected_return }))).toEqual([
      0, 50, 100, 100, 50,
    ]);
  });

  it('calm under setbacks raises it: the calmest answers (p17, p19 disagree; p18, p20 agree) score 0.5 × 100 + 0.3 × 50 + 0.2 × 50 = 75', () => {
    const calm = { answers: { ...allAnswers(personalityItems, 3), p17: 1, p18: 5, p19: 1, p20: 5 } };
    const anxious = { answers: { ...allAnswers(personalityItems, 3), p17: 5, p18: 1, p19: 5, p20: 1 } };
    expect(factorScore('temperament', {}, calm)).toBe(75);
    expect(factorScore('temperament', {}, anxious)).toBe(25);
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
