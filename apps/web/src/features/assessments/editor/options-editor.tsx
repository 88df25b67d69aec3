import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFieldArray } from 'react-hook-form';
import { templateLimits } from '@meridian/domain/assessments/template-definition';
import { FormTextField } from '../../../components/form.tsx';
import { editorTexts as text } from './editor-texts.ts';
import type { EditorForm, QuestionPath } from './editor-form.ts';
import { GroupMessage } from './group-message.tsx';
import { ItemToolbar } from './item-toolbar.tsx';
import { newOption } from './template-draft.ts';

/** An option on one line when there is room; on a phone its label beside its buttons, the value and score under them. */
const optionRow = {
  display: 'grid',
  gap: 1,
  alignItems: 'start',
  mt: 1,
  gridTemplateColumns: { xs: 'minmax(0, 1fr) 96px auto', sm: 'minmax(0, 2fr) minmax(0, 1fr) 96px auto' },
  gridTemplateAreas: { xs: '"label label tools" "value score ."', sm: '"label value score tools"' },
} as const;

type Props = {
  form: EditorForm;
  question: QuestionPath;
  /** "Question 2", so each input's name says which question it belongs to. */
  owner: string;
};

/** A choice question's options: value (the answer's slug), label (what the client reads) and score; add, move, remove. */
export function OptionsEditor({ form, question, owner }: Props) {
  const { control, register, getValues } = form;
  const path = `${question}.options` as const;
  const options = useFieldArray({ control, name: path });
  const add = () => {
    const taken = new Set(getValues(path).map((option) => option.value));
    let index = options.fields.length;
    while (taken.has(`option-${index + 1}`)) index += 1;
    options.append(newOption(index), { shouldFocus: false });
  };
  const input = { register, control, size: 'small', helperText: '', fullWidth: false, margin: 'none' } as const;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
        {`${text.options} (${owner})`}
      </Typography>
      <GroupMessage control={control} name={path} testId="options-error" />
      {options.fields.map((option, index) => {
        const item = text.option(index);
        const name = (field: string) => `${owner} ${item.toLowerCase()} ${field.toLowerCase()}`;
        return (
          <Box key={option.id} data-testid={`option-row-${index}`} sx={optionRow}>
            <FormTextField
              {...input}
              name={`${path}.${index}.label`}
              label={text.optionLabel}
              sx={{ gridArea: 'label' }}
              slotProps={{ htmlInput: { 'aria-label': name(text.optionLabel), maxLength: templateLimits.labelMax + 50 } }}
            />
            <FormTextField
              {...input}
              name={`${path}.${index}.value`}
              label={text.optionValue}
              sx={{ gridArea: 'value' }}
              slotProps={{ htmlInput: { 'aria-label': name(text.optionValue), spellCheck: false } }}
            />
            <FormTextField
              {...input}
              name={`${path}.${index}.score`}
              label={text.optionScore}
              sx={{ gridArea: 'score' }}
              slotProps={{ htmlInput: { 'aria-label': name(text.optionScore), inputMode: 'decimal' } }}
            />
            <Box sx={{ gridArea: 'tools', pt: 0.5 }}>
              <ItemToolbar
                item={`${owner} ${item.toLowerCase()}`}
                index={index}
                count={options.fields.length}
                onMove={(offset) => options.move(index, index + offset)}
                onRemove={() => options.remove(index)}
              />
            </Box>
          </Box>
        );
      })}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={add}
        disabled={options.fields.length >= templateLimits.optionsMax}
        sx={{ mt: 1 }}
      >
        {text.addOption}
      </Button>
    </Box>
  );
}
