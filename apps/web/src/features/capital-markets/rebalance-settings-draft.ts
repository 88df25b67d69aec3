import type { FirmRebalanceSettingsRecord } from '@meridian/domain/recommendations/tax-settings';
import type { DraftModel } from '../../lib/record-draft.ts';
import { parseNumber } from '../../lib/parse-number.ts';

/** The rebalancing form's fields: the rates as percent texts, the ratio as typed, and the version they were read at. */
export type RebalanceSettingsDraft = {
  rebalance_to: FirmRebalanceSettingsRecord['rebalance_to'];
  min_benefit_ratio: string;
  short_term_rate: string;
  long_term_rate: string;
  sync_version: number;
};

type Field = 'rebalance_to' | 'min_benefit_ratio' | 'short_term_rate' | 'long_term_rate';

/** A fraction as the rate inputs show it: percent with up to two decimals. */
export const percentText = (fraction: number) => String(Number((fraction * 100).toFixed(2)));

export const rebalanceSettingsDraft: DraftModel<FirmRebalanceSettingsRecord, RebalanceSettingsDraft, Field> = {
  draftOf: (settings) => ({
    rebalance_to: settings.rebalance_to,
    min_benefit_ratio: String(settings.min_benefit_ratio),
    short_term_rate: percentText(settings.short_term_rate),
    long_term_rate: percentText(settings.long_term_rate),
    sync_version: settings.sync_version,
  }),
  fields: ['rebalance_to', 'min_benefit_ratio', 'short_term_rate', 'long_term_rate'],
};

/** A percent text as a fraction ('32', '32 %' → 0.32); left out when empty, NaN when not a number, so the schema names it. */
const fraction = (text: string) => {
  const value = parseNumber(text.replace('%', ''));
  return value === undefined ? undefined : value / 100;
};

/** The body the shared schema checks, made of the draft. */
export const rebalanceSettingsBody = (draft: RebalanceSettingsDraft) => ({
  rebalance_to: draft.rebalance_to,
  min_benefit_ratio: parseNumber(draft.min_benefit_ratio),
  short_term_rate: fraction(draft.short_term_rate),
  long_term_rate: fraction(draft.long_term_rate),
  sync_version: draft.sync_version,
});
