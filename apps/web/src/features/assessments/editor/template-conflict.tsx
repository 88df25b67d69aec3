import type { TemplateDetail } from '@meridian/domain/assessments/contracts';
import { ConflictAlert } from '../../../components/conflict-alert.tsx';
import { editorTexts as text } from './editor-texts.ts';

type Props = { message: string; current: TemplateDetail; onReload: () => void };

/** A 409 on saving: the template as it now stands, and the way to continue from it (the edits here are replaced). */
export function TemplateConflict({ message, current, onReload }: Props) {
  const rows: [string, string][] = [
    [text.conflictRows.name, current.name],
    [text.conflictRows.version, String(current.current_version)],
    [text.conflictRows.questions, String(current.questions)],
    [text.conflictRows.active, current.is_active ? text.yes : text.no],
  ];
  return (
    <ConflictAlert
      title={message}
      lead={text.conflictLead}
      rows={rows}
      reloadLabel={text.loadCurrent}
      onReload={onReload}
      data-testid="template-conflict"
    />
  );
}
