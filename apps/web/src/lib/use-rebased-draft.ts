import { useState } from 'react';
import { conflictCurrent } from './conflict-current.ts';
import { errorText } from './error-text.ts';

export type DraftConflict<T> = { message: string; current: T };

/**
 * The draft of an edit form saved with the record's sync_version. A 409 (`takeConflict`) keeps the
 * user's edits on top of the current version (`rebase`); `reloadCurrent` starts again from that version.
 */
export function useRebasedDraft<T, D>(record: T, draftOf: (record: T) => D, rebase: (draft: D, base: T, current: T) => D) {
  const [base, setBase] = useState(record);
  const [draft, setDraft] = useState<D>(() => draftOf(record));
  const [conflict, setConflict] = useState<DraftConflict<T> | null>(null);

  /** A failed save: true, with the draft rebased, when it was a 409; false for any other failure. */
  const takeConflict = (error: unknown, fallbackMessage: string) => {
    const current = conflictCurrent<T>(error);
    if (!current) return false;
    setDraft(rebase(draft, base, current));
    setBase(current);
    setConflict({ message: errorText(error, fallbackMessage), current });
    return true;
  };

  const reloadCurrent = () => {
    if (!conflict) return;
    setDraft(draftOf(conflict.current));
    setBase(conflict.current);
    setConflict(null);
  };

  return { draft, setDraft, conflict, takeConflict, reloadCurrent };
}
