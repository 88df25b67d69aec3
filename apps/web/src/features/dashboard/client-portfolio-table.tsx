import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useReducer } from 'react';
import type { PerformancePeriod } from '@meridian/domain/analytics/returns';
import { clientScreenMessages } from '@meridian/domain/clients/screen-messages';
import { ListPagination } from '../../components/list-pagination.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { ClientPerformanceHeader } from '../clients/index.ts';
import { useListClientsQuery } from '../clients/index.ts';
import { clientListReducer, initialListState, listArgs } from '../clients/index.ts';
import { PerformancePeriodSelect } from '../clients/index.ts';
import { dashboardMessages as text } from './dashboard-messages.ts';
import { ClientRow } from '../clients/index.ts';
import { ResponsiveTable, ResponsiveTableMessage, type ResponsiveColumn } from '../../components/responsive-table.tsx';

/** Spec part 1 §9: the dashboard's table shows 5 rows by default; 10 or 25 on request. */
const dashboardPageSizes = [5, 10, 25] as const;
const dashboardSearchDebounceMs = 300;

/** ClientRow's cells; on a phone the table keeps who, how much and how it did. */
const columns = (period: PerformancePeriod): ResponsiveColumn[] => [
  { label: 'Client' },
  { label: 'Portfolio Value', align: 'right' },
  { label: clientScreenMessages.performanceColumn(period), header: <ClientPerformanceHeader period={period} />, align: 'right' },
  { label: 'Risk Band', secondary: true },
  { label: 'Assessment', secondary: true },
  { label: 'Actions', align: 'right', secondary: true },
];

/**
 * The Client Portfolio table (spec part 1 §2): paged and searched on the server (first name, last
 * name, e-mail), each row's performance over the period chosen, rows by name. A name links to the
 * client's profile, and a click on its row opens it (ClientRow).
 */
export function ClientPortfolioTable({ skip }: { skip: boolean }) {
  // The client list's own state and query: a new search or page size returns to the first page,
  // and the list's cache answers for the same page, search and period.
  const [state, dispatch] = useReducer(clientListReducer, { ...initialListState, perPage: dashboardPageSizes[0] });
  const debounced = useDebouncedValue(state.search, dashboardSearchDebounceMs);
  // An emptied box applies at once; typing waits for a pause.
  const search = state.search.trim() === '' ? '' : debounced;
  const args = useMemo(() => listArgs(state, search), [state, search]);
  const { data, error, isLoading, isFetching } = useListClientsQuery(args, { skip });
  const rows = error ? undefined : data?.clients;
  const message = isLoading
    ? clientScreenMessages.loading
    : error
      ? errorText(error, clientScreenMessages.fetchClientsFailed)
      : rows?.length === 0
        ? clientScreenMessages.empty
        : null;

  return (
    <Paper variant="outlined" sx={{ mb: 3 }} component="section" aria-labelledby="dashboard-clients-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', p: 2, pb: 1 }}>
        <Typography variant="h6" component="h2" id="dashboard-clients-heading" sx={{ flex: '1 1 auto' }}>
          {text.clientsHeading}
        </Typography>
        <TextField
          size="small"
          label={text.searchClients}
          value={state.search}
          onChange={(event) => dispatch({ type: 'search', value: event.target.value })}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <PerformancePeriodSelect value={state.period} onChange={(period) => dispatch({ type: 'period', value: period })} />
      </Box>
      <Box sx={{ height: 4 }}>{isFetching && !isLoading && <LinearProgress aria-label="Updating clients" />}</Box>
      {/* From sm up the table keeps the width its six columns need; a phone folds three of them into each row's details. */}
      <ResponsiveTable
        label="Client portfolios"
        aria-labelledby="dashboard-clients-heading"
        columns={columns(state.period)}
        sx={{ minWidth: { sm: 760 } }}
      >
        {message !== null ? (
          <ResponsiveTableMessage>{message}</ResponsiveTableMessage>
        ) : (
          rows?.map((client) => <ClientRow key={client.id} client={client} emailMaxWidth={240} />)
        )}
      </ResponsiveTable>
      <ListPagination
        total={error ? 0 : (data?.total ?? 0)}
        page={state.page}
        perPage={state.perPage}
        perPageOptions={dashboardPageSizes}
        onPage={(page) => dispatch({ type: 'page', value: page })}
        onPerPage={(perPage) => dispatch({ type: 'perPage', value: perPage })}
      />
    </Paper>
  );
}
