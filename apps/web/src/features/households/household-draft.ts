import type { Household } from '@meridian/domain/households/contracts';

/** The fields of the edit dialog and the version of the household they were read from. */
export type HouseholdDraft = { name: string; notes: string; sync_version: number };
export type HouseholdDraftField = 'name' | 'notes';
const fields: HouseholdDraftField[] = ['name', 'notes'];

export const householdDraftOf = (household: Household): HouseholdDraft => ({
  name: household.name,
  notes: household.notes ?? '',
  sync_version: household.sync_version,
});

/**
 * After a 409: the fields the user changed from `base` keep the user's values, the others take
 * `current`'s, and the draft names `current`'s version, so saving again applies just the user's edits.
 */
export function rebaseHouseholdDraft(draft: HouseholdDraft, base: Household, current: Household): HouseholdDraft {
  const original = householdDraftOf(base);
  const rebased = householdDraftOf(current);
  for (const field of fields) if (draft[field] !== original[field]) rebased[field] = draft[field];
  return rebased;
}

/** The fields whose value in the draft differs from the household's. */
export const changedFields = (draft: HouseholdDraft, household: Household): Set<HouseholdDraftField> => {
  const stored = householdDraftOf(household);
  return new Set(fields.filter((field) => draft[field] !== stored[field]));
};
