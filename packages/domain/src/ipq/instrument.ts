import type { InvestmentExperience } from '../clients/contracts.ts';
import type { AccountType } from '../portfolios/contracts.ts';

/**
 * The investor personality questionnaire (IPQ), its items (the modules themselves: module-list.ts).
 * The items are our own wording. Their methods are the usual ones: a short Big-Five form on a
 * five-point agreement scale with half of each trait's items reverse-keyed, loss aversion read
 * from 50/50 gambles stated in the client's own dollars, and capacity from horizon, income
 * stability, reserves, liquidity needs and dependants.
 */

// ---------------------------------------------------------------------------------------------
// Module 1: personality

export const bigFiveTraits = ['openness', 'conscientiousness', 'extraversion', 'agreeableness', 'neuroticism'] as const;
export type BigFiveTrait = (typeof bigFiveTraits)[number];

export const bigFiveTraitLabels: Record<BigFiveTrait, string> = {
  openness: 'Openness',
  conscientiousness: 'Conscientiousness',
  extraversion: 'Extraversion',
  agreeableness: 'Agreeableness',
  neuroticism: 'Emotional reactivity',
};

export type LikertItem = { readonly id: string; readonly text: string; readonly reverse: boolean };
export type PersonalityItem = LikertItem & { readonly trait: BigFiveTrait };

/** Four items per trait, two of them reverse-keyed, so agreeing with everything scores the middle. */
export const personalityItems: readonly PersonalityItem[] = [
  { id: 'p01', trait: 'openness', reverse: false, text: 'I enjoy thinking through new ideas, even abstract ones.' },
  { id: 'p02', trait: 'openness', reverse: true, text: 'I prefer to stick with ways of doing things that I already know.' },
  { id: 'p03', trait: 'openness', reverse: false, text: 'I am curious about how unfamiliar things work.' },
  { id: 'p04', trait: 'openness', reverse: true, text: 'Art, ideas and debates rarely hold my interest.' },
  { id: 'p05', trait: 'conscientiousness', reverse: false, text: 'I make plans and follow through on them.' },
  { id: 'p06', trait: 'conscientiousness', reverse: true, text: 'I often leave tasks until the last minute.' },
  { id: 'p07', trait: 'conscientiousness', reverse: false, text: 'I keep my paperwork and finances in order.' },
  { id: 'p08', trait: 'conscientiousness', reverse: true, text: 'I make decisions on impulse and regret some of them.' },
  { id: 'p09', trait: 'extraversion', reverse: false, text: 'I feel energised after spending time with many people.' },
  { id: 'p10', trait: 'extraversion', reverse: true, text: 'I would rather stay in the background than take the lead.' },
  { id: 'p11', trait: 'extraversion', reverse: false, text: 'I speak up readily in a group.' },
  { id: 'p12', trait: 'extraversion', reverse: true, text: 'I need a lot of quiet time to recharge.' },
  { id: 'p13', trait: 'agreeableness', reverse: false, text: 'I assume that most people mean well.' },
  { id: 'p14', trait: 'agreeableness', reverse: true, text: 'I find it hard to see things from the other side of an argument.' },
  { id: 'p15', trait: 'agreeableness', reverse: false, text: 'I go out of my way to help others.' },
  { id: 'p16', trait: 'agreeableness', reverse: true, text: 'I can be blunt to the point of hurting feelings.' },
  { id: 'p17', trait: 'neuroticism', reverse: false, text: 'I worry about things that might go wrong.' },
  { id: 'p18', trait: 'neuroticism', reverse: true, text: 'I stay calm under pressure.' },
  { id: 'p19', trait: 'neuroticism', reverse: false, text: 'My mood can change quickly when something upsets me.' },
  { id: 'p20', trait: 'neuroticism', reverse: true, text: 'Setbacks rarely keep me awake at night.' },
];

export const agreementScale = [
  { value: 1, label: 'Strongly disagree' },
  { value: 2, label: 'Disagree' },
  { value: 3, label: 'Neither agree nor disagree' },
  { value: 4, label: 'Agree' },
  { value: 5, label: 'Strongly agree' },
] as const;

// ---------------------------------------------------------------------------------------------
// Module 2: beliefs about risk and markets

/**
 * The 50/50 gambles: lose a tenth of the client's reference amount, or gain this multiple of that
 * loss. The smallest multiple they accept is their loss aversion (λ); most people need about 2.
 */
export const gambleGainMultiples = [1.5, 2, 3, 4] as const;
const gambleLossShare = 0.1;
/** λ of someone who accepts none of the gambles. */
export const lossAversionIfNoneAccepted = 5;

/** The loss and the gain of gamble i, in the client's dollars. */
export function gambleAmounts(referenceAmount: number, index: number) {
  const loss = Math.round(referenceAmount * gambleLossShare);
  return { loss, gain: Math.round(loss * gambleGainMultiples[index]!) };
}

