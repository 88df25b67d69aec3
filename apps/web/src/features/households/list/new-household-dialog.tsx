import Alert from '@mui/material/Alert';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { createHouseholdBodySchema } from '@meridian/domain/households/contracts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { householdTexts } from '../household-texts.ts';
import { useCreateHouseholdMutation } from '../households-api.ts';
import { MemberDraftList, type DraftMember } from '../members/member-draft-list.tsx';

type Values = { name: string; notes: string; members: DraftMember[] };

const emptyForm: Values = { name: '', notes: '', members: [] };
const form = {
  toBody: ({ members, ...values }: Values) => ({
    ...values,
    members: members.map((member) => ({ client_id: member.client.id, role: member.role })),
  }),
  // The members' messages (and any the form has no field for, e.g. the advisor) go in the banner.
  bannerFields: ['members'],
} as const;

/** New Household: name, notes and the first members; checked with the contract, then by the server (422 per field). */
export function NewHouseholdDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { register, control, handleSubmit, reset, banner, applyServerError } = useZodForm(createHouseholdBodySchema, emptyForm, form);
  const [create, { isLoading }] = useCreateHouseholdMutation();

  const close = () => {
    reset(emptyForm);
    onClose();
  };

  const submit = handleSubmit(async (body) => {
    try {
      const household = await create(body).unwrap();
      close();
      void navigate(`/households/${household.id}`);
    } catch (error) {
      applyServerError(error, householdTexts.createHouseholdFailed);
    }
  });

  return (
    <FormDialog
      open={open}
      titleId="new-household-title"
      title="New Household"
      submitLabel="Create"
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={close}
    >
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="new-household-error">
          {banner}
        </Alert>
      )}
      <FormTextField register={register} control={control} name="name" id="new-household-name" label="Household name" required />
      <FormTextField register={register} control={control} name="notes" id="new-household-notes" label="Notes" multiline minRows={2} />
      <Controller
        name="members"
        control={control}
        render={({ field }) => <MemberDraftList members={field.value} onChange={field.onChange} />}
      />
    </FormDialog>
  );
}
