import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import { marketDataMessages as text } from '@meridian/domain/securities/market-data-messages';
import { errorText } from '../../../lib/error-text.ts';
import { useGetSecurityQuery } from '../market-data-api.ts';
import { PriceChange } from '../price-change.tsx';
import { PriceSourceChip } from '../price-source-chip.tsx';
import { PriceSparkline } from './price-sparkline.tsx';
import { watchlistPeriod } from './watchlist-period.ts';

const columns = ['Security', 'Last close', 'Change', 'Change %', 'Price date', '1Y trend', 'Source'] as const;
const numeric = new Set<string>(['Last close', 'Change', 'Change %']);

type Select = (symbol: string, name: string) => void;
type RowProps = { symbol: string; onSelect: Select };

/** The symbol in bold over the name, which is cut short (in full on hover) so the row stays one size. */
function SecurityName({ symbol, name }: { symbol: string; name: ReactNode }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {symbol}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        title={typeof name === 'string' ? name : undefined}
        sx={{ maxWidth: { xs: 140, sm: 240 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {name}
      </Typography>
    </>
  );
}

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/** One watched security: its latest close, the day's change, its year as a sparkline and the price's origin. */
function WatchlistRow({ symbol, onSelect }: RowProps) {
  const { data, error, isLoading } = useGetSecurityQuery({ symbol, period: watchlistPeriod });
  if (isLoading) {
    return (
      <TableRow data-testid={`watchlist-row-${symbol}`} aria-busy="true">
        <TableCell>
          <SecurityName symbol={symbol} name={<Skeleton variant="text" width={160} />} />
        </TableCell>
        {columns.slice(1).map((column) => (
          <TableCell key={column}>
            <Skeleton
              variant={column === '1Y trend' ? 'rounded' : 'text'}
              width={column === '1Y trend' ? 140 : 64}
              height={column === '1Y trend' ? 36 : undefined}
            />
          </TableCell>
        ))}
      </TableRow>
    );
  }
  if (!data) {
    return (
      <TableRow data-testid={`watchlist-row-${symbol}`}>
        <TableCell>
          <SecurityName symbol={symbol} name={null} />
        </TableCell>
        <TableCell colSpan={columns.length - 1}>
          <Typography variant="body2" color={isNotFound(error) ? 'text.secondary' : 'error'}>
            {isNotFound(error) ? text.unknownSymbol : errorText(error, text.fetchSecuritiesFailed)}
          </Typography>
        </TableCell>
      </TableRow>
    );
  }
  const select = () => onSelect(data.symbol, data.name);
  return (
    <TableRow
      hover
      data-testid={`watchlist-row-${symbol}`}
      tabIndex={0}
      aria-label={`${data.symbol} ${data.name}: open its price history`}
      onClick={select}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          select();
        }
      }}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell>
        <SecurityName symbol={data.symbol} name={data.name} />
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
        {data.last_close === null ? text.noPrice : formatDollars(data.last_close)}
      </TableCell>
      <TableCell align="right">
        <PriceChange value={data.day_change} kind="dollars" />
      </TableCell>
      <TableCell align="right">
        <PriceChange value={data.day_change_percent} kind="percent" />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(data.last_price_date)}</TableCell>
      <TableCell sx={{ py: 0.5 }}>
        <PriceSparkline symbol={data.symbol} points={data.history.points} />
      </TableCell>
      <TableCell>
        <PriceSourceChip simulated={data.simulated} hasPrice={data.last_close !== null} />
      </TableCell>
    </TableRow>
  );
}

type Props = { symbols: readonly string[]; loading: boolean; onSelect: Select };

/** The watchlist: one row per configured symbol, each loading on its own. */
export function WatchlistTable({ symbols, loading, onSelect }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="watchlist-heading" sx={{ mb: 3 }}>
      <Typography id="watchlist-heading" variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
        {text.watchlist}
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="watchlist-heading">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} align={numeric.has(column) ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading
              ? symbols.map((symbol) => (
                  <TableRow key={symbol}>
                    {columns.map((column) => (
                      <TableCell key={column}>
                        <Skeleton variant="text" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : symbols.map((symbol) => <WatchlistRow key={symbol} symbol={symbol} onSelect={onSelect} />)}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
