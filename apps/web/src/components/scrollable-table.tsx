import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A table container that may scroll sideways (on a phone): a named region the keyboard can reach
 * and scroll, as WCAG asks of any scrollable area.
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      {children}
    </TableContainer>
  );
}
