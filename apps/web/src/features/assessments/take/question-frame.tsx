import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

type Props = {
  /** A group of radios or checkboxes is a fieldset named by its legend; a single input has a label. */
  kind: 'fieldset' | 'label';
  /** The input a label names. */
  htmlFor?: string;
  number: number;
  text: string;
  required: boolean;
  errorId: string;
  error: string | undefined;
  /** A hint under the question (choose all that apply, the range). */
  hint?: string | undefined;
  hintId?: string;
  testId: string;
  children: ReactNode;
};

/** One question: its number, text and required mark, the input(s), and its message under them. */
export function QuestionFrame({ kind, htmlFor, number, text: question, required, errorId, error, hint, hintId, testId, children }: Props) {
  const heading = (
    <>
      {`${number}. ${question}`}
      {required && (
        <>
          <Box component="span" aria-hidden sx={{ color: 'error.main', ml: 0.5 }}>
            *
          </Box>
          <Box component="span" sx={visuallyHidden}>{` ${text.required}`}</Box>
        </>
      )}
    </>
  );
  const described = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Box
      component={kind === 'fieldset' ? 'fieldset' : 'div'}
      aria-describedby={kind === 'fieldset' ? described : undefined}
      data-testid={testId}
      sx={{ border: 0, m: 0, p: 0, py: 1.5, minWidth: 0, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography
        component={kind === 'fieldset' ? 'legend' : 'label'}
        htmlFor={kind === 'label' ? htmlFor : undefined}
        sx={{ display: 'block', p: 0, mb: 0.5, fontWeight: 500 }}
      >
        {heading}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" id={hintId}>
          {hint}
        </Typography>
      )}
      {children}
      {error && (
        <FormHelperText error id={errorId} data-testid="question-error">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
