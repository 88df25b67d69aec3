import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { householdRoles, type HouseholdRole } from '@meridian/domain/clients/contracts';
import { householdRoleLabels } from '../household-labels.ts';

type Props = { id: string; label?: string; value: HouseholdRole; onChange: (role: HouseholdRole) => void; error?: string | undefined };

/** Head, spouse, child or other. */
export function MemberRoleSelect({ id, label = 'Role', value, onChange, error }: Props) {
  return (
    <TextField
      id={id}
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as HouseholdRole)}
      error={Boolean(error)}
      helperText={error}
      sx={{ minWidth: 130 }}
    >
      {householdRoles.map((role) => (
        <MenuItem key={role} value={role}>
          {householdRoleLabels[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}
