import Box from '@mui/material/Box';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { HouseholdRole } from '@meridian/domain/clients/contracts';
import { setHouseholdMembersBodySchema, type Household, type HouseholdMemberInput } from '@meridian/domain/households/contracts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ClientPicker, type ClientOption } from '../../clients/index.ts';
import { householdTexts } from '../household-texts.ts';
import { useSetHouseholdMembersMutation } from '../households-api.ts';
import { memberInputsOf } from './member-inputs.ts';
import { MemberRoleSelect } from './member-role-select.tsx';

type Values = { client: ClientOption | null; role: HouseholdRole; current: HouseholdMemberInput[]; sync_version: number };

/** The whole member list the server takes, and the client picked to join it. */
const addMemberSchema = setHouseholdMembersBodySchema.extend({ client_id: z.string({ error: householdTexts.chooseClient }) });
const form = {
  toBody: ({ client, role, current, sync_version }: Values) => ({
    client_id: client?.id,
    members: client ? [...current.filter((member) => member.client_id !== client.id), { client_id: client.id, role }] : current,
    sync_version,
  }),
  fieldOf: { client_id: 'client' },
} as const;

/** Adds one of the user's clients with a role: the whole list is sent, conditional on the version shown. */
export function AddMemberDialog({ household, onClose }: { household: Household; onClose: () => void }) {
  const { control, handleSubmit, banner, applyServerError } = useZodForm(
    addMemberSchema,
    {
      client: null,
      role: household.members.some((member) => member.role === 'head') ? 'other' : 'head',
      current: memberInputsOf(household),
      sync_version: household.sync_version,
    },
    form,
  );
  const [setMembers, { isLoading }] = useSetHouseholdMembersMutation();

  const submit = handleSubmit(async ({ client_id: _picked, ...body }) => {
    try {
      await setMembers({ household, ...body }).unwrap();
      onClose();
    } catch (failure) {
      applyServerError(failure, householdTexts.updateMembersFailed);
    }
  });

  return (
    <FormDialog
      titleId="add-member-title"
      title="Add member"
      submitLabel="Add"
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormError message={banner} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', pt: 1 }}>
        <Box sx={{ flex: '1 1 260px' }}>
          <Controller
            name="client"
            control={control}
            render={({ field, fieldState }) => (
              <ClientPicker
                id="add-member-client"
                label="Client"
                size="small"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Box>
        <Controller
          name="role"
          control={control}
          render={({ field }) => <MemberRoleSelect id="add-member-role" value={field.value} onChange={field.onChange} />}
        />
      </Box>
    </FormDialog>
  );
}
