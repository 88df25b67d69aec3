import {
  choiceQuestionTypes,
  type QuestionType,
  type TemplateDefinition,
  type TemplateQuestion,
} from '@meridian/domain/assessments/template-definition';

/**
 * A template as the editor's form holds it, shaped as the body it sends (so a message's path is its
 * input's name): numbers as typed, every type's settings kept, so switching type loses nothing.
 */
export type OptionDraft = { value: string; label: string; score: string };
type ScaleDraft = { min: string; max: string; min_label: string; max_label: string; reverse: boolean };
type NumberDraft = { min: string; max: string; unit: string };
export type QuestionDraft = {
  key: string;
  text: string;
  type: QuestionType;
  required: boolean;
  weight: string;
  options: OptionDraft[];
  scale: ScaleDraft;
  number: NumberDraft;
};
export type SectionDraft = { key: string; title: string; description: string; questions: QuestionDraft[] };
export type TemplateDraft = { name: string; description: string; definition: { sections: SectionDraft[] } };

export const isChoice = (type: QuestionType) => (choiceQuestionTypes as readonly QuestionType[]).includes(type);
/** Choice and scale questions score; number and text questions never do, so they have no weight to set. */
export const isScoredType = (type: QuestionType) => isChoice(type) || type === 'scale';

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export const newOption = (index: number): OptionDraft => ({ value: `option-${index + 1}`, label: '', score: String(index) });

/** The first of `prefix1`, `prefix2`… not taken. */
export function freeKey(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  let index = 1;
  while (used.has(`${prefix}${index}`)) index += 1;
  return `${prefix}${index}`;
}

export const questionKeysOf = (sections: readonly SectionDraft[]) =>
  sections.flatMap((section) => section.questions.map((question) => question.key));

export function newQuestion(key: string): QuestionDraft {
  return {
    key,
    text: '',
    type: 'single_choice',
    required: true,
    weight: '1',
    options: [newOption(0), newOption(1)],
    scale: { min: '1', max: '5', min_label: '', max_label: '', reverse: false },
    number: { min: '', max: '', unit: '' },
  };
}

export const newSection = (key: string, questionKey: string): SectionDraft => ({
  key,
  title: '',
  description: '',
  questions: [newQuestion(questionKey)],
});

export const emptyDraft = (): TemplateDraft => ({ name: '', description: '', definition: { sections: [newSection('section-1', 'q1')] } });

function questionDraft(question: TemplateQuestion): QuestionDraft {
  const blank = newQuestion(question.key);
  return {
    ...blank,
    text: question.text,
    type: question.type,
    required: question.required,
    weight: String(question.weight),
    options:
      question.type === 'single_choice' || question.type === 'multiple_choice'
        ? question.options.map((option) => ({ value: option.value, label: option.label, score: String(option.score) }))
        : blank.options,
    scale:
      question.type === 'scale'
        ? {
            min: String(question.scale.min),
            max: String(question.scale.max),
            min_label: question.scale.min_label ?? '',
            max_label: question.scale.max_label ?? '',
            reverse: question.scale.reverse ?? false,
          }
        : blank.scale,
    number:
      question.type === 'number'
        ? { min: text(question.number?.min), max: text(question.number?.max), unit: question.number?.unit ?? '' }
        : blank.number,
  };
}

/** The editor's copy of a saved template. */
export function draftOf(template: { name: string; description: string | null }, definition: TemplateDefinition): TemplateDraft {
  return {
    name: template.name,
    description: template.description ?? '',
    definition: {
      sections: definition.sections.map((section) => ({
        key: section.key,
        title: section.title,
        description: section.description ?? '',
        questions: section.questions.map(questionDraft),
      })),
    },
  };
}

/** A typed figure: blank is left out (undefined); anything else a number, NaN when it is not one (the schema names it). */
const figure = (value: string) => (value.trim() === '' ? undefined : Number(value.replace(/,/g, '')));
/** A figure the schema requires: blank is NaN, so its message is the field's own. */
const requiredFigure = (value: string) => figure(value) ?? Number.NaN;
const optional = (value: string) => (value.trim() === '' ? undefined : value);

function questionInput(question: QuestionDraft): Record<string, unknown> {
  const base = {
    key: question.key.trim(),
    text: question.text,
    type: question.type,
    required: question.required,
    weight: isScoredType(question.type) ? figure(question.weight) : undefined,
  };
  if (isChoice(question.type)) {
    return {
      ...base,
      options: question.options.map((option) => ({ value: option.value.trim(), label: option.label, score: requiredFigure(option.score) })),
    };
  }
  if (question.type === 'scale') {
    const { min, max, min_label, max_label, reverse } = question.scale;
    return {
      ...base,
      scale: {
        min: requiredFigure(min),
        max: requiredFigure(max),
        min_label: optional(min_label),
        max_label: optional(max_label),
        reverse: reverse || undefined,
      },
    };
  }
  if (question.type === 'number') {
    const settings = { min: figure(question.number.min), max: figure(question.number.max), unit: optional(question.number.unit) };
    return { ...base, number: Object.values(settings).some((value) => value !== undefined) ? settings : undefined };
  }
  return base;
}

/** The definition the draft describes, for templateDefinitionSchema to check (blank optional settings left out). */
export function definitionInput(definition: TemplateDraft['definition']) {
  return {
    sections: definition.sections.map((section) => ({
      key: section.key.trim(),
      title: section.title,
      description: optional(section.description),
      questions: section.questions.map(questionInput),
    })),
  };
}
