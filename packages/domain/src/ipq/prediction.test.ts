import { describe, expect, it } from 'vitest';
import { ipqMessages } from './messages.ts';
import { beliefItems, personalityItems } from './instrument.ts';
import { assetAllocationSchema, type IpqAnswers } from './modules.ts';
import { bandOfEquityShare, baseEquityShare, glidePathCap, predict, PredictionGateError } from './prediction.ts';

const allAnswers = (items: readonly { id: string }[], value: number) => Object.fromEntries(items.map((item) => [item.id, value]));
const answers: IpqAnswers = {
  personality: { answers: allAnswers(personalityItems, 3) },
  beliefs: {
    reference_amount: 10_000,
    gamble_accepts: [false, true, true, true],
    drawdown_reaction: 'hold',
    expected_return: 7,
    answers: allAnswers(beliefItems, 3),
  },
  demographics: {
    age: 45,
    annual_income: 150_000,
    dependants: 2,
    employment_stability: 'stable',
    time_horizon_years: 10,
    liquidity_needs: 'medium',
    emergency_fund_months: 3,
  },
};

describe('the glide path and the equity share', () => {
  it('maps the profile score to 10-95 % in stocks', () => {
    expect([0, 50, 100].map(baseEquityShare)).toEqual([10, 52.5, 95]);
  });

  it('caps stocks at 23 % for one year, 8 points more a year, 95 % from ten years', () => {
    expect([1, 3, 5, 9, 10, 30].map(glidePathCap)).toEqual([23, 39, 55, 87, 95, 95]);
  });

  it('picks the band whose equity range is centred nearest, the safer one on a tie (25 %, 41.25 %)', () => {
    expect([0, 25, 39, 41.25, 60, 75, 100].map(bandOfEquityShare)).toEqual([
      'conservative',
      'conservative',
      'moderately_conservative',
      'moderately_conservative',
      'moderately_aggressive',
      'moderately_aggressive',
      'aggressive',
    ]);
  });
});

describe('predict', () => {
  it('a worked example: capacity-limited, moderate, 60 % in stocks', () => {
    // tolerance 66.714; capacity 50 + 0.1 × 16.667 (age 45) + 0.1 × 25 (income $150,000) + 0.1 × 50 (stable), with
    // experience and wealth neutral until module 3 = 59.167 → profile 59.167 (moderate);
    // base 10 + 85 × 0.59167 = 60.29; horizon 10 → cap 95.
    const prediction = predict(answers);
    expect(prediction.profile.limited_by).toBe('capacity');
    expect(prediction.base_equity_share).toBeCloseTo(10 + 0.85 * (50 + 0.1 * (200 / 3 - 50) + 2.5 + 5), 10);
    expect(prediction.points_to_discuss).toEqual([]);
    expect(prediction.recommended_equity_share).toBe(60);
    // 60 % sits nearer the moderately aggressive centre, but the model is never riskier than the profile.
    expect(prediction.recommended_band).toBe('moderate');
    expect(prediction.current_equity_share).toBeNull();
    expect(prediction.equity_gap).toBeNull();
    expect(prediction.explanation[0]).toContain('the profile takes the lower, capacity (59)');
  });

  it('a short horizon pulls the share down the glide path and the model with it', () => {
    const prediction = predict({ ...answers, demographics: { ...answers.demographics!, time_horizon_years: 3 } });
    expect(prediction.glide_path_cap).toBe(39);
    expect(prediction.recommended_equity_share).toBe(39);
    expect(prediction.recommended_band).toBe('moderately_conservative');
    expect(prediction.explanation.join(' ')).toContain('the glide path holds stocks to 39%');
  });

  it('explains the gap to what the client holds today', () => {
    const allocation = assetAllocationSchema.parse({
      investment_experience: '1_to_5',
      retirement_wealth: 100_000,
      retirement_equity_percentage: 80,
      non_retirement_wealth: 300_000,
      non_retirement_equity_percentage: 40,
    });
    expect(allocation.total_equity_share).toBe(50);
    const prediction = predict({ ...answers, asset_allocation: allocation });
    // Wealth $400,000 → 40, 0.1 × (40 − 50) = −1; experience 1-5 years → 50, 0: capacity 59.167 − 1 = 58.167;
    // base 10 + 85 × 0.58167 = 59.44 → 59 % recommended; 50 − 59 = −9.
    expect(prediction.recommended_equity_share).toBe(59);
    expect(prediction.current_equity_share).toBe(50);
    expect(prediction.equity_gap).toBe(-9);
    expect(prediction.explanation.at(-1)).toBe('Today 50% is in stocks: 9 points less than recommended.');
  });

  it('a worked example of a respondent whose answers do not all make sense', () => {
    // Neutral personality and beliefs; accepts 1.5× and 3×, declines 2× and 4× (contradicting); holds after a fall;
    // expects 15 % a year. Age 35, $150,000 stable income, no dependants, 25 years, low liquidity needs,
    // 6 months of reserves, 5-10 years of experience, $600,000 saved.
    const respondent: IpqAnswers = {
      ...answers,
      beliefs: { ...answers.beliefs!, gamble_accepts: [true, false, true, false], expected_return: 15 },
      demographics: {
        ...answers.demographics!,
        age: 35,
        dependants: 0,
        time_horizon_years: 25,
        liquidity_needs: 'low',
        emergency_fund_months: 6,
      },
      asset_allocation: assetAllocationSchema.parse({
        investment_experience: '5_to_10',
        retirement_wealth: 400_000,
        non_retirement_wealth: 200_000,
      }),
    };
    const prediction = predict(respondent);
    // Tolerance: loss aversion neutral (0), hold 66.667 → 0.3 × 16.667 = +5, beliefs 0, 15 % neutral (0),
    // temperament 0 → 55. (Before: λ read as 1.5 → +15 and 15 % → +2.5, so 72.5: moderately aggressive.)
    expect(prediction.risk_tolerance.score).toBeCloseTo(55, 10);
    // Capacity: horizon 100 → +15, age 83.333 → +3.333, income 75 → +2.5, stable → +5, wealth 60 → +1,
    // reserves 100 → +5, low needs → +5, no dependants → +2.5, 5-10 years → +1.25: 90.583.
    expect(prediction.risk_capacity.score).toBeCloseTo(90.583, 3);
    // Profile 55, limited by tolerance: moderate; base 10 + 85 × 0.55 = 56.75 → 57 %, nearest the moderate centre (50).
    expect(prediction.profile).toMatchObject({ limited_by: 'tolerance', band: 'moderate' });
    expect(prediction.recommended_equity_share).toBe(57);
    expect(prediction.recommended_band).toBe('moderate');
    expect(prediction.points_to_discuss).toHaveLength(2);
    expect(prediction.points_to_discuss[0]).toContain('The 50/50 choices do not hang together');
    expect(prediction.points_to_discuss[1]).toContain('Expects 15% a year');
  });

  it.each(['personality', 'beliefs', 'demographics'] as const)('needs the %s module', (module) => {
    const { [module]: _, ...rest } = answers;
    expect(() => predict(rest)).toThrow(PredictionGateError);
    expect(() => predict(rest)).toThrow(ipqMessages.modulesIncomplete);
  });

  it('does not need the asset-allocation module', () => {
    expect(() => predict(answers)).not.toThrow();
  });
});
