import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TemplateDetail, TemplateSummary } from '@meridian/domain/assessments/contracts';
import { scoreResponse } from '@meridian/domain/assessments/answers';
import { assessmentTemplateMessages as m } from '@meridian/domain/assessments/messages';
import { alphaLabel, minimumResponsesForReliability, scaleReliability, scoreDistribution } from '@meridian/domain/assessments/reliability';
import type { TemplateCreate, TemplateDefinition, TemplateUpdate } from '@meridian/domain/assessments/template-definition';
import { isUuid } from '@meridian/domain/shared/ids';
import type { Db } from '../../db/client.ts';
import {
  assessmentResponses,
  assessmentTemplates,
  assessmentTemplateVersions,
  type AssessmentTemplateRow,
} from '../../db/schema/assessments.ts';
import { clients } from '../../db/schema/clients.ts';
import { HttpError, notFound } from '../../platform/http-error.ts';
import { clientReach, type Viewer } from '../../platform/reach.ts';
import { responseScorePercent } from './response-score.ts';

/**
 * Assessment templates: the built-in investor questionnaire, which every firm shares, and each
 * firm's own. Editing a template's questions adds a version; responses keep the one they answered.
 * The manager's statistics (each section's Cronbach's alpha and the score distribution) come from
 * the complete responses to the current version.
 */

export const templateNotFound = () => notFound(m.templateNotFound);

/** Templates a firm sees: its own, not deleted, and the built-in one. */
export const templateReach = (viewer: Viewer): SQL =>
  and(isNull(assessmentTemplates.deletedAt), or(isNull(assessmentTemplates.firmId), eq(assessmentTemplates.firmId, viewer.firmId))) as SQL;

export async function reachableTemplate(db: Db, viewer: Viewer, id: string, { lock = false } = {}): Promise<AssessmentTemplateRow> {
  if (!isUuid(id)) throw templateNotFound();
  const query = db
    .select()
    .from(assessmentTemplates)
    .where(and(eq(assessmentTemplates.id, id), templateReach(viewer)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw templateNotFound();
  return row;
}

export async function templateDefinition(db: Db, templateId: string, version: number): Promise<TemplateDefinition | null> {
  const [row] = await db
    .select({ definition: assessmentTemplateVersions.definition })
    .from(assessmentTemplateVersions)
    .where(and(eq(assessmentTemplateVersions.templateId, templateId), eq(assessmentTemplateVersions.version, version)));
  return (row?.definition as TemplateDefinition | undefined) ?? null;
}

const questionCount = (definition: TemplateDefinition | null) =>
  definition?.sections.reduce((sum, section) => sum + section.questions.length, 0) ?? 0;

/** Responses per status of each template, among the clients in reach. */
async function responseCounts(db: Db, viewer: Viewer) {
  const rows = await db
    .select({ templateId: assessmentResponses.templateId, status: assessmentResponses.status, total: count() })
    .from(assessmentResponses)
    .innerJoin(clients, eq(clients.id, assessmentResponses.clientId))
    .where(and(clientReach(viewer), isNull(assessmentResponses.deletedAt)))
    .groupBy(assessmentResponses.templateId, assessmentResponses.status);
  const byTemplate = new Map<string, TemplateSummary['responses']>();
  for (const row of rows) {
    const counts = byTemplate.get(row.templateId) ?? { pending: 0, in_progress: 0, complete: 0 };
    counts[row.status] = row.total;
    byTemplate.set(row.templateId, counts);
  }
  return byTemplate;
}

function toSummary(
  row: AssessmentTemplateRow,
  definition: TemplateDefinition | null,
  responses: TemplateSummary['responses'] | undefined,
  ipqQuestions: number,
): TemplateSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    current_version: row.currentVersion,
    questions: row.kind === 'ipq' ? ipqQuestions : questionCount(definition),
    responses: responses ?? { pending: 0, in_progress: 0, complete: 0 },
    sync_version: row.syncVersion,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The questionnaire's items: 20 personality statements, 8 beliefs answers, 5 allocation and 7 demographic fields. */
const ipqQuestionCount = 40;

/** GET /assessment-templates: the built-in questionnaire first, then the firm's by name. */
export async function listTemplates(db: Db, viewer: Viewer): Promise<{ templates: TemplateSummary[] }> {
  const rows = await db
    .select({ row: assessmentTemplates, definition: assessmentTemplateVersions.definition })
    .from(assessmentTemplates)
    .leftJoin(
      assessmentTemplateVersions,
      and(
        eq(assessmentTemplateVersions.templateId, assessmentTemplates.id),
        eq(assessmentTemplateVersions.version, assessmentTemplates.currentVersion),
      ),
    )
    .where(templateReach(viewer))
    .orderBy(sql`${assessmentTemplates.firmId} is not null`, asc(sql`lower(${assessmentTemplates.name})`), asc(assessmentTemplates.id));
  const counts = await responseCounts(db, viewer);
  return {
    templates: rows.map(({ row, definition }) =>
      toSummary(row, definition as TemplateDefinition | null, counts.get(row.id), ipqQuestionCount),
    ),
  };
}

/** GET /assessment-templates/{id}: the current questions, the versions, and the statistics of the current one. */
export async function getTemplate(db: Db, viewer: Viewer, id: string): Promise<TemplateDetail> {
  const row = await reachableTemplate(db, viewer, id);
  const definition = row.kind === 'custom' ? await templateDefinition(db, row.id, row.currentVersion) : null;
  const [counts, versions, completeRows] = await Promise.all([
    responseCounts(db, viewer),
    db
      .select({
        version: assessmentTemplateVersions.version,
        createdAt: assessmentTemplateVersions.createdAt,
        responses:
          sql<number>`(select count(*) from assessment_responses r join clients c on c.id = r.client_id where r.template_id = ${row.id} and r.template_version = ${assessmentTemplateVersions.version} and r.deleted_at is null and c.firm_id = ${viewer.firmId})`.mapWith(
            Number,
          ),
      })
      .from(assessmentTemplateVersions)
      .where(eq(assessmentTemplateVersions.templateId, row.id))
      .orderBy(desc(assessmentTemplateVersions.version)),
    db
      .select({ answers: assessmentResponses.answers, results: assessmentResponses.results })
      .from(assessmentResponses)
      .innerJoin(clients, eq(clients.id, assessmentResponses.clientId))
      .where(
        and(
          clientReach(viewer),
          eq(assessmentResponses.templateId, row.id),
          eq(assessmentResponses.templateVersion, row.currentVersion),
          eq(assessmentResponses.status, 'complete'),
          isNull(assessmentResponses.deletedAt),
        ),
      ),
  ]);
  const percents = completeRows.map(({ answers, results }) =>
    definition ? scoreResponse(definition, answers).total.percent : responseScorePercent(row.kind, results),
  );
  const enough = completeRows.length >= minimumResponsesForReliability;
  const reliability =
    definition && enough
      ? scaleReliability(
          definition,
          completeRows.map((response) => response.answers),
        )
      : [];
  return {
    ...toSummary(row, definition, counts.get(row.id), ipqQuestionCount),
    definition,
    versions: versions.map((version) => ({
      version: version.version,
      created_at: version.createdAt.toISOString(),
      responses: version.responses,
    })),
    statistics: {
      complete: completeRows.length,
      minimum: minimumResponsesForReliability,
      reliability: reliability.map((section) => ({ ...section, label: section.alpha === null ? null : alphaLabel(section.alpha) })),
      distribution: scoreDistribution(percents),
    },
  };
}

/** POST /assessment-templates (admins): the template and its version 1. */
export async function createTemplate(app: FastifyInstance, request: FastifyRequest, body: TemplateCreate): Promise<TemplateDetail> {
  const viewer = app.currentUser(request);
  const now = app.now();
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(assessmentTemplates)
      .values({
        firmId: viewer.firmId,
        kind: 'custom',
        name: body.name,
        description: body.description ?? null,
        createdBy: viewer.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: assessmentTemplates.id });
    await tx
      .insert(assessmentTemplateVersions)
      .values({ templateId: row!.id, version: 1, definition: body.definition, createdBy: viewer.id, createdAt: now });
    await app.audit(
      request,
      {
        action: 'assessment template created',
        entity: 'assessment_template',
        entityId: row!.id,
        after: { name: body.name, questions: questionCount(body.definition) },
      },
      tx,
    );
    return row!.id;
  });
  return getTemplate(app.db, viewer, id);
}

