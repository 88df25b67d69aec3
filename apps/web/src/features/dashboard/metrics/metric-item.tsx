import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { metricProgress, type PerformanceMetric } from '@meridian/domain/dashboard/contracts';
import { returnFigure, SignedValue } from '../../../components/signed-value.tsx';
import { formatMetricValue, signedMetricChange } from '../dashboard-format.ts';
import { dashboardMessages as text } from '../dashboard-messages.ts';

/** The change of a metric: in its unit, then relative, e.g. '+$1.2M (+0.9%)'. */
function changeText(metric: PerformanceMetric) {
  const parts = [
    metric.change !== null ? signedMetricChange(metric.change, metric.unit) : null,
    metric.change_percent !== null ? returnFigure(metric.change_percent) : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const [first, second] = parts;
  return { text: second ? `${first!.text} (${second.text})` : first!.text, direction: first!.direction };
}

/**
 * One metric of the Overview tab (spec part 1 §2, §9): label, value, target, change and period text,
 * and a bar of progress toward the target in the spec's colours, its percentage also written out.
 * A metric with nothing to measure yet shows '—' and why, with no bar.
 */
export function MetricItem({ metric }: { metric: PerformanceMetric }) {
  const testId = `metric-${metric.key}`;
  const change = metric.value === null ? null : changeText(metric);
  const { attained, progress, tone } = metricProgress(metric.value, metric.target);
  // The bar stops at the target; the words give the real share ("164% of target").
  const percent = Math.round(attained * 100);
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ fontWeight: 500 }}>
        {metric.label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 500 }} data-testid={`${testId}-value`}>
          {metric.value === null ? text.noValue : formatMetricValue(metric.value, metric.unit)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text.target(formatMetricValue(metric.target, metric.unit))}
        </Typography>
      </Box>
      <Box data-testid={`${testId}-change`}>
        {change ? (
          <SignedValue figure={change} suffix={metric.period_text} trend />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {metric.period_text}
          </Typography>
        )}
      </Box>
      {metric.value !== null && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            color={tone}
            aria-label={text.progressLabel(metric.label, percent)}
            data-tone={tone}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} aria-hidden>
            {text.ofTarget(percent)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
