import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { TemplateDetail } from '@meridian/domain/assessments/contracts';
import { templateCreateSchema, templateLimits } from '@meridian/domain/assessments/template-definition';
import { ButtonSpinner } from '../../../components/button-spinner.tsx';
import { definitionOf } from '../definition-of.ts';
import { issuesByPath } from '../issues-by-path.ts';
import { editorTexts as text } from './editor-texts.ts';
import type { DraftUpdate } from './draft-update.ts';
import { errorScope, unplacedMessages } from './error-scope.ts';
import { SectionEditor } from './section-editor.tsx';
import { TemplateConflict } from './template-conflict.tsx';
import { definitionInput, draftOf, emptyDraft, freeKey, newSection, questionKeysOf, type TemplateDraft } from './template-draft.ts';
import { useTemplateSave } from './use-template-save.ts';
import { firstQuestionNumbers } from '../question-numbers.ts';

const draftFrom = (template: TemplateDetail | null): TemplateDraft => {
  const definition = template && definitionOf(template.definition);
  return template && definition ? draftOf(template, definition) : emptyDraft();
};

/** The whole template as one form, checked with the shared schema (templateCreateSchema) before it is sent. */
function check(draft: TemplateDraft) {
  return templateCreateSchema.safeParse({
    name: draft.name,
    description: draft.description.trim() || null,
    definition: definitionInput(draft),
  });
}

/**
 * The template editor: name, description, sections of questions. Every message of the schema (or
 * of the server's 422) appears at its input; once a save was tried they follow each edit. Editing an
 * existing template sends its version read; a 409 shows the template as it stands and can load it.
 */
export function TemplateEditorForm({ template }: { template: TemplateDetail | null }) {
  const navigate = useNavigate();
  const [base, setBase] = useState(template);
  const [draft, setDraft] = useState<TemplateDraft>(() => draftFrom(template));
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<{ message: string; current: TemplateDetail } | null>(null);
  const { save, busy } = useTemplateSave(template);
  const original = useMemo(() => JSON.stringify(definitionInput(draftFrom(base))), [base]);
  const definitionChanged = JSON.stringify(definitionInput(draft)) !== original;

  const parsed = useMemo(() => check(draft), [draft]);
  const errors = useMemo(
    () => ({ ...(tried && !parsed.success ? issuesByPath(parsed.error) : {}), ...serverErrors }),
    [tried, parsed, serverErrors],
  );
  const scope = errorScope(errors, '');
  const banner = unplacedMessages(errors);

  const update = useCallback<DraftUpdate>((change) => {
    setDraft(change);
    setServerErrors((current) => (Object.keys(current).length > 0 ? {} : current));
  }, []);
  const change = (next: TemplateDraft) => update(() => next);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    const outcome = await save(
      { ...parsed.data, description: parsed.data.description ?? null, definitionChanged: !base || definitionChanged },
      base?.sync_version ?? null,
    );
    if (outcome.ok) void navigate(`/assessment-manager/${encodeURIComponent(outcome.template.id)}`);
    else if ('conflict' in outcome) setConflict(outcome.conflict);
    else setServerErrors(outcome.errors);
  };

  const reload = () => {
    if (!conflict) return;
    setBase(conflict.current);
    setDraft(draftFrom(conflict.current));
    setConflict(null);
    setServerErrors({});
  };

  const firstNumbers = firstQuestionNumbers(draft.sections);
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={template ? text.editTitle(template.name) : text.newTitle}>
      {conflict && <TemplateConflict message={conflict.message} current={conflict.current} onReload={reload} />}
      {Object.keys(errors).length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="editor-errors">
          {[text.fixFields, ...banner].join(' ')}
        </Alert>
      )}
      <Paper variant="outlined" component="section" aria-labelledby="template-details-heading" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2" id="template-details-heading">
          {text.details}
        </Typography>
        <TextField
          id="template-name"
          label={text.name}
          required
          value={draft.name}
          onChange={(event) => change({ ...draft, name: event.target.value })}
          error={Boolean(scope.at('name'))}
          helperText={scope.at('name') ?? ' '}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: templateLimits.nameMax + 20 } }}
        />
        <TextField
          id="template-description"
          label={text.description}
          value={draft.description}
          onChange={(event) => change({ ...draft, description: event.target.value })}
          error={Boolean(scope.at('description'))}
          helperText={scope.at('description') ?? ' '}
          fullWidth
          multiline
          minRows={2}
          margin="dense"
        />
      </Paper>
      <Box component="section" aria-labelledby="template-sections-heading">
        <Typography variant="h6" component="h2" id="template-sections-heading" sx={{ mb: 1 }}>
          {text.sections}
        </Typography>
        {base && (
          <Alert severity={definitionChanged ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="version-note">
            {definitionChanged ? text.newVersion(base.current_version + 1) : text.sameVersion(base.current_version)}
          </Alert>
        )}
        {scope.at('definition.sections') && <FormHelperText error>{scope.at('definition.sections')}</FormHelperText>}
        {draft.sections.map((section, index) => {
          return (
            <SectionEditor
              key={section.uid}
              section={section}
              index={index}
              count={draft.sections.length}
              firstNumber={firstNumbers[index] ?? 1}
              update={update}
              errors={errors}
            />
          );
        })}
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          disabled={draft.sections.length >= templateLimits.sectionsMax}
          onClick={() =>
            change({
              ...draft,
              sections: [
                ...draft.sections,
                newSection(
                  freeKey(
                    'section-',
                    draft.sections.map((section) => section.key),
                  ),
                  freeKey('q', questionKeysOf(draft)),
                ),
              ],
            })
          }
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
          disabled={busy}
        >
          {text.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <ButtonSpinner /> : undefined}>
          {template ? text.save : text.create}
        </Button>
      </Box>
    </Box>
  );
}
