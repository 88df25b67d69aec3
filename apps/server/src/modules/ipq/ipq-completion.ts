import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BandDecision, BandDecisionResponse } from '@meridian/domain/ipq/contracts';
import { scoreIpq } from '@meridian/domain/ipq/outcome';
import { profileExperienceOfIpq, type IpqInvestmentExperience } from '@meridian/domain/ipq/instrument';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import type { RiskBand } from '@meridian/domain/model-portfolios/contracts';
import type { Db } from '../../db/client.ts';
import { assessmentResponses, type AssessmentResponseRow } from '../../db/schema/assessments.ts';
import { clients, type ClientRow } from '../../db/schema/clients.ts';
import { recommendations } from '../../db/schema/recommendations.ts';
import { HttpError } from '../../platform/http-error.ts';
import { refreshAssessmentStatus } from '../assessments/assessment-status.service.ts';
import { clientBand } from '../clients/clients.service.ts';
import { reviewClientPortfolios } from '../recommendations/recommendations.service.ts';
import { loadSession, type Session } from './ipq-sessions.ts';

/**
 * What completing the questionnaire does to the client: the band it proposes is applied at once when
 * the client has none yet (not assessed) or has that band already; a change waits for the advisor,
 * who confirms it or keeps the old band, with a note kept in the audit trail. The experience answered
 * in module 3 becomes the profile's. A confirmed change reviews the client's portfolios
 * against the new band's model and withdraws the pending recommendations made for the old one.
 */

/** Sets the band the questionnaire gave (the three-level profile follows from it wherever shown). */
async function setClientBand(tx: Db, client: ClientRow, band: RiskBand, now: Date): Promise<ClientRow> {
  const [updated] = await tx
    .update(clients)
    .set({
      riskBand: band,
      riskBandSource: 'questionnaire',
      riskBandReason: null,
      riskBandSetAt: now,
      syncVersion: sql`${clients.syncVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(clients.id, client.id))
    .returning();
  return updated!;
}

/** The experience answered in module 3 becomes the profile's (audited), when it says something else. */
async function takeExperience(
  app: FastifyInstance,
  request: FastifyRequest,
  tx: Db,
  client: ClientRow,
  answer: IpqInvestmentExperience | undefined,
  now: Date,
): Promise<ClientRow> {
  if (!answer) return client;
  const experience = profileExperienceOfIpq[answer];
  if (experience === client.investmentExperience) return client;
  const [updated] = await tx
    .update(clients)
    .set({ investmentExperience: experience, syncVersion: sql`${clients.syncVersion} + 1`, updatedAt: now })
    .where(eq(clients.id, client.id))
    .returning();
  await app.audit(
    request,
    {
      action: 'client updated',
      entity: 'client',
      entityId: client.id,
      before: { investment_experience: client.investmentExperience },
      after: { investment_experience: experience, source: 'questionnaire' },
    },
    tx,
  );
  return updated!;
}

/** Scores the answers, keeps the results and settles or proposes the band; inside the transaction of the last module. */
export async function completeIpq(app: FastifyInstance, request: FastifyRequest, tx: Db, { row, client }: Session): Promise<Session> {
  const now = app.now();
  const outcome = scoreIpq(row.answers);
  const proposed = outcome.prediction.recommended_band;
  const current = clientBand(client);
  const unchanged = current === null || proposed === current;
  // An earlier questionnaire's proposal still awaiting the advisor is overtaken by this one.
  await tx
    .update(assessmentResponses)
    .set({ bandStatus: 'superseded', syncVersion: sql`${assessmentResponses.syncVersion} + 1`, updatedAt: now })
    .where(
      and(
        eq(assessmentResponses.clientId, client.id),
        eq(assessmentResponses.bandStatus, 'awaiting_confirmation'),
        ne(assessmentResponses.id, row.id),
      ),
    );
  const [completed] = (await tx
    .update(assessmentResponses)
    .set({
      status: 'complete',
      completedAt: now,
      results: outcome,
      prediction: outcome.prediction,
      predictedAt: now,
      proposedBand: proposed,
      bandStatus: unchanged ? 'applied' : 'awaiting_confirmation',
      syncVersion: sql`${assessmentResponses.syncVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(assessmentResponses.id, row.id))
    .returning()) as [AssessmentResponseRow];
  let updatedClient = unchanged ? await setClientBand(tx, client, proposed, now) : client;
  updatedClient = await takeExperience(app, request, tx, updatedClient, row.answers.asset_allocation?.investment_experience, now);
  await refreshAssessmentStatus(tx, client.id);
  await app.audit(
    request,
    {
      action: 'assessment completed',
      entity: 'assessment',
      entityId: row.id,
      after: {
        client_id: client.id,
        score: outcome.prediction.profile.score,
        proposed_band: proposed,
        current_band: current,
        band_status: completed.bandStatus,
      },
    },
    tx,
  );
  return { row: completed, client: updatedClient };
}

/** Pending recommendations of the client that the review under the new band did not write again. */
async function withdrawStale(app: FastifyInstance, request: FastifyRequest, clientId: string, kept: readonly string[]) {
  const viewer = app.currentUser(request);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const conditions = [eq(recommendations.clientId, clientId), eq(recommendations.status, 'pending')];
    const stale = await tx
      .update(recommendations)
      .set({
        status: 'rejected',
        decidedBy: viewer.id,
        decidedAt: now,
        syncVersion: sql`${recommendations.syncVersion} + 1`,
        updatedAt: now,
      })
      .where(and(...conditions, kept.length ? sql`${recommendations.id} not in ${kept}` : undefined))
      .returning({ id: recommendations.id });
    for (const { id } of stale) {
      await app.audit(
        request,
        {
          action: 'recommendation withdrawn',
          entity: 'recommendation',
          entityId: id,
          after: { status: 'rejected', reason: 'risk band changed' },
        },
        tx,
      );
    }
    return stale.length;
  });
}

