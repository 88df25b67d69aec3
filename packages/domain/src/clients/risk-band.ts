import { riskBandLabels, riskBands, type RiskBand } from '../model-portfolios/contracts.ts';
import type { RiskCapacity } from './contracts.ts';

/**
 * A client's risk band: the questionnaire's five levels, the one band every screen shows. A client
 * without a completed questionnaire or an advisor's documented choice has none ("Not assessed").
 * The spec's three-level profile (Conservative, Moderate, Aggressive; risk_capacity low, medium,
 * high) is derived from the band here and nowhere else.
 */

/** Who set the band: a completed questionnaire (confirmed by the advisor when it changed) or an advisor by hand, with a reason. */
export const riskBandSources = ['questionnaire', 'advisor'] as const;

/** The filter value of clients without a band. */
export const notAssessed = 'not_assessed';
export const riskBandFilterValues = [...riskBands, notAssessed] as const;
export type RiskBandFilterValue = (typeof riskBandFilterValues)[number];

const notAssessedLabel = 'Not assessed';

/** "Moderately aggressive", or "Not assessed" without a band. */
export const riskBandLabel = (band: RiskBand | null | undefined): string => (band ? riskBandLabels[band] : notAssessedLabel);

/** The three-level risk capacity of a band: the two conservative bands are low, the two aggressive high. */
export function riskLevelOfBand(band: RiskBand): RiskCapacity;
export function riskLevelOfBand(band: RiskBand | null | undefined): RiskCapacity | null;
export function riskLevelOfBand(band: RiskBand | null | undefined): RiskCapacity | null {
  if (!band) return null;
  if (band === 'conservative' || band === 'moderately_conservative') return 'low';
  if (band === 'moderate') return 'medium';
  return 'high';
}

/** The bands a three-level value stands for (what a filter on risk_capacity selects). */
export const bandsOfRiskLevel = (level: RiskCapacity): RiskBand[] => riskBands.filter((band) => riskLevelOfBand(band) === level);

export type RiskChipProfile = 'Conservative' | 'Moderate' | 'Aggressive';
const profileOfLevel: Record<RiskCapacity, RiskChipProfile> = { low: 'Conservative', medium: 'Moderate', high: 'Aggressive' };

/** The spec's three-level chip of a band, and the sentence saying where it comes from; null without a band. */
export function derivedRiskProfile(band: RiskBand | null | undefined): { profile: RiskChipProfile; derivation: string } | null {
  if (!band) return null;
  return { profile: profileOfLevel[riskLevelOfBand(band)], derivation: `Derived from the risk band ${riskBandLabels[band]}` };
}
