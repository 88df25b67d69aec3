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

/** A column's sort button, and the header cell's aria-sort. */
function sortOf(field: ClientSortField, { state, dispatch }: Pick<Props, 'state' | 'dispatch'>) {
  const active = state.sort === field;
  const direction = active ? state.order : 'asc';
  return {
    sortDirection: active ? state.order : false,
    sort: { active, direction, onSort: () => dispatch({ type: 'sort', field }) },
  } as const;
}

function SortHeader({ label, sort }: { label: string; sort: ReturnType<typeof sortOf>['sort'] }) {
  return (
    <TableSortLabel active={sort.active} direction={sort.direction} onClick={sort.onSort}>
      {label}
    </TableSortLabel>
  );
}

/**
 * ClientRow's cells with the last activity, each but the actions a sort of the list (the performance
 * over the list's period); on a phone the table keeps who, how much and the row's menu.
 */
function columns(props: Pick<Props, 'state' | 'dispatch'>): ResponsiveColumn[] {
  const sortable = (label: string, field: ClientSortField) => {
    const { sortDirection, sort } = sortOf(field, props);
    return { label, header: <SortHeader label={label} sort={sort} />, sortDirection };
  };
  const performance = sortOf('performance', props);
  return [
    sortable('Client', 'name'),
    { ...sortable('Portfolio Value', 'aum'), align: 'right' },
    {
      label: text.performanceColumn(props.state.period),
      header: <ClientPerformanceHeader period={props.state.period} sort={performance.sort} />,
      sortDirection: performance.sortDirection,
      align: 'right',
      secondary: true,
    },
    { ...sortable('Risk Band', 'risk_band'), secondary: true },
    { ...sortable('Assessment', 'assessment_status'), secondary: true },
    { ...sortable('Last Activity', 'last_activity_at'), secondary: true },
    { label: 'Actions', align: 'right' },
  ];
}

/**
 * Client, portfolio value, performance (time-weighted, over the period of the list's state), risk,
 * assessment, last activity, actions; sorted and paged on the server.
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
