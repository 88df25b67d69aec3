import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { templateLimits } from '@meridian/domain/assessments/template-definition';
import { editorTexts as text } from './editor-texts.ts';
import { moveItem, removeAt, sameErrors, updateSection, type DraftUpdate } from './draft-update.ts';
import { errorScope } from './error-scope.ts';
import { ItemToolbar } from './item-toolbar.tsx';
import { QuestionEditor } from './question-editor.tsx';
import { freeKey, newQuestion, questionKeysOf, type SectionDraft } from './template-draft.ts';

type Props = {
  section: SectionDraft;
  index: number;
  count: number;
  /** The number in the template of the section's first question. */
  firstNumber: number;
  update: DraftUpdate;
  /** Every message of the template; the section shows those under its path. */
  errors: Record<string, string>;
};

const pathOf = (index: number) => `definition.sections.${index}`;

/** One section: key, title, description and its questions, which can be added, moved and removed. */
function SectionEditorView({ section, index, count, firstNumber, update, errors: all }: Props) {
  const name = text.section(index);
  const headingId = `section-heading-${section.uid}`;
  const errors = errorScope(all, pathOf(index));
  const set = (patch: Partial<SectionDraft>) => updateSection(update, index, (current) => ({ ...current, ...patch }));
  const setSections = (change: (sections: SectionDraft[]) => SectionDraft[]) =>
    update((draft) => ({ ...draft, sections: change(draft.sections) }));
  const onMove = (offset: number) => setSections((sections) => moveItem(sections, index, offset));
  const onRemove = () => setSections((sections) => removeAt(sections, index));
  // A key not used anywhere in the template, worked out from the draft as it is when the button is pressed.
  const addQuestion = () =>
    update((draft) => ({
      ...draft,
      sections: draft.sections.map((each, at) =>
        at === index ? { ...each, questions: [...each.questions, newQuestion(freeKey('q', questionKeysOf(draft)))] } : each,
      ),
    }));
  const field = (label: string) => ({ htmlInput: { 'aria-label': `${name} ${label.toLowerCase()}` } });
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
          {section.title.trim() ? `${name}: ${section.title}` : name}
        </Typography>
        <ItemToolbar item={name} index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </Box>
      {errors.at() && <FormHelperText error>{errors.at()}</FormHelperText>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}>
        <TextField
          size="small"
          label={text.sectionKey}
          value={section.key}
          onChange={(event) => set({ key: event.target.value })}
          error={Boolean(errors.at('key'))}
          helperText={errors.at('key')}
          sx={{ flex: '1 1 140px' }}
          slotProps={{ htmlInput: { ...field(text.sectionKey).htmlInput, spellCheck: false } }}
        />
        <TextField
          size="small"
          required
          label={text.sectionTitle}
          value={section.title}
          onChange={(event) => set({ title: event.target.value })}
          error={Boolean(errors.at('title'))}
          helperText={errors.at('title')}
          sx={{ flex: '3 1 240px' }}
          slotProps={field(text.sectionTitle)}
        />
      </Box>
      <TextField
        size="small"
        label={text.sectionDescription}
        value={section.description}
        onChange={(event) => set({ description: event.target.value })}
        error={Boolean(errors.at('description'))}
        helperText={errors.at('description')}
        fullWidth
        multiline
        sx={{ mt: 1 }}
        slotProps={field(text.sectionDescription)}
      />
      {errors.at('questions') && (
        <FormHelperText error data-testid="questions-error">
          {errors.at('questions')}
        </FormHelperText>
      )}
      {section.questions.map((question, at) => (
        <QuestionEditor
          key={question.uid}
          question={question}
          sectionIndex={index}
          index={at}
          count={section.questions.length}
          number={firstNumber + at}
          update={update}
          errors={all}
        />
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={addQuestion}
        disabled={section.questions.length >= templateLimits.questionsPerSectionMax}
        sx={{ mt: 1 }}
        aria-label={`${text.addQuestion} to ${name.toLowerCase()}`}
      >
        {text.addQuestion}
      </Button>
    </Paper>
  );
}

/** Rendered again only when its section, place or messages change. */
export const SectionEditor = memo(
  SectionEditorView,
  (before, after) =>
    before.section === after.section &&
    before.index === after.index &&
    before.count === after.count &&
    before.firstNumber === after.firstNumber &&
    before.update === after.update &&
    sameErrors(before.errors, after.errors, pathOf(after.index)),
);
