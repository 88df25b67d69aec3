import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { Client, ClientSortField } from '@meridian/domain/clients/contracts';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { ClientPerformanceHeader } from '../client-performance-header.tsx';
import { pageSizeOptions, type ClientListAction, type ClientListState } from './client-list-state.ts';
import { ClientRow } from './client-row.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';

type Props = {
  rows: Client[] | undefined;
  total: number;
  loading: boolean;
  fetching: boolean;
  state: ClientListState;
  dispatch: (action: ClientListAction) => void;
};

type Column = { label: string; field?: ClientSortField; align?: 'right' };

/** The columns in order; every one but the actions sorts the list (the performance over the list's period). */
const columns: Column[] = [
  { label: 'Client', field: 'name' },
  { label: 'Portfolio Value', field: 'aum', align: 'right' },
  { label: 'Performance', field: 'performance', align: 'right' },
  { label: 'Risk Profile', field: 'risk_capacity' },
  { label: 'Assessment', field: 'assessment_status' },
  { label: 'Last Activity', field: 'last_activity_at' },
  { label: 'Actions', align: 'right' },
];

function ColumnHeader({ column, state, dispatch }: { column: Column } & Pick<Props, 'state' | 'dispatch'>) {
  const { field } = column;
  if (!field) return column.label;
  const sort = {
    active: state.sort === field,
    direction: state.sort === field ? state.order : 'asc',
    onSort: () => dispatch({ type: 'sort', field }),
  } as const;
  if (field === 'performance') return <ClientPerformanceHeader period={state.period} sort={sort} />;
  return (
    <TableSortLabel active={sort.active} direction={sort.direction} onClick={sort.onSort}>
      {column.label}
    </TableSortLabel>
  );
}

/**
 * Client, portfolio value, performance (time-weighted, over the period of the list's state), risk,
 * assessment, last activity, actions; sorted and paged on the server.
 */
export function ClientTable({ rows, total, loading, fetching, state, dispatch }: Props) {
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{fetching && !loading && <LinearProgress aria-label="Updating clients" />}</Box>
      <TableContainer>
        <Table size="medium" aria-label="Clients">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.label}
                  align={column.align}
                  sortDirection={column.field !== undefined && state.sort === column.field ? state.order : false}
                >
                  <ColumnHeader column={column} state={state} dispatch={dispatch} />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {text.loading}
                </TableCell>
              </TableRow>
            )}
            {!loading && rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {text.empty}
                </TableCell>
              </TableRow>
            )}
            {!loading && rows?.map((client) => <ClientRow key={client.id} client={client} showLastActivity />)}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        total={total}
        page={state.page}
        perPage={state.perPage}
        perPageOptions={pageSizeOptions}
        onPage={(page) => dispatch({ type: 'page', value: page })}
        onPerPage={(perPage) => dispatch({ type: 'perPage', value: perPage })}
      />
    </Paper>
  );
}
