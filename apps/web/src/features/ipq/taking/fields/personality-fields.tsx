import Typography from '@mui/material/Typography';
import { personalityItems } from '@meridian/domain/ipq/instrument';
import { ipqTexts as text } from '../../ipq-texts.ts';
import { AgreementItem } from './agreement-item.tsx';

/** Module 1: the twenty statements, each on the agreement scale. */
export function PersonalityFields() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' }, mb: 1 }}>
        {text.scaleKey}
      </Typography>
      {personalityItems.map((item, index) => (
        <AgreementItem key={item.id} name={`answers.${item.id}`} number={index + 1} text={item.text} />
      ))}
    </>
  );
}
