import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ipqTemplateId,
  type IpqResults,
  type IpqSession,
  type IpqSessionList,
  type IpqStartRequest,
  type PredictionResponse,
} from '@meridian/domain/ipq/contracts';
import { ipqModuleAt, ipqProgress } from '@meridian/domain/ipq/module-list';
import { ipqModuleSchemas, type IpqAnswers } from '@meridian/domain/ipq/modules';
import type { IpqOutcome } from '@meridian/domain/ipq/outcome';
import { predict, PredictionGateError, predictionTtlMs } from '@meridian/domain/ipq/prediction';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import type { RiskBand } from '@meridian/domain/model-portfolios/contracts';
import type { Db } from '../../db/client.ts';
import { assessmentResponses, type AssessmentResponseRow } from '../../db/schema/assessments.ts';
import { clients } from '../../db/schema/clients.ts';
import { modelPortfolios } from '../../db/schema/model-portfolios.ts';
import { users } from '../../db/schema/users.ts';
import { RequestValidationError } from '../../platform/errors.ts';
import { HttpError } from '../../platform/http-error.ts';
import { reachableClient, type Viewer } from '../../platform/reach.ts';
import { refreshAssessmentStatus } from '../assessments/assessment-status.service.ts';
import { clientBand } from '../clients/clients.service.ts';
import { completeIpq } from './ipq-completion.ts';
import { assetAllocationPrefill, completedModules, iso, loadSession, resumeAt, toSession } from './ipq-sessions.ts';

/**
 * The investor personality questionnaire: a session per client, answered module by module (in
 * order, each saved on the server so it resumes on any device), scored when the fourth is in.
 * Completing it proposes a risk band (ipq-completion.ts). A client answers their own; their advisor
 * and the firm's admins start one for them and see the results; nobody else finds it (404).
 */

/**
 * POST /ipq/start: resumes the client's open questionnaire (answers and all), else starts one.
 * Concurrent starts for one client serialise on the client row, so they resume the same session.
 */
export async function startIpq(
  app: FastifyInstance,
  request: FastifyRequest,
  body: IpqStartRequest,
): Promise<{ session: IpqSession; created: boolean }> {
  const viewer = app.currentUser(request);
  const client = await reachableClient(app.db, viewer, body.clientId);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, client.id)).for('update');
    const [open] = await tx
      .select()
      .from(assessmentResponses)
      .where(
        and(
          eq(assessmentResponses.clientId, client.id),
          eq(assessmentResponses.templateId, ipqTemplateId),
          inArray(assessmentResponses.status, ['pending', 'in_progress']),
          isNull(assessmentResponses.deletedAt),
        ),
      )
      .orderBy(desc(assessmentResponses.createdAt))
      .limit(1);
    const prefill = open?.answers.asset_allocation ? null : await assetAllocationPrefill(tx, client);
    if (open?.status === 'in_progress') return { session: toSession({ row: open, client }, prefill, now), created: false };
    let row: AssessmentResponseRow;
    if (open) {
      // An assigned questionnaire is started now.
      [row] = (await tx
        .update(assessmentResponses)
        .set({
          status: 'in_progress',
          startedAt: now,
          startedBy: viewer.id,
          syncVersion: sql`${assessmentResponses.syncVersion} + 1`,
          updatedAt: now,
        })
        .where(eq(assessmentResponses.id, open.id))
        .returning()) as [AssessmentResponseRow];
    } else {
      [row] = (await tx
        .insert(assessmentResponses)
        .values({
          firmId: client.firmId,
          clientId: client.id,
          templateId: ipqTemplateId,
          templateVersion: 1,
          status: 'in_progress',
          source: viewer.role === 'client' ? 'client' : 'advisor',
          startedBy: viewer.id,
          startedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning()) as [AssessmentResponseRow];
    }
    await refreshAssessmentStatus(tx, client.id);
    await app.audit(
      request,
      {
        action: 'assessment started',
        entity: 'assessment',
        entityId: row.id,
        after: { client_id: client.id, template: 'ipq', metadata: body.metadata ?? null },
      },
      tx,
    );
    return { session: toSession({ row, client }, prefill, now), created: !open };
  });
}

export async function getSession(app: FastifyInstance, viewer: Viewer, id: string): Promise<IpqSession> {
  const session = await loadSession(app.db, viewer, id);
  return toSession(session, session.row.answers.asset_allocation ? null : await assetAllocationPrefill(app.db, session.client), app.now());
}

/**
 * POST /ipq/assessments/{id}/modules/{n}: validates the module (422 naming each answer at fault,
 * nothing saved), saves it and clears the cached prediction. Modules go in order; an earlier one may
 * be answered again until the questionnaire is complete. The fourth completes it.
 */
