import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@meridian/domain/shared/format';
import type { Household, HouseholdMember } from '@meridian/domain/households/contracts';
import { CompactTable, type CompactColumn } from '../../../components/compact-table.tsx';
import { hiddenBelow } from '../../../components/hidden-below.ts';
import { RecordRow } from '../../../components/record-row.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { ClientAvatar } from '../../clients/index.ts';
import { roleLabel } from '../household-labels.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

type Props = { household: Household; readOnly: boolean; onAdd: () => void; onRemove: (member: HouseholdMember) => void };

const wide = hiddenBelow('sm');

const columns = (readOnly: boolean): CompactColumn[] => [
  { label: 'Name' },
  { label: 'Role', hideBelow: 'sm' },
  { label: 'E-mail', hideBelow: 'sm' },
  { label: 'AUM', align: 'right' },
  ...(readOnly
    ? []
    : [
        {
          label: (
            <Box component="span" sx={visuallyHidden}>
              Actions
            </Box>
          ),
          align: 'right',
        } as const,
      ]),
];

export const memberName = (member: HouseholdMember) => `${member.first_name} ${member.last_name}`;

/** The members, head first: each name (or a click on the row) opens the client's profile. */
export function HouseholdMembers({ household, readOnly, onAdd, onRemove }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="household-members-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, flexWrap: 'wrap' }}>
        <Typography id="household-members-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {`Members (${household.member_count})`}
        </Typography>
        {!readOnly && (
          <Button variant="outlined" startIcon={<PersonAddAlt1Icon />} onClick={onAdd}>
            Add member
          </Button>
        )}
      </Box>
      {household.members.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 3 }} data-testid="members-empty">
          No members yet. Add the family's clients with Add member.
        </Typography>
      ) : (
        <CompactTable label="Members" columns={columns(readOnly)}>
          {household.members.map((member) => (
            <RecordRow key={member.client_id} to={`/clients/${member.client_id}/profile`} data-testid={`member-row-${member.client_id}`}>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <ClientAvatar firstName={member.first_name} lastName={member.last_name} size={32} />
                  <Box>
                    <TextLink to={`/clients/${member.client_id}/profile`}>{memberName(member)}</TextLink>
                    {/* On a phone the role stands under the name, so the AUM keeps its room. */}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {roleLabel(member.role)}
                    </Typography>
                  </Box>
                </Box>
              </TableCell>
              <TableCell sx={wide}>{roleLabel(member.role)}</TableCell>
              <TableCell sx={{ ...wide, overflowWrap: 'anywhere' }}>{member.email}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatDollars(member.aum)}
              </TableCell>
              {!readOnly && (
                <TableCell align="right" sx={{ py: 0 }}>
                  <IconButton aria-label={`Remove ${memberName(member)}`} onClick={() => onRemove(member)}>
                    <PersonRemoveOutlinedIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              )}
            </RecordRow>
          ))}
        </CompactTable>
      )}
    </Paper>
  );
}
