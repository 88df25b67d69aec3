import { isScored, itemScores, type Answers } from './answers.ts';
import type { TemplateDefinition } from './template-definition.ts';

/** How consistently a template's questions measure one thing, and how its scores spread. */

/**
 * Row totals whose variance is below this do not vary: the rest is the rounding of sums such as
 * 0.1 + 0.7, which would make alpha a huge negative number instead of undefined.
 */
const varianceTolerance = 1e-12;

/** Sample variance (n − 1 in the denominator) of at least two values. */
function sampleVariance(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
}

/**
 * Cronbach's alpha of a matrix whose rows are respondents and columns items:
 *
 *   α = k / (k − 1) × (1 − Σ var(item) / var(row total))
 *
 * with k items and sample variances (n − 1). It is 1 when the items rise and fall together and falls
 * towards 0 (or below, when items pull against each other) as they vary independently. Null when it
 * is undefined: fewer than 2 items, fewer than 2 respondents, or row totals that never vary
 * (within rounding).
 * Throws a RangeError when the rows differ in length or hold a number that is not finite.
 */
export function cronbachAlpha(matrix: readonly (readonly number[])[]): number | null {
  const items = matrix[0]?.length ?? 0;
  if (matrix.some((row) => row.length !== items || !row.every(Number.isFinite))) {
    throw new RangeError('Every row needs the same number of finite item scores');
  }
  if (items < 2 || matrix.length < 2) return null;
  const totalVariance = sampleVariance(matrix.map((row) => row.reduce((sum, value) => sum + value, 0)));
  if (totalVariance < varianceTolerance) return null;
  let itemVariances = 0;
  for (let item = 0; item < items; item += 1) itemVariances += sampleVariance(matrix.map((row) => row[item] as number));
  return (items / (items - 1)) * (1 - itemVariances / totalVariance);
}

/** A template's alpha is shown only once it has this many complete responses: fewer make it noise. */
export const minimumResponsesForReliability = 10;

export type SectionReliability = {
  section_key: string;
  title: string;
  /** Scored questions of the section (the matrix's columns). */
  items: number;
  /** Responses that answered every one of them (its rows). */
  respondents: number;
  alpha: number | null;
};

/**
 * Cronbach's alpha of each section with at least two scored questions, over the responses that
 * answered all of them. Items are scored as answered (reverse-keyed scales reversed), before their
 * weights. Gating on minimumResponsesForReliability is the caller's.
 */
export function scaleReliability(definition: TemplateDefinition, responses: readonly Answers[]): SectionReliability[] {
  const scored = responses.map((answers) => itemScores(definition, answers));
  return definition.sections
    .filter((section) => section.questions.filter(isScored).length >= 2)
    .map((section) => {
      const rows: number[][] = [];
      for (const scores of scored) {
        const row = scores.filter((item) => item.section_key === section.key).map((item) => item.score);
        if (row.every((score) => score !== null)) rows.push(row);
      }
      return {
        section_key: section.key,
        title: section.title,
        items: section.questions.filter(isScored).length,
        respondents: rows.length,
        alpha: cronbachAlpha(rows),
      };
    });
}

export type DistributionBin = { from: number; to: number; count: number };

/**
 * Percentages counted in `bins` equal bins over 0..100; each bin holds [from, to) except the last,
 * which holds 100 too. Values outside 0..100 fall in the nearest end bin; null and NaN are skipped.
 */
export function scoreDistribution(percents: readonly (number | null)[], bins = 10): DistributionBin[] {
  if (!Number.isInteger(bins) || bins < 1) throw new RangeError('bins must be a whole number of at least 1');
  const result = Array.from({ length: bins }, (_, index) => ({ from: (index * 100) / bins, to: ((index + 1) * 100) / bins, count: 0 }));
  for (const percent of percents) {
    if (percent === null || Number.isNaN(percent)) continue;
    // × bins / 100 rather than ÷ width: 30 lands in bin 3 exactly, with no 29.999… from a rounded width.
    const index = Math.min(bins - 1, Math.max(0, Math.floor((percent * bins) / 100)));
    (result[index] as DistributionBin).count += 1;
  }
  return result;
}

export type AlphaLabel = 'Excellent' | 'Good' | 'Acceptable' | 'Questionable' | 'Poor' | 'Unacceptable';

/** George & Mallery's rule of thumb: ≥ .9 excellent, ≥ .8 good, ≥ .7 acceptable, ≥ .6 questionable, ≥ .5 poor. */
export function alphaLabel(alpha: number): AlphaLabel {
  if (alpha >= 0.9) return 'Excellent';
  if (alpha >= 0.8) return 'Good';
  if (alpha >= 0.7) return 'Acceptable';
  if (alpha >= 0.6) return 'Questionable';
  if (alpha >= 0.5) return 'Poor';
  return 'Unacceptable';
}