export const drawdownReactions = ['sell_all', 'sell_some', 'hold', 'buy_more'] as const;
export type DrawdownReaction = (typeof drawdownReactions)[number];
export const drawdownReactionLabels: Record<DrawdownReaction, string> = {
  sell_all: 'Sell everything to stop further losses',
  sell_some: 'Sell some to reduce the risk',
  hold: 'Hold and wait for a recovery',
  buy_more: 'Buy more while prices are low',
};

export const beliefItems: readonly LikertItem[] = [
  { id: 'b1', reverse: false, text: 'Over ten years or more, stocks are likely to earn more than savings accounts.' },
  { id: 'b2', reverse: true, text: 'I would rather have a smaller return I can count on than a larger one that can swing.' },
  { id: 'b3', reverse: false, text: 'I can leave an investment alone through a bad year without checking it every day.' },
  { id: 'b4', reverse: true, text: 'Losing money on an investment upsets me far more than making the same amount pleases me.' },
];

export const expectedReturnLimits = { min: -20, max: 50 } as const;
/** A yearly return expectation above this (percent) is more than a diversified portfolio has delivered. */
export const unrealisticReturnExpectation = 12;

// ---------------------------------------------------------------------------------------------
// Module 3: asset allocation (spec fields and defaults)

export const ipqInvestmentExperiences = ['none', 'less_than_1', '1_to_5', '5_to_10', 'over_10'] as const;
export type IpqInvestmentExperience = (typeof ipqInvestmentExperiences)[number];
export const ipqInvestmentExperienceLabels: Record<IpqInvestmentExperience, string> = {
  none: 'None',
  less_than_1: 'Less than a year',
  '1_to_5': '1 to 5 years',
  '5_to_10': '5 to 10 years',
  over_10: 'More than 10 years',
};

/** The questionnaire's experience for the level on a client's profile. */
export const ipqExperienceOfProfile: Record<InvestmentExperience, IpqInvestmentExperience> = {
  beginner: 'less_than_1',
  intermediate: '1_to_5',
  advanced: '5_to_10',
  expert: 'over_10',
};

/** The profile's level for the questionnaire's answer (Beginner 0-2 years, Intermediate 3-5, Advanced 6-10, Expert 10+). */
export const profileExperienceOfIpq: Record<IpqInvestmentExperience, InvestmentExperience> = {
  none: 'beginner',
  less_than_1: 'beginner',
  '1_to_5': 'intermediate',
  '5_to_10': 'advanced',
  over_10: 'expert',
};

/** Account types whose money is retirement savings (module 3's first pot). */
export const retirementAccountTypes: readonly AccountType[] = ['ira', 'roth_ira', '401k', '403b'];

/**
 * The spec's defaults of module 3's figures. Its default experience ('1_to_5') is not kept: an
 * unanswered experience is asked, never assumed.
 */
export const assetAllocationDefaults = {
  retirement_wealth: 0,
  non_retirement_wealth: 0,
  retirement_equity_percentage: 0,
  non_retirement_equity_percentage: 0,
  total_equity_share: 0,
} as const;

/** The equity share of both pots together, weighted by their wealth; 0 when there is none. */
export function totalEquityShare(input: {
  retirement_wealth: number;
  non_retirement_wealth: number;
  retirement_equity_percentage: number;
  non_retirement_equity_percentage: number;
}): number {
  const wealth = input.retirement_wealth + input.non_retirement_wealth;
  if (wealth <= 0) return 0;
  const equity =
    input.retirement_wealth * input.retirement_equity_percentage + input.non_retirement_wealth * input.non_retirement_equity_percentage;
  return Math.round((equity / wealth) * 10) / 10;
}

// ---------------------------------------------------------------------------------------------
// Module 4: demographics

export const employmentStabilities = ['stable', 'variable', 'unstable', 'retired'] as const;
export type EmploymentStability = (typeof employmentStabilities)[number];
export const employmentStabilityLabels: Record<EmploymentStability, string> = {
  stable: 'Stable salary',
  variable: 'Variable income (bonus, commission, own business)',
  unstable: 'Irregular or at risk',
  retired: 'Retired, living on savings and pensions',
};

export const liquidityNeeds = ['low', 'medium', 'high'] as const;
export type LiquidityNeed = (typeof liquidityNeeds)[number];
export const liquidityNeedLabels: Record<LiquidityNeed, string> = {
  low: 'Low: no large withdrawal expected',
  medium: 'Medium: some withdrawals in the next few years',
  high: 'High: a large part may be needed soon',
};

export const demographicsLimits = {
  ageMin: 18,
  ageMax: 110,
  dependantsMax: 20,
  horizonMin: 1,
  horizonMax: 60,
  emergencyFundMax: 120,
} as const;
