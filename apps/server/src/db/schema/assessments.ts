import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { responseStatuses } from '@meridian/domain/assessments/template-definition';
import { bandStatuses } from '@meridian/domain/ipq/contracts';
import type { IpqAnswers } from '@meridian/domain/ipq/modules';
import type { IpqOutcome } from '@meridian/domain/ipq/outcome';
import { riskBands } from '@meridian/domain/model-portfolios/contracts';
import { at, createdAt, id, syncColumns } from './columns.ts';
import { clients } from './clients.ts';
import { firms } from './firms.ts';
import { users } from './users.ts';

/**
 * A questionnaire clients answer. The investor personality questionnaire is built in: one row with
 * no firm, shared by every firm. A firm's own questionnaires are versioned: editing one adds a version,
 * and a response keeps the version it was answered on.
 */
export const assessmentTemplates = pgTable(
  'assessment_templates',
  {
    id: id(),
    /** Null for the built-in questionnaire. */
    firmId: uuid('firm_id').references(() => firms.id),
    kind: text('kind', { enum: ['ipq', 'custom'] }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [
    index('assessment_templates_firm_idx').on(table.firmId),
    check('assessment_templates_kind_check', sql`${table.kind} in ('ipq', 'custom')`),
    check('assessment_templates_firm_check', sql`(${table.kind} = 'ipq') = (${table.firmId} is null)`),
  ],
);

/** The questions of one version of a firm's questionnaire, as written then (never changed afterwards). */
export const assessmentTemplateVersions = pgTable(
  'assessment_template_versions',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => assessmentTemplates.id),
    version: integer('version').notNull(),
    definition: jsonb('definition').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.version] })],
);

/**
 * One client's answers to one questionnaire: assigned (pending), being answered (in progress) or
 * complete. A completed questionnaire keeps the results it was scored with; for the investor
 * questionnaire also the prediction (cached 24 hours) and what became of the risk band it proposed.
 */
export const assessmentResponses = pgTable(
  'assessment_responses',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => assessmentTemplates.id),
    templateVersion: integer('template_version').notNull(),
    status: text('status', { enum: responseStatuses }).notNull().default('pending'),
    /** The answers so far: by module for the investor questionnaire, by question key otherwise. */
    answers: jsonb('answers').$type<IpqAnswers & Record<string, unknown>>().notNull().default({}),
    /** Where it was started from: 'advisor' (beside the client), 'client' (on their own) or 'assignment'. */
    source: text('source').notNull(),
    assignedBy: uuid('assigned_by').references(() => users.id),
    dueDate: date('due_date', { mode: 'string' }),
    startedBy: uuid('started_by').references(() => users.id),
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
    /** Scores as computed when it was completed. */
    results: jsonb('results').$type<IpqOutcome | Record<string, unknown>>(),
    /** The latest prediction and when it was made; cleared when an answer changes. */
    prediction: jsonb('prediction').$type<IpqOutcome['prediction']>(),
    predictedAt: at('predicted_at'),
    /** The band the questionnaire proposed and its fate (bandStatuses). */
    proposedBand: text('proposed_band', { enum: riskBands }),
    bandStatus: text('band_status', { enum: bandStatuses }),
    bandNote: text('band_note'),
    bandDecidedBy: uuid('band_decided_by').references(() => users.id),
    bandDecidedAt: at('band_decided_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [
    index('assessment_responses_client_idx').on(table.clientId, table.createdAt),
    index('assessment_responses_firm_status_idx').on(table.firmId, table.status),
    index('assessment_responses_template_idx').on(table.templateId, table.status),
    check('assessment_responses_status_check', sql`${table.status} in ('pending', 'in_progress', 'complete')`),
    check(
      'assessment_responses_band_status_check',
      sql`${table.bandStatus} in ('applied', 'awaiting_confirmation', 'confirmed', 'kept', 'superseded')`,
    ),
  ],
);

export type AssessmentTemplateRow = typeof assessmentTemplates.$inferSelect;
export type AssessmentResponseRow = typeof assessmentResponses.$inferSelect;
