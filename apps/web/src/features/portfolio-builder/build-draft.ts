import {
  weightSumTolerance,
  type ModelCreate,
  type ModelPortfolio,
  type ModelTargetKind,
} from '@meridian/domain/model-portfolios/contracts';
import { statisticsLimits } from '@meridian/domain/recommendations/contracts';
import { assetClasses } from '@meridian/domain/securities/contracts';
import { parseNumber } from '../../lib/parse-number.ts';
import type { SecurityOption } from '../market-data/index.ts';

/**
 * What the advisor is building: the securities chosen, a weight for each of them and for each asset
 * class (both kept, so switching the target kind back and forth loses nothing), and the model being
 * edited, if one was loaded or saved. Weights are percentages as typed; the figures and the saves
 * read them through `percents`.
 */
export type Draft = {
  kind: ModelTargetKind;
  securities: SecurityOption[];
  /** Percent as typed, by security id or asset class. */
  weights: Record<string, string>;
  model: ModelPortfolio | null;
};

export const blankDraft: Draft = { kind: 'security', securities: [], weights: {}, model: null };

/** The rows of the draft's kind: security ids, or the five asset classes. */
const draftKeys = (draft: Draft): string[] =>
  draft.kind === 'security' ? draft.securities.map((security) => security.id) : [...assetClasses];

/** Whether a typed weight is a percentage from 0 to 100 (empty is 0). */
export function weightValid(text: string | undefined): boolean {
  const value = parseNumber(text ?? '') ?? 0;
  return Number.isFinite(value) && value >= 0 && value <= 100;
}

/** The weight of each row in percent; a weight that is not valid counts as 0 until it is corrected. */
export const percents = (draft: Draft, keys: readonly string[] = draftKeys(draft)): number[] =>
  keys.map((key) => (weightValid(draft.weights[key]) ? (parseNumber(draft.weights[key] ?? '') ?? 0) : 0));

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export const totalPercent = (draft: Draft): number => sum(percents(draft));

/** The weights add up to 100 % (as closely as a model's must) and every one is valid: the draft can be saved. */
export const draftComplete = (draft: Draft): boolean =>
  draftKeys(draft).every((key) => weightValid(draft.weights[key])) && Math.abs(totalPercent(draft) / 100 - 1) <= weightSumTolerance;

const hundredths = (value: number) => Math.round(value * 100) / 100;
const shown = (percent: number) => String(hundredths(percent));

/**
 * Values in proportion, scaled to add up to exactly 100 in hundredths of a percent: the rounding
 * left over goes to the largest, so the model's sum check passes. All zero stays all zero.
 */
export function scaledTo100(values: readonly number[]): number[] {
  const total = sum(values);
  if (!(total > 0)) return values.map(() => 0);
  const scaled = values.map((value) => hundredths((value * 100) / total));
  const largest = scaled.indexOf(Math.max(...scaled));
  scaled[largest] = hundredths(scaled[largest]! + 100 - sum(scaled));
  return scaled;
}

/** The draft with these percentages for its rows (in row order). */
export function withPercents(draft: Draft, values: readonly number[]): Draft {
  const keys = draftKeys(draft);
  return { ...draft, weights: { ...draft.weights, ...Object.fromEntries(keys.map((key, index) => [key, shown(values[index] ?? 0)])) } };
}

/** "Scale to 100 %": every weight in proportion, adding up to 100. */
export const scaleDraft = (draft: Draft): Draft => withPercents(draft, scaledTo100(percents(draft)));

/** Adds a security (once, and up to the statistics' limit) with what is left to reach 100 % as its weight. */
export function addSecurity(draft: Draft, security: SecurityOption): Draft {
  if (draft.securities.length >= statisticsLimits.securitiesMax || draft.securities.some((chosen) => chosen.id === security.id))
    return draft;
  const left = Math.max(0, 100 - totalPercent(draft));
  return { ...draft, securities: [...draft.securities, security], weights: { ...draft.weights, [security.id]: shown(left) } };
}

export function removeSecurity(draft: Draft, id: string): Draft {
  const weights = { ...draft.weights };
  delete weights[id];
  return { ...draft, securities: draft.securities.filter((security) => security.id !== id), weights };
}

export const setWeight = (draft: Draft, key: string, text: string): Draft => ({ ...draft, weights: { ...draft.weights, [key]: text } });

/** A model opened for editing: its kind, its securities and its weights (in percent, adding up to 100). */
export function draftFromModel(model: ModelPortfolio): Draft {
  const securities = model.targets.flatMap((target) => (target.security ? [target.security] : []));
  const draft: Draft = { kind: model.target_kind, securities, weights: {}, model };
  const byKey = new Map(model.targets.map((target) => [target.security?.id ?? target.asset_class ?? '', target.weight]));
  return withPercents(draft, scaledTo100(draftKeys(draft).map((key) => byKey.get(key) ?? 0)));
}

/** The targets a model is saved with: every row with a weight, as a fraction. */
export function modelTargets(draft: Draft): ModelCreate['targets'] {
  const keys = draftKeys(draft);
  return percents(draft, keys).flatMap((percent, index) => {
    if (percent <= 0) return [];
    const weight = percent / 100;
    return [
      draft.kind === 'security'
        ? { security_id: keys[index]!, weight }
        : { asset_class: keys[index] as (typeof assetClasses)[number], weight },
    ];
  });
}
