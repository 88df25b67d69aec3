import { formatShortDate } from '@meridian/domain/shared/format';
import { updateHouseholdBodySchema, type Household } from '@meridian/domain/households/contracts';
import { householdMessages } from '@meridian/domain/households/messages';
import { DraftConflictAlert } from '../../../components/draft-conflict-alert.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { useRebasedDraft } from '../../../lib/use-rebased-draft.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
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
  const { conflict, takeConflict, reloadCurrent } = useRebasedDraft(household, householdDraftOf, rebaseHouseholdDraft);
  const { register, control, handleSubmit, reset, getValues, watch, banner, applyServerError } = useZodForm(
    updateHouseholdBodySchema,
    householdDraftOf(household),
  );
  const [update, { isLoading }] = useUpdateHouseholdMutation();
  const draft = watch();
  const differing = conflict ? changedFields(draft, conflict.current) : new Set<HouseholdDraftField>();
  const note = (field: HouseholdDraftField) => {
    if (!conflict || !differing.has(field)) return ' ';
    return `Current version: ${(field === 'name' ? conflict.current.name : conflict.current.notes) || '(empty)'}`;
  };

  const submit = handleSubmit(async (body) => {
    try {
      await update({ household, ...body, notes: body.notes ?? null }).unwrap();
      onClose();
    } catch (error) {
      const rebased = takeConflict(error, householdMessages.householdChanged, getValues());
      if (rebased) reset(rebased);
      else applyServerError(error, householdTexts.updateHouseholdFailed);
    }
  });

  const reload = () => {
    const current = reloadCurrent();
    if (current) reset(current);
  };

  return (
    <FormDialog
      titleId="edit-household-title"
      title="Edit Household"
      submitLabel="Save"
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      {conflict && (
        <DraftConflictAlert
          message={conflict.message}
          rows={conflictRows(conflict.current)}
          onReload={reload}
          data-testid="household-conflict"
        />
      )}
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
