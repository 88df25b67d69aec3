import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { performancePeriods, type PerformancePeriod } from '@meridian/domain/analytics/returns';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';

/** The period of the clients' performance column: 1M, 3M, YTD, 1Y, 3Y or SI. */
export function PerformancePeriodSelect({ value, onChange }: { value: PerformancePeriod; onChange: (period: PerformancePeriod) => void }) {
  return (
    <TextField
      select
      size="small"
      label={text.performancePeriodLabel}
      value={value}
      onChange={(event) => onChange(event.target.value as PerformancePeriod)}
      sx={{ minWidth: 170 }}
    >
      {performancePeriods.map((period) => (
        <MenuItem key={period} value={period}>
          {period}
        </MenuItem>
      ))}
    </TextField>
  );
}
