import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import type { Household } from '@meridian/domain/households/contracts';
import { SignedValue } from '../../../components/signed-value.tsx';
import { useGetAnalyticsQuery } from '../../analytics/index.ts';

function Card({ label, testId, children, note }: { label: string; testId: string; children: ReactNode; note?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 500 }} data-testid={`${testId}-value`}>
        {children}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/** The household's rolled-up value and one-year time-weighted return, from its analytics. */
export function HouseholdSummary({ household }: { household: Household }) {
  const { data, isLoading, isError } = useGetAnalyticsQuery({ kind: 'household', id: household.id, period: '1Y' });
  const oneYear = data?.returns.find((row) => row.period === '1Y');
  const pending = <Skeleton width={120} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mb: 3 }}>
      <Card
        label="Rolled-up value"
        testId="household-value"
        {...(data?.scope.as_of && { note: `As of ${formatShortDate(data.scope.as_of)}` })}
      >
        {isLoading ? pending : formatDollars(data?.market_value ?? household.aum)}
      </Card>
      <Card
        label="1Y time-weighted return"
        testId="household-twr"
        {...(oneYear && !oneYear.complete && { note: `Since inception ${formatShortDate(oneYear.start_date)}` })}
      >
        {isLoading ? (
          pending
        ) : oneYear ? (
          <SignedValue value={oneYear.twr * 100} kind="percent" variant="h5" />
        ) : isError ? (
          'Unavailable'
        ) : (
          '—'
        )}
      </Card>
      <Card label="Members' AUM" testId="household-aum">
        {formatDollars(household.aum)}
      </Card>
    </Box>
  );
}
