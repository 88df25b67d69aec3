import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { templateLimits, type TemplateQuestion } from '@meridian/domain/assessments/template-definition';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { QuestionFrame } from './question-frame.tsx';
import { ScaleInput } from './scale-input.tsx';

export type QuestionFieldProps = {
  question: TemplateQuestion;
  number: number;
  value: string | string[] | undefined;
  onChange: (value: string | string[]) => void;
  error: string | undefined;
  disabled?: boolean;
};

/** One question's input, by its type: radios, checkboxes, a scale of radios, a number with its unit, or text. */
export function QuestionField({ question, number, value, onChange, error, disabled = false }: QuestionFieldProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(error);
  const frame = { number, text: question.text, required: question.required, errorId, error, hintId, testId: `question-${question.key}` };
  const single = typeof value === 'string' ? value : '';

  switch (question.type) {
    case 'single_choice':
      return (
        <QuestionFrame kind="fieldset" {...frame}>
          <RadioGroup
            name={question.key}
            value={single}
            onChange={(_event, next) => onChange(next)}
            aria-invalid={invalid || undefined}
            aria-required={question.required || undefined}
          >
            {question.options.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} disabled={disabled} />
            ))}
          </RadioGroup>
        </QuestionFrame>
      );
    case 'multiple_choice': {
      const chosen = Array.isArray(value) ? value : [];
      const toggle = (optionValue: string, checked: boolean) =>
        // Kept in the options' order, whatever order they were ticked in.
        onChange(question.options.map((option) => option.value).filter((each) => (each === optionValue ? checked : chosen.includes(each))));
      return (
        <QuestionFrame kind="fieldset" hint={text.chooseAny} {...frame}>
          <FormGroup>
            {question.options.map((option) => (
              <FormControlLabel
                key={option.value}
                control={
                  <Checkbox
                    checked={chosen.includes(option.value)}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                    name={question.key}
                  />
                }
                label={option.label}
                disabled={disabled}
              />
            ))}
          </FormGroup>
        </QuestionFrame>
      );
    }
    case 'scale':
      return (
        <QuestionFrame kind="fieldset" {...frame}>
          <ScaleInput
            name={question.key}
            scale={question.scale}
            value={single}
            onChange={onChange}
            disabled={disabled}
            invalid={invalid}
            required={question.required}
          />
        </QuestionFrame>
      );
    case 'number': {
      const { min, max, unit } = question.number ?? {};
      const hint = text.numberRange(min, max).trim() || undefined;
      return (
        <QuestionFrame kind="label" htmlFor={inputId} hint={hint} {...frame}>
          <TextField
            id={inputId}
            value={single}
            onChange={(event) => onChange(event.target.value)}
            disabled={disabled}
            error={invalid}
            size="small"
            autoComplete="off"
            sx={{ mt: 0.5, width: { xs: '100%', sm: 260 } }}
            slotProps={{
              htmlInput: {
                inputMode: 'decimal',
                'aria-required': question.required,
                'aria-describedby': [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined,
              },
              input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
            }}
          />
        </QuestionFrame>
      );
    }
    case 'text':
      return (
        <QuestionFrame kind="label" htmlFor={inputId} {...frame}>
          <TextField
            id={inputId}
            value={single}
            onChange={(event) => onChange(event.target.value)}
            disabled={disabled}
            error={invalid}
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 0.5 }}
            slotProps={{
              htmlInput: {
                maxLength: templateLimits.textAnswerMax,
                'aria-required': question.required,
                'aria-describedby': error ? errorId : undefined,
              },
            }}
          />
        </QuestionFrame>
      );
  }
}
