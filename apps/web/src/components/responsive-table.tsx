import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import Table, { type TableProps } from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, Fragment, useContext, useId, useState, type ReactNode } from 'react';
import { ScrollableTable } from './scrollable-table.tsx';
import { visuallyHidden } from './visually-hidden.ts';

export type ResponsiveColumn = {
  /** The column's name: its header, and the label of its value in a row's details on a phone. */
  label: string;
  /** A header richer than the label (a sort button, the period it covers); the label still names the column in the details. */
  header?: ReactNode;
  align?: 'right';
  /** On a phone the column leaves the row and its value shows in the row's details. */
  secondary?: boolean;
  /** The style of the column's cells in the body. */
  cellSx?: SxProps<Theme>;
  sortDirection?: TableCellProps['sortDirection'];
};

type Layout = {
  columns: readonly ResponsiveColumn[];
  /** Secondary columns are folded into each row's details. */
  folded: boolean;
  /** How many columns a row shows, the details button's included. */
  shownCount: number;
};

const LayoutContext = createContext<Layout | null>(null);

function useLayout(): Layout {
  const layout = useContext(LayoutContext);
  if (!layout) throw new Error('a responsive row belongs in a ResponsiveTable');
  return layout;
}

/** Below MUI's `sm` breakpoint: a phone held upright. Read at once (noSsr), so a phone never draws the wide table first. */
function usePhoneWidth(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

/**
 * On a phone a cell's 16 px on each side would take a third of a three-column row; and the first
 * column (what the row is about) takes the room the others leave (max-width 0 lets it shrink below
 * its text, which wraps or is cut with an ellipsis), so the table fits the screen.
 */
const phoneCells = {
  '& td, & th': { px: 1 },
  '& td:first-of-type:not([colspan]), & th:first-of-type': { width: '100%', maxWidth: 0 },
} as const;

type TableOwnProps = {
  /** Names the table and the region it may scroll in. */
  label: string;
  columns: readonly ResponsiveColumn[];
  children: ReactNode;
};

/**
 * A table that keeps the columns that matter on a phone: below `sm` the secondary columns leave
 * the rows and each row gets a button that shows them under it as a list of label and value. From
 * `sm` up every column shows and nothing is added. Rows are `ResponsiveRow`s (and `ResponsiveTableMessage`s).
 */
export function ResponsiveTable({ label, columns, children, sx, ...table }: TableOwnProps & Omit<TableProps, 'children'>) {
  const phone = usePhoneWidth();
  const folded = phone && columns.some((column) => column.secondary);
  const shown = folded ? columns.filter((column) => !column.secondary) : columns;
  const layout: Layout = { columns, folded, shownCount: shown.length + (folded ? 1 : 0) };
  return (
    <LayoutContext value={layout}>
      <ScrollableTable label={label}>
        <Table aria-label={label} {...table} sx={[phone && phoneCells, ...(Array.isArray(sx) ? sx : [sx])]}>
          <TableHead>
            <TableRow>
              {shown.map((column) => (
                <TableCell key={column.label} align={column.align} sortDirection={column.sortDirection}>
                  {column.header ?? column.label}
                </TableCell>
              ))}
              {folded && (
                // Positioned, so the hidden text is placed (and clipped) within the cell, never beyond the table's box.
                <TableCell sx={{ width: 40, position: 'relative' }}>
                  <Box component="span" sx={visuallyHidden}>
                    Details
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </ScrollableTable>
    </LayoutContext>
  );
}

type RowProps = Omit<TableRowProps, 'children'> & {
  /** What the row is about, for its details button: "Details for AAPL". */
  name: string;
  /** The row's values, one per column in the columns' order; a secondary one left null is left out of the details. */
  cells: readonly ReactNode[];
};

/** One row of a ResponsiveTable; on a phone, its secondary values behind a details button. */
export function ResponsiveRow({ name, cells, ...row }: RowProps) {
  const { columns, folded, shownCount } = useLayout();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const expanded = folded && open;
  const details = columns.flatMap((column, index) =>
    column.secondary && cells[index] !== null && cells[index] !== undefined ? [{ label: column.label, value: cells[index] }] : [],
  );
  return (
    <>
      <TableRow {...row} sx={[expanded && { '& > td': { borderBottom: 'none' } }, ...(Array.isArray(row.sx) ? row.sx : [row.sx])]}>
        {columns.map((column, index) =>
          folded && column.secondary ? null : (
            <TableCell key={column.label} align={column.align} sx={column.cellSx}>
              {cells[index]}
            </TableCell>
          ),
        )}
        {folded && (
          <TableCell align="right" sx={{ width: 40, px: 0.5 }}>
            <IconButton
              size="small"
              aria-label={`Details for ${name}`}
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              onClick={() => setOpen(!open)}
            >
              {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </IconButton>
          </TableCell>
        )}
      </TableRow>
      {expanded && (
        <TableRow id={detailsId}>
          <TableCell colSpan={shownCount} sx={{ pt: 0 }}>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}>
              {details.map(({ label, value }) => (
                <Fragment key={label}>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {label}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    {value}
                  </Box>
                </Fragment>
              ))}
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** A row of one cell across the table (loading, nothing found), as wide as the columns shown. */
export function ResponsiveTableMessage({ children }: { children: ReactNode }) {
  const { shownCount } = useLayout();
  return (
    <TableRow>
      <TableCell colSpan={shownCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}
