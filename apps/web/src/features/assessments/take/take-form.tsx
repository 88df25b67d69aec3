import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { validateAnswers } from '@meridian/domain/assessments/answers';
import type { AssessmentDetail } from '@meridian/domain/assessments/contracts';
import type { TemplateDefinition } from '@meridian/domain/assessments/template-definition';
import { ButtonSpinner } from '../../../components/button-spinner.tsx';
import { conflictCurrent } from '../../../lib/conflict-current.ts';
import { errorText, serverMessage } from '../../../lib/error-text.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useSaveAnswersMutation } from '../assessments-api.ts';
import { answersOf, draftOf, type AnswerDraft } from './answer-draft.ts';
import { issuesByKey, serverAnswerErrors } from './answer-errors.ts';
import { QuestionField } from './question-field.tsx';
import { firstQuestionNumbers } from '../question-numbers.ts';

type Props = { assessment: AssessmentDetail; definition: TemplateDefinition };
type Notice = { severity: 'success' | 'warning' | 'error'; message: string; complete?: boolean };

const isStatus = (error: unknown, status: number) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === status;

/**
 * The questions of a custom assessment, section by section: Save progress keeps the answers so far
 * (required ones may wait), Submit needs every required one and completes it. Answers are checked
 * with the shared rules first, so the messages appear at once; the server's 422 lands the same way.
 */
export function TakeForm({ assessment, definition }: Props) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<AnswerDraft>(() => draftOf(definition, assessment.answers));
  const [syncVersion, setSyncVersion] = useState(assessment.sync_version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<'save' | 'submit' | null>(null);
  const [saveAnswers] = useSaveAnswersMutation();
  const noticeRef = useRef<HTMLDivElement>(null);
  const total = definition.sections.reduce((sum, section) => sum + section.questions.length, 0);
  const answered = Object.keys(answersOf(definition, draft)).length;

  const show = (next: Notice) => {
    setNotice(next);
    // Moved to, so a keyboard or screen-reader user hears what happened and starts from there.
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  const change = (key: string, value: string | string[]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const save = async (submit: boolean) => {
    const answers = answersOf(definition, draft);
    const issues = validateAnswers(definition, answers, { partial: !submit });
    if (issues.length > 0) {
      setErrors(issuesByKey(issues));
      show({ severity: 'error', message: text.fixAnswers });
      return;
    }
    setErrors({});
    setPending(submit ? 'submit' : 'save');
    try {
      const saved = await saveAnswers({ assessment, answers, submit, sync_version: syncVersion }).unwrap();
      setSyncVersion(saved.sync_version);
      if (submit) void navigate(`/assessments/${encodeURIComponent(assessment.id)}`);
      else show({ severity: 'success', message: text.saved });
    } catch (failure) {
      const current = conflictCurrent<AssessmentDetail>(failure);
      const fields = serverAnswerErrors(failure);
      if (current) {
        setDraft(draftOf(definition, current.answers));
        setSyncVersion(current.sync_version);
        show({
          severity: 'warning',
          message: `${serverMessage((failure as { data?: unknown }).data) ?? ''} ${text.conflictReloaded}`.trim(),
        });
      } else if (isStatus(failure, 409)) {
        show({ severity: 'warning', message: errorText(failure, text.alreadyComplete), complete: true });
      } else if (fields) {
        setErrors(fields);
        show({ severity: 'error', message: text.fixAnswers });
      } else {
        show({ severity: 'error', message: errorText(failure, text.saveFailed) });
      }
    } finally {
      setPending(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(true);
  };

  const firstNumbers = firstQuestionNumbers(definition.sections);
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={assessment.template_name}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text.requiredNote}
      </Typography>
      <Box ref={noticeRef} tabIndex={-1} sx={{ outline: 'none' }} aria-live="polite">
        {notice && (
          <Alert
            severity={notice.severity}
            sx={{ mb: 2 }}
            data-testid="take-notice"
            action={
              notice.complete ? (
                <Button component={RouterLink} to={`/assessments/${encodeURIComponent(assessment.id)}`} color="inherit" size="small">
                  {text.viewCompleted}
                </Button>
              ) : undefined
            }
          >
            {notice.message}
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
              <QuestionField
                key={question.key}
                question={question}
                number={number}
                value={draft[question.key]}
                onChange={(value) => change(question.key, value)}
                error={errors[question.key]}
                disabled={pending !== null}
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
          disabled={pending !== null}
          onClick={() => void save(false)}
          startIcon={pending === 'save' ? <ButtonSpinner /> : undefined}
        >
          {text.saveProgress}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending !== null}
          startIcon={pending === 'submit' ? <ButtonSpinner /> : undefined}
        >
          {text.submit}
        </Button>
      </Box>
    </Box>
  );
}
