import AddIcon from '@mui/icons-material/Add';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useReducer } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ClientSortField } from '@meridian/domain/clients/contracts';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { errorText } from '../../../lib/error-text.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useListClientsQuery } from '../clients-api.ts';
import { PerformancePeriodSelect } from '../performance-period-select.tsx';
import { ClientFilters } from './client-filters.tsx';
import { clientListReducer, filterArgs, initialListState, listArgs } from './client-list-state.ts';
import { ClientStatsCards } from './client-stats-cards.tsx';
import { ClientTable } from './client-table.tsx';

export const searchDebounceMs = 300;

const sortOptions: { value: ClientSortField; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'E-mail' },
  { value: 'netWorth', label: 'Net worth' },
  { value: 'created_at', label: 'Date added' },
  { value: 'risk_band', label: 'Risk band' },
  { value: 'aum', label: 'Portfolio value' },
  { value: 'performance', label: 'Performance' },
  { value: 'assessment_status', label: 'Assessment' },
  { value: 'last_activity_at', label: 'Last activity' },
];

/**
 * /clients (spec part 1 §2): the count, four cards, filters and the paged table, each row's
 * performance over the period chosen. One list request and one stats request, in parallel, both
 * over the same filters (the period only concerns the rows).
 */
export function ClientListPage() {
  const [state, dispatch] = useReducer(clientListReducer, initialListState);
  const debounced = useDebouncedValue(state.search, searchDebounceMs);
  // An emptied box (or Clear) applies at once; typing waits for a pause.
  const search = state.search.trim() === '' ? '' : debounced;
  const filters = useMemo(() => filterArgs(state, search), [state, search]);
  const args = useMemo(() => listArgs(state, search), [state, search]);
  const { data, error, isLoading, isFetching } = useListClientsQuery(args);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
            {text.title}
          </Typography>
          <Typography variant="subtitle1" color="text.secondary" data-testid="client-count">
            {data ? text.totalClients(data.total) : '\u00a0'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/households" variant="outlined" startIcon={<HomeWorkOutlinedIcon />}>
            Households
          </Button>
          <Button component={RouterLink} to="/clients/new" variant="contained" startIcon={<AddIcon />}>
            {text.addClient}
          </Button>
        </Box>
      </Box>
      <ClientStatsCards filters={filters} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 600px' }}>
          <ClientFilters state={state} dispatch={dispatch} />
        </Box>
        <TextField
          select
          label="Sort by"
          size="small"
          value={state.sort}
          onChange={(event) => dispatch({ type: 'sort', field: event.target.value as ClientSortField })}
          sx={{ minWidth: 160 }}
        >
          {sortOptions.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <PerformancePeriodSelect value={state.period} onChange={(period) => dispatch({ type: 'period', value: period })} />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error, text.fetchClientsFailed)}
        </Alert>
      )}
      <ClientTable
        rows={error ? [] : data?.clients}
        total={data?.total ?? 0}
        loading={isLoading}
        fetching={isFetching}
        state={state}
        dispatch={dispatch}
      />
    </>
  );
}
