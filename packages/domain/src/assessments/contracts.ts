import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { emptyAsMissing, pageOf, pageQuery } from '../shared/pagination.ts';
import { syncVersion } from '../shared/sync-version.ts';
import { assessmentTemplateMessages as m } from './messages.ts';
import { assessmentTemplateKinds, responseStatuses } from './template-definition.ts';

/** Contracts of /api/v1/assessment-templates and /api/v1/assessments: the manager, assignments and answers. */

export const assessmentLimits = { perPageDefault: 25 } as const;

const scoreTotal = z.object({ score: z.number(), max: z.number(), percent: z.number().nullable() });

const templateSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(assessmentTemplateKinds),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  current_version: z.number().int(),
  questions: z.number().int(),
  responses: z.object({ pending: z.number().int(), in_progress: z.number().int(), complete: z.number().int() }),
  sync_version: z.number().int(),
  updated_at: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateListSchema = z.object({ templates: z.array(templateSummarySchema) });

/** The manager's view of a template: its current questions and whether it measures anything. */
export const templateDetailSchema = templateSummarySchema.extend({
  /** The current version's definition (null for the built-in questionnaire, whose items are in ipq/instrument). */
  definition: z.record(z.string(), z.unknown()).nullable(),
  versions: z.array(z.object({ version: z.number().int(), created_at: z.string(), responses: z.number().int() })),
  statistics: z.object({
    /** Complete responses to the current version. */
    complete: z.number().int(),
    /** Below this many complete responses reliability is not shown. */
    minimum: z.number().int(),
    reliability: z.array(
      z.object({
        section_key: z.string(),
        title: z.string(),
        items: z.number().int(),
        respondents: z.number().int(),
        alpha: z.number().nullable(),
        label: z.string().nullable(),
      }),
    ),
    distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  }),
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const assignmentResultSchema = z.object({
  assigned: z.number().int(),
  already_open: z.number().int(),
  response_ids: z.array(z.string()),
});
export type AssignmentResult = z.infer<typeof assignmentResultSchema>;

export const assessmentListQuerySchema = z.object({
  status: z.preprocess(emptyAsMissing, z.enum(responseStatuses, { error: m.statusFilterInvalid }).optional()),
  template_id: z.preprocess(emptyAsMissing, idSchema(m.templateNotFound).optional()),
  advisor_id: z.preprocess(emptyAsMissing, idSchema(m.clientIdInvalid).optional()),
  client_id: z.preprocess(emptyAsMissing, idSchema(m.clientIdInvalid).optional()),
  search: z.preprocess(emptyAsMissing, z.string().trim().max(100).optional()),
  overdue: z.preprocess(
    (value) => (value === '' ? undefined : value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: 'overdue must be true or false' }).optional(),
  ),
  ...pageQuery({ perPageDefault: assessmentLimits.perPageDefault }),
});
export type AssessmentListQuery = z.infer<typeof assessmentListQuerySchema>;

const assessmentSummarySchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  advisor_id: z.string(),
  advisor_name: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  kind: z.enum(assessmentTemplateKinds),
  template_version: z.number().int(),
  status: z.enum(responseStatuses),
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /**
   * One kind of score for every questionnaire: the percent (0-100, one decimal) of the most it could
   * score; a custom assessment's total, the investor questionnaire's risk profile score of 100. Null
   * until it is complete (or when nothing in it scores).
   */
  score_percent: z.number().nullable(),
  updated_at: z.string(),
});
export type AssessmentSummary = z.infer<typeof assessmentSummarySchema>;

export const assessmentListSchema = pageOf('assessments', assessmentSummarySchema);
export type AssessmentList = z.infer<typeof assessmentListSchema>;

export const assessmentDetailSchema = assessmentSummarySchema.extend({
  definition: z.record(z.string(), z.unknown()).nullable(),
  answers: z.record(z.string(), z.unknown()),
  score: z.object({ sections: z.array(scoreTotal.extend({ key: z.string(), title: z.string() })), total: scoreTotal }).nullable(),
  sync_version: z.number().int(),
});
export type AssessmentDetail = z.infer<typeof assessmentDetailSchema>;

export const answersUpdateSchema = z.object({
  answers: z.record(z.string(), z.unknown(), { error: m.answersInvalid }),
  /** true submits: every required question must then be answered, and the assessment completes. */
  submit: z.boolean().default(false),
  sync_version: syncVersion(m.syncVersionRequired),
});
export type AnswersUpdate = z.infer<typeof answersUpdateSchema>;
