import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDollars } from '@meridian/domain/shared/format';
import type { Portfolio } from '@meridian/domain/portfolios/contracts';
import { SignedValue } from '../../../components/signed-value.tsx';

function ValueCard({ label, testId, children, note }: { label: string; testId: string; children: ReactNode; note?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {/* A smaller figure on a phone, where two cards share the width and millions would spill out. */}
      <Box sx={{ typography: { xs: 'h6', sm: 'h5' }, fontWeight: 500, mt: 0.5, overflowWrap: 'anywhere' }} data-testid={`${testId}-value`}>
        {children}
      </Box>
      {note && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/** Total value, holdings value, cash (red below zero) and the unrealised gain or loss. */
export function PortfolioValueCards({ portfolio }: { portfolio: Portfolio }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, mb: 3 }}>
      <ValueCard label="Total value" testId="card-total-value" note="Holdings plus cash">
        {formatDollars(portfolio.total_value)}
      </ValueCard>
      <ValueCard
        label="Holdings value"
        testId="card-holdings-value"
        note={`${portfolio.holdings_count} ${portfolio.holdings_count === 1 ? 'holding' : 'holdings'} at the latest close`}
      >
        {formatDollars(portfolio.holdings_value)}
      </ValueCard>
      <ValueCard label="Cash" testId="card-cash" note={portfolio.cash_balance < 0 ? 'Overdrawn: buys exceed deposits' : 'From the ledger'}>
        <Box component="span" sx={{ color: portfolio.cash_balance < 0 ? 'error.main' : 'inherit' }}>
          {formatDollars(portfolio.cash_balance)}
        </Box>
      </ValueCard>
      <ValueCard label="Gain/loss" testId="card-gain-loss" note={`Cost basis ${formatDollars(portfolio.cost_basis)}`}>
        <SignedValue value={portfolio.gain_loss} kind="dollars" variant="h5" />{' '}
        <SignedValue value={portfolio.gain_loss_percent} kind="percent" variant="body1" />
      </ValueCard>
    </Box>
  );
}
