import type { Answers } from '@meridian/domain/assessments/answers';
import type { TemplateDefinition, TemplateQuestion } from '@meridian/domain/assessments/template-definition';

/**
 * The answers as the form holds them: a choice's value, the values chosen, and the scale, number
 * and text as typed. Blank is unanswered.
 */
export type AnswerDraft = Record<string, string | string[]>;

const questionsOf = (definition: TemplateDefinition) => definition.sections.flatMap((section) => section.questions);

/** The form's values from saved answers. */
export function draftOf(definition: TemplateDefinition, answers: Answers): AnswerDraft {
  const draft: AnswerDraft = {};
  for (const question of questionsOf(definition)) {
    const value = Object.hasOwn(answers, question.key) ? answers[question.key] : undefined;
    if (question.type === 'multiple_choice')
      draft[question.key] = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    else draft[question.key] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return draft;
}

/** A typed figure as a number ("1,250" is 1250); what is not one stays text, for validateAnswers to name. */
function numberOf(text: string): number | string {
  const figure = Number(text.replace(/,/g, ''));
  return Number.isFinite(figure) ? figure : text;
}

function answerOf(question: TemplateQuestion, value: string | string[] | undefined): unknown {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.length > 0 ? value : undefined;
  const text = question.type === 'text' ? value : value.trim();
  if (text.trim() === '') return undefined;
  if (question.type === 'scale') return Number(text);
  if (question.type === 'number') return numberOf(text);
  return text;
}

/** The answers to send: the questions answered, each as the API takes it (numbers as numbers). */
export function answersOf(definition: TemplateDefinition, draft: AnswerDraft): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const question of questionsOf(definition)) {
    const value = answerOf(question, draft[question.key]);
    if (value !== undefined) answers[question.key] = value;
  }
  return answers;
}
