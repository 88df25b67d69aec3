import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { WeightRow } from '@meridian/domain/recommendations/contracts';
import { CompactTable, type CompactColumn } from '../../components/compact-table.tsx';
import { plainFraction } from '../../lib/figure-format.ts';

const columns: CompactColumn[] = [
  { label: 'Weight of' },
  { label: 'Current', align: 'right' },
  { label: 'Proposed', align: 'right' },
  { label: 'Target', align: 'right' },
];

/** Each weight the model targets: where it is, where the trades take it, and the model's target. */
export function RecommendationWeightsTable({ label, weights }: { label: string; weights: WeightRow[] }) {
  return (
    <CompactTable label={label} columns={columns}>
      {weights.map((row) => (
        <TableRow key={row.key} data-testid={`weight-row-${row.key}`}>
          <TableCell>{row.label}</TableCell>
          <TableCell align="right">{plainFraction(row.current)}</TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {plainFraction(row.proposed)}
          </TableCell>
          <TableCell align="right">{plainFraction(row.target)}</TableCell>
        </TableRow>
      ))}
    </CompactTable>
  );
}
