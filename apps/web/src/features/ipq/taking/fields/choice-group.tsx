import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useController } from 'react-hook-form';

type Props = {
  name: string;
  legend: ReactNode;
  options: readonly { value: string; label: string }[];
  /** Side by side (short labels such as Accept / Decline); else one under the other. */
  row?: boolean;
  disabled?: boolean;
  testId?: string;
};

/** A single choice: a fieldset named by its question, one radio per option, the message under it. */
export function ChoiceGroup({ name, legend, options, row = false, disabled = false, testId }: Props) {
  const { field, fieldState } = useController({ name });
  const errorId = useId();
  const error = fieldState.error?.message;
  return (
    <Box
      component="fieldset"
      aria-describedby={error ? errorId : undefined}
      data-testid={testId}
      sx={{ border: 0, m: 0, p: 0, py: 1, minWidth: 0 }}
    >
      <Typography component="legend" sx={{ p: 0, mb: 0.5, fontWeight: 500, color: disabled ? 'text.secondary' : 'text.primary' }}>
        {legend}
      </Typography>
      <RadioGroup
        row={row}
        name={field.name}
        value={field.value ?? ''}
        onChange={(_event, value) => field.onChange(value)}
        onBlur={field.onBlur}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            disabled={disabled}
            label={option.label}
            control={<Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />}
          />
        ))}
      </RadioGroup>
      {error && (
        <FormHelperText error id={errorId}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
