import type { Household } from '@meridian/domain/households/contracts';
import type { DraftModel } from '../../lib/record-draft.ts';

/** The fields of the edit dialog and the version of the household they were read from. */
export type HouseholdDraft = { name: string; notes: string; sync_version: number };

export const householdDraft: DraftModel<Household, HouseholdDraft, 'name' | 'notes'> = {
  draftOf: (household) => ({ name: household.name, notes: household.notes ?? '', sync_version: household.sync_version }),
  fields: ['name', 'notes'],
};
