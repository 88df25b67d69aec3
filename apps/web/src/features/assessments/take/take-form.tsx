import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { answersUpdateSchemaFor } from '@meridian/domain/assessments/answers';
import type { AnswersUpdate, AssessmentDetail } from '@meridian/domain/assessments/contracts';
import type { TemplateDefinition } from '@meridian/domain/assessments/template-definition';
import { ButtonSpinner } from '../../../components/button-spinner.tsx';
import { conflictCurrent } from '../../../lib/conflict-current.ts';
import { errorText, serverMessage } from '../../../lib/error-text.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useSaveAnswersMutation } from '../assessments-api.ts';
import { firstQuestionNumbers } from '../question-numbers.ts';
import { answerFields, answersOf, draftOf, type AnswerDraft } from './answer-draft.ts';
import { QuestionField } from './question-field.tsx';

type Props = { assessment: AssessmentDetail; definition: TemplateDefinition };
type Notice = { severity: 'success' | 'warning' | 'error'; message: string; complete?: boolean };
/** The answers, and what the body says besides: whether this save submits, and the version read. */
type TakeValues = { answers: AnswerDraft; submit: boolean; sync_version: number };

const isStatus = (error: unknown, status: number) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === status;

const valuesOf = (definition: TemplateDefinition, assessment: Pick<AssessmentDetail, 'answers' | 'sync_version'>, submit = false) => ({
  answers: draftOf(definition, assessment.answers),
  submit,
  sync_version: assessment.sync_version,
});

/**
 * The questions of a custom assessment, section by section: Save progress keeps the answers so far
 * (required ones may wait), Submit needs every required one and completes it. Answers are checked
 * with the shared schema of the body (answersUpdateSchemaFor), so the messages appear at once; the
 * server's 422 lands the same way. What happened is said above the questions, and moved to.
 */
export function TakeForm({ assessment, definition }: Props) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saveAnswers] = useSaveAnswersMutation();
  const noticeRef = useRef<HTMLDivElement>(null);
  const schema = useMemo(() => answersUpdateSchemaFor(definition), [definition]);
  const form = useMemo(
    () => ({
      toBody: ({ answers, ...body }: TakeValues) => ({ ...body, answers: answersOf(definition, answers) }),
      fieldOf: answerFields(definition),
      // No input holds them: their messages are said above the questions.
      bannerFields: ['submit', 'sync_version'] as const,
    }),
    [definition],
  );
  const [defaults] = useState(() => valuesOf(definition, assessment));
  const { control, handleSubmit, setValue, reset, formState, banner, showBanner, applyServerError } = useZodForm<TakeValues, AnswersUpdate>(
    schema,
    defaults,
    form,
  );
  const answered = useWatch({ control, name: 'answers', compute: (draft) => Object.keys(answersOf(definition, draft)).length });
  const submitting = useWatch({ control, name: 'submit' });
  const busy = formState.isSubmitting;
  const total = definition.sections.reduce((sum, section) => sum + section.questions.length, 0);

  // Moved to, so a keyboard or screen-reader user hears what happened and starts from there.
  const focusNotice = () => requestAnimationFrame(() => noticeRef.current?.focus());
  const show = (next: Notice) => {
    setNotice(next);
    focusNotice();
  };
  const refuse = () => {
    showBanner(text.fixAnswers);
    focusNotice();
  };

  const send = async (body: AnswersUpdate) => {
    try {
      const saved = await saveAnswers({ assessment, ...body }).unwrap();
      setValue('sync_version', saved.sync_version);
      if (body.submit) void navigate(`/assessments/${encodeURIComponent(assessment.id)}`);
      else show({ severity: 'success', message: text.saved });
    } catch (failure) {
      const current = conflictCurrent<AssessmentDetail>(failure);
      if (current) {
        reset(valuesOf(definition, current, body.submit));
        show({
          severity: 'warning',
          message: `${serverMessage((failure as { data?: unknown }).data) ?? ''} ${text.conflictReloaded}`.trim(),
        });
      } else if (isStatus(failure, 409)) {
        show({ severity: 'warning', message: errorText(failure, text.alreadyComplete), complete: true });
      } else {
        // Every message found its question: the banner says to see them.
        if (!applyServerError(failure, text.saveFailed)) showBanner(text.fixAnswers);
        focusNotice();
      }
    }
  };

  const save = (submit: boolean) => {
    setNotice(null);
    setValue('submit', submit);
    void handleSubmit(send, refuse)();
  };

  const shown: Notice | null = banner ? { severity: 'error', message: banner } : notice;
  const firstNumbers = firstQuestionNumbers(definition.sections);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save(true);
      }}
      aria-label={assessment.template_name}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text.requiredNote}
      </Typography>
      <Box ref={noticeRef} tabIndex={-1} sx={{ outline: 'none' }} aria-live="polite">
        {shown && (
          <Alert
            severity={shown.severity}
            sx={{ mb: 2 }}
            data-testid="take-notice"
            action={
              shown.complete ? (
                <Button component={RouterLink} to={`/assessments/${encodeURIComponent(assessment.id)}`} color="inherit" size="small">
                  {text.viewCompleted}
                </Button>
              ) : undefined
            }
          >
            {shown.message}
          </Alert>
        )}
      </Box>
      {definition.sections.map((section, sectionIndex) => (
        <Paper
          key={section.key}
          variant="outlined"
          component="section"
          aria-labelledby={`section-${section.key}`}
          sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}
        >
          <Typography variant="h6" component="h2" id={`section-${section.key}`}>
            {section.title}
          </Typography>
          {section.description && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {section.description}
            </Typography>
          )}
          {section.questions.map((question, questionIndex) => {
            const number = (firstNumbers[sectionIndex] ?? 1) + questionIndex;
            return (
              <Controller
                key={question.key}
                control={control}
                name={`answers.${number - 1}`}
                render={({ field, fieldState }) => (
                  <QuestionField
                    question={question}
                    number={number}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    disabled={busy}
                  />
                )}
              />
            );
          })}
        </Paper>
      ))}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.default',
          py: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 160px' }} data-testid="answered-count">
          {text.answered(answered, total)}
        </Typography>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => save(false)}
          startIcon={busy && !submitting ? <ButtonSpinner /> : undefined}
        >
          {text.saveProgress}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy && submitting ? <ButtonSpinner /> : undefined}>
          {text.submit}
        </Button>
      </Box>
    </Box>
  );
}
