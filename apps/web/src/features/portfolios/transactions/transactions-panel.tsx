import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import { transactionTypes, type TransactionType } from '@meridian/domain/portfolios/contracts';
import type { PortfolioRef } from '../../../app/cache-tags.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { SignedValue } from '../../../components/signed-value.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatQuantity } from '../../../lib/format-quantity.ts';
import { transactionTypeLabels } from '../../../lib/transaction-type-labels.ts';
import { useListTransactionsQuery } from '../portfolios-api.ts';
import { pageSizes } from '../list/portfolios-page.tsx';
import { RecordTransactionDialog } from './record-transaction-dialog.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { usePaging } from '../../../lib/use-paging.ts';

const columns = [
  ['Date', 'left'],
  ['Type', 'left'],
  ['Security', 'left'],
  ['Quantity', 'right'],
  ['Price', 'right'],
  ['Amount', 'right'],
  ['Notes', 'left'],
] as const;

const typeOptions = transactionTypes.map((value) => ({ value, label: transactionTypeLabels[value] }));

/** The portfolio's ledger, newest first, with a type filter and 'Record transaction'. */
export function TransactionsPanel({ portfolio, readOnly }: { portfolio: PortfolioRef; readOnly: boolean }) {
  const { page, setPage, perPage, setPerPage, filterBy } = usePaging(10);
  const [type, setType] = useState<TransactionType | ''>('');
  const [recording, setRecording] = useState(false);
  const { data, error, isError, isFetching } = useListTransactionsQuery({
    portfolioId: portfolio.id,
    page: page + 1,
    per_page: perPage,
    type: type || undefined,
  });

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', p: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id="transactions-heading" sx={{ flexGrow: 1 }}>
          Transactions
        </Typography>
        <FilterSelect<TransactionType | ''>
          label="Type"
          value={type}
          all={{ value: '', label: 'All types' }}
          options={typeOptions}
          onChange={filterBy(setType)}
        />
        {!readOnly && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setRecording(true)}>
            Record Transaction
          </Button>
        )}
      </Box>
      <LinearProgress aria-label="Loading transactions" sx={{ visibility: isFetching ? 'visible' : 'hidden' }} />
      {isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(error, 'Failed to fetch transactions')}
        </Alert>
      )}
      {data && data.total === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {type ? 'No transactions of this type.' : 'No transactions yet.'}
        </Typography>
      )}
      {data && data.total > 0 && (
        <>
          {/* On a phone the table scrolls sideways: the keyboard must be able to scroll it too. */}
          <TableContainer tabIndex={0} role="region" aria-labelledby="transactions-heading">
            <Table size="small" aria-labelledby="transactions-heading">
              <TableHead>
                <TableRow>
                  {columns.map(([label, align]) => (
                    <TableCell key={label} align={align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.transactions.map((transaction) => (
                  <TableRow key={transaction.id} hover data-testid="transaction-row">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(transaction.trade_date)}</TableCell>
                    <TableCell>{transactionTypeLabels[transaction.type]}</TableCell>
                    <TableCell>{transaction.security?.symbol ?? '–'}</TableCell>
                    <TableCell align="right">{transaction.quantity === null ? '–' : formatQuantity(transaction.quantity)}</TableCell>
                    <TableCell align="right">{transaction.price === null ? '–' : formatDollars(transaction.price)}</TableCell>
                    <TableCell align="right">
                      <SignedValue value={transaction.amount} kind="dollars" />
                    </TableCell>
                    <TableCell
                      sx={{ color: 'text.secondary', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {transaction.notes ?? ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
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
      {recording && <RecordTransactionDialog portfolio={portfolio} onClose={() => setRecording(false)} />}
    </>
  );
}
