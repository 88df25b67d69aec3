import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import type { PerformanceMetricsResponse } from '@meridian/domain/dashboard/contracts';
import { formatShortDate } from '@meridian/domain/shared/format';
import { demoMetrics, demoPeriod } from '../dashboard-demo.ts';
import { dashboardMessages as text } from '../dashboard-messages.ts';
import { MetricItem } from './metric-item.tsx';

// The chart library is loaded only when the Trends tab is opened, never for the first paint.
const MetricsTrendsChart = lazy(async () => ({ default: (await import('./metrics-trends-chart.tsx')).MetricsTrendsChart }));

type Props = { demo: boolean; data: PerformanceMetricsResponse['data'] | undefined; isLoading: boolean };

type View = 'overview' | 'trends';
const tabId = (view: View) => `dashboard-metrics-tab-${view}`;
const panelId = (view: View) => `dashboard-metrics-panel-${view}`;

const metricsGrid = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } } as const;

function LoadingMetrics() {
  return (
    <Box sx={metricsGrid} aria-busy>
      {[0, 1, 2, 3].map((index) => (
        <Box key={index}>
          <Skeleton width="50%" />
          <Skeleton width="30%" height={40} />
          <Skeleton variant="rectangular" height={8} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * Performance Metrics (spec part 1 §2): the current quarter as a badge, an Overview of each metric
 * against its target and the Trends of the last quarters; the spec's figures, labelled, in the demo state.
 */
export function MetricsPanel({ demo, data, isLoading }: Props) {
  const [view, setView] = useState<View>('overview');
  const metrics = demo ? demoMetrics : data?.metrics;
  const period = demo ? demoPeriod : data?.period;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} component="section" aria-labelledby="dashboard-metrics-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id="dashboard-metrics-heading">
          {text.metricsHeading}
        </Typography>
        {period && <Chip size="small" color="primary" label={period} data-testid="metrics-period" />}
        {demo && <Chip size="small" icon={<ScienceOutlinedIcon />} label={text.demoData} />}
        {!demo && data && (
          <Typography variant="caption" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {text.lastUpdated(formatShortDate(data.last_updated))}
          </Typography>
        )}
      </Box>
      <Tabs
        value={view}
        onChange={(_event, next: View) => setView(next)}
        aria-label={text.metricsViews}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="overview" label={text.overview} id={tabId('overview')} aria-controls={panelId('overview')} />
        <Tab value="trends" label={text.trends} id={tabId('trends')} aria-controls={panelId('trends')} />
      </Tabs>
      <Box role="tabpanel" id={panelId('overview')} aria-labelledby={tabId('overview')} hidden={view !== 'overview'}>
        {view === 'overview' &&
          (metrics ? (
            <Box sx={metricsGrid}>
              {metrics.map((metric) => (
                <MetricItem key={metric.key} metric={metric} />
              ))}
            </Box>
          ) : isLoading ? (
            <LoadingMetrics />
          ) : (
            <Typography color="text.secondary">{text.metricsFailed}</Typography>
          ))}
      </Box>
      <Box role="tabpanel" id={panelId('trends')} aria-labelledby={tabId('trends')} hidden={view !== 'trends'}>
        {view === 'trends' &&
          (!demo && data && data.trends.length > 0 ? (
            <Suspense fallback={<Skeleton variant="rectangular" height={240} data-testid="trends-loading" />}>
              <MetricsTrendsChart trends={data.trends} />
            </Suspense>
          ) : isLoading ? (
            <Skeleton variant="rectangular" height={240} />
          ) : (
            <Typography color="text.secondary">{text.noTrends}</Typography>
          ))}
      </Box>
    </Paper>
  );
}
