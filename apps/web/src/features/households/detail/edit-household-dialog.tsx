import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { formatShortDate } from '@meridian/domain/format';
import { updateHouseholdBodySchema, type Household } from '@meridian/domain/households';
import { householdMessages } from '@meridian/domain/household-messages';
import { DraftConflictAlert } from '../../../components/draft-conflict-alert.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { useRebasedDraft } from '../../../lib/use-rebased-draft.ts';
import { issuesByField } from '../../../lib/issues-by-field.ts';
import { changedFields, householdDraftOf, rebaseHouseholdDraft, type HouseholdDraftField } from '../household-draft.ts';
import { householdTexts } from '../household-texts.ts';
import { useUpdateHouseholdMutation } from '../households-api.ts';

const conflictRows = (current: Household): [string, string][] => [
  ['Name', current.name],
  ['Notes', current.notes ?? '—'],
  ['Members', String(current.member_count)],
  ['Changed', formatShortDate(current.updated_at)],
];

/** Renames a household or changes its notes; a 409 keeps the user's edits on top of the current version. */
export function EditHouseholdDialog({ household, onClose }: { household: Household; onClose: () => void }) {
  const { draft, setDraft, conflict, takeConflict, reloadCurrent } = useRebasedDraft(household, householdDraftOf, rebaseHouseholdDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [update, { isLoading }] = useUpdateHouseholdMutation();
  const differing = conflict ? changedFields(draft, conflict.current) : new Set<HouseholdDraftField>();
  const note = (field: HouseholdDraftField) => {
    if (!conflict || !differing.has(field)) return ' ';
    return `Current version: ${(field === 'name' ? conflict.current.name : conflict.current.notes) || '(empty)'}`;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateHouseholdBodySchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      await update({ household, ...parsed.data, notes: parsed.data.notes ?? null }).unwrap();
      onClose();
    } catch (error) {
      if (takeConflict(error, householdMessages.householdChanged)) return;
      setErrors(serverFieldErrors(error) ?? { form: errorText(error, householdTexts.updateHouseholdFailed) });
    }
  };

  const reload = () => {
    reloadCurrent();
    setErrors({});
  };

  return (
    <FormDialog titleId="edit-household-title" title="Edit Household" submitLabel="Save" busy={isLoading} onSubmit={submit} onClose={onClose}>
      {conflict && <DraftConflictAlert message={conflict.message} rows={conflictRows(conflict.current)} onReload={reload} data-testid="household-conflict" />}
      <FormError message={errors.form} />
      <TextField
        id="edit-household-name"
        label="Household name"
        required
        value={draft.name}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name ?? note('name')}
        fullWidth
        margin="dense"
      />
      <TextField
        id="edit-household-notes"
        label="Notes"
        value={draft.notes}
        onChange={(event) => setDraft({ ...draft, notes: event.target.value })}
        error={Boolean(errors.notes)}
        helperText={errors.notes ?? note('notes')}
        fullWidth
        multiline
        minRows={3}
        margin="dense"
      />
    </FormDialog>
  );
}