/**
 * POST /ipq/assessments/{id}/risk-band: the advisor confirms the proposed band or keeps the current
 * one, with a note. Only the latest questionnaire's proposal awaiting a decision can be decided (409).
 */
export async function decideBand(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: BandDecision,
): Promise<BandDecisionResponse['recommendations']> {
  const viewer = app.currentUser(request);
  const now = app.now();
  const decided = await app.db.transaction(async (tx) => {
    const { row, client } = await loadSession(tx, viewer, id, { lock: true });
    if (row.status !== 'complete' || row.bandStatus !== 'awaiting_confirmation' || !row.proposedBand)
      throw new HttpError(409, ipqMessages.noBandChange);
    const before = clientBand(client);
    const band = body.decision === 'confirm' ? row.proposedBand : before;
    if (band !== null && band !== before) await setClientBand(tx, client, band, now);
    await tx
      .update(assessmentResponses)
      .set({
        bandStatus: body.decision === 'confirm' ? 'confirmed' : 'kept',
        bandNote: body.note,
        bandDecidedBy: viewer.id,
        bandDecidedAt: now,
        syncVersion: sql`${assessmentResponses.syncVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(assessmentResponses.id, row.id));
    await app.audit(
      request,
      {
        action: body.decision === 'confirm' ? 'risk band changed' : 'risk band kept',
        entity: 'client',
        entityId: client.id,
        before: { risk_band: before },
        after: { risk_band: band, proposed_band: row.proposedBand, note: body.note, assessment_id: row.id },
      },
      tx,
    );
    return { client, changed: band !== before };
  });
  const review = { reviewed: false, created: 0, refreshed: 0, withdrawn: 0 };
  if (decided.changed) {
    const [client] = await app.db.select().from(clients).where(eq(clients.id, decided.client.id));
    const saved = await reviewClientPortfolios(app, request, client!).catch((error: unknown) => {
      // The band stands either way; a generation racing this one leaves its own recommendations.
      if (error instanceof HttpError && error.statusCode === 409) return null;
      throw error;
    });
    if (saved) {
      review.reviewed = true;
      review.created = saved.filter((result) => result.outcome === 'created').length;
      review.refreshed = saved.filter((result) => result.outcome === 'refreshed').length;
      review.withdrawn = await withdrawStale(
        app,
        request,
        client!.id,
        saved.map((result) => result.id),
      );
    }
  }
  return review;
}
