import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatShortDate } from '@meridian/domain/shared/format';
import type { RiskMetrics } from '@meridian/domain/analytics/contracts';
import { noFigure, plainFraction, ratio, signedFraction } from '../../../lib/figure-format.ts';

type Figure = { key: string; label: string; value: string; note?: string };

function figures(risk: RiskMetrics): Figure[] {
  const drawdown = risk.max_drawdown;
  return [
    { key: 'volatility', label: 'Volatility (annualised)', value: plainFraction(risk.volatility) },
    { key: 'sharpe', label: 'Sharpe ratio', value: ratio(risk.sharpe), note: `Risk-free rate ${plainFraction(risk.risk_free_rate)}` },
    {
      key: 'sortino',
      label: 'Sortino ratio',
      value: ratio(risk.sortino),
      note: `Target ${plainFraction(risk.risk_free_rate)} · downside over all days`,
    },
    {
      key: 'max-drawdown',
      label: 'Max drawdown',
      // A fall: shown as the loss it is (depth is positive in the contract).
      value: drawdown ? signedFraction(-drawdown.depth) : noFigure,
      ...(drawdown && {
        note: `Peak ${formatShortDate(drawdown.peak_date)} · trough ${formatShortDate(drawdown.trough_date)} · ${
          drawdown.recovery_date ? `recovered ${formatShortDate(drawdown.recovery_date)}` : 'not recovered'
        }`,
      }),
    },
    { key: 'beta', label: 'Beta', value: ratio(risk.beta) },
    { key: 'correlation', label: 'Correlation', value: ratio(risk.correlation) },
    { key: 'var', label: 'VaR 95 % (1 day)', value: plainFraction(risk.var_95), note: 'of value per day' },
    { key: 'cvar', label: 'CVaR 95 % (1 day)', value: plainFraction(risk.cvar_95), note: 'of value per day' },
  ];
}

/** Risk over the chosen period from daily returns; '—' where too few returns give no figure. */
export function RiskMetricsPanel({ risk }: { risk: RiskMetrics }) {
  return (
    <>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
        aria-label="Risk metrics"
      >
        {figures(risk).map((figure) => (
          <Box key={figure.key} data-testid={`risk-${figure.key}`} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {figure.label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 500 }}>
              {figure.value}
            </Typography>
            {figure.note && (
              <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0, display: 'block' }}>
                {figure.note}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {`From ${risk.observations} daily returns.`}
      </Typography>
    </>
  );
}
