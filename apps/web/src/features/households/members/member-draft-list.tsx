import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { HouseholdRole } from '@meridian/domain/clients/contracts';
import { ClientPicker, type ClientOption } from '../../clients/index.ts';
import { householdTexts } from '../household-texts.ts';
import { MemberRoleSelect } from './member-role-select.tsx';

export type DraftMember = { client: ClientOption; role: HouseholdRole };

type Props = { members: DraftMember[]; onChange: (members: DraftMember[]) => void; error?: string | undefined };

/** The first member is the head unless one is already named; the rest default to 'other'. */
const defaultRole = (members: DraftMember[]): HouseholdRole => (members.some((member) => member.role === 'head') ? 'other' : 'head');

/** Members of a new household: picked from the user's clients, each with a role, removable before saving. */
export function MemberDraftList({ members, onChange, error }: Props) {
  const [client, setClient] = useState<ClientOption | null>(null);
  const [role, setRole] = useState<HouseholdRole>(defaultRole(members));
  const [pickError, setPickError] = useState<string | undefined>();

  const add = () => {
    if (!client) {
      setPickError(householdTexts.chooseClient);
      return;
    }
    const next = [...members.filter((member) => member.client.id !== client.id), { client, role }];
    onChange(next);
    setClient(null);
    setRole(defaultRole(next));
    setPickError(undefined);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Members
      </Typography>
      {members.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} aria-label="Members to add">
          {members.map((member, index) => (
            <Box component="li" key={member.client.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
              <Typography sx={{ flex: 1, minWidth: 0 }}>{member.client.name}</Typography>
              <MemberRoleSelect
                id={`new-member-role-${index}`}
                label={`Role of ${member.client.name}`}
                value={member.role}
                onChange={(next) => onChange(members.map((other) => (other === member ? { ...other, role: next } : other)))}
              />
              <IconButton aria-label={`Remove ${member.client.name}`} onClick={() => onChange(members.filter((other) => other !== member))}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 220px' }}>
          <ClientPicker id="new-household-client" label="Client" size="small" value={client} onChange={setClient} error={pickError} />
        </Box>
        <MemberRoleSelect id="new-household-role" value={role} onChange={setRole} />
        <Button startIcon={<AddIcon />} onClick={add} sx={{ mt: 0.25 }}>
          Add member
        </Button>
      </Box>
      {error && (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}
