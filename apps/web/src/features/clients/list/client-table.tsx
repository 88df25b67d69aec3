import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { Client, ClientSortField } from '@meridian/domain/clients/contracts';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { ClientPerformanceHeader } from '../client-performance-header.tsx';
import { pageSizeOptions, type ClientListAction, type ClientListState } from './client-list-state.ts';
import { ClientRow } from './client-row.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ResponsiveTable, ResponsiveTableMessage, type ResponsiveColumn } from '../../../components/responsive-table.tsx';

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

/** ClientRow's cells with the last activity; on a phone the table keeps who, how much and the row's menu. */
function columns({ state, dispatch }: Pick<Props, 'state' | 'dispatch'>): ResponsiveColumn[] {
  const sorted = (field: ClientSortField) => (state.sort === field ? state.order : false);
  return [
    {
      label: 'Client',
      header: <SortHeader field="name" label="Client" state={state} dispatch={dispatch} />,
      sortDirection: sorted('name'),
    },
    { label: 'Portfolio Value', align: 'right' },
    {
      label: text.performanceColumn(state.period),
      header: <ClientPerformanceHeader period={state.period} />,
      align: 'right',
      secondary: true,
    },
    {
      label: 'Risk Profile',
      header: <SortHeader field="risk_capacity" label="Risk Profile" state={state} dispatch={dispatch} />,
      sortDirection: sorted('risk_capacity'),
      secondary: true,
    },
    { label: 'Assessment', secondary: true },
    { label: 'Last Activity', secondary: true },
    { label: 'Actions', align: 'right' },
  ];
}

/**
 * Client, portfolio value, performance (time-weighted, over the period of the list's state), risk,
 * assessment, last activity, actions; paged on the server.
 */
export function ClientTable({ rows, total, loading, fetching, state, dispatch }: Props) {
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{fetching && !loading && <LinearProgress aria-label="Updating clients" />}</Box>
      <ResponsiveTable label="Clients" columns={columns({ state, dispatch })}>
        {loading && <ResponsiveTableMessage>{text.loading}</ResponsiveTableMessage>}
        {!loading && rows?.length === 0 && <ResponsiveTableMessage>{text.empty}</ResponsiveTableMessage>}
        {!loading && rows?.map((client) => <ClientRow key={client.id} client={client} showLastActivity />)}
      </ResponsiveTable>
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
