import { and, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scoreResponse, validateAnswers } from '@meridian/domain/assessments/answers';
import type {
  AnswersUpdate,
  AssessmentDetail,
  AssessmentList,
  AssessmentListQuery,
  AssessmentSummary,
  AssignmentResult,
} from '@meridian/domain/assessments/contracts';
import { assessmentTemplateMessages as m } from '@meridian/domain/assessments/messages';
import type { AssignmentCreate, TemplateDefinition } from '@meridian/domain/assessments/template-definition';
import { isUuid } from '@meridian/domain/shared/ids';
import { clientMessages } from '@meridian/domain/shared/messages';
import { pageInfo, pageWindow } from '@meridian/domain/shared/pagination';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { assessmentResponses, assessmentTemplates } from '../../db/schema/assessments.ts';
import { clients } from '../../db/schema/clients.ts';
import { users } from '../../db/schema/users.ts';
import { fieldErrors } from '../../platform/errors.ts';
import { HttpError, notFound } from '../../platform/http-error.ts';
import { clientReach, type Viewer } from '../../platform/reach.ts';
import { refreshAssessmentStatus } from './assessment-status.service.ts';
import { responseScorePercent } from './response-score.ts';
import { reachableTemplate, templateDefinition } from './templates.service.ts';

/**
 * Assessments across the book: assigned with a due date, answered by the client on their own or
 * with the advisor, complete once every required question is answered. The investor questionnaire
 * is listed with the rest but answered through /ipq.
 */

const responseNotFound = () => notFound(m.responseNotFound);
const advisor = alias(users, 'advisor');

const columns = {
  row: assessmentResponses,
  clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
  advisorId: clients.advisorId,
  advisorName: sql<string>`${advisor.firstName} || ' ' || ${advisor.lastName}`,
  templateName: assessmentTemplates.name,
  kind: assessmentTemplates.kind,
};

const selectResponses = (db: Db, where: SQL) =>
  db
    .select(columns)
    .from(assessmentResponses)
    .innerJoin(clients, eq(clients.id, assessmentResponses.clientId))
    .innerJoin(advisor, eq(advisor.id, clients.advisorId))
    .innerJoin(assessmentTemplates, eq(assessmentTemplates.id, assessmentResponses.templateId))
    .where(where);

type Selected = Awaited<ReturnType<typeof selectResponses>>[number];

const responseReach = (viewer: Viewer): SQL => and(clientReach(viewer), isNull(assessmentResponses.deletedAt)) as SQL;
const overdueCondition = (today: string) =>
  sql`(${assessmentResponses.dueDate} < ${today}::date and ${assessmentResponses.status} <> 'complete')`;

