import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useFormState, useWatch } from 'react-hook-form';
import { gambleGainMultiples } from '@meridian/domain/ipq/instrument';
import { beliefsSchema } from '@meridian/domain/ipq/modules';
import { ipqTexts as text } from '../../ipq-texts.ts';
import { parseNumber } from '../../module-values.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { gambleWording } from './gamble-wording.ts';

const choices = [
  { value: 'accept', label: text.accept },
  { value: 'decline', label: text.decline },
] as const;

/**
 * The four 50/50 choices of module 2, stated in tenths of the reference amount the client typed
 * above; until that amount is valid they cannot be answered.
 */
export function GambleChoices() {
  const typed = useWatch({ name: 'reference_amount' }) as string | undefined;
  const { errors } = useFormState({ name: 'gamble_accepts' });
  const amount = parseNumber(typed);
  const valid = beliefsSchema.shape.reference_amount.safeParse(amount).success && amount !== undefined;
  // The server's message for the four as a whole (a single choice's sits under it).
  const whole = errors.gamble_accepts?.message;
  return (
    <Box component="section" aria-labelledby="ipq-gambles" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" id="ipq-gambles">
        {text.gamblesLegend}
      </Typography>
      {gambleGainMultiples.map((_, index) => (
        <ChoiceGroup
          key={index}
          name={`gamble_accepts.${index}`}
          row
          disabled={!valid}
          testId={`gamble-${index}`}
          legend={`${text.gambleLead(index)}: ${valid ? gambleWording(amount, index) : text.gambleNeedsAmount}`}
          options={choices}
        />
      ))}
      {typeof whole === 'string' && <FormHelperText error>{whole}</FormHelperText>}
    </Box>
  );
}
