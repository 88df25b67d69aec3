import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useWatch } from 'react-hook-form';
import { ipqInvestmentExperienceLabels, ipqInvestmentExperiences, totalEquityShare } from '@meridian/domain/ipq/instrument';
import { ipqTexts as text } from '../../ipq-texts.ts';
import { parseNumber, type AssetAllocationValues } from '../../module-values.ts';
import { NumberField } from './number-field.tsx';

const twoColumns = {
  display: 'grid',
  columnGap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** The stock share of both pots together, once every figure typed is a number; null before. */
function liveEquityShare(values: Partial<AssetAllocationValues>): number | null {
  const figures = {
    retirement_wealth: parseNumber(values.retirement_wealth) ?? 0,
    non_retirement_wealth: parseNumber(values.non_retirement_wealth) ?? 0,
    retirement_equity_percentage: parseNumber(values.retirement_equity_percentage) ?? 0,
    non_retirement_equity_percentage: parseNumber(values.non_retirement_equity_percentage) ?? 0,
  };
  return Object.values(figures).every(Number.isFinite) ? totalEquityShare(figures) : null;
}

/** Module 3: experience and the two pots (retirement and other) with their share in stocks; the total share follows live. */
export function AssetAllocationFields() {
  const values = useWatch() as Partial<AssetAllocationValues>;
  const share = liveEquityShare(values);
  return (
    <>
      <Controller
        name="investment_experience"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            id="ipq-investment_experience"
            label={text.experience}
            fullWidth
            margin="dense"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
          >
            {ipqInvestmentExperiences.map((value) => (
              <MenuItem key={value} value={value}>
                {ipqInvestmentExperienceLabels[value]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box sx={twoColumns}>
        <NumberField name="retirement_wealth" label={text.retirementWealth} unit={{ before: '$' }} />
        <NumberField name="retirement_equity_percentage" label={text.retirementEquity} unit={{ after: '%' }} />
        <NumberField name="non_retirement_wealth" label={text.otherWealth} unit={{ before: '$' }} />
        <NumberField name="non_retirement_equity_percentage" label={text.otherEquity} unit={{ after: '%' }} />
      </Box>
      <Box sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography variant="body2" color="text.secondary" id="ipq-total-equity">
          {text.totalEquity}
        </Typography>
        <Typography variant="h6" component="output" aria-labelledby="ipq-total-equity" aria-live="polite" data-testid="total-equity-share">
          {share === null ? '—' : `${share}%`}
        </Typography>
      </Box>
    </>
  );
}
