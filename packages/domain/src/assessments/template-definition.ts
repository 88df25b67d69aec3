import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { syncVersion } from '../shared/sync-version.ts';
import { isIsoDate, isoDateLength } from '../shared/trading-calendar.ts';
import { assessmentTemplateMessages as m } from './messages.ts';
import type { AssessmentStatus } from '../clients/contracts.ts';

/**
 * Assessment templates: the questionnaires a firm's admins build beyond the built-in investor
 * questionnaire (IPQ). A template's definition is versioned: responses keep the version they answered.
 */

export const assessmentTemplateKinds = ['ipq', 'custom'] as const;

/**
 * The state of one client's response to an assignment. The labels are the spec's wording, which the
 * clients list also uses as its assessment_status values (clients/contracts.ts).
 */
export const responseStatuses = ['pending', 'in_progress', 'complete'] as const;
export type ResponseStatus = (typeof responseStatuses)[number];

export const responseStatusLabels: Record<ResponseStatus, AssessmentStatus> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  complete: 'Complete',
};

export const questionTypes = ['single_choice', 'multiple_choice', 'scale', 'number', 'text'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const choiceQuestionTypes = ['single_choice', 'multiple_choice'] as const satisfies readonly QuestionType[];

export const templateLimits = {
  sectionsMax: 20,
  questionsPerSectionMax: 50,
  optionsMin: 2,
  optionsMax: 20,
  /** Keys and option values are slugs: they name answers on the wire and in stored responses. */
  keyMax: 64,
  titleMax: 200,
  descriptionMax: 1000,
  questionTextMax: 500,
  labelMax: 200,
  scaleLabelMax: 100,
  unitMax: 20,
  weightMax: 10,
  weightDefault: 1,
  /** Option scores and scale bounds stay within ±1000, so no sum of them loses precision. */
  scoreMax: 1000,
  /** A number question's own bounds stay within ±1e12, more than any amount a client holds. */
  numberBoundMax: 1e12,
  /** Points from a scale's min to its max: 0–10 is the widest the usual instruments use. */
  scaleSpanMax: 10,
  textAnswerMax: 2000,
  nameMax: 120,
  clientsPerAssignmentMax: 500,
} as const;

/** Lowercase letters and digits, joined by single hyphens or underscores (no `__proto__` and the like). */
const slugPattern = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

const slug = (message: string) =>
  z.string({ error: message }).max(templateLimits.keyMax, { abort: true, error: message }).regex(slugPattern, message);

/** Required text, trimmed; longer text is refused before it is trimmed. */
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).max(max, { abort: true, error: tooLong }).trim().min(1, required);

const optionalText = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).max(max, { abort: true, error: tooLong }).trim().optional();

/** A field one type of question has and the others must leave out. */
const absent = (message: string) => z.undefined({ error: message }).optional();

const optionSchema = z.object(
  {
    value: slug(m.optionValueInvalid),
    label: requiredText(templateLimits.labelMax, m.optionLabelRequired, m.optionLabelTooLong),
    score: z
      .number({ error: m.optionScoreInvalid })
      .min(-templateLimits.scoreMax, m.optionScoreInvalid)
      .max(templateLimits.scoreMax, m.optionScoreInvalid),
  },
  { error: m.optionInvalid },
);

const scaleBound = z
  .number({ error: m.scaleBoundInvalid })
  .int({ error: m.scaleBoundInvalid })
  .min(-templateLimits.scoreMax, m.scaleBoundInvalid)
  .max(templateLimits.scoreMax, m.scaleBoundInvalid);

const scaleSchema = z
  .object(
    {
      min: scaleBound,
      max: scaleBound,
      min_label: optionalText(templateLimits.scaleLabelMax, m.scaleLabelTooLong),
      max_label: optionalText(templateLimits.scaleLabelMax, m.scaleLabelTooLong),
      /** Reverse-keyed: agreeing scores low (min + max − value), as for a negatively worded item. */
      reverse: z.boolean({ error: m.reverseInvalid }).optional(),
    },
    { error: m.scaleRequired },
  )
  .superRefine((scale, context) => {
    if (scale.min >= scale.max) context.addIssue({ code: 'custom', message: m.scaleOrderInvalid, path: ['max'] });
    else if (scale.max - scale.min > templateLimits.scaleSpanMax)
      context.addIssue({ code: 'custom', message: m.scaleSpanTooLarge, path: ['max'] });
  });
export type ScaleSettings = z.infer<typeof scaleSchema>;

const numberBound = z
  .number({ error: m.numberBoundInvalid })
  .min(-templateLimits.numberBoundMax, { error: m.numberBoundInvalid })
  .max(templateLimits.numberBoundMax, { error: m.numberBoundInvalid })
  .optional();

const numberSettingsSchema = z
  .object(
    { min: numberBound, max: numberBound, unit: optionalText(templateLimits.unitMax, m.unitTooLong) },
    { error: m.numberBoundInvalid },
  )
  .superRefine((settings, context) => {
    if (settings.min !== undefined && settings.max !== undefined && settings.min > settings.max) {
      context.addIssue({ code: 'custom', message: m.numberRangeInvalid, path: ['max'] });
    }
  });

const questionFields = {
  key: slug(m.questionKeyInvalid),
  text: requiredText(templateLimits.questionTextMax, m.questionTextRequired, m.questionTextTooLong),
  required: z.boolean({ error: m.requiredInvalid }),
  /** How much the question counts in its section's score; 0 asks it without scoring it. */
  weight: z
    .number({ error: m.weightInvalid })
    .min(0, m.weightInvalid)
    .max(templateLimits.weightMax, m.weightInvalid)
    .default(templateLimits.weightDefault),
};

