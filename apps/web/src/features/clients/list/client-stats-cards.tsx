import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatCompactDollars } from '@meridian/domain/shared/format';
import { returnFigure, SignedValue } from '../../../components/signed-value.tsx';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { errorText } from '../../../lib/error-text.ts';
import { useClientStatsQuery, type ClientFilterArgs } from '../clients-api.ts';

function Card({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 500, mt: 0.5 }} data-testid={`${testId}-value`}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

/** The four cards over the list's current filters (GET /clients/stats). */
export function ClientStatsCards({ filters }: { filters: ClientFilterArgs }) {
  const { data, error, isLoading } = useClientStatsQuery(filters);
  if (error)
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        {errorText(error, text.fetchStatsFailed)}
      </Alert>
    );
  const show = (value: ReactNode) => (isLoading || !data ? <Skeleton width={80} /> : value);
  const performance = data?.average_performance ?? null;
  // The dashboard's figure and format: a return with one decimal, its period named.
  const periodName = data?.performance_period === '1Y' ? 'the last year' : (data?.performance_period ?? '');
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
      <Card
        testId="card-total-clients"
        label={text.cardTotalClients}
        hint={text.cardTotalClientsHint}
        value={show(data?.total_clients.toLocaleString('en-US'))}
      />
      <Card
        testId="card-total-aum"
        label={text.cardTotalAum}
        hint={text.cardTotalAumHint}
        value={show(data && formatCompactDollars(data.total_aum))}
      />
      <Card
        testId="card-performance"
        label={text.cardPerformance}
        hint={performance === null ? text.cardPerformanceEmpty : text.cardPerformanceHint(periodName)}
        value={show(performance === null ? text.noValue : <SignedValue variant="inherit" figure={returnFigure(performance / 100)} />)}
      />
      <Card
        testId="card-assessments"
        label={text.cardAssessments}
        hint={text.cardAssessmentsHint}
        value={show(data?.assessment_complete_percent == null ? text.noValue : `${data.assessment_complete_percent.toFixed(1)}%`)}
      />
    </Box>
  );
}
