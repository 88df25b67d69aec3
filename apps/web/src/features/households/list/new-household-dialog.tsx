import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { createHouseholdBodySchema } from '@meridian/domain/households';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { issuesByField } from '../../../lib/issues-by-field.ts';
import { householdTexts } from '../household-texts.ts';
import { useCreateHouseholdMutation } from '../households-api.ts';
import { MemberDraftList, type DraftMember } from '../members/member-draft-list.tsx';

/** Field messages the dialog shows under a field; any other (members, advisor) goes in the banner. */
const fieldKeys = ['name', 'notes'];

function split(errors: Record<string, string>) {
  const fields = Object.fromEntries(Object.entries(errors).filter(([key]) => fieldKeys.includes(key)));
  const others = Object.entries(errors)
    .filter(([key]) => !fieldKeys.includes(key))
    .map(([, message]) => message);
  return { fields, banner: others.length > 0 ? [...new Set(others)].join(' ') : null };
}

/** New Household: name, notes and the first members; checked with the contract, then by the server (422 per field). */
export function NewHouseholdDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [members, setMembers] = useState<DraftMember[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { isLoading }] = useCreateHouseholdMutation();
  const { fields, banner } = split(errors);

  const close = () => {
    setName('');
    setNotes('');
    setMembers([]);
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createHouseholdBodySchema.safeParse({
      name,
      notes,
      members: members.map((member) => ({ client_id: member.client.id, role: member.role })),
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      const household = await create(parsed.data).unwrap();
      close();
      void navigate(`/households/${household.id}`);
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? { form: errorText(error, householdTexts.createHouseholdFailed) });
    }
  };

  return (
    <FormDialog open={open} titleId="new-household-title" title="New Household" submitLabel="Create" busy={isLoading} onSubmit={submit} onClose={close}>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="new-household-error">
          {banner}
        </Alert>
      )}
      <TextField
        id="new-household-name"
        label="Household name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(fields.name)}
        helperText={fields.name ?? ' '}
        fullWidth
        margin="dense"
      />
      <TextField
        id="new-household-notes"
        label="Notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        error={Boolean(fields.notes)}
        helperText={fields.notes ?? ' '}
        fullWidth
        multiline
        minRows={2}
        margin="dense"
      />
      <MemberDraftList members={members} onChange={setMembers} />
    </FormDialog>
  );
}
