import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import { useWatch, type UseFieldArrayMove, type UseFieldArrayRemove } from 'react-hook-form';
import { questionTypes, templateLimits } from '@meridian/domain/assessments/template-definition';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormCheckbox, FormTextField } from '../../../components/form.tsx';
import { assessmentTexts } from '../assessment-texts.ts';
import { editorTexts as text } from './editor-texts.ts';
import { questionPath, type EditorForm } from './editor-form.ts';
import { GroupMessage } from './group-message.tsx';
import { ItemToolbar } from './item-toolbar.tsx';
import { OptionsEditor } from './options-editor.tsx';
import { isChoice, isScoredType } from './template-draft.ts';
import { NumberSettingsEditor, ScaleSettingsEditor } from './type-settings.tsx';

type Props = {
  form: EditorForm;
  sectionIndex: number;
  /** Its place in the section (for moving) and its number in the template (for naming). */
  index: number;
  count: number;
  number: number;
  /** The section's questions' moves and removal. */
  move: UseFieldArrayMove;
  remove: UseFieldArrayRemove;
};

const typeOptions = questionTypes.map((type) => ({ value: type, label: assessmentTexts.typeLabels[type] }));

/** One question: key, type, required, weight, text, and its type's settings (options, scale or number). */
function QuestionEditorView({ form, sectionIndex, index, count, number, move, remove }: Props) {
  const { control, register } = form;
  const path = questionPath(sectionIndex, index);
  const name = text.question(number - 1);
  const legendId = useId();
  const typeId = useId();
  const type = useWatch({ control, name: `${path}.type` });
  const label = (field: string) => ({ htmlInput: { 'aria-label': `${name} ${field.toLowerCase()}` } });
  const input = { register, control, size: 'small', helperText: '', fullWidth: false, margin: 'none' } as const;
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={legendId}
      sx={{ p: { xs: 1.5, sm: 2 }, mt: 1.5, minWidth: 0 }}
      data-testid={`question-editor-${number}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="h4" id={legendId} variant="subtitle2" sx={{ flex: 1 }}>
          {name}
        </Typography>
        <ItemToolbar
          item={name}
          index={index}
          count={count}
          onMove={(offset) => move(index, index + offset)}
          onRemove={() => remove(index)}
        />
      </Box>
      <GroupMessage control={control} name={path} alert />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}>
        <FormTextField
          {...input}
          name={`${path}.key`}
          label={text.questionKey}
          sx={{ flex: '1 1 140px' }}
          slotProps={{ htmlInput: { ...label(text.questionKey).htmlInput, spellCheck: false, maxLength: templateLimits.keyMax + 10 } }}
        />
        <FormSelectField
          control={control}
          name={`${path}.type`}
          options={typeOptions}
          size="small"
          label={text.questionType}
          helperText=""
          id={typeId}
          sx={{ flex: '1 1 170px' }}
          slotProps={{ select: { SelectDisplayProps: { 'aria-labelledby': `${legendId} ${typeId}-label` } as object } }}
        />
        {isScoredType(type) && (
          <FormTextField
            {...input}
            name={`${path}.weight`}
            label={text.weight}
            helperText={text.weightHelp}
            sx={{ flex: '0 1 130px' }}
            slotProps={{ htmlInput: { ...label(text.weight).htmlInput, inputMode: 'decimal' } }}
          />
        )}
        <FormCheckbox control={control} name={`${path}.required`} label={text.required} />
      </Box>
      <FormTextField
        {...input}
        name={`${path}.text`}
        label={text.questionText}
        required
        fullWidth
        multiline
        minRows={1}
        sx={{ mt: 1 }}
        slotProps={label(text.questionText)}
      />
      {isChoice(type) && <OptionsEditor form={form} question={path} owner={name} />}
      {type === 'scale' && <ScaleSettingsEditor form={form} question={path} owner={name} />}
      {type === 'number' && <NumberSettingsEditor form={form} question={path} owner={name} />}
    </Paper>
  );
}

/** Rendered again only when its place changes (its inputs and messages update themselves), so a long template stays quick. */
export const QuestionEditor = memo(QuestionEditorView);
