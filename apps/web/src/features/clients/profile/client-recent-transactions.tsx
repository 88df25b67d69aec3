import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Portfolio } from '@meridian/domain/portfolios/contracts';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { errorText } from '../../../lib/error-text.ts';
import { useClientRecentTransactionsQuery } from '../clients-api.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

const perPortfolio = 5;
const shown = 10;

const typeLabel = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

/** The latest transactions across the client's portfolios, newest first. */
export function ClientRecentTransactions({ portfolios }: { portfolios: Portfolio[] }) {
  const ids = portfolios.map((portfolio) => portfolio.id);
  const names = new Map(portfolios.map((portfolio) => [portfolio.id, portfolio.name]));
  const { data, error, isLoading } = useClientRecentTransactionsQuery(
    { portfolioIds: ids, perPortfolio, limit: shown },
    { skip: ids.length === 0 },
  );
  if (ids.length === 0 || data?.length === 0) return <Typography color="text.secondary">{text.noTransactions}</Typography>;
  if (error) return <Alert severity="warning">{errorText(error, 'Failed to fetch transactions')}</Alert>;
  if (isLoading || !data) return <Skeleton variant="rectangular" height={120} />;
  return (
    <ScrollableTable label="Recent transactions">
      <Table size="small" aria-label="Recent transactions">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Security</TableCell>
            <TableCell>Portfolio</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((transaction) => (
            <TableRow key={transaction.id} data-testid="transaction-row">
              <TableCell>{formatShortDate(transaction.trade_date)}</TableCell>
              <TableCell>{typeLabel(transaction.type)}</TableCell>
              <TableCell>{transaction.security?.symbol ?? '—'}</TableCell>
              <TableCell>{names.get(transaction.portfolio_id) ?? ''}</TableCell>
              <TableCell align="right" sx={{ color: transaction.amount < 0 ? 'error.main' : 'success.main' }}>
                {formatDollars(transaction.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
