import { scorePercent, type ResponseScore } from '@meridian/domain/assessments/answers';
import type { IpqOutcome } from '@meridian/domain/ipq/outcome';
import { ipqScoreMax } from '@meridian/domain/ipq/scoring';

type Kind = 'ipq' | 'custom';

/**
 * The one kind of score a complete response shows whatever its questionnaire: the percent of the
 * most it could score (scorePercent), read from the results kept when it was completed. A custom
 * assessment's is its total's; the investor questionnaire's is its risk profile score, out of 100.
 * Null when it has no results yet or nothing in it scores.
 */
export function responseScorePercent(kind: Kind, results: unknown): number | null {
  if (!results || typeof results !== 'object') return null;
  if (kind === 'ipq') {
    const score = (results as Partial<IpqOutcome>).prediction?.profile.score;
    return score === undefined ? null : scorePercent(score, ipqScoreMax);
  }
  const total = (results as Partial<ResponseScore>).total;
  return total ? scorePercent(total.score, total.max) : null;
}
