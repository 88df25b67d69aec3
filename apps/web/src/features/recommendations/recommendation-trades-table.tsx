import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@meridian/domain/shared/format';
import type { ProposedTrade } from '@meridian/domain/recommendations/contracts';
import { CompactTable, type CompactColumn } from '../../components/compact-table.tsx';
import { hiddenBelow } from '../../components/hidden-below.ts';
import { SignedValue } from '../../components/signed-value.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { transactionTypeLabels } from '../../lib/transaction-type-labels.ts';

const columns: CompactColumn[] = [
  { label: 'Side' },
  { label: 'Security' },
  { label: 'Quantity', align: 'right' },
  { label: 'Price', align: 'right', hideBelow: 'sm' },
  { label: 'Amount', align: 'right' },
  { label: 'Est. short-term gain', align: 'right' },
  { label: 'Est. long-term gain', align: 'right' },
];

/** A buy realises nothing: its gain columns stay empty rather than show a zero that reads as a result. */
function RealizedCell({ trade, value }: { trade: ProposedTrade; value: number }) {
  return <TableCell align="right">{trade.side === 'sell' ? <SignedValue value={value} kind="dollars" /> : '—'}</TableCell>;
}

/** The proposed trades, sells first as the server orders them, each with its estimated realised gain by term. */
export function RecommendationTradesTable({ label, trades }: { label: string; trades: ProposedTrade[] }) {
  return (
    <CompactTable label={label} columns={columns}>
      {trades.map((trade) => (
        <TableRow key={`${trade.side}-${trade.security_id}`} data-testid={`trade-row-${trade.symbol}`}>
          <TableCell>{transactionTypeLabels[trade.side]}</TableCell>
          <TableCell sx={{ maxWidth: 160 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {trade.symbol}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              component="div"
              title={trade.name}
              sx={{ display: { xs: 'none', sm: 'block' } }}
            >
              {trade.name}
            </Typography>
          </TableCell>
          <TableCell align="right">{formatQuantity(trade.quantity)}</TableCell>
          <TableCell align="right" sx={hiddenBelow('sm')}>
            {formatDollars(trade.price)}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatDollars(trade.amount)}
          </TableCell>
          <RealizedCell trade={trade} value={trade.realized_short} />
          <RealizedCell trade={trade} value={trade.realized_long} />
        </TableRow>
      ))}
    </CompactTable>
  );
}