function toSummary({ row, clientName, advisorId, advisorName, templateName, kind }: Selected, today: string): AssessmentSummary {
  return {
    id: row.id,
    client_id: row.clientId,
    client_name: clientName,
    advisor_id: advisorId,
    advisor_name: advisorName,
    template_id: row.templateId,
    template_name: templateName,
    kind,
    template_version: row.templateVersion,
    status: row.status,
    due_date: row.dueDate,
    overdue: row.dueDate !== null && row.status !== 'complete' && row.dueDate < today,
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    score_percent: responseScorePercent(kind, row.results),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /assessments: open ones first (the soonest due first), then the most recently completed. */
export async function listAssessments(app: FastifyInstance, viewer: Viewer, query: AssessmentListQuery): Promise<AssessmentList> {
  const today = marketDate(app.now());
  const where: SQL[] = [responseReach(viewer)];
  if (query.status) where.push(eq(assessmentResponses.status, query.status));
  if (query.template_id) where.push(eq(assessmentResponses.templateId, query.template_id));
  if (query.advisor_id) where.push(eq(clients.advisorId, query.advisor_id));
  if (query.client_id) where.push(eq(assessmentResponses.clientId, query.client_id));
  if (query.overdue !== undefined) where.push(query.overdue ? overdueCondition(today) : sql`not ${overdueCondition(today)}`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    where.push(or(ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern), ilike(clients.email, pattern)) as SQL);
  }
  const condition = and(...where) as SQL;
  const { limit, offset } = pageWindow(query.page, query.per_page);
  const [rows, [total]] = await Promise.all([
    selectResponses(app.db, condition)
      .orderBy(
        sql`case when ${assessmentResponses.status} = 'complete' then 1 else 0 end`,
        sql`${assessmentResponses.dueDate} asc nulls last`,
        desc(sql`coalesce(${assessmentResponses.completedAt}, ${assessmentResponses.updatedAt})`),
        desc(assessmentResponses.id),
      )
      .limit(limit)
      .offset(offset),
    app.db
      .select({ total: count() })
      .from(assessmentResponses)
      .innerJoin(clients, eq(clients.id, assessmentResponses.clientId))
      .where(condition),
  ]);
  return { assessments: rows.map((row) => toSummary(row, today)), ...pageInfo(total?.total ?? 0, query.page, query.per_page) };
}

async function reachableResponse(db: Db, viewer: Viewer, id: string, { lock = false } = {}): Promise<Selected> {
  if (!isUuid(id)) throw responseNotFound();
  const query = selectResponses(db, and(eq(assessmentResponses.id, id), responseReach(viewer)) as SQL);
  const [found] = lock ? await query.for('update', { of: assessmentResponses }) : await query;
  if (!found) throw responseNotFound();
  return found;
}

async function toDetail(db: Db, selected: Selected, today: string): Promise<AssessmentDetail> {
  const { row } = selected;
  const definition = selected.kind === 'custom' ? await templateDefinition(db, row.templateId, row.templateVersion) : null;
  return {
    ...toSummary(selected, today),
    definition,
    answers: row.answers as Record<string, unknown>,
    score: definition && row.status === 'complete' ? scoreResponse(definition, row.answers) : null,
    sync_version: row.syncVersion,
  };
}

export async function getAssessment(app: FastifyInstance, viewer: Viewer, id: string): Promise<AssessmentDetail> {
  return toDetail(app.db, await reachableResponse(app.db, viewer, id), marketDate(app.now()));
}

export type AnswersResult = { ok: true; assessment: AssessmentDetail } | { ok: false; current: AssessmentDetail };

/**
 * PUT /assessments/{id}/answers: the answers so far, or submitted (every required question answered,
 * then complete and scored). Each answer is checked against the version the assessment was assigned.
 */
export async function saveAnswers(app: FastifyInstance, request: FastifyRequest, id: string, body: AnswersUpdate): Promise<AnswersResult> {
  const viewer = app.currentUser(request);
  const now = app.now();
  const today = marketDate(now);
  const saved = await app.db.transaction(async (tx) => {
    const selected = await reachableResponse(tx, viewer, id, { lock: true });
    const { row } = selected;
    if (selected.kind === 'ipq') throw new HttpError(422, m.ipqAnsweredByModule);
    if (row.status === 'complete') throw new HttpError(409, m.responseComplete);
    if (body.sync_version !== row.syncVersion) return false;
    const definition = (await templateDefinition(tx, row.templateId, row.templateVersion)) as TemplateDefinition;
    const issues = validateAnswers(definition, body.answers, { partial: !body.submit });
    if (issues.length)
      throw fieldErrors(issues.map((issue) => ({ path: ['answers', issue.key], message: issue.message, input: body.answers[issue.key] })));
    const complete = body.submit;
    await tx
      .update(assessmentResponses)
      .set({
        answers: body.answers,
        status: complete ? 'complete' : 'in_progress',
        startedAt: row.startedAt ?? now,
        startedBy: row.startedBy ?? viewer.id,
        ...(complete && { completedAt: now, results: scoreResponse(definition, body.answers) }),
        syncVersion: sql`${assessmentResponses.syncVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(assessmentResponses.id, row.id));
    await refreshAssessmentStatus(tx, row.clientId);
    await app.audit(
      request,
      {
        action: complete ? 'assessment completed' : 'assessment answers saved',
        entity: 'assessment',
        entityId: row.id,
        after: { answered: Object.keys(body.answers).length, status: complete ? 'complete' : 'in_progress' },
      },
      tx,
    );
    return true;
  });
  const assessment = await toDetail(app.db, await reachableResponse(app.db, viewer, id), today);
  return saved ? { ok: true, assessment } : { ok: false, current: assessment };
}

/**
 * POST /assessment-templates/{id}/assignments: a pending assessment of the template's current version
 * for each client (all in reach, or 404 and nothing assigned); a client who has one open already keeps it.
 */
export async function assignTemplate(
  app: FastifyInstance,
  request: FastifyRequest,
  templateId: string,
  body: AssignmentCreate,
): Promise<AssignmentResult> {
  const viewer = app.currentUser(request);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const template = await reachableTemplate(tx, viewer, templateId);
    if (!template.isActive) throw new HttpError(422, m.templateInactive);
    const ids = body.client_ids.map((clientId) => clientId.toLowerCase());
    // One read for all of them: any client out of reach answers 404 and nothing is assigned.
    const targets = await tx
      .select()
      .from(clients)
      .where(and(inArray(clients.id, ids), clientReach(viewer)));
    if (targets.length !== ids.length) throw notFound(clientMessages.clientNotFound);
    const open = await tx
      .select({ clientId: assessmentResponses.clientId })
      .from(assessmentResponses)
      .where(
        and(
          eq(assessmentResponses.templateId, template.id),
          inArray(assessmentResponses.clientId, ids),
          ne(assessmentResponses.status, 'complete'),
          isNull(assessmentResponses.deletedAt),
        ),
      );
    const busy = new Set(open.map((row) => row.clientId));
    const fresh = targets.filter((client) => !busy.has(client.id));
    const inserted = fresh.length
      ? await tx
          .insert(assessmentResponses)
          .values(
            fresh.map((client) => ({
              firmId: client.firmId,
              clientId: client.id,
              templateId: template.id,
              templateVersion: template.currentVersion,
              status: 'pending' as const,
              source: 'assignment',
              assignedBy: viewer.id,
              dueDate: body.due_date ?? null,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning({ id: assessmentResponses.id, clientId: assessmentResponses.clientId })
      : [];
    await refreshAssessmentStatus(
      tx,
      inserted.map((response) => response.clientId),
    );
    for (const response of inserted) {
      await app.audit(
        request,
        {
          action: 'assessment assigned',
          entity: 'assessment',
          entityId: response.id,
          after: { client_id: response.clientId, template_id: template.id, due_date: body.due_date ?? null },
        },
        tx,
      );
    }
    return { assigned: inserted.length, already_open: busy.size, response_ids: inserted.map((response) => response.id) };
  });
}
