import type { DraftConflict } from '../lib/use-rebased-edit-form.ts';
import { ConflictAlert } from './conflict-alert.tsx';

type Props<T> = {
  /** The edit form's conflict; nothing is shown without one. */
  conflict: DraftConflict<T> | null;
  /** The record as it is now: label and shown value. */
  rows: (current: T) => [string, string][];
  onReload: () => void;
  'data-testid': string;
};

/** A 409 on saving an edit dialog whose edits were kept on top of the current version (useRebasedEditForm). */
export function DraftConflictAlert<T>({ conflict, rows, onReload, 'data-testid': testId }: Props<T>) {
  if (!conflict) return null;
  return (
    <ConflictAlert
      title={conflict.message}
      lead="Current version:"
      rows={rows(conflict.current)}
      reloadLabel="Use current version"
      onReload={onReload}
      data-testid={testId}
    >
      Your edits are kept below; the fields you did not edit now show the current version. Save applies your edits to it.
    </ConflictAlert>
  );
}
