import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { ClientSortField } from '@meridian/domain/clients/contracts';
import { experienceLabel, formatWholeDollars, netWorthCategory } from '@meridian/domain/shared/format';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { errorText } from '../../../lib/error-text.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useListClientsQuery, type ClientListArgs } from '../clients-api.ts';
import { DerivedRiskChip } from '../risk-band-chip.tsx';
import { ClientProfilesFilters, emptyProfileFilters, type ProfileFilters } from './client-profiles-filters.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { RecordRow } from '../../../components/record-row.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { usePaging } from '../../../lib/use-paging.ts';

const amount = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? undefined : Number(value));

/** The server applies the spec's local-filter rules (lists, net worth with missing as 0). */
export function profileArgs(
  filters: ProfileFilters,
  sort: ClientSortField,
  order: 'asc' | 'desc',
  page: number,
  perPage: number,
): ClientListArgs {
  const args: ClientListArgs = { sort, order, page: page + 1, per_page: perPage };
  if (filters.risk.length) args.risk_capacity = filters.risk;
  if (filters.experience.length) args.investment_experience = filters.experience;
  const min = amount(filters.minNetWorth);
  const max = amount(filters.maxNetWorth);
  if (min !== undefined) args.min_net_worth = min;
  if (max !== undefined) args.max_net_worth = max;
  return args;
}

const columns: { label: string; sort?: ClientSortField; align?: 'right' }[] = [
  { label: 'Client', sort: 'name' },
  { label: 'Net worth', sort: 'netWorth', align: 'right' },
  { label: 'Annual income', align: 'right' },
  { label: 'Risk capacity', sort: 'risk_capacity' },
  { label: 'Experience' },
  { label: 'Goals' },
];

/** /client-profiles: the firm's client profiles with the spec's filters and sorting, paged on the server. */
export function ClientProfilesPage() {
  const [filters, setFilters] = useState(emptyProfileFilters);
  const [sort, setSort] = useState<ClientSortField>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const { page, setPage, perPage, setPerPage } = usePaging(25);
  const debounced = useDebouncedValue(filters, 300);
  const args = useMemo(() => profileArgs(debounced, sort, order, page, perPage), [debounced, sort, order, page, perPage]);
  const { data, error, isLoading } = useListClientsQuery(args);
  const invalidRange =
    amount(filters.minNetWorth) !== undefined &&
    amount(filters.maxNetWorth) !== undefined &&
    amount(filters.minNetWorth)! > amount(filters.maxNetWorth)!;

  const sortBy = (field: ClientSortField) => {
    setOrder(sort === field && order === 'asc' ? 'desc' : 'asc');
    setSort(field);
    setPage(0);
  };

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
        {text.profilesTitle}
      </Typography>
      <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 3 }}>
        {text.profilesSubtitle}
        {data ? ` · ${text.totalClients(data.total)}` : ''}
      </Typography>
      <ClientProfilesFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      {error && !invalidRange && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error, text.fetchClientsFailed)}
        </Alert>
      )}
      {invalidRange && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Min net worth must not be more than max net worth
        </Alert>
      )}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Client profiles">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column.label}
                    align={column.align}
                    sortDirection={column.sort !== undefined && sort === column.sort ? order : false}
                  >
                    {column.sort ? (
                      <TableSortLabel
                        active={sort === column.sort}
                        direction={sort === column.sort ? order : 'asc'}
                        onClick={() => sortBy(column.sort!)}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(isLoading || data?.clients.length === 0) && (
                <TableRow>
                  <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {isLoading ? text.loading : text.empty}
                  </TableCell>
                </TableRow>
              )}
              {data?.clients.map((client) => (
                <RecordRow key={client.id} to={`/clients/${encodeURIComponent(client.id)}/profile`} data-testid="profile-row">
                  <TableCell>
                    <TextLink to={`/clients/${encodeURIComponent(client.id)}/profile`}>
                      {client.first_name} {client.last_name}
                    </TextLink>
                  </TableCell>
                  <TableCell align="right">
                    {client.profile.net_worth === null ? '—' : formatWholeDollars(client.profile.net_worth)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {netWorthCategory(client.profile.net_worth)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">
                    {client.profile.annual_income === null ? '—' : formatWholeDollars(client.profile.annual_income)}
                  </TableCell>
                  <TableCell>
                    <DerivedRiskChip band={client.risk_band} />
                  </TableCell>
                  <TableCell>{experienceLabel(client.profile.investment_experience)}</TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>
                    <Typography variant="body2" noWrap title={client.profile.financial_goals ?? ''}>
                      {client.profile.financial_goals ?? '—'}
                    </Typography>
                  </TableCell>
                </RecordRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination
          total={data?.total ?? 0}
          page={page}
          perPage={perPage}
          perPageOptions={[10, 25, 50, 100]}
          onPage={setPage}
          onPerPage={setPerPage}
        />
      </Paper>
    </>
  );
}
