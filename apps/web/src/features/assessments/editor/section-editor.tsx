import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import { useFieldArray, useWatch, type UseFieldArrayMove, type UseFieldArrayRemove } from 'react-hook-form';
import { templateLimits } from '@meridian/domain/assessments/template-definition';
import { FormTextField } from '../../../components/form.tsx';
import { editorTexts as text } from './editor-texts.ts';
import { sectionPath, type EditorForm } from './editor-form.ts';
import { GroupMessage } from './group-message.tsx';
import { ItemToolbar } from './item-toolbar.tsx';
import { QuestionEditor } from './question-editor.tsx';
import { freeKey, newQuestion, questionKeysOf } from './template-draft.ts';

type Props = {
  form: EditorForm;
  index: number;
  count: number;
  /** The number in the template of the section's first question. */
  firstNumber: number;
  /** The sections' moves and removal. */
  move: UseFieldArrayMove;
  remove: UseFieldArrayRemove;
};

/** One section: key, title, description and its questions, which can be added, moved and removed. */
function SectionEditorView({ form, index, count, firstNumber, move, remove }: Props) {
  const { control, register, getValues } = form;
  const path = sectionPath(index);
  const name = text.section(index);
  const headingId = useId();
  const title = useWatch({ control, name: `${path}.title` });
  const questions = useFieldArray({ control, name: `${path}.questions` });
  // A key not used anywhere in the template, worked out from the values as they are when the button is pressed.
  const addQuestion = () =>
    questions.append(newQuestion(freeKey('q', questionKeysOf(getValues('definition.sections')))), { shouldFocus: false });
  const label = (field: string) => ({ htmlInput: { 'aria-label': `${name} ${field.toLowerCase()}` } });
  const input = { register, control, size: 'small', helperText: '', fullWidth: false, margin: 'none' } as const;
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, borderLeft: 4, borderLeftColor: 'primary.main' }}
      data-testid={`section-editor-${index}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h3" id={headingId} sx={{ flex: 1 }}>
          {title.trim() ? `${name}: ${title}` : name}
        </Typography>
        <ItemToolbar
          item={name}
          index={index}
          count={count}
          onMove={(offset) => move(index, index + offset)}
          onRemove={() => remove(index)}
        />
      </Box>
      <GroupMessage control={control} name={path} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}>
        <FormTextField
          {...input}
          name={`${path}.key`}
          label={text.sectionKey}
          sx={{ flex: '1 1 140px' }}
          slotProps={{ htmlInput: { ...label(text.sectionKey).htmlInput, spellCheck: false } }}
        />
        <FormTextField
          {...input}
          name={`${path}.title`}
          required
          label={text.sectionTitle}
          sx={{ flex: '3 1 240px' }}
          slotProps={label(text.sectionTitle)}
        />
      </Box>
      <FormTextField
        {...input}
        name={`${path}.description`}
        label={text.sectionDescription}
        fullWidth
        multiline
        sx={{ mt: 1 }}
        slotProps={label(text.sectionDescription)}
      />
      <GroupMessage control={control} name={`${path}.questions`} testId="questions-error" />
      {questions.fields.map((question, at) => (
        <QuestionEditor
          key={question.id}
          form={form}
          sectionIndex={index}
          index={at}
          count={questions.fields.length}
          number={firstNumber + at}
          move={questions.move}
          remove={questions.remove}
        />
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={addQuestion}
        disabled={questions.fields.length >= templateLimits.questionsPerSectionMax}
        sx={{ mt: 1 }}
        aria-label={`${text.addQuestion} to ${name.toLowerCase()}`}
      >
        {text.addQuestion}
      </Button>
    </Paper>
  );
}

/** Rendered again only when its place or its questions change (its inputs and messages update themselves). */
export const SectionEditor = memo(SectionEditorView);
