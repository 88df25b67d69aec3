import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { TemplateDetail } from '@meridian/domain/assessments/contracts';
import { templateCreateSchema, templateLimits, type TemplateCreate } from '@meridian/domain/assessments/template-definition';
import { ButtonSpinner } from '../../../components/button-spinner.tsx';
import { FormTextField } from '../../../components/form.tsx';
import { fieldMessages, useZodForm } from '../../../lib/use-zod-form.ts';
import { definitionOf } from '../definition-of.ts';
import { firstQuestionNumbers } from '../question-numbers.ts';
import { editorTexts as text } from './editor-texts.ts';
import type { EditorForm } from './editor-form.ts';
import { showsOwnMessage } from './editor-messages.ts';
import { GroupMessage } from './group-message.tsx';
import { SectionEditor } from './section-editor.tsx';
import { TemplateConflict } from './template-conflict.tsx';
import { definitionInput, draftOf, emptyDraft, freeKey, newSection, questionKeysOf, type TemplateDraft } from './template-draft.ts';
import { useTemplateSave } from './use-template-save.ts';

const draftFrom = (template: TemplateDetail | null): TemplateDraft => {
  const definition = template && definitionOf(template.definition);
  return template && definition ? draftOf(template, definition) : emptyDraft();
};

/** The questions as they would be sent, to tell whether saving makes a new version. */
const definitionText = (definition: TemplateDraft['definition']) => JSON.stringify(definitionInput(definition));

/** The whole template as one form, checked with the shared schema (templateCreateSchema) on the body it makes. */
const editorForm = {
  toBody: (draft: TemplateDraft) => ({
    name: draft.name,
    description: draft.description.trim() || null,
    definition: definitionInput(draft.definition),
  }),
  bannerFields: (field: string) => !showsOwnMessage(field),
};

/** Which version saving keeps or makes, as the questions now stand against the version read. */
function VersionNote({ control, base }: { control: EditorForm['control']; base: TemplateDetail }) {
  const original = useMemo(() => definitionText(draftFrom(base).definition), [base]);
  const changed = useWatch({ control, name: 'definition', compute: definitionText }) !== original;
  return (
    <Alert severity={changed ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="version-note">
      {changed ? text.newVersion(base.current_version + 1) : text.sameVersion(base.current_version)}
    </Alert>
  );
}

/**
 * The template editor: name, description, sections of questions. Every message of the schema (or
 * of the server's 422) appears at its input, or in the banner when no input shows it; once a save was
 * tried each input's follows its edits. Editing an existing template sends its version read; a 409
 * shows the template as it stands and can load it.
 */
export function TemplateEditorForm({ template }: { template: TemplateDetail | null }) {
  const navigate = useNavigate();
  const [base, setBase] = useState(template);
  const [conflict, setConflict] = useState<{ message: string; current: TemplateDetail } | null>(null);
  const [defaults] = useState(() => draftFrom(template));
  const save = useTemplateSave(template);
  const { control, register, getValues, reset, handleSubmit, subscribe, trigger, formState, banner, applyServerError } = useZodForm<
    TemplateDraft,
    TemplateCreate
  >(templateCreateSchema, defaults, editorForm);
  const form = useMemo<EditorForm>(() => ({ control, register, getValues }), [control, register, getValues]);
  const sections = useFieldArray({ control, name: 'definition.sections' });
  const firstNumbers = useWatch({ control, name: 'definition.sections', compute: firstQuestionNumbers });
  // Once a save was tried, every message follows each edit as the template now stands (react-hook-form
  // re-checks only the input edited): a key made unique clears its twin's, a switched type its old
  // settings', and the server's go as soon as anything changes.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ isSubmitted }) => {
          if (isSubmitted) void trigger();
        },
      }),
    [subscribe, trigger],
  );
  const fieldsNeedAttention = Object.keys(fieldMessages(formState.errors)).some(showsOwnMessage);
  const alert = [fieldsNeedAttention ? text.fixFields : null, banner].filter(Boolean).join(' ');

  const submit = handleSubmit(async ({ name, description, definition }) => {
    const definitionChanged = !base || definitionText(getValues('definition')) !== definitionText(draftFrom(base).definition);
    const outcome = await save({ name, description: description ?? null, definition, definitionChanged }, base?.sync_version ?? null);
    if (outcome.ok) void navigate(`/assessment-manager/${encodeURIComponent(outcome.template.id)}`);
    else if ('conflict' in outcome) setConflict(outcome.conflict);
    else applyServerError(outcome.failure, text.saveFailed);
  });

  const reload = () => {
    if (!conflict) return;
    setBase(conflict.current);
    reset(draftFrom(conflict.current));
    setConflict(null);
  };

  const addSection = () => {
    const current = getValues('definition.sections');
    sections.append(
      newSection(
        freeKey(
          'section-',
          current.map((section) => section.key),
        ),
        freeKey('q', questionKeysOf(current)),
      ),
      { shouldFocus: false },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={template ? text.editTitle(template.name) : text.newTitle}
    >
      {conflict && <TemplateConflict message={conflict.message} current={conflict.current} onReload={reload} />}
      {alert && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="editor-errors">
          {alert}
        </Alert>
      )}
      <Paper variant="outlined" component="section" aria-labelledby="template-details-heading" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2" id="template-details-heading">
          {text.details}
        </Typography>
        <FormTextField
          register={register}
          control={control}
          name="name"
          id="template-name"
          label={text.name}
          required
          slotProps={{ htmlInput: { maxLength: templateLimits.nameMax + 20 } }}
        />
        <FormTextField
          register={register}
          control={control}
          name="description"
          id="template-description"
          label={text.description}
          multiline
          minRows={2}
        />
      </Paper>
      <Box component="section" aria-labelledby="template-sections-heading">
        <Typography variant="h6" component="h2" id="template-sections-heading" sx={{ mb: 1 }}>
          {text.sections}
        </Typography>
        {base && <VersionNote control={control} base={base} />}
        <GroupMessage control={control} name="definition.sections" />
        {sections.fields.map((section, index) => (
          <SectionEditor
            key={section.id}
            form={form}
            index={index}
            count={sections.fields.length}
            firstNumber={firstNumbers[index] ?? 1}
            move={sections.move}
            remove={sections.remove}
          />
        ))}
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          disabled={sections.fields.length >= templateLimits.sectionsMax}
          onClick={addSection}
        >
          {text.addSection}
        </Button>
      </Box>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          gap: 1,
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.default',
          py: 2,
          mt: 2,
        }}
      >
        <Button
          component={RouterLink}
          to={template ? `/assessment-manager/${encodeURIComponent(template.id)}` : '/assessment-manager'}
          disabled={formState.isSubmitting}
        >
          {text.cancel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting}
          startIcon={formState.isSubmitting ? <ButtonSpinner /> : undefined}
        >
          {template ? text.save : text.create}
        </Button>
      </Box>
    </Box>
  );
}
