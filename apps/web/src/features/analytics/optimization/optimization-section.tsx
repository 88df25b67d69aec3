import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatWholeDollars } from '@meridian/domain/shared/format';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { clientMessages } from '@meridian/domain/shared/messages';
import { riskBandLabels } from '@meridian/domain/model-portfolios/contracts';
import type { Optimization } from '@meridian/domain/recommendations/contracts';
import { useAppSelector } from '../../../app/hooks.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { plainFraction } from '../../../lib/figure-format.ts';
import { ChartSuspense } from '../../../components/chart-suspense.tsx';
import { HeldBackAlert } from '../../../components/held-back-alert.tsx';
import { gainBudgetText } from '../../../lib/gain-budget-text.ts';
import { AnalyticsSection } from '../analytics-section.tsx';
import { ClassWeightsTable } from './class-weights-table.tsx';
import { useOptimizePortfolioQuery, useRecommendOptimumMutation } from './optimization-api.ts';

const FrontierChart = lazy(async () => ({ default: (await import('./frontier-chart.tsx')).FrontierChart }));

/** The trades to the optimum in a sentence, with their estimated tax and the client's gain budget in a taxable account. */
function tradesSummary({ trades, totals, tax, held_back }: Optimization): string {
  if (trades.length === 0)
    return held_back.length > 0 ? "No trades: the client's settings hold back every one." : 'The portfolio is at its optimum: no trades.';
  const summary =
    `${trades.length} trade${trades.length === 1 ? '' : 's'}: sell ${formatWholeDollars(totals.sells)}, buy ${formatWholeDollars(totals.buys)}; ` +
    `estimated realised gain ${formatWholeDollars(totals.realized_long)} long-term and ${formatWholeDollars(totals.realized_short)} short-term (losses and long-term lots sold first).`;
  if (tax?.treatment !== 'taxable') return summary;
  const budget = gainBudgetText(tax, formatWholeDollars);
  return `${summary} Estimated tax ${formatWholeDollars(Math.max(0, tax.estimated_tax))}.${budget}`;
}

/** Weights below this are not worth a row: the table lists what the portfolio holds or would hold. */
const shownWeight = 0.001;

function RiskFigures({ optimization }: { optimization: Optimization }) {
  const rows = [
    { label: 'Now', point: optimization.current },
    { label: 'Optimal', point: optimization.optimal },
  ];
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, auto)' }, gap: 2, justifyContent: 'start', mb: 2 }}
      data-testid="optimization-figures"
    >
      {rows.flatMap(({ label, point }) => [
        <Box key={`${label}-return`}>
          <Typography variant="caption" color="text.secondary" component="p">
            {label}: expected return
          </Typography>
          <Typography variant="h6" component="p">
            {plainFraction(point.expected_return)}
          </Typography>
        </Box>,
        <Box key={`${label}-volatility`}>
          <Typography variant="caption" color="text.secondary" component="p">
            {label}: volatility
          </Typography>
          <Typography variant="h6" component="p">
            {plainFraction(point.volatility)}
          </Typography>
        </Box>,
      ])}
    </Box>
  );
}

