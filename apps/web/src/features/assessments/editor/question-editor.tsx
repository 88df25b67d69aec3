import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { questionTypes, templateLimits, type QuestionType } from '@meridian/domain/assessments/template-definition';
import { assessmentTexts } from '../assessment-texts.ts';
import { editorTexts as text } from './editor-texts.ts';
import { moveItem, removeAt, sameErrors, updateQuestion, updateSection, type DraftUpdate } from './draft-update.ts';
import { errorScope } from './error-scope.ts';
import { ItemToolbar } from './item-toolbar.tsx';
import { OptionsEditor } from './options-editor.tsx';
import { isChoice, isScoredType, type QuestionDraft } from './template-draft.ts';
import { NumberSettingsEditor, ScaleSettingsEditor } from './type-settings.tsx';

type Props = {
  question: QuestionDraft;
  sectionIndex: number;
  /** Its place in the section (for moving) and its number in the template (for naming). */
  index: number;
  count: number;
  number: number;
  update: DraftUpdate;
  /** Every message of the template; the question shows those under its path. */
  errors: Record<string, string>;
};

const pathOf = (sectionIndex: number, index: number) => `definition.sections.${sectionIndex}.questions.${index}`;

/** One question: key, type, required, weight, text, and its type's settings (options, scale or number). */
function QuestionEditorView({ question, sectionIndex, index, count, number, update, errors: all }: Props) {
  const name = text.question(number - 1);
  const errors = errorScope(all, pathOf(sectionIndex, index));
  const set = (patch: Partial<QuestionDraft>) => updateQuestion(update, sectionIndex, index, (current) => ({ ...current, ...patch }));
  const setQuestions = (change: (questions: QuestionDraft[]) => QuestionDraft[]) =>
    updateSection(update, sectionIndex, (section) => ({ ...section, questions: change(section.questions) }));
  const onMove = (offset: number) => setQuestions((questions) => moveItem(questions, index, offset));
  const onRemove = () => setQuestions((questions) => removeAt(questions, index));
  const label = (field: string) => ({ htmlInput: { 'aria-label': `${name} ${field.toLowerCase()}` } });
  const legendId = `question-legend-${question.uid}`;
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
        <ItemToolbar item={name} index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </Box>
      {errors.at() && (
        <Alert severity="error" sx={{ my: 1 }}>
          {errors.at()}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}>
        <TextField
          size="small"
          label={text.questionKey}
          value={question.key}
          onChange={(event) => set({ key: event.target.value })}
          error={Boolean(errors.at('key'))}
          helperText={errors.at('key')}
          sx={{ flex: '1 1 140px' }}
          slotProps={{ htmlInput: { ...label(text.questionKey).htmlInput, spellCheck: false, maxLength: templateLimits.keyMax + 10 } }}
        />
        <TextField
          select
          size="small"
          label={text.questionType}
          value={question.type}
          onChange={(event) => set({ type: event.target.value as QuestionType })}
          error={Boolean(errors.at('type'))}
          helperText={errors.at('type')}
          id={`question-type-${question.uid}`}
          sx={{ flex: '1 1 170px' }}
          slotProps={{ select: { SelectDisplayProps: { 'aria-labelledby': `${legendId} question-type-${question.uid}-label` } as object } }}
        >
          {questionTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {assessmentTexts.typeLabels[type]}
            </MenuItem>
          ))}
        </TextField>
        {isScoredType(question.type) && (
          <TextField
            size="small"
            label={text.weight}
            value={question.weight}
            onChange={(event) => set({ weight: event.target.value })}
            error={Boolean(errors.at('weight'))}
            helperText={errors.at('weight') ?? text.weightHelp}
            sx={{ flex: '0 1 130px' }}
            slotProps={{ htmlInput: { ...label(text.weight).htmlInput, inputMode: 'decimal' } }}
          />
        )}
        <FormControlLabel
          control={<Checkbox checked={question.required} onChange={(event) => set({ required: event.target.checked })} />}
          label={text.required}
        />
      </Box>
      <TextField
        size="small"
        label={text.questionText}
        value={question.text}
        onChange={(event) => set({ text: event.target.value })}
        error={Boolean(errors.at('text'))}
        helperText={errors.at('text')}
        required
        fullWidth
        multiline
        minRows={1}
        sx={{ mt: 1 }}
        slotProps={label(text.questionText)}
      />
      {isChoice(question.type) && (
        <OptionsEditor owner={name} options={question.options} onChange={(options) => set({ options })} errors={errors.scope('options')} />
      )}
      {question.type === 'scale' && (
        <ScaleSettingsEditor owner={name} scale={question.scale} onChange={(scale) => set({ scale })} errors={errors.scope('scale')} />
      )}
      {question.type === 'number' && (
        <NumberSettingsEditor
          owner={name}
          settings={question.number}
          onChange={(settings) => set({ number: settings })}
          errors={errors.scope('number')}
        />
      )}
    </Paper>
  );
}

/** Rendered again only when its question, place or messages change, so typing in one question stays quick in a long template. */
export const QuestionEditor = memo(
  QuestionEditorView,
  (before, after) =>
    before.question === after.question &&
    before.sectionIndex === after.sectionIndex &&
    before.index === after.index &&
    before.count === after.count &&
    before.number === after.number &&
    before.update === after.update &&
    sameErrors(before.errors, after.errors, pathOf(after.sectionIndex, after.index)),
);
