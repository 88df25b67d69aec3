import { formatShortDate } from '@meridian/domain/shared/format';
import { updateHouseholdBodySchema, type Household } from '@meridian/domain/households/contracts';
import { householdMessages } from '@meridian/domain/households/messages';
import { DraftConflictAlert } from '../../../components/draft-conflict-alert.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { useRebasedEditForm } from '../../../lib/use-rebased-edit-form.ts';
import { householdDraft } from '../household-draft.ts';
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
  const [update, { isLoading }] = useUpdateHouseholdMutation();
  const { register, control, banner, conflict, note, submit, reload } = useRebasedEditForm({
    record: household,
    model: householdDraft,
    schema: updateHouseholdBodySchema,
    save: (body) => update({ household, ...body, notes: body.notes ?? null }).unwrap(),
    onSaved: onClose,
    messages: { changed: householdMessages.householdChanged, failed: householdTexts.updateHouseholdFailed },
    currentText: (current, field) => (field === 'name' ? current.name : (current.notes ?? '')),
  });

  return (
    <FormDialog
      titleId="edit-household-title"
      title="Edit Household"
      submitLabel="Save"
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <DraftConflictAlert conflict={conflict} rows={conflictRows} onReload={reload} data-testid="household-conflict" />
      <FormError message={banner} />
      <FormTextField
        register={register}
        control={control}
        name="name"
        id="edit-household-name"
        label="Household name"
        required
        helperText={note('name')}
      />
      <FormTextField
        register={register}
        control={control}
        name="notes"
        id="edit-household-notes"
        label="Notes"
        multiline
        minRows={3}
        helperText={note('notes')}
      />
    </FormDialog>
  );
}
