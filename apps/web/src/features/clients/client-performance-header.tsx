import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import type { PerformancePeriod } from '@meridian/domain/analytics/returns';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';

type Sort = { active: boolean; direction: 'asc' | 'desc'; onSort: () => void };

/**
 * The performance column's header: 'Performance (1Y)', and what it measures told once here rather
 * than on every row; with `sort`, the header is the column's sort button.
 */
export function ClientPerformanceHeader({ period, sort }: { period: PerformancePeriod; sort?: Sort }) {
  const label = text.performanceColumn(period);
  return (
    <Tooltip title={text.performanceHint(period)} describeChild>
      {sort ? (
        <TableSortLabel active={sort.active} direction={sort.direction} onClick={sort.onSort}>
          {label}
        </TableSortLabel>
      ) : (
        <span tabIndex={0}>{label}</span>
      )}
    </Tooltip>
  );
}
