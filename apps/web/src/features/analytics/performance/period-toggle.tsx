import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { performancePeriods, type PerformancePeriod } from '@meridian/domain/analytics/contracts';

/** The period the charts and risk figures cover (the returns table always shows every period). */
export function PeriodToggle({ value, onChange }: { value: PerformancePeriod; onChange: (next: PerformancePeriod) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label="Period"
      onChange={(_event, next: PerformancePeriod | null) => next && onChange(next)}
      sx={{ flexWrap: 'wrap' }}
    >
      {performancePeriods.map((period) => (
        <ToggleButton key={period} value={period} sx={{ px: 1.5 }}>
          {period}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
