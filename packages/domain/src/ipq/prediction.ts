import { riskBandEquityRange, riskBandLabels, riskBands, type RiskBand } from '../model-portfolios/contracts.ts';
import { ipqMessages } from './messages.ts';
import type { IpqAnswers } from './modules.ts';
import {
  pointsToDiscuss,
  riskCapacity,
  riskProfile,
  riskTolerance,
  type FactorScore,
  type RiskProfile,
  type ScoreFactor,
} from './scoring.ts';

/**
 * The prediction: the share of stocks the client should hold and the model portfolio that holds it.
 * The profile score sets a base share; the horizon caps it (a glide path: money needed soon cannot
 * ride out a fall); the band of that share, never riskier than the profile's, picks the model.
 */

/** Prediction results are kept 24 hours (spec), or until an answer changes. */
export const predictionTtlMs = 24 * 60 * 60 * 1000;

const equityShareLimits = { floor: 10, ceiling: 95 } as const;

/** The base equity share (percent) of a profile score: 10 % at 0, 95 % at 100. */
export const baseEquityShare = (score: number) =>
  equityShareLimits.floor + ((equityShareLimits.ceiling - equityShareLimits.floor) * score) / 100;

/** The glide path: the most stock a horizon allows, 23 % at one year rising 8 points a year to 95 %. */
export const glidePathCap = (horizonYears: number) => Math.min(equityShareLimits.ceiling, 15 + 8 * horizonYears);

/** The band whose equity range is centred nearest the share (ties go to the safer band). */
export function bandOfEquityShare(sharePercent: number): RiskBand {
  let best: RiskBand = riskBands[0];
  for (const band of riskBands) {
    const [low, high] = riskBandEquityRange[band];
    const [bestLow, bestHigh] = riskBandEquityRange[best];
    if (Math.abs((low + high) * 50 - sharePercent) < Math.abs((bestLow + bestHigh) * 50 - sharePercent)) best = band;
  }
  return best;
}

const saferBand = (a: RiskBand, b: RiskBand) => (riskBands.indexOf(a) <= riskBands.indexOf(b) ? a : b);

export type Prediction = {
  risk_tolerance: FactorScore;
  risk_capacity: FactorScore;
  profile: RiskProfile;
  base_equity_share: number;
  glide_path_cap: number;
  recommended_equity_share: number;
  recommended_band: RiskBand;
  /** Today's equity share from the asset-allocation module; null when it was not answered. */
  current_equity_share: number | null;
  /** Current minus recommended, in percentage points; positive holds more stock than advised. */
  equity_gap: number | null;
  /** Every reason in plain words, the largest effect first. */
  explanation: string[];
  /** Answers the scores do not take at face value, for the advisor to go through with the client. */
  points_to_discuss: string[];
};

export class PredictionGateError extends Error {
  constructor() {
    super(ipqMessages.modulesIncomplete);
  }
}

const describe = (factor: ScoreFactor, of: string) => {
  const points = Math.round(factor.points * 10) / 10;
  const effect = points === 0 ? `leaves ${of} unchanged` : `${points > 0 ? 'raises' : 'lowers'} ${of} by ${Math.abs(points)} points`;
  return `${factor.label}: ${factor.explanation} This ${effect}.`;
};

const round = (value: number) => Math.round(value);

export function predict(answers: IpqAnswers): Prediction {
  const { personality, beliefs, demographics, asset_allocation: allocation } = answers;
  // The modules the prediction needs (spec): asset allocation only adds the gap to what is held today.
  if (!personality || !beliefs || !demographics) throw new PredictionGateError();
  const tolerance = riskTolerance(personality, beliefs);
  const capacity = riskCapacity(allocation, demographics);
  const profile = riskProfile(tolerance.score, capacity.score);
  const base = baseEquityShare(profile.score);
  const cap = glidePathCap(demographics.time_horizon_years);
  const recommended = round(Math.min(base, cap));
  const band = saferBand(profile.band, bandOfEquityShare(recommended));
  const current = allocation && allocation.retirement_wealth + allocation.non_retirement_wealth > 0 ? allocation.total_equity_share : null;
  const gap = current === null ? null : Math.round((current - recommended) * 10) / 10;

  const limiting = profile.limited_by === 'tolerance' ? tolerance : capacity;
  const explanation = [
    `Risk tolerance ${round(tolerance.score)} and risk capacity ${round(capacity.score)} out of 100: the profile takes the lower, ${profile.limited_by} (${round(profile.score)}), which is ${riskBandLabels[profile.band].toLowerCase()}.`,
    ...[...limiting.factors].sort((a, b) => Math.abs(b.points) - Math.abs(a.points)).map((factor) => describe(factor, profile.limited_by)),
    cap < base
      ? `Time horizon: with ${demographics.time_horizon_years} year${demographics.time_horizon_years === 1 ? '' : 's'} to go, the glide path holds stocks to ${cap}% instead of ${round(base)}%.`
      : `Time horizon: ${demographics.time_horizon_years} years leave room for the full ${round(base)}% in stocks.`,
    `Recommended: ${recommended}% in stocks, the ${riskBandLabels[band].toLowerCase()} model.`,
  ];
  if (gap !== null && Math.abs(gap) >= 1) {
    explanation.push(`Today ${current}% is in stocks: ${Math.abs(gap)} points ${gap > 0 ? 'more' : 'less'} than recommended.`);
  }
  return {
    risk_tolerance: tolerance,
    risk_capacity: capacity,
    profile,
    base_equity_share: base,
    glide_path_cap: cap,
    recommended_equity_share: recommended,
    recommended_band: band,
    current_equity_share: current,
    equity_gap: gap,
    explanation,
    points_to_discuss: pointsToDiscuss(beliefs),
  };
}
