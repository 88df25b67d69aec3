import { ConflictAlert } from './conflict-alert.tsx';

type Props = {
  message: string;
  /** The record as it is now: label and shown value. */
  rows: [string, string][];
  onReload: () => void;
  'data-testid': string;
};

/** A 409 on saving an edit dialog whose edits were kept on top of the current version (useRebasedEditForm). */
export function DraftConflictAlert({ message, rows, onReload, 'data-testid': testId }: Props) {
  return (
    <ConflictAlert
      title={message}
      lead="Current version:"
      rows={rows}
      reloadLabel="Use current version"
      onReload={onReload}
      data-testid={testId}
    >
      Your edits are kept below; the fields you did not edit now show the current version. Save applies your edits to it.
    </ConflictAlert>
  );
}
