import type { RiskCapacity } from '../clients/contracts.ts';
import { riskLevelOfBand } from '../clients/risk-band.ts';
import { formatWholeDollars } from '../shared/format.ts';
import { riskBands, type RiskBand } from '../model-portfolios/contracts.ts';
import {
  beliefItems,
  bigFiveTraits,
  drawdownReactionLabels,
  employmentStabilityLabels,
  gambleAmounts,
  gambleGainMultiples,
  ipqInvestmentExperienceLabels,
  liquidityNeedLabels,
  lossAversionIfNoneAccepted,
  personalityItems,
  unrealisticReturnExpectation,
  type BigFiveTrait,
  type DrawdownReaction,
  type EmploymentStability,
  type IpqInvestmentExperience,
  type LikertItem,
  type LiquidityNeed,
} from './instrument.ts';
import type { AssetAllocationData, BeliefsData, DemographicsData, PersonalityData } from './modules.ts';

/**
 * Scoring of the questionnaire. Every score is 0-100 and is a weighted sum of sub-scores, each
 * 0-100, with weights adding to 1; so a score is 50 plus each factor's `points`, weight × (sub-score
 * − 50), and the explanation can say in plain words how far each answer moved it.
 */

export type ScoreFactor = {
  key: string;
  label: string;
  /** The factor's own score, 0-100. */
  score: number;
  weight: number;
  /** How far the factor moves the total from the neutral 50. */
  points: number;
  explanation: string;
};

export type FactorScore = { score: number; factors: ScoreFactor[] };

/** The top of every score of the questionnaire (each runs from 0). */
export const ipqScoreMax = 100;

const clamp = (value: number, low = 0, high = ipqScoreMax) => Math.min(high, Math.max(low, value));

function combine(parts: readonly Omit<ScoreFactor, 'points'>[]): FactorScore {
  const factors = parts.map((part) => ({ ...part, points: part.weight * (part.score - 50) }));
  return { score: clamp(50 + factors.reduce((sum, factor) => sum + factor.points, 0)), factors };
}

/** A five-point agreement answer on 0-100, turned round for a reverse-keyed item. */
export const agreementScore = (item: LikertItem, answer: number) => ((item.reverse ? 6 - answer : answer) - 1) * 25;

/** The mean score of a set of agreement items. */
function likertScore(items: readonly LikertItem[], answers: Readonly<Record<string, number>>): number {
  return items.reduce((sum, item) => sum + agreementScore(item, answers[item.id]!), 0) / items.length;
}

export function personalityTraitScores(data: PersonalityData): Record<BigFiveTrait, number> {
  return Object.fromEntries(
    bigFiveTraits.map((trait) => [
      trait,
      likertScore(
        personalityItems.filter((item) => item.trait === trait),
        data.answers,
      ),
    ]),
  ) as Record<BigFiveTrait, number>;
}

/**
 * The 50/50 choices hang together when accepting one gain means accepting every larger gain: the
 * answers read, from 1.5× to 4×, as some refusals followed only by acceptances.
 */
export function gamblesConsistent(beliefs: Pick<BeliefsData, 'gamble_accepts'>): boolean {
  const firstAccepted = beliefs.gamble_accepts.indexOf(true);
  return firstAccepted === -1 || beliefs.gamble_accepts.slice(firstAccepted).every(Boolean);
}

/**
 * λ: the smallest gain multiple accepted; someone who accepts none has λ = 5. Null when the choices
 * do not hang together (gamblesConsistent): no loss aversion can be read from them.
 */
export function lossAversion(beliefs: Pick<BeliefsData, 'gamble_accepts'>): number | null {
  if (!gamblesConsistent(beliefs)) return null;
  const accepted = gambleGainMultiples.filter((_, index) => beliefs.gamble_accepts[index]);
  return accepted.length ? Math.min(...accepted) : lossAversionIfNoneAccepted;
}

const multiples = (beliefs: Pick<BeliefsData, 'gamble_accepts'>, accepted: boolean) =>
  gambleGainMultiples.filter((_, index) => beliefs.gamble_accepts[index] === accepted).map((multiple) => `${multiple}×`);

const listed = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));

/** What the advisor should go through with the client: answers the scores do not take at face value. */
export function pointsToDiscuss(beliefs: BeliefsData): string[] {
  const points: string[] = [];
  if (!gamblesConsistent(beliefs))
    points.push(
      `The 50/50 choices do not hang together: accepted ${listed(multiples(beliefs, true))} the loss but declined ${listed(multiples(beliefs, false))}. ` +
        'Go through them again: loss aversion was left neutral.',
    );
  if (beliefs.expected_return > unrealisticReturnExpectation)
    points.push(
      `Expects ${beliefs.expected_return}% a year, more than the ${unrealisticReturnExpectation}% a diversified portfolio can be expected to deliver. ` +
        'Talk through realistic returns: the expectation did not raise the risk tolerance.',
    );
  return points;
}

