import { useState } from 'react';
import { conflictCurrent } from './conflict-current.ts';
import { errorText } from './error-text.ts';

export type DraftConflict<T> = { message: string; current: T };

/**
 * The version an edit form's draft was read from, saved with the record's sync_version. A 409
 * (`takeConflict`) gives the user's edits on top of the current version (`rebase`); `reloadCurrent`
 * gives that version's own draft to start again from. The form holds the draft and loads what these give.
 */
export function useRebasedDraft<T, D>(record: T, draftOf: (record: T) => D, rebase: (draft: D, base: T, current: T) => D) {
  const [base, setBase] = useState(record);
  const [conflict, setConflict] = useState<DraftConflict<T> | null>(null);

  /** A failed save of `draft`: when it was a 409, the draft rebased on the current version; null for any other failure. */
  const takeConflict = (error: unknown, fallbackMessage: string, draft: D): D | null => {
    const current = conflictCurrent<T>(error);
    if (!current) return null;
    setBase(current);
    setConflict({ message: errorText(error, fallbackMessage), current });
    return rebase(draft, base, current);
  };

  /** The current version's draft, after a conflict (null without one). */
  const reloadCurrent = (): D | null => {
    if (!conflict) return null;
    setBase(conflict.current);
    setConflict(null);
    return draftOf(conflict.current);
  };

  return { conflict, takeConflict, reloadCurrent };
}
