import Box from '@mui/material/Box';
import { employmentStabilities, employmentStabilityLabels, liquidityNeedLabels, liquidityNeeds } from '@meridian/domain/ipq/instrument';
import { ipqTexts as text } from '../../ipq-texts.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { NumberField } from './number-field.tsx';

const employment = employmentStabilities.map((value) => ({ value, label: employmentStabilityLabels[value] }));
const liquidity = liquidityNeeds.map((value) => ({ value, label: liquidityNeedLabels[value] }));
const twoColumns = {
  display: 'grid',
  columnGap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** Module 4: age, income, dependants, income stability, horizon, liquidity needs and reserves. */
export function DemographicsFields() {
  return (
    <>
      <Box sx={twoColumns}>
        <NumberField name="age" label={text.age} unit={{ after: 'years' }} whole />
        <NumberField name="annual_income" label={text.income} unit={{ before: '$' }} />
        <NumberField name="dependants" label={text.dependants} whole />
        <NumberField name="time_horizon_years" label={text.horizon} unit={{ after: 'years' }} whole />
        <NumberField name="emergency_fund_months" label={text.emergencyFund} unit={{ after: 'months' }} />
      </Box>
      <ChoiceGroup name="employment_stability" legend={text.employmentLegend} options={employment} testId="employment" />
      <ChoiceGroup name="liquidity_needs" legend={text.liquidityLegend} options={liquidity} testId="liquidity" />
    </>
  );
}