export type TemplateUpdateResult = { ok: true; template: TemplateDetail } | { ok: false; current: TemplateDetail };

/** PUT /assessment-templates/{id} (admins): a new definition becomes the next version. */
export async function updateTemplate(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: TemplateUpdate,
): Promise<TemplateUpdateResult> {
  const viewer = app.currentUser(request);
  const now = app.now();
  const updated = await app.db.transaction(async (tx) => {
    const row = await reachableTemplate(tx, viewer, id, { lock: true });
    if (row.kind === 'ipq') throw new HttpError(422, m.builtInReadOnly);
    if (body.sync_version !== row.syncVersion) return false;
    const version = body.definition ? row.currentVersion + 1 : row.currentVersion;
    if (body.definition)
      await tx
        .insert(assessmentTemplateVersions)
        .values({ templateId: row.id, version, definition: body.definition, createdBy: viewer.id, createdAt: now });
    const changes = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.is_active !== undefined && { isActive: body.is_active }),
      currentVersion: version,
    };
    await tx
      .update(assessmentTemplates)
      .set({ ...changes, syncVersion: sql`${assessmentTemplates.syncVersion} + 1`, updatedAt: now })
      .where(eq(assessmentTemplates.id, row.id));
    await app.audit(
      request,
      {
        action: 'assessment template changed',
        entity: 'assessment_template',
        entityId: row.id,
        before: { name: row.name, is_active: row.isActive, version: row.currentVersion },
        after: { name: changes.name ?? row.name, is_active: changes.isActive ?? row.isActive, version },
      },
      tx,
    );
    return true;
  });
  const template = await getTemplate(app.db, viewer, id);
  return updated ? { ok: true, template } : { ok: false, current: template };
}
