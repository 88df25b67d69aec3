import TableCell from '@mui/material/TableCell';
import { formatDollars } from '@meridian/domain/shared/format';
import type { Household } from '@meridian/domain/households/contracts';
import { CompactTable, type CompactColumn } from '../../../components/compact-table.tsx';
import { hiddenBelow } from '../../../components/hidden-below.ts';
import { RecordRow } from '../../../components/record-row.tsx';
import { TextLink } from '../../../components/text-link.tsx';

/** Columns a phone leaves out (the head and advisor are on the household's page). */
const wide = hiddenBelow('sm');

const columns: CompactColumn[] = [
  { label: 'Household' },
  { label: 'Head', hideBelow: 'sm' },
  { label: 'Members', align: 'right' },
  { label: 'Value', align: 'right' },
  { label: 'Advisor', hideBelow: 'sm' },
];

/** The head of the household, their name a link to their profile. */
function Head({ household }: { household: Household }) {
  const member = household.members.find((candidate) => candidate.role === 'head');
  if (!member) return '—';
  return (
    <TextLink to={`/clients/${member.client_id}/profile`} inherit>
      {`${member.first_name} ${member.last_name}`}
    </TextLink>
  );
}

/** One row per household: its name (or a click on the row) opens it; the value is the sum of its members' AUM. */
export function HouseholdsTable({ households }: { households: Household[] }) {
  return (
    <CompactTable label="Households" columns={columns}>
      {households.map((household) => (
        <RecordRow key={household.id} to={`/households/${household.id}`} data-testid={`household-row-${household.id}`}>
          <TableCell sx={{ fontWeight: 500 }}>
            <TextLink to={`/households/${household.id}`}>{household.name}</TextLink>
          </TableCell>
          <TableCell sx={wide}>
            <Head household={household} />
          </TableCell>
          <TableCell align="right">{household.member_count}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
            {formatDollars(household.aum)}
          </TableCell>
          <TableCell sx={wide}>{household.advisor_name}</TableCell>
        </RecordRow>
      ))}
    </CompactTable>
  );
}
