import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { agreementScale } from '@meridian/domain/ipq/instrument';

type Props = {
  /** The form field, e.g. `answers.p01`. */
  name: string;
  /** The statement's place in its module, shown before it. */
  number: number;
  text: string;
};

/**
 * One statement on the five-point agreement scale: a fieldset named by the statement, five radios
 * (arrow keys move between them) each named by its label. On a phone the radios show 1-5 under
 * them, with the key above the list; wider, the labels themselves.
 */
export function AgreementItem({ name, number, text }: Props) {
  const { field, fieldState } = useController({ name });
  const errorId = useId();
  const error = fieldState.error?.message;
  return (
    <Box
      component="fieldset"
      aria-describedby={error ? errorId : undefined}
      data-testid={`statement-${name}`}
      sx={{ border: 0, m: 0, p: 0, py: 1.5, minWidth: 0, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography component="legend" sx={{ p: 0, mb: 0.5, fontWeight: 500 }}>
        {number}. {text}
      </Typography>
      <RadioGroup
        name={field.name}
        value={field.value ?? ''}
        onChange={(_event, value) => field.onChange(value)}
        onBlur={field.onBlur}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 0.5, maxWidth: 640 }}
      >
        {agreementScale.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={String(option.value)}
            labelPlacement="bottom"
            sx={{ m: 0, alignItems: 'center' }}
            control={<Radio size="small" slotProps={{ input: { 'aria-label': option.label, ref: index === 0 ? field.ref : undefined } }} />}
            label={
              <Typography variant="caption" component="span" sx={{ display: 'block', textAlign: 'center', lineHeight: 1.2 }}>
                <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                  {option.value}
                </Box>
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {option.label}
                </Box>
              </Typography>
            }
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
