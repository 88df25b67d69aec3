import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { accountTypeLabels, type Portfolio } from '@meridian/domain/portfolios/contracts';
import { formatDollars, formatSignedPercent } from '@meridian/domain/shared/format';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { ResponsiveRow, ResponsiveTable, type ResponsiveColumn } from '../../components/responsive-table.tsx';
import { TextLink } from '../../components/text-link.tsx';

/** On a phone a portfolio keeps its name and value; account and gain/loss are in its details. */
const columns: ResponsiveColumn[] = [
  { label: 'Portfolio' },
  { label: 'Account', secondary: true },
  { label: 'Value', align: 'right' },
  { label: 'Gain/Loss', align: 'right', secondary: true },
];

/** A gain or loss in dollars with its percentage, green or red. */
function GainLoss({ gain, percent }: { gain: number; percent: number }) {
  return (
    <Box component="span" sx={{ color: gain >= 0 ? 'success.main' : 'error.main' }}>
      {formatDollars(gain)} ({formatSignedPercent(percent)})
    </Box>
  );
}

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
    <ResponsiveTable label="Portfolios" size="small" columns={columns}>
      {portfolios.map((portfolio) => (
        <ResponsiveRow
          key={portfolio.id}
          name={portfolio.name}
          cells={[
            <TextLink to={`/portfolios/${encodeURIComponent(portfolio.id)}`}>{portfolio.name}</TextLink>,
            accountLabel(portfolio),
            formatDollars(portfolio.total_value),
            <GainLoss gain={portfolio.gain_loss} percent={portfolio.gain_loss_percent} />,
          ]}
        />
      ))}
      <ResponsiveRow
        data-testid="portfolio-total"
        name="the total"
        sx={{ '& td': { fontWeight: 600 } }}
        cells={['Total', null, formatDollars(totals.value), <GainLoss gain={totals.gain} percent={totals.gainPercent} />]}
      />
    </ResponsiveTable>
  );
}
