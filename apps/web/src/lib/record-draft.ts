/**
 * How an edit form's draft is made from a record and compared with one: the draft's editable fields, and the
 * value of a field that counts when comparing (a picked record by its key; the field itself by default).
 */
export type DraftModel<T, D, F extends keyof D & string> = {
  draftOf: (record: T) => D;
  fields: readonly F[];
  comparedValue?: (draft: D, field: F) => unknown;
};

const compared = <T, D, F extends keyof D & string>(model: DraftModel<T, D, F>, draft: D, field: F) =>
  model.comparedValue ? model.comparedValue(draft, field) : draft[field];

/** The fields whose value in the draft differs from the record's. */
export function changedFields<T, D, F extends keyof D & string>(model: DraftModel<T, D, F>, draft: D, record: T): Set<F> {
  const stored = model.draftOf(record);
  return new Set(model.fields.filter((field) => compared(model, draft, field) !== compared(model, stored, field)));
}

/**
 * A draft moved onto a newer version after a 409: the fields the user changed from `base` keep the user's values,
 * the others take `current`'s, and the draft is `current`'s (its sync_version), so saving again applies exactly the
 * user's edits on top of the other change.
 */
export function rebaseDraft<T, D, F extends keyof D & string>(model: DraftModel<T, D, F>, draft: D, base: T, current: T): D {
  const rebased = model.draftOf(current);
  for (const field of changedFields(model, draft, base)) rebased[field] = draft[field];
  return rebased;
}