function WeightsTable({ optimization }: { optimization: Optimization }) {
  const rows = optimization.assets
    .filter((asset) => asset.current_weight >= shownWeight || asset.optimal_weight >= shownWeight)
    .sort((a, b) => b.optimal_weight - a.optimal_weight || b.current_weight - a.current_weight);
  return (
    <ScrollableTable label="Weights now and at the optimum">
      <Table size="small" aria-label="Weights now and at the optimum">
        <TableHead>
          <TableRow>
            <TableCell>Security</TableCell>
            <TableCell align="right">Now</TableCell>
            <TableCell align="right">Optimal</TableCell>
            <TableCell align="right">Expected return</TableCell>
            <TableCell align="right">Volatility</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((asset) => (
            <TableRow key={asset.security_id}>
              <TableCell>
                <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                  {asset.symbol}
                </Typography>{' '}
                <Typography variant="body2" component="span" color="text.secondary">
                  {asset.name}
                </Typography>
              </TableCell>
              <TableCell align="right">{plainFraction(asset.current_weight)}</TableCell>
              <TableCell align="right">{plainFraction(asset.optimal_weight)}</TableCell>
              <TableCell align="right">{plainFraction(asset.expected_return)}</TableCell>
              <TableCell align="right">{plainFraction(asset.volatility)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell>Cash</TableCell>
            <TableCell align="right">{plainFraction(optimization.cash_weight)}</TableCell>
            <TableCell align="right">{plainFraction(0)}</TableCell>
            <TableCell colSpan={2} />
          </TableRow>
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

function RecommendButton({ portfolioId, hasTrades }: { portfolioId: string; hasTrades: boolean }) {
  const [recommend, { data, error, isLoading }] = useRecommendOptimumMutation();
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="contained" onClick={() => recommend(portfolioId)} disabled={isLoading || !hasTrades}>
        {isLoading ? 'Creating…' : 'Create recommendation from the optimum'}
      </Button>
      {data && (
        <Alert
          severity="success"
          sx={{ mt: 2 }}
          action={
            <Button component={RouterLink} to={`/portfolios/${portfolioId}`} size="small">
              View
            </Button>
          }
        >
          {data.title}: pending on the portfolio page.
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(error, portfolioMessages.generateRecommendationsFailed)}
        </Alert>
      )}
    </Box>
  );
}

/** The efficient frontier of a portfolio's securities, where it stands and its optimum for the client's band. */
export function OptimizationSection({ portfolioId }: { portfolioId: string }) {
  const readOnly = useAppSelector((state) => state.auth.user?.role_name === 'client');
  const { data: optimization, error, isLoading } = useOptimizePortfolioQuery(portfolioId);
  const title = 'Efficient frontier and optimum';
  if (isLoading) {
    return (
      <AnalyticsSection title={title} testId="analytics-optimization">
        <Skeleton variant="rounded" height={300} />
      </AnalyticsSection>
    );
  }
  if (error || !optimization) {
    const said = errorText(error, portfolioMessages.optimizeFailed);
    return (
      <AnalyticsSection title={title} testId="analytics-optimization">
        <Alert severity="info">
          {readOnly && said === clientMessages.riskBandNotAssessed ? portfolioMessages.ownRiskBandNotAssessed : said}
        </Alert>
      </AnalyticsSection>
    );
  }
  return (
    <AnalyticsSection title={title} testId="analytics-optimization">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Optimised for a {riskBandLabels[optimization.risk_band].toLowerCase()} client: target volatility{' '}
        {plainFraction(optimization.target_volatility)}, within the band’s range for each asset class. Expected returns are the firm’s{' '}
        <Link component={RouterLink} to="/capital-market-assumptions">
          capital-market assumptions
        </Link>
        , each security’s scaled by its beta to its class’s fund; risk comes from {optimization.history.days} days of returns (covariance
        shrunk {plainFraction(optimization.shrinkage)} towards a common variance).
        {optimization.constraints_relaxed &&
          ' These securities cannot meet every range of the band, so the ones they cannot meet were left out.'}
      </Typography>
      <RiskFigures optimization={optimization} />
      <ChartSuspense height={300}>
        <Box component="figure" sx={{ m: 0 }}>
          <FrontierChart optimization={optimization} />
          <Typography component="figcaption" variant="caption" color="text.secondary">
            {optimization.frontier.length} efficient portfolios from {plainFraction(optimization.minimum_variance.volatility)} to{' '}
            {plainFraction(optimization.frontier.at(-1)?.volatility)} volatility; now {plainFraction(optimization.current.expected_return)}{' '}
            at {plainFraction(optimization.current.volatility)}, optimal {plainFraction(optimization.optimal.expected_return)} at{' '}
            {plainFraction(optimization.optimal.volatility)}.
          </Typography>
        </Box>
      </ChartSuspense>
      <ClassWeightsTable optimization={optimization} />
      <WeightsTable optimization={optimization} />
      <Typography sx={{ mt: 2 }} data-testid="optimization-trades">
        {tradesSummary(optimization)}
        {optimization.wash_sale_blocked.map((block) => ` ${block.symbol} is not bought back before ${block.until} (wash sale).`).join('')}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <HeldBackAlert rows={optimization.held_back} budgetLeft={optimization.tax?.budget_left ?? null} />
      </Box>
      {!readOnly && <RecommendButton portfolioId={portfolioId} hasTrades={optimization.trades.length > 0} />}
    </AnalyticsSection>
  );
}
