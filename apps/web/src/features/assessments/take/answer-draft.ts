import type { Answers } from '@meridian/domain/assessments/answers';
import type { TemplateDefinition, TemplateQuestion } from '@meridian/domain/assessments/template-definition';

/**
 * The answers as the form holds them, one per question in the order of the definition (a question's
 * key may be any slug, `constructor` too, so it names no form field): a choice's value, the values
 * chosen, and the scale, number and text as typed. Blank is unanswered.
 */
export type AnswerDraft = (string | string[])[];

const questionsOf = (definition: TemplateDefinition) => definition.sections.flatMap((section) => section.questions);

/** The form's values from saved answers. */
export function draftOf(definition: TemplateDefinition, answers: Answers): AnswerDraft {
  return questionsOf(definition).map((question) => {
    const value = Object.hasOwn(answers, question.key) ? answers[question.key] : undefined;
    if (question.type === 'multiple_choice')
      return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  });
}

/** The form field of each question's answer: the body's `answers.<key>` is the form's `answers.<place>`. */
export function answerFields(definition: TemplateDefinition): Record<string, `answers.${number}`> {
  return Object.fromEntries(questionsOf(definition).map((question, index) => [`answers.${question.key}`, `answers.${index}` as const]));
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
  questionsOf(definition).forEach((question, index) => {
    const value = answerOf(question, draft[index]);
    if (value !== undefined) answers[question.key] = value;
  });
  return answers;
}
