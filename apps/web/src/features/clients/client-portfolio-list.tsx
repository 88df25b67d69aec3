import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { accountTypeLabels, type Portfolio } from '@meridian/domain/portfolios/contracts';
import { formatDollars, formatSignedPercent } from '@meridian/domain/shared/format';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { hiddenBelow } from '../../components/hidden-below.ts';
import { TextLink } from '../../components/text-link.tsx';
import { ScrollableTable } from '../../components/scrollable-table.tsx';

// On a phone the account type moves under the portfolio's name, so value and gain/loss keep their room.
const wide = hiddenBelow('sm');
const narrowOnly = { display: { xs: 'block', sm: 'none' } } as const;

const signColor = (value: number) => (value >= 0 ? 'success.main' : 'error.main');

const accountLabel = (portfolio: Portfolio) =>
  `${accountTypeLabels[portfolio.account_type]}${portfolio.status === 'active' ? '' : ` (${portfolio.status})`}`;

/** Totals over portfolios: value, cost and gain/loss (percent 0 when the cost is not above 0). */
export function portfolioTotals(portfolios: Portfolio[]) {
  const cents = (value: number) => Math.round(value * 100);
  const value = portfolios.reduce((sum, p) => sum + cents(p.total_value), 0) / 100;
  const cost = portfolios.reduce((sum, p) => sum + cents(p.cost_basis), 0) / 100;
  const gain = portfolios.reduce((sum, p) => sum + cents(p.gain_loss), 0) / 100;
  return { value, cost, gain, gainPercent: cost > 0 ? (gain / cost) * 100 : 0 };
}

/** The client's portfolios with value and unrealised gain/loss, and their total. */
export function ClientPortfolioList({ portfolios }: { portfolios: Portfolio[] }) {
  if (portfolios.length === 0) return <Typography color="text.secondary">{text.noPortfolios}</Typography>;
  const totals = portfolioTotals(portfolios);
  return (
    <ScrollableTable label="Portfolios">
      <Table size="small" aria-label="Portfolios">
        <TableHead>
          <TableRow>
            <TableCell>Portfolio</TableCell>
            <TableCell sx={wide}>Account</TableCell>
            <TableCell align="right">Value</TableCell>
            <TableCell align="right">Gain/Loss</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {portfolios.map((portfolio) => (
            <TableRow key={portfolio.id}>
              <TableCell>
                <TextLink to={`/portfolios/${encodeURIComponent(portfolio.id)}`}>{portfolio.name}</TextLink>
                <Typography variant="caption" color="text.secondary" sx={narrowOnly}>
                  {accountLabel(portfolio)}
                </Typography>
              </TableCell>
              <TableCell sx={wide}>{accountLabel(portfolio)}</TableCell>
              <TableCell align="right">{formatDollars(portfolio.total_value)}</TableCell>
              <TableCell align="right" sx={{ color: signColor(portfolio.gain_loss) }}>
                {formatDollars(portfolio.gain_loss)} ({formatSignedPercent(portfolio.gain_loss_percent)})
              </TableCell>
            </TableRow>
          ))}
          <TableRow data-testid="portfolio-total">
            <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
            <TableCell sx={wide} />
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {formatDollars(totals.value)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, color: signColor(totals.gain) }}>
              {formatDollars(totals.gain)} ({formatSignedPercent(totals.gainPercent)})
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
