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

function SortHeader({ field, label, state, dispatch }: { field: ClientSortField; label: string } & Pick<Props, 'state' | 'dispatch'>) {
  return (
    <TableSortLabel
      active={state.sort === field}
      direction={state.sort === field ? state.order : 'asc'}
      onClick={() => dispatch({ type: 'sort', field })}
    >
      {label}
    </TableSortLabel>
  );
}

const columnCount = 7;

/**
 * Client, portfolio value, performance (time-weighted, over the period of the list's state), risk,
 * assessment, last activity, actions; paged on the server.
 */
export function ClientTable({ rows, total, loading, fetching, state, dispatch }: Props) {
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{fetching && !loading && <LinearProgress aria-label="Updating clients" />}</Box>
      <TableContainer>
        <Table size="medium" aria-label="Clients">
          <TableHead>
            <TableRow>
              <TableCell sortDirection={state.sort === 'name' ? state.order : false}>
                <SortHeader field="name" label="Client" state={state} dispatch={dispatch} />
              </TableCell>
              <TableCell align="right">Portfolio Value</TableCell>
              <TableCell align="right">
                <ClientPerformanceHeader period={state.period} />
              </TableCell>
              <TableCell sortDirection={state.sort === 'risk_capacity' ? state.order : false}>
                <SortHeader field="risk_capacity" label="Risk Profile" state={state} dispatch={dispatch} />
              </TableCell>
              <TableCell>Assessment</TableCell>
              <TableCell>Last Activity</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {text.loading}
                </TableCell>
              </TableRow>
            )}
            {!loading && rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
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
