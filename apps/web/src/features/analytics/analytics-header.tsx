import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';

/** The analysed portfolio or household: name, market value, cash, as-of day and benchmark. */
export function AnalyticsHeader({ analytics }: { analytics: PortfolioAnalytics }) {
  const { scope } = analytics;
  const household = scope.kind === 'household';
  const figures: [string, string, string][] = [
    ['market-value', 'Market value', formatDollars(analytics.market_value)],
    ['cash', 'Cash', formatDollars(analytics.cash)],
    ['as-of', 'As of', scope.as_of ? formatShortDate(scope.as_of) : '—'],
    ['benchmark', 'Benchmark', scope.benchmark_symbol ?? '—'],
  ];
  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 500 }} data-testid="analytics-name">
          {scope.name}
        </Typography>
        <Chip
          size="small"
          label={
            household ? `Household · ${scope.portfolio_ids.length} portfolio${scope.portfolio_ids.length === 1 ? '' : 's'}` : 'Portfolio'
          }
        />
        <Button component={RouterLink} to={household ? `/households/${scope.id}` : `/portfolios/${scope.id}`} size="small">
          {household ? 'Open household' : 'Open portfolio'}
        </Button>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, max-content)' }, columnGap: 4, rowGap: 1, m: 0 }}
      >
        {figures.map(([key, label, value]) => (
          <Box key={key} data-testid={`analytics-${key}`}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
