import { answersUpdateSchema } from './contracts.ts';
import { assessmentTemplateMessages as m } from './messages.ts';
import {
  templateLimits,
  type ChoiceQuestion,
  type ScaleQuestion,
  type TemplateDefinition,
  type TemplateQuestion,
} from './template-definition.ts';

/**
 * Checking and scoring one response against the definition it answers. Answers are keyed by question
 * key: a choice's option value, a list of them, a whole number on a scale, a number, or text.
 */

export type Answers = Readonly<Record<string, unknown>>;
export type AnswerIssue = { key: string; message: string };

/** Own properties only: a key such as `constructor` must not find Object.prototype's. */
const answerOf = (answers: Answers, key: string): unknown => (Object.hasOwn(answers, key) ? answers[key] : undefined);

/** Nothing given: missing, null, blank text or no option chosen. */
const isUnanswered = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const questionsOf = (definition: TemplateDefinition) => definition.sections.flatMap((section) => section.questions);

/** The message for an answer that is given but not valid, or undefined when it is. */
function answerProblem(question: TemplateQuestion, value: unknown): string | undefined {
  switch (question.type) {
    case 'single_choice':
      return typeof value === 'string' && question.options.some((option) => option.value === value) ? undefined : m.singleChoiceInvalid;
    case 'multiple_choice': {
      const known = (item: unknown) => typeof item === 'string' && question.options.some((option) => option.value === item);
      if (!Array.isArray(value) || !value.every(known)) return m.multipleChoiceInvalid;
      return new Set(value).size === value.length ? undefined : m.multipleChoiceDuplicate;
    }
    case 'scale': {
      const { min, max } = question.scale;
      const valid = typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
      return valid ? undefined : m.scaleAnswerInvalid(min, max);
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return m.numberAnswerInvalid;
      const { min, max } = question.number ?? {};
      if (min !== undefined && value < min) return m.numberTooSmall(min);
      if (max !== undefined && value > max) return m.numberTooLarge(max);
      return undefined;
    }
    case 'text':
      if (typeof value !== 'string') return m.textAnswerInvalid;
      return value.length > templateLimits.textAnswerMax ? m.textAnswerTooLong : undefined;
  }
}

/**
 * The problems of a response, in the order of the questions, then its unknown keys; empty when it
 * is valid. `partial` is a response saved while in progress: required questions may still be open.
 * A blank answer (null, '', []) counts as no answer.
 */
export function validateAnswers(definition: TemplateDefinition, answers: Answers, options: { partial: boolean }): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const keys = new Set<string>();
  for (const question of questionsOf(definition)) {
    keys.add(question.key);
    const value = answerOf(answers, question.key);
    if (isUnanswered(value)) {
      if (question.required && !options.partial) {
        const message = question.type === 'multiple_choice' && Array.isArray(value) ? m.multipleChoiceEmpty : m.answerRequired;
        issues.push({ key: question.key, message });
      }
      continue;
    }
    const problem = answerProblem(question, value);
    if (problem) issues.push({ key: question.key, message: problem });
  }
  for (const key of Object.keys(answers)) {
    if (!keys.has(key)) issues.push({ key, message: m.unknownQuestion });
  }
  return issues;
}

/**
 * The body that saves a response's answers, checked against the definition it answers as
 * validateAnswers checks it: each problem at ['answers', key] (a 422's loc, less 'body'), the
 * required questions only when it submits.
 */
export const answersUpdateSchemaFor = (definition: TemplateDefinition) =>
  answersUpdateSchema.superRefine((body, context) => {
    for (const issue of validateAnswers(definition, body.answers, { partial: !body.submit })) {
      context.addIssue({ code: 'custom', message: issue.message, path: ['answers', issue.key] });
    }
  });

// ---------------------------------------------------------------------------------------------
// Scoring

export type ScoredQuestion = ChoiceQuestion | ScaleQuestion;

/** Choice and scale questions of weight above 0 score; number and text questions never do. */
export const isScored = (question: TemplateQuestion): question is ScoredQuestion =>
  (question.type === 'single_choice' || question.type === 'multiple_choice' || question.type === 'scale') && question.weight > 0;

/**
 * The most a question's item can score: the best option of a single choice, every option worth
 * something of a multiple choice, the top of a scale.
 */
function itemMax(question: ScoredQuestion): number {
  if (question.type === 'scale') return question.scale.max;
  const scores = question.options.map((option) => option.score);
  return question.type === 'single_choice' ? Math.max(...scores) : scores.reduce((sum, score) => sum + Math.max(score, 0), 0);
}

/**
 * What a question's answer scores before its weight, or null when it is unanswered (an invalid answer
 * counts as none): the option's score, the sum of the chosen options', or the scale value, reversed
 * (min + max − value) for a reverse-keyed scale.
 */
function itemScore(question: ScoredQuestion, value: unknown): number | null {
  if (isUnanswered(value) || answerProblem(question, value)) return null;
  if (question.type === 'scale') {
    const { min, max, reverse } = question.scale;
    return reverse ? min + max - (value as number) : (value as number);
  }
  const chosen = question.type === 'single_choice' ? [value] : (value as unknown[]);
  return question.options.filter((option) => chosen.includes(option.value)).reduce((sum, option) => sum + option.score, 0);
}

export type ItemScore = { key: string; section_key: string; score: number | null };

/** Every scored question's item score, in the order of the definition (null when unanswered). */
export function itemScores(definition: TemplateDefinition, answers: Answers): ItemScore[] {
  return definition.sections.flatMap((section) =>
    section.questions
      .filter(isScored)
      .map((question) => ({ key: question.key, section_key: section.key, score: itemScore(question, answerOf(answers, question.key)) })),
  );
}

type ScoreTotal = { score: number; max: number; percent: number | null };
export type SectionScore = ScoreTotal & { key: string; title: string };
export type ResponseScore = { sections: SectionScore[]; total: ScoreTotal };

/**
 * Score over max as a percentage, to one decimal, within 0..100 (negative option scores can take a
 * score below 0); null when nothing could be scored. The one kind of score the assessments list
 * shows for every questionnaire.
 */
export function scorePercent(score: number, max: number): number | null {
  if (max <= 0) return null;
  const percent = Math.round((score / max) * 1000) / 10;
  return Math.min(100, Math.max(0, percent));
}

/**
 * A response's scores by section and in total. A question's points are its weight × its item score,
 * out of weight × its item max. Unanswered questions are left out of both score and max, so the
 * percentage is over what was answered (in a complete response only optional questions can be open).
 */
export function scoreResponse(definition: TemplateDefinition, answers: Answers): ResponseScore {
  const total = { score: 0, max: 0 };
  const sections = definition.sections.map((section) => {
    let score = 0;
    let max = 0;
    for (const question of section.questions.filter(isScored)) {
      const item = itemScore(question, answerOf(answers, question.key));
      if (item === null) continue;
      score += question.weight * item;
      max += question.weight * itemMax(question);
    }
    total.score += score;
    total.max += max;
    return { key: section.key, title: section.title, score, max, percent: scorePercent(score, max) };
  });
  return { sections, total: { ...total, percent: scorePercent(total.score, total.max) } };
}
