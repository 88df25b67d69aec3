import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
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
import type { Transaction } from '@meridian/domain/portfolios/transaction-contracts';
import type { PortfolioRef } from '../../../app/cache-tags.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { SignedValue } from '../../../components/signed-value.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatQuantity } from '../../../lib/format-quantity.ts';
import { transactionTypeLabels } from '../../../lib/transaction-type-labels.ts';
import { useListTransactionsQuery } from '../portfolios-api.ts';
import { pageSizes } from '../list/portfolios-page.tsx';
import { RecordTransactionDialog } from './record-transaction-dialog.tsx';
import { VoidTransactionDialog } from './void-transaction-dialog.tsx';
import { entrySummary } from './entry-summary.ts';
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

/** 'Voided by Alex Chen on Nov 4, 2026: Entered twice'. */
const voidText = (entry: Transaction): string =>
  entry.void
    ? `Voided${entry.void.by?.name ? ` by ${entry.void.by.name}` : ''} on ${formatShortDate(entry.void.at)}: ${entry.void.reason}`
    : '';

/** A void entry's cells are struck through: still on the record, counted nowhere. */
const struck = { textDecoration: 'line-through', color: 'text.secondary' } as const;

type Action = { kind: 'void' | 'correct'; entry: Transaction };

/** The row's menu of staff actions: Void… and Correct… (an entry already void has none). */
function RowActions({ entry, onAction }: { entry: Transaction; onAction: (action: Action) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `transaction-actions-${entry.id}`;
  const choose = (kind: Action['kind']) => {
    setAnchor(null);
    onAction({ kind, entry });
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${entrySummary(entry)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('void')}>Void…</MenuItem>
        <MenuItem onClick={() => choose('correct')}>Correct…</MenuItem>
      </Menu>
    </>
  );
}

const typeOptions = transactionTypes.map((value) => ({ value, label: transactionTypeLabels[value] }));

/**
 * The portfolio's ledger, newest first, with a type filter, a switch that hides voided entries and
 * 'Record transaction'. Staff void or correct an entry from its row's menu; a void entry stays,
 * struck through, with a 'Void' chip saying who voided it, when and why. A client reads it only.
 */
export function TransactionsPanel({ portfolio, readOnly }: { portfolio: PortfolioRef; readOnly: boolean }) {
  const { page, setPage, perPage, setPerPage, filterBy } = usePaging(10);
  const [type, setType] = useState<TransactionType | ''>('');
  const [recording, setRecording] = useState(false);
  const [showVoid, setShowVoid] = useState(true);
  const [action, setAction] = useState<Action | null>(null);
  const { data, error, isError, isFetching } = useListTransactionsQuery({
    portfolioId: portfolio.id,
    page: page + 1,
    per_page: perPage,
    type: type || undefined,
    include_void: showVoid ? undefined : 'false',
  });
  const cells = readOnly ? columns : ([...columns, ['Actions', 'right']] as const);

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
        <FormControlLabel
          control={<Switch checked={showVoid} onChange={(event) => filterBy(setShowVoid)(event.target.checked)} />}
          label="Show voided entries"
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
                  {cells.map(([label, align]) => (
                    <TableCell key={label} align={align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.transactions.map((transaction) => {
                  const voided = transaction.void !== null;
                  const line = voided ? struck : {};
                  return (
                    <TableRow key={transaction.id} hover data-testid="transaction-row" data-void={voided ? 'true' : undefined}>
                      <TableCell sx={{ whiteSpace: 'nowrap', ...line }}>{formatShortDate(transaction.trade_date)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Box component="span" sx={line}>
                          {transactionTypeLabels[transaction.type]}
                        </Box>
                        {voided && (
                          <Tooltip title={voidText(transaction)}>
                            <Chip
                              label="Void"
                              size="small"
                              variant="outlined"
                              tabIndex={0}
                              aria-label={`Void. ${voidText(transaction)}`}
                              sx={{ ml: 1 }}
                              data-testid="void-chip"
                            />
                          </Tooltip>
                        )}
                      </TableCell>
                      <TableCell sx={line}>{transaction.security?.symbol ?? '–'}</TableCell>
                      <TableCell align="right" sx={line}>
                        {transaction.quantity === null ? '–' : formatQuantity(transaction.quantity)}
                      </TableCell>
                      <TableCell align="right" sx={line}>
                        {transaction.price === null ? '–' : formatDollars(transaction.price)}
                      </TableCell>
                      <TableCell align="right" sx={line}>
                        <SignedValue value={transaction.amount} kind="dollars" />
                      </TableCell>
                      <TableCell
                        sx={{ color: 'text.secondary', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                        title={voided ? voidText(transaction) : undefined}
                      >
                        {voided ? voidText(transaction) : (transaction.notes ?? '')}
                      </TableCell>
                      {!readOnly && (
                        <TableCell align="right">{!voided && <RowActions entry={transaction} onAction={setAction} />}</TableCell>
                      )}
                    </TableRow>
                  );
                })}
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
      {action?.kind === 'void' && <VoidTransactionDialog portfolio={portfolio} entry={action.entry} onClose={() => setAction(null)} />}
      {action?.kind === 'correct' && (
        <RecordTransactionDialog portfolio={portfolio} correcting={action.entry} onClose={() => setAction(null)} />
      )}
    </>
  );
}
