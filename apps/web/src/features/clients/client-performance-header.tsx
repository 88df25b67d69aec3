import Tooltip from '@mui/material/Tooltip';
import type { PerformancePeriod } from '@meridian/domain/analytics/returns';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';

/** The performance column's header: 'Performance (1Y)', and what it measures told once here rather than on every row. */
export function ClientPerformanceHeader({ period }: { period: PerformancePeriod }) {
  return (
    <Tooltip title={text.performanceHint(period)} describeChild>
      <span tabIndex={0}>{text.performanceColumn(period)}</span>
    </Tooltip>
  );
}
