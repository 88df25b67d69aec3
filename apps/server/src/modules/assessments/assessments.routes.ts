import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponseSchema, validationIssueSchema } from '@meridian/domain/auth/contracts';
import {
  answersUpdateSchema,
  assessmentDetailSchema,
  assessmentListQuerySchema,
  assessmentListSchema,
  assignmentResultSchema,
  templateDetailSchema,
  templateListSchema,
} from '@meridian/domain/assessments/contracts';
import { assessmentTemplateMessages as m } from '@meridian/domain/assessments/messages';
import { minimumResponsesForReliability } from '@meridian/domain/assessments/reliability';
import { assignmentCreateSchema, templateCreateSchema, templateUpdateSchema } from '@meridian/domain/assessments/template-definition';
import { pathId } from '@meridian/domain/shared/ids';
import { syncConflictSchema } from '@meridian/domain/portfolios/contracts';
import { assignTemplate, getAssessment, listAssessments, saveAnswers } from './responses.service.ts';
import { createTemplate, getTemplate, listTemplates, updateTemplate } from './templates.service.ts';

const detail = detailResponseSchema;
const unprocessable = z.object({ detail: z.array(validationIssueSchema) }).or(detail);
const params = z.object({ id: pathId('The id') });
const staff = { access: 'staff', denied: m.assignForbidden } as const;
const admin = { access: 'admin', denied: m.manageForbidden } as const;
const reach = "An advisor reaches their clients' assessments, an admin the firm's, a client user their own; anything else answers 404.";

/** /assessment-templates (the manager and assignments) and /assessments (the book's responses and their answers). */
export const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['assessments'];

  app.get(
    '/assessment-templates',
    {
      schema: {
        tags,
        summary: 'The built-in questionnaire and the firm’s templates, with responses per status',
        response: { 200: templateListSchema },
      },
      config: staff,
    },
    async (request) => listTemplates(app.db, app.currentUser(request)),
  );

  app.post(
    '/assessment-templates',
    {
      schema: {
        tags,
        summary: 'Create a template (version 1)',
        description:
          'Firm admins only. Sections of questions: single or multiple choice, scale, number, text; required flags and scoring weights.',
        body: templateCreateSchema,
        response: { 201: templateDetailSchema, 422: unprocessable },
      },
      config: admin,
    },
    async (request, reply) => reply.status(201).send(await createTemplate(app, request, request.body)),
  );

  app.get(
    '/assessment-templates/:id',
    {
      schema: {
        tags,
        summary: 'A template: its current questions, versions, and whether it measures anything',
        description: `Each section's Cronbach's alpha once the current version has ${minimumResponsesForReliability} complete responses, and the distribution of total scores.`,
        params,
        response: { 200: templateDetailSchema, 404: detail },
      },
      config: staff,
    },
    async (request) => getTemplate(app.db, app.currentUser(request), request.params.id),
  );

  app.put(
    '/assessment-templates/:id',
    {
      schema: {
        tags,
        summary: 'Rename, describe, activate or deactivate; new questions become the next version',
        description:
          'Firm admins only. sync_version must be the current one (409 with `current`). The built-in questionnaire cannot be edited (422).',
        params,
        body: templateUpdateSchema,
        response: { 200: templateDetailSchema, 404: detail, 409: syncConflictSchema(templateDetailSchema), 422: unprocessable },
      },
      config: admin,
    },
    async (request, reply) => {
      const result = await updateTemplate(app, request, request.params.id, request.body);
      if (!result.ok) return reply.status(409).send({ detail: m.templateChanged, current: result.current });
      return result.template;
    },
  );

  app.post(
    '/assessment-templates/:id/assignments',
    {
      schema: {
        tags,
        summary: 'Assign the template to clients, with an optional due date',
        description: `${reach} All the clients must be in reach (404, nothing assigned). A client with an open assessment of the template keeps it. An inactive template answers 422.`,
        params,
        body: assignmentCreateSchema,
        response: { 201: assignmentResultSchema, 404: detail, 422: unprocessable },
      },
      config: staff,
    },
    async (request, reply) => reply.status(201).send(await assignTemplate(app, request, request.params.id, request.body)),
  );

  app.get(
    '/assessments',
    {
      schema: {
        tags,
        summary: 'Assessments across the book: open ones first, soonest due first',
        description: `${reach} Filter by status, template_id, advisor_id, client_id, search (client name or e-mail) and overdue.`,
        querystring: assessmentListQuerySchema,
        response: { 200: assessmentListSchema, 422: unprocessable },
      },
      config: { access: 'signedIn' },
    },
    async (request) => listAssessments(app, app.currentUser(request), request.query),
  );

  app.get(
    '/assessments/:id',
    {
      schema: {
        tags,
        summary: 'An assessment with its questions (the version it was assigned), answers and score',
        description: reach,
        params,
        response: { 200: assessmentDetailSchema, 404: detail },
      },
      config: { access: 'signedIn' },
    },
    async (request) => getAssessment(app, app.currentUser(request), request.params.id),
  );

  app.put(
    '/assessments/:id/answers',
    {
      schema: {
        tags,
        summary: 'Save the answers so far, or submit them',
        description: `${reach} Each answer is checked against its question (422 naming each); submitting needs every required one and completes the assessment, which is then scored and can no longer change (409). sync_version must be current (409 with \`current\`).`,
        params,
        body: answersUpdateSchema,
        response: {
          200: assessmentDetailSchema,
          404: detail,
          409: syncConflictSchema(assessmentDetailSchema).or(detail),
          422: unprocessable,
        },
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      const result = await saveAnswers(app, request, request.params.id, request.body);
      if (!result.ok) return reply.status(409).send({ detail: m.responseChanged, current: result.current });
      return result.assessment;
    },
  );
};