const drawdownScores: Record<DrawdownReaction, number> = { sell_all: 0, sell_some: 100 / 3, hold: 200 / 3, buy_more: 100 };

/** λ 1.5 (close to neutral) scores 100, λ 5 (accepts no gamble) scores 0. */
const lossAversionScore = (lambda: number) =>
  clamp(((lossAversionIfNoneAccepted - lambda) / (lossAversionIfNoneAccepted - gambleGainMultiples[0])) * 100);

/** Calm under setbacks counts most towards bearing risk; openness and extraversion a little. */
export function temperamentScore(traits: Record<BigFiveTrait, number>): number {
  return 0.5 * (100 - traits.neuroticism) + 0.3 * traits.openness + 0.2 * traits.extraversion;
}

/** The loss-aversion factor: λ from consistent choices, neutral (50) when they contradict each other. */
function lossAversionFactor(beliefs: BeliefsData): Omit<ScoreFactor, 'points'> {
  const lambda = lossAversion(beliefs);
  const base = { key: 'loss_aversion', label: 'Loss aversion', weight: 0.3 };
  if (lambda === null)
    return {
      ...base,
      score: 50,
      explanation: `The 50/50 choices contradict each other (accepted ${listed(multiples(beliefs, true))}, declined ${listed(multiples(beliefs, false))}): no loss aversion can be read from them, so this factor is left neutral.`,
    };
  const { loss, gain } = gambleAmounts(
    beliefs.reference_amount,
    gambleGainMultiples.indexOf(Math.min(lambda, 4) as (typeof gambleGainMultiples)[number]),
  );
  return {
    ...base,
    score: lossAversionScore(lambda),
    explanation:
      lambda === lossAversionIfNoneAccepted
        ? `Turned down every 50/50 chance to lose ${formatWholeDollars(loss)}, even for a gain of ${formatWholeDollars(gain)}: strongly loss averse.`
        : `Would take a 50/50 chance to lose ${formatWholeDollars(loss)} for a gain of ${formatWholeDollars(gain)} (loss aversion ${lambda}×; most people need about 2×).`,
  };
}

/**
 * The return expectation: a realistic one (up to 12 % a year) counts a little, 10 points a percent up to
 * 100 at 10 %; an
 * unrealistic one is left out (neutral) and becomes a point to discuss, never more tolerance.
 */
function returnExpectationFactor(beliefs: BeliefsData): Omit<ScoreFactor, 'points'> {
  const expected = beliefs.expected_return;
  const unrealistic = expected > unrealisticReturnExpectation;
  return {
    key: 'return_expectation',
    label: 'Return expectation',
    score: unrealistic ? 50 : clamp(expected * 10),
    weight: 0.05,
    explanation: unrealistic
      ? `Expects ${expected}% a year: more than the ${unrealisticReturnExpectation}% a diversified portfolio can be expected to deliver, so it is left out of the score and listed as a point to discuss.`
      : `Expects ${expected}% a year.`,
  };
}

/** Risk tolerance, the willingness to bear risk: modules 1 and 2. */
export function riskTolerance(personality: PersonalityData, beliefs: BeliefsData): FactorScore {
  const traits = personalityTraitScores(personality);
  return combine([
    lossAversionFactor(beliefs),
    {
      key: 'drawdown_reaction',
      label: 'Reaction to a 20% fall',
      score: drawdownScores[beliefs.drawdown_reaction],
      weight: 0.3,
      explanation: `After a 20% fall would: ${drawdownReactionLabels[beliefs.drawdown_reaction].toLowerCase()}.`,
    },
    {
      key: 'market_beliefs',
      label: 'Beliefs about markets',
      score: likertScore(beliefItems, beliefs.answers),
      weight: 0.15,
      explanation: 'Views on long-run returns, steady versus swinging returns and sitting out a bad year.',
    },
    returnExpectationFactor(beliefs),
    {
      key: 'temperament',
      label: 'Temperament',
      score: temperamentScore(traits),
      weight: 0.2,
      explanation: 'From the personality module: calm under setbacks counts most, then openness to new ideas and extraversion.',
    },
  ]);
}

const experienceScores: Record<IpqInvestmentExperience, number> = { none: 0, less_than_1: 25, '1_to_5': 50, '5_to_10': 75, over_10: 100 };
const employmentScores: Record<EmploymentStability, number> = { stable: 100, variable: 60, retired: 40, unstable: 20 };
const liquidityScores: Record<LiquidityNeed, number> = { low: 100, medium: 50, high: 0 };

/**
 * Horizon scores in full from 20 years; reserves from six months of expenses; income in full from
 * $200,000 a year (half at $100,000); investable wealth in full from $1,000,000 (half at $500,000).
 */
