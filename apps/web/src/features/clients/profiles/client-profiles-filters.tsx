import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { investmentExperiences, riskCapacities, type InvestmentExperience, type RiskCapacity } from '@meridian/domain/clients/contracts';
import { experienceLabel, riskProfile } from '@meridian/domain/shared/format';

export type ProfileFilters = {
  risk: RiskCapacity[];
  experience: InvestmentExperience[];
  minNetWorth: string;
  maxNetWorth: string;
};

export const emptyProfileFilters: ProfileFilters = { risk: [], experience: [], minNetWorth: '', maxNetWorth: '' };

function MultiSelect<T extends string>({
  label,
  values,
  options,
  text,
  onChange,
}: {
  label: string;
  values: T[];
  options: readonly T[];
  text: (value: T) => string;
  onChange: (values: T[]) => void;
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={values}
      onChange={(event) => onChange(event.target.value as unknown as T[])}
      sx={{ minWidth: 220 }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => ((selected as T[]).length ? (selected as T[]).map(text).join(', ') : 'All'),
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          <Checkbox size="small" checked={values.includes(option)} />
          <ListItemText primary={text(option)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Risk capacity and experience lists, net worth min and max (spec part 2 §5 local filters). */
export function ClientProfilesFilters({ value, onChange }: { value: ProfileFilters; onChange: (next: ProfileFilters) => void }) {
  const money = (key: 'minNetWorth' | 'maxNetWorth', label: string) => (
    <TextField
      label={label}
      size="small"
      value={value[key]}
      onChange={(event) => onChange({ ...value, [key]: event.target.value.replace(/[^\d.]/g, '') })}
      sx={{ width: 170 }}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <MultiSelect
        label="Risk capacity"
        values={value.risk}
        options={riskCapacities}
        text={(v) => `${riskProfile(v)} (${v})`}
        onChange={(risk) => onChange({ ...value, risk })}
      />
      <MultiSelect
        label="Experience"
        values={value.experience}
        options={investmentExperiences}
        text={experienceLabel}
        onChange={(experience) => onChange({ ...value, experience })}
      />
      {money('minNetWorth', 'Min net worth')}
      {money('maxNetWorth', 'Max net worth')}
      <Button variant="outlined" onClick={() => onChange(emptyProfileFilters)}>
        Clear
      </Button>
    </Box>
  );
}
