import AddIcon from '@mui/icons-material/Add';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import {
  accountTypeLabels,
  accountTypes,
  portfolioStatuses,
  type AccountType,
  type PortfolioSortField,
  type PortfolioStatus,
} from '@meridian/domain/portfolios/contracts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { ClientPicker, type ClientOption } from '../../clients/index.ts';
import { statusLabels } from '../portfolio-labels.ts';
import { useListPortfoliosQuery } from '../portfolios-api.ts';
import { PortfoliosTable } from './portfolios-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { usePaging } from '../../../lib/use-paging.ts';

/** Spec part 2 §9: the list's page sizes, default 10. */
export const pageSizes = [5, 10, 25, 50];

const statusOptions = portfolioStatuses.map((value) => ({ value, label: statusLabels[value] }));
const accountTypeOptions = accountTypes.map((value) => ({ value, label: accountTypeLabels[value] }));

/** Columns whose first click sorts largest first. */
const descendingFirst: PortfolioSortField[] = ['total_value', 'gain_loss', 'gain_loss_percent', 'holdings_value', 'cash_balance'];

/** /portfolios: every portfolio in the user's reach, paged, sorted and filtered on the server. */
export function PortfoliosPage() {
  const { page, setPage, perPage, setPerPage, filterBy } = usePaging(10);
  const [sort, setSort] = useState<PortfolioSortField>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [status, setStatus] = useState<PortfolioStatus | ''>('');
  const [accountType, setAccountType] = useState<AccountType | ''>('');
  const [client, setClient] = useState<ClientOption | null>(null);
  const { data, error, isLoading, isFetching, isError } = useListPortfoliosQuery({
    page: page + 1,
    per_page: perPage,
    sort,
    order,
    status: status || undefined,
    account_type: accountType || undefined,
    client_id: client?.id,
  });

  const onSort = (field: PortfolioSortField) => {
    if (field === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(field);
      setOrder(descendingFirst.includes(field) ? 'desc' : 'asc');
    }
    setPage(0);
  };
  const filtered = Boolean(status || accountType || client);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
            Portfolios
          </Typography>
          <Typography variant="subtitle1" color="text.secondary">
            Every account of the clients in your book, valued at the latest close
          </Typography>
        </Box>
        {/* The spec's menu has no entry for the builder: it is reached from here. */}
        <Button component={RouterLink} to="/portfolio-builder" variant="outlined" startIcon={<TuneIcon />}>
          Portfolio Builder
        </Button>
        <Button component={RouterLink} to="/portfolios/new" variant="contained" startIcon={<AddIcon />}>
          New Portfolio
        </Button>
      </Box>
      <Paper variant="outlined">
        <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap' }}>
          <FilterSelect<PortfolioStatus | ''>
            label="Status"
            value={status}
            all={{ value: '', label: 'All statuses' }}
            options={statusOptions}
            onChange={filterBy(setStatus)}
          />
          <FilterSelect<AccountType | ''>
            label="Account type"
            value={accountType}
            all={{ value: '', label: 'All account types' }}
            options={accountTypeOptions}
            onChange={filterBy(setAccountType)}
            minWidth={220}
          />
          <Box sx={{ minWidth: 260 }}>
            <ClientPicker
              id="portfolio-client-filter"
              label="Client"
              size="small"
              helperText=""
              value={client}
              onChange={filterBy(setClient)}
            />
          </Box>
        </Box>
        <ListStatus
          noun="portfolios"
          fetching={isFetching}
          loading={isLoading}
          error={isError ? errorText(error, portfolioMessages.fetchPortfoliosFailed) : null}
          empty={
            data && data.total === 0
              ? filtered
                ? 'No portfolios match these filters.'
                : 'No portfolios yet. Create the first with New Portfolio.'
              : null
          }
          emptyTestId="portfolios-empty"
        />
        {data && data.total > 0 && !isError && (
          <>
            <PortfoliosTable portfolios={data.portfolios} sort={sort} order={order} onSort={onSort} />
            <ListPagination
              total={data.total}
              page={page}
              perPage={perPage}
              perPageOptions={pageSizes}
              onPage={setPage}
              onPerPage={setPerPage}
            />
          </>
        )}
      </Paper>
    </>
  );
}