const capacityLimits = {
  fullHorizonYears: 20,
  fullReserveMonths: 6,
  youngestAge: 25,
  oldestAge: 85,
  fullIncome: 200_000,
  fullWealth: 1_000_000,
} as const;

/** A factor nobody answered yet: neutral, and it says so. */
const unanswered = (key: string, label: string, weight: number, what: string): Omit<ScoreFactor, 'points'> => ({
  key,
  label,
  score: 50,
  weight,
  explanation: `${what} not answered yet (module 3): left neutral.`,
});

/**
 * Risk capacity, the ability to bear losses: modules 3 and 4. Each factor moves it the way an advisor
 * would: a longer horizon, a higher or steadier income, more wealth, more reserves and more experience
 * raise it; more dependants, greater age, and money needed soon lower it. Until module 3 is answered,
 * experience and wealth are neutral, never assumed.
 */
export function riskCapacity(
  allocation: Pick<AssetAllocationData, 'investment_experience' | 'retirement_wealth' | 'non_retirement_wealth'> | undefined,
  demographics: DemographicsData,
): FactorScore {
  const { time_horizon_years: horizon, age, emergency_fund_months: reserves, dependants, annual_income: income } = demographics;
  const ageSpan = capacityLimits.oldestAge - capacityLimits.youngestAge;
  const wealth = allocation ? allocation.retirement_wealth + allocation.non_retirement_wealth : null;
  return combine([
    {
      key: 'time_horizon',
      label: 'Time horizon',
      score: clamp((horizon / capacityLimits.fullHorizonYears) * 100),
      weight: 0.3,
      explanation: `${horizon} year${horizon === 1 ? '' : 's'} until the money is needed.`,
    },
    {
      key: 'age',
      label: 'Age',
      score: clamp(((capacityLimits.oldestAge - age) / ageSpan) * 100),
      weight: 0.1,
      explanation: `Aged ${age}.`,
    },
    {
      key: 'income',
      label: 'Income',
      score: clamp((income / capacityLimits.fullIncome) * 100),
      weight: 0.1,
      explanation: `Earns ${formatWholeDollars(income)} a year.`,
    },
    {
      key: 'income_stability',
      label: 'Income stability',
      score: employmentScores[demographics.employment_stability],
      weight: 0.1,
      explanation: `Income: ${employmentStabilityLabels[demographics.employment_stability].toLowerCase()}.`,
    },
    wealth === null
      ? unanswered('wealth', 'Investable wealth', 0.1, 'Savings and investments')
      : {
          key: 'wealth',
          label: 'Investable wealth',
          score: clamp((wealth / capacityLimits.fullWealth) * 100),
          weight: 0.1,
          explanation: `Holds ${formatWholeDollars(wealth)} in savings and investments.`,
        },
    {
      key: 'emergency_fund',
      label: 'Emergency reserves',
      score: clamp((reserves / capacityLimits.fullReserveMonths) * 100),
      weight: 0.1,
      explanation: `Reserves cover ${reserves} month${reserves === 1 ? '' : 's'} of expenses${reserves < capacityLimits.fullReserveMonths ? ' (six is the usual aim)' : ''}.`,
    },
    {
      key: 'liquidity_needs',
      label: 'Liquidity needs',
      score: liquidityScores[demographics.liquidity_needs],
      weight: 0.1,
      explanation: `Need for this money: ${liquidityNeedLabels[demographics.liquidity_needs].toLowerCase()}.`,
    },
    {
      key: 'dependants',
      label: 'Dependants',
      score: clamp(100 - 25 * dependants),
      weight: 0.05,
      explanation: `${dependants} dependant${dependants === 1 ? '' : 's'}${dependants > 0 ? ': each one lowers the capacity' : ''}.`,
    },
    allocation
      ? {
          key: 'experience',
          label: 'Investment experience',
          score: experienceScores[allocation.investment_experience],
          weight: 0.05,
          explanation: `Investing experience: ${ipqInvestmentExperienceLabels[allocation.investment_experience].toLowerCase()}.`,
        }
      : unanswered('experience', 'Investment experience', 0.05, 'Investing experience'),
  ]);
}

/** Upper edges of the five bands on the 0-100 profile score. */
export const bandUpperScores = [20, 40, 60, 80] as const;

export function bandOfScore(score: number): RiskBand {
  const index = bandUpperScores.findIndex((upper) => score < upper);
  return riskBands[index === -1 ? riskBands.length - 1 : index]!;
}

export type RiskProfile = { score: number; limited_by: 'tolerance' | 'capacity'; band: RiskBand; level: RiskCapacity };

/** The profile is the lower of willingness and ability: nobody is asked to bear more than either allows. */
export function riskProfile(tolerance: number, capacity: number): RiskProfile {
  const score = Math.min(tolerance, capacity);
  const band = bandOfScore(score);
  return { score, limited_by: tolerance <= capacity ? 'tolerance' : 'capacity', band, level: riskLevelOfBand(band) };
}