export async function submitModule(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  moduleNumber: number,
  body: unknown,
): Promise<IpqSession> {
  const module = ipqModuleAt(moduleNumber);
  if (!module) throw new HttpError(422, ipqMessages.moduleNumberInvalid);
  const viewer = app.currentUser(request);
  const now = app.now();
  const session = await app.db.transaction(async (tx) => {
    // Out of reach answers 404 before the answers are looked at: a 422 would say the session exists.
    const { row, client } = await loadSession(tx, viewer, id, { lock: true });
    const parsed = ipqModuleSchemas[module].safeParse(body, { reportInput: true });
    if (!parsed.success) throw new RequestValidationError(parsed.error.issues);
    if (row.status === 'complete') throw new HttpError(409, ipqMessages.completed);
    const next = resumeAt(row.answers);
    if (next !== null && moduleNumber > next) throw new HttpError(422, ipqMessages.moduleOutOfOrder(next));
    const answers: IpqAnswers = { ...row.answers, [module]: parsed.data };
    const [saved] = (await tx
      .update(assessmentResponses)
      .set({
        answers,
        status: 'in_progress',
        prediction: null,
        predictedAt: null,
        syncVersion: sql`${assessmentResponses.syncVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(assessmentResponses.id, row.id))
      .returning()) as [AssessmentResponseRow];
    await app.audit(
      request,
      { action: 'assessment module saved', entity: 'assessment', entityId: row.id, after: { module: moduleNumber } },
      tx,
    );
    return resumeAt(answers) === null ? completeIpq(app, request, tx, { row: saved, client }) : { row: saved, client };
  });
  return toSession(session, null, now);
}

/** The firm's model for a band: the first made, as the recommendations pick it. */
async function bandModel(db: Db, firmId: string, band: RiskBand) {
  const [model] = await db
    .select({ id: modelPortfolios.id, name: modelPortfolios.name, risk_band: modelPortfolios.riskBand })
    .from(modelPortfolios)
    .where(and(eq(modelPortfolios.firmId, firmId), eq(modelPortfolios.riskBand, band), isNull(modelPortfolios.deletedAt)))
    .orderBy(asc(modelPortfolios.createdAt), asc(modelPortfolios.id))
    .limit(1);
  return model ?? null;
}

/** GET /ipq/assessments/{id}/comprehensive-results: the scores kept at completion, and the band's fate. */
export async function comprehensiveResults(app: FastifyInstance, viewer: Viewer, id: string): Promise<IpqResults> {
  const { row, client } = await loadSession(app.db, viewer, id);
  if (row.status !== 'complete' || !row.results || !row.completedAt || !row.proposedBand || !row.bandStatus)
    throw new HttpError(422, ipqMessages.resultsIncomplete);
  const outcome = row.results as IpqOutcome;
  const [decider] = row.bandDecidedBy
    ? await app.db
        .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
        .from(users)
        .where(eq(users.id, row.bandDecidedBy))
    : [];
  return {
    session_id: row.id,
    client_id: client.id,
    client_name: `${client.firstName} ${client.lastName}`,
    completed_at: row.completedAt.toISOString(),
    traits: outcome.traits,
    loss_aversion: outcome.loss_aversion,
    // Results kept before points to discuss existed have none.
    prediction: { ...outcome.prediction, points_to_discuss: outcome.prediction.points_to_discuss ?? [] },
    recommended_model: await bandModel(app.db, client.firmId, row.proposedBand),
    current_band: clientBand(client),
    band: {
      proposed: row.proposedBand,
      status: row.bandStatus,
      note: row.bandNote,
      decided_by: decider?.name ?? null,
      decided_at: iso(row.bandDecidedAt),
    },
  };
}

/**
 * POST /ipq/assessments/{id}/prediction: needs personality, beliefs and demographics answered (422
 * 'Required modules not completed for prediction'); kept 24 hours, or until an answer changes.
 */
export async function predictionOf(app: FastifyInstance, viewer: Viewer, id: string): Promise<PredictionResponse> {
  const { row, client } = await loadSession(app.db, viewer, id);
  const now = app.now();
  const fresh = row.prediction && row.predictedAt && now.getTime() - row.predictedAt.getTime() < predictionTtlMs;
  let prediction = fresh ? row.prediction! : null;
  let computedAt = fresh ? row.predictedAt! : now;
  if (!prediction) {
    try {
      prediction = predict(row.answers);
    } catch (error) {
      if (error instanceof PredictionGateError) throw new HttpError(422, error.message);
      throw error;
    }
    computedAt = now;
    // A cache, not an answer: the session's version does not move.
    await app.db
      .update(assessmentResponses)
      .set({ prediction, predictedAt: now })
      .where(and(eq(assessmentResponses.id, row.id), eq(assessmentResponses.syncVersion, row.syncVersion)));
  }
  return {
    ...prediction,
    points_to_discuss: prediction.points_to_discuss ?? [],
    user_id: client.id,
    session_id: row.id,
    recommended_model: await bandModel(app.db, client.firmId, prediction.recommended_band),
    cached: Boolean(fresh),
    computed_at: computedAt.toISOString(),
    expires_at: new Date(computedAt.getTime() + predictionTtlMs).toISOString(),
  };
}

/** GET /ipq/clients/{clientId}/assessments: the client's questionnaires, newest first. */
export async function clientSessions(app: FastifyInstance, viewer: Viewer, clientId: string): Promise<IpqSessionList> {
  const client = await reachableClient(app.db, viewer, clientId);
  const rows = await app.db
    .select()
    .from(assessmentResponses)
    .where(
      and(
        eq(assessmentResponses.clientId, client.id),
        eq(assessmentResponses.templateId, ipqTemplateId),
        isNull(assessmentResponses.deletedAt),
      ),
    )
    .orderBy(desc(assessmentResponses.createdAt), desc(assessmentResponses.id));
  return {
    assessments: rows.map((row) => ({
      session_id: row.id,
      status: row.status,
      progress: ipqProgress(completedModules(row.answers).length),
      started_at: iso(row.startedAt),
      completed_at: iso(row.completedAt),
      proposed_band: row.proposedBand,
      band_status: row.bandStatus,
    })),
  };
}
