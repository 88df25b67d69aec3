import type { TemplateQuestion } from '@meridian/domain/assessments/template-definition';
import { assessmentTexts as text } from '../assessment-texts.ts';

const figure = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

const labelOf = (question: Extract<TemplateQuestion, { options: unknown }>, value: unknown) =>
  question.options.find((option) => option.value === value)?.label ?? String(value);

/** An answer as a reader sees it: the options' labels, the scale point within its range, the number with its unit, the text. */
export function answerText(question: TemplateQuestion, value: unknown): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return text.noAnswer;
  switch (question.type) {
    case 'single_choice':
      return labelOf(question, value);
    case 'multiple_choice':
      return (Array.isArray(value) ? value : [value]).map((each) => labelOf(question, each)).join(', ');
    case 'scale': {
      const { min, max, min_label, max_label } = question.scale;
      const end = value === min ? min_label : value === max ? max_label : undefined;
      return `${String(value)}${end ? ` (${end})` : ''}, ${text.scaleRange(min, max)}`;
    }
    case 'number':
      return typeof value === 'number'
        ? `${figure.format(value)}${question.number?.unit ? ` ${question.number.unit}` : ''}`
        : String(value);
    case 'text':
      return String(value);
  }
}
