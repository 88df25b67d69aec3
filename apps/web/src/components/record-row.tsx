import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import { useOpensRecord } from '../lib/use-opens-record.ts';

type Props = Omit<TableRowProps, 'onClick' | 'sx'> & { to: string };

/** A table row that opens its record (`to`) on a click anywhere but on its own controls (see useOpensRecord). */
export function RecordRow({ to, hover = true, ...props }: Props) {
  return <TableRow {...props} hover={hover} {...useOpensRecord(to)} />;
}