const options = z
  .array(optionSchema, { error: m.optionsRequired })
  .min(templateLimits.optionsMin, m.optionsRequired)
  .max(templateLimits.optionsMax, m.optionsTooMany)
  .superRefine((list, context) => {
    const seen = new Set<string>();
    list.forEach((option, index) => {
      if (seen.has(option.value)) context.addIssue({ code: 'custom', message: m.optionValuesUnique, path: [index, 'value'] });
      seen.add(option.value);
    });
  });

const choiceQuestion = <T extends (typeof choiceQuestionTypes)[number]>(type: T) =>
  z.object({ ...questionFields, type: z.literal(type), options, scale: absent(m.scaleNotAllowed), number: absent(m.numberNotAllowed) });

const questionSchema = z.discriminatedUnion(
  'type',
  [
    choiceQuestion('single_choice'),
    choiceQuestion('multiple_choice'),
    z.object({
      ...questionFields,
      type: z.literal('scale'),
      options: absent(m.optionsNotAllowed),
      scale: scaleSchema,
      number: absent(m.numberNotAllowed),
    }),
    z.object({
      ...questionFields,
      type: z.literal('number'),
      options: absent(m.optionsNotAllowed),
      scale: absent(m.scaleNotAllowed),
      number: numberSettingsSchema.optional(),
    }),
    z.object({
      ...questionFields,
      type: z.literal('text'),
      options: absent(m.optionsNotAllowed),
      scale: absent(m.scaleNotAllowed),
      number: absent(m.numberNotAllowed),
    }),
  ],
  // A question that is not an object says so; one of an unknown type names the types.
  {
    error: (issue) =>
      typeof issue.input === 'object' && issue.input !== null && !Array.isArray(issue.input) ? m.questionTypeInvalid : m.questionInvalid,
  },
);

const sectionSchema = z.object(
  {
    key: slug(m.sectionKeyInvalid),
    title: requiredText(templateLimits.titleMax, m.sectionTitleRequired, m.sectionTitleTooLong),
    description: optionalText(templateLimits.descriptionMax, m.sectionDescriptionTooLong),
    questions: z
      .array(questionSchema, { error: m.questionsRequired })
      .min(1, m.questionsRequired)
      .max(templateLimits.questionsPerSectionMax, m.questionsTooMany),
  },
  { error: m.sectionInvalid },
);

/**
 * The definition of one template version. Answers are keyed by question key, so question keys are
 * unique across the whole template (not only within a section); section keys are unique too.
 */
export const templateDefinitionSchema = z
  .object(
    {
      sections: z
        .array(sectionSchema, { error: m.sectionsRequired })
        .min(1, m.sectionsRequired)
        .max(templateLimits.sectionsMax, m.sectionsTooMany),
    },
    { error: m.definitionInvalid },
  )
  .superRefine((definition, context) => {
    const sectionKeys = new Set<string>();
    const questionKeys = new Set<string>();
    definition.sections.forEach((section, sectionIndex) => {
      if (sectionKeys.has(section.key))
        context.addIssue({ code: 'custom', message: m.sectionKeysUnique, path: ['sections', sectionIndex, 'key'] });
      sectionKeys.add(section.key);
      section.questions.forEach((question, questionIndex) => {
        if (questionKeys.has(question.key)) {
          context.addIssue({
            code: 'custom',
            message: m.questionKeysUnique,
            path: ['sections', sectionIndex, 'questions', questionIndex, 'key'],
          });
        }
        questionKeys.add(question.key);
      });
    });
  });
export type TemplateDefinition = z.infer<typeof templateDefinitionSchema>;
/** A definition as sent: weights may be left out (they default to 1). */
export type TemplateDefinitionInput = z.input<typeof templateDefinitionSchema>;
export type TemplateSection = TemplateDefinition['sections'][number];
export type TemplateQuestion = TemplateSection['questions'][number];
export type ChoiceQuestion = Extract<TemplateQuestion, { type: 'single_choice' | 'multiple_choice' }>;
export type ScaleQuestion = Extract<TemplateQuestion, { type: 'scale' }>;

// ---------------------------------------------------------------------------------------------
// Requests

const templateName = requiredText(templateLimits.nameMax, m.nameRequired, m.nameTooLong);

/** null clears the description. */
const templateDescription = z
  .string({ error: m.descriptionTooLong })
  .max(templateLimits.descriptionMax, { abort: true, error: m.descriptionTooLong })
  .trim()
  .nullish();

export const templateCreateSchema = z.object({
  name: templateName,
  description: templateDescription,
  definition: templateDefinitionSchema,
});
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

export const templateUpdateSchema = z.object({
  name: templateName.optional(),
  description: templateDescription,
  /** A new definition becomes a new version; responses already given keep the version they answered. */
  definition: templateDefinitionSchema.optional(),
  /** An inactive template can no longer be assigned; its responses stay. */
  is_active: z.boolean({ error: m.isActiveInvalid }).optional(),
  /** Must be the template's current version (409 otherwise). */
  sync_version: syncVersion(m.syncVersionRequired),
});
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

export const assignmentCreateSchema = z.object({
  client_ids: z
    .array(idSchema(m.clientIdInvalid), { error: m.clientIdsRequired })
    .min(1, m.clientIdsRequired)
    .max(templateLimits.clientsPerAssignmentMax, m.clientIdsTooMany)
    // UUIDs are case-insensitive: one client in two spellings is still listed twice.
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, m.clientIdsUnique),
  due_date: z
    .string({ error: m.dueDateInvalid })
    .max(isoDateLength, { abort: true, error: m.dueDateInvalid })
    .refine(isIsoDate, m.dueDateInvalid)
    .nullish(),
});
export type AssignmentCreate = z.infer<typeof assignmentCreateSchema>;
