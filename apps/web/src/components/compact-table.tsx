import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { hiddenBelow } from './hidden-below.ts';
import { ScrollableTable } from './scrollable-table.tsx';

export type CompactColumn = { label: ReactNode; align?: 'right'; hideBelow?: 'sm' | 'md' };

const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

/** A small table, named by `label`, that may scroll sideways: a bold header row of `columns` over the rows given. */
export function CompactTable({ label, columns, children }: { label: string; columns: CompactColumn[]; children: ReactNode }) {
  return (
    <ScrollableTable label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell key={index} sx={column.hideBelow ? { ...head, ...hiddenBelow(column.hideBelow) } : head} align={column.align}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </ScrollableTable>
  );
}
