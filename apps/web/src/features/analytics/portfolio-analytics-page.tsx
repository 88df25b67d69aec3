import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { lazy } from 'react';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { householdMessages } from '@meridian/domain/households/messages';
import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import { benchmarkCaption } from '@meridian/domain/analytics/benchmark';
import { errorText } from '../../lib/error-text.ts';
import { useGetAnalyticsQuery } from './analytics-api.ts';
import { AnalyticsHeader } from './analytics-header.tsx';
import { AnalyticsScopePicker } from './analytics-scope-picker.tsx';
import { ChartSuspense } from '../../components/chart-suspense.tsx';
import { AnalyticsSection } from './analytics-section.tsx';
import { ConcentrationFigures } from './risk/concentration-figures.tsx';
import { LotsTables } from './holdings/lots-tables.tsx';
import { OptimizationSection } from './optimization/optimization-section.tsx';
import { PeriodToggle } from './performance/period-toggle.tsx';
import { ReturnsTable } from './performance/returns-table.tsx';
import { RiskMetricsPanel } from './risk/risk-metrics.tsx';
import { useAnalyticsSelection, type AnalyticsSelection } from './use-analytics-selection.ts';

// The chart library is a large chunk: the page paints its figures first and the charts follow.
const GrowthChart = lazy(async () => ({ default: (await import('./performance/analytics-charts.tsx')).GrowthChart }));
const DrawdownChart = lazy(async () => ({ default: (await import('./performance/analytics-charts.tsx')).DrawdownChart }));
const AnalyticsAllocation = lazy(async () => ({ default: (await import('./holdings/analytics-allocation.tsx')).AnalyticsAllocation }));

const notFound = (kind: 'portfolio' | 'household') =>
  kind === 'portfolio' ? portfolioMessages.portfolioNotFound : householdMessages.householdNotFound;
const statusOf = (error: unknown) => (typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined);

function AnalyticsBody({ analytics }: { analytics: PortfolioAnalytics }) {
  const { series } = analytics;
  const benchmarkNote = benchmarkCaption(analytics.scope.benchmark_symbol, analytics.scope.benchmark_basis);
  const note = (testId: string) =>
    benchmarkNote && (
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid={testId}>
        {benchmarkNote}
      </Typography>
    );
  return (
    <>
      <AnalyticsHeader analytics={analytics} />
      <AnalyticsSection title="Value against benchmark" testId="analytics-growth">
        {series.length === 0 ? (
          <Typography color="text.secondary">No values in this period yet.</Typography>
        ) : (
          <ChartSuspense height={320}>
            <GrowthChart series={series} benchmark={analytics.scope.benchmark_symbol} />
          </ChartSuspense>
        )}
        {note('analytics-benchmark-basis')}
      </AnalyticsSection>
      <AnalyticsSection title="Returns by period" testId="analytics-returns" padded={false}>
        <ReturnsTable returns={analytics.returns} inception={analytics.scope.inception_date} />
        <Box sx={{ px: 2, pb: 1 }}>{note('returns-benchmark-basis')}</Box>
      </AnalyticsSection>
      <AnalyticsSection title={`Risk (${analytics.period})`} testId="analytics-risk">
        <RiskMetricsPanel risk={analytics.risk} />
      </AnalyticsSection>
      <AnalyticsSection title="Drawdown" testId="analytics-drawdown">
        {series.length === 0 ? (
          <Typography color="text.secondary">No values in this period yet.</Typography>
        ) : (
          <ChartSuspense height={220}>
            <DrawdownChart series={series} />
          </ChartSuspense>
        )}
      </AnalyticsSection>
      <ChartSuspense height={260}>
        <AnalyticsAllocation allocation={analytics.allocation} />
      </ChartSuspense>
      <AnalyticsSection title="Concentration" testId="analytics-concentration">
        <ConcentrationFigures concentration={analytics.concentration} />
      </AnalyticsSection>
      {analytics.scope.kind === 'portfolio' && <OptimizationSection portfolioId={analytics.scope.id} />}
      <AnalyticsSection title="Tax lots" testId="analytics-lots" padded={false}>
        <LotsTables lots={analytics.lots} />
      </AnalyticsSection>
    </>
  );
}

function AnalyticsResult({ selection, period }: { selection: NonNullable<AnalyticsSelection>; period: PortfolioAnalytics['period'] }) {
  const { currentData, data, error, isError, isFetching } = useGetAnalyticsQuery({ ...selection, period });
  // While another period loads, the figures shown stay (under a progress bar) rather than blink away.
  const shown = currentData ?? (isFetching && data?.scope.id === selection.id ? data : undefined);
  return (
    <>
      <LinearProgress aria-label="Loading analytics" sx={{ mb: 2, visibility: isFetching ? 'visible' : 'hidden' }} />
      {isError && !isFetching ? (
        <Alert severity="error">
          {statusOf(error) === 404 ? notFound(selection.kind) : errorText(error, portfolioMessages.fetchAnalyticsFailed)}
        </Alert>
      ) : (
        shown && <AnalyticsBody analytics={shown} />
      )}
    </>
  );
}

/** /portfolio-analytics?portfolio=<id>|household=<id>&period=1Y: returns, risk, allocation and tax lots. */
export function PortfolioAnalyticsPage() {
  const { selection, period, select, setPeriod } = useAnalyticsSelection();
  const { currentData } = useGetAnalyticsQuery(selection ? { ...selection, period } : skipToken);
  return (
    <>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
          Portfolio Analytics
        </Typography>
        <Typography variant="subtitle1" color="text.secondary">
          Time- and money-weighted returns, risk, allocation and tax lots of a portfolio or a household
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
          <AnalyticsScopePicker selection={selection} selectedName={currentData?.scope.name} onSelect={select} />
        </Box>
        <PeriodToggle value={period} onChange={setPeriod} />
      </Box>
      {selection ? (
        <AnalyticsResult key={`${selection.kind}-${selection.id}`} selection={selection} period={period} />
      ) : (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="analytics-empty">
          <Typography variant="h6" component="p">
            Choose a portfolio or a household
          </Typography>
          <Typography color="text.secondary">
            Pick one above to see its returns against the benchmark, risk, allocation and tax lots.
          </Typography>
        </Paper>
      )}
    </>
  );
}
