import Box from '@mui/material/Box';
import { useState, type FormEvent } from 'react';
import type { HouseholdRole } from '@meridian/domain/clients';
import type { Household } from '@meridian/domain/households';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { ClientPicker, type ClientOption } from '../../clients/index.ts';
import { householdTexts } from '../household-texts.ts';
import { useSetHouseholdMembersMutation } from '../households-api.ts';
import { memberInputsOf } from './member-inputs.ts';
import { MemberRoleSelect } from './member-role-select.tsx';

/** Adds one of the user's clients with a role: the whole list is sent, conditional on the version shown. */
export function AddMemberDialog({ household, onClose }: { household: Household; onClose: () => void }) {
  const [client, setClient] = useState<ClientOption | null>(null);
  const [role, setRole] = useState<HouseholdRole>(household.members.some((member) => member.role === 'head') ? 'other' : 'head');
  const [pickError, setPickError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [setMembers, { isLoading }] = useSetHouseholdMembersMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!client) {
      setPickError(householdTexts.chooseClient);
      return;
    }
    setPickError(undefined);
    try {
      const others = memberInputsOf(household).filter((member) => member.client_id !== client.id);
      await setMembers({ household, members: [...others, { client_id: client.id, role }], sync_version: household.sync_version }).unwrap();
      onClose();
    } catch (failure) {
      setError(errorText(failure, householdTexts.updateMembersFailed));
    }
  };

  return (
    <FormDialog titleId="add-member-title" title="Add member" submitLabel="Add" busy={isLoading} onSubmit={submit} onClose={onClose}>
      <FormError message={error} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', pt: 1 }}>
        <Box sx={{ flex: '1 1 260px' }}>
          <ClientPicker id="add-member-client" label="Client" size="small" value={client} onChange={setClient} error={pickError} />
        </Box>
        <MemberRoleSelect id="add-member-role" value={role} onChange={setRole} />
      </Box>
    </FormDialog>
  );
}
