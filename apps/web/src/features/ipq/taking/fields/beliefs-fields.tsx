import Typography from '@mui/material/Typography';
import { beliefItems, drawdownReactionLabels, drawdownReactions } from '@meridian/domain/ipq/instrument';
import { ipqTexts as text } from '../../ipq-texts.ts';
import { AgreementItem } from './agreement-item.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { GambleChoices } from './gamble-choices.tsx';
import { NumberField } from './number-field.tsx';

const reactions = drawdownReactions.map((value) => ({ value, label: drawdownReactionLabels[value] }));

/** Module 2: the reference amount, the four 50/50 choices in its dollars, a 20 % fall, the return expected, four beliefs. */
export function BeliefsFields() {
  return (
    <>
      <NumberField name="reference_amount" label={text.referenceAmount} unit={{ before: '$' }} helperText={text.referenceHelp} />
      <GambleChoices />
      <ChoiceGroup name="drawdown_reaction" legend={text.drawdownLegend} options={reactions} testId="drawdown" />
      <NumberField name="expected_return" label={text.expectedReturn} unit={{ after: '% a year' }} />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {text.beliefStatements}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' }, mb: 1 }}>
        {text.scaleKey}
      </Typography>
      {beliefItems.map((item, index) => (
        <AgreementItem key={item.id} name={`answers.${item.id}`} number={index + 1} text={item.text} />
      ))}
    </>
  );
}
