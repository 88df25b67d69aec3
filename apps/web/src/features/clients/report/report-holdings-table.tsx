import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDollars, formatSignedPercent } from '@meridian/domain/shared/format';
import type { PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import { hiddenBelow } from '../../../components/hidden-below.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { assetClassLabel } from './report-allocation.ts';

// A phone keeps symbol, market value and gain/loss; paper and wider screens show every column.
const wide = hiddenBelow('sm');

const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** One portfolio's holdings for the printed report. */
export function ReportHoldingsTable({ portfolio }: { portfolio: PortfolioDetail }) {
  if (portfolio.holdings.length === 0)
    return (
      <Typography color="text.secondary" variant="body2">
        No holdings
      </Typography>
    );
  return (
    <ScrollableTable label={`Holdings of ${portfolio.name}`}>
      <Table size="small" aria-label={`Holdings of ${portfolio.name}`} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Symbol</TableCell>
            <TableCell sx={wide}>Security</TableCell>
            <TableCell sx={wide}>Asset class</TableCell>
            <TableCell align="right" sx={wide}>
              Quantity
            </TableCell>
            <TableCell align="right">Market value</TableCell>
            <TableCell align="right">Gain/Loss</TableCell>
            <TableCell align="right" sx={wide}>
              Weight
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {portfolio.holdings.map((holding) => (
            <TableRow key={holding.id} sx={{ breakInside: 'avoid' }}>
              <TableCell sx={{ fontWeight: 500 }}>{holding.security.symbol}</TableCell>
              <TableCell sx={wide}>{holding.security.name}</TableCell>
              <TableCell sx={wide}>{assetClassLabel(holding.security.asset_class)}</TableCell>
              <TableCell align="right" sx={wide}>
                {quantity.format(holding.quantity)}
              </TableCell>
              <TableCell align="right">{formatDollars(holding.market_value)}</TableCell>
              <TableCell align="right">
                {formatDollars(holding.gain_loss)} ({formatSignedPercent(holding.gain_loss_percent)})
              </TableCell>
              <TableCell align="right" sx={wide}>
                {holding.allocation_percent.toFixed(2)}%
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
