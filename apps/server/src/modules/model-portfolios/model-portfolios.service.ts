import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid } from '@meridian/domain/shared/ids';
import { modelMessages } from '@meridian/domain/shared/advice-messages';
import type {
  ModelCreate,
  ModelListQuery,
  ModelListResponse,
  ModelPortfolio,
  ModelUpdate,
} from '@meridian/domain/model-portfolios/contracts';
import { pageInfo, pageWindow } from '@meridian/domain/shared/pagination';
import type { Db } from '../../db/client.ts';
import { portfolios } from '../../db/schema/portfolios.ts';
import { modelPortfolios, modelPortfolioTargets, type ModelPortfolioRow } from '../../db/schema/model-portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import { fieldError, isUniqueViolation } from '../../platform/errors.ts';
import { HttpError, notFound } from '../../platform/http-error.ts';
import type { Viewer } from '../../platform/reach.ts';

/**
 * Model portfolios belong to a firm: every advisor and admin of the firm reads and maintains them
 * (the portfolio builder saves here), each change audited. A model that portfolios follow cannot be
 * deleted until they follow another.
 */

export const modelNotFound = () => notFound(modelMessages.modelNotFound);

const modelReach = (viewer: Viewer): SQL => and(eq(modelPortfolios.firmId, viewer.firmId), isNull(modelPortfolios.deletedAt)) as SQL;

type TargetRow = {
  modelId: string;
  assetClass: ModelPortfolio['targets'][number]['asset_class'];
  weight: number;
  security: ModelPortfolio['targets'][number]['security'];
};

async function targetsOf(db: Db, modelIds: readonly string[]): Promise<Map<string, TargetRow[]>> {
  const byModel = new Map<string, TargetRow[]>(modelIds.map((id) => [id, []]));
  if (modelIds.length === 0) return byModel;
  const rows = await db
    .select({
      modelId: modelPortfolioTargets.modelId,
      assetClass: modelPortfolioTargets.assetClass,
      weight: modelPortfolioTargets.weight,
      securityId: securities.id,
      symbol: securities.symbol,
      name: securities.name,
      securityClass: securities.assetClass,
    })
    .from(modelPortfolioTargets)
    .leftJoin(securities, eq(securities.id, modelPortfolioTargets.securityId))
    .where(inArray(modelPortfolioTargets.modelId, [...modelIds]))
    .orderBy(asc(modelPortfolioTargets.modelId), asc(modelPortfolioTargets.position));
  for (const row of rows) {
    byModel.get(row.modelId)?.push({
      modelId: row.modelId,
      assetClass: row.assetClass,
      weight: row.weight,
      security: row.securityId ? { id: row.securityId, symbol: row.symbol!, name: row.name!, asset_class: row.securityClass! } : null,
    });
  }
  return byModel;
}

async function followersOf(db: Db, modelIds: readonly string[]): Promise<Map<string, number>> {
  if (modelIds.length === 0) return new Map();
  const rows = await db
    .select({ modelId: portfolios.modelId, followers: count() })
    .from(portfolios)
    .where(and(inArray(portfolios.modelId, [...modelIds]), isNull(portfolios.deletedAt), ne(portfolios.status, 'closed')))
    .groupBy(portfolios.modelId);
  return new Map(rows.map((row) => [row.modelId!, row.followers]));
}

async function toModels(db: Db, rows: readonly ModelPortfolioRow[]): Promise<ModelPortfolio[]> {
  const ids = rows.map((row) => row.id);
  const [targets, followers] = await Promise.all([targetsOf(db, ids), followersOf(db, ids)]);
  return rows.map((row) => {
    const modelTargets = targets.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      risk_band: row.riskBand,
      target_kind: modelTargets.some((target) => target.security) ? 'security' : 'asset_class',
      drift_band: row.driftBand,
      targets: modelTargets.map((target) => ({ asset_class: target.assetClass, security: target.security, weight: target.weight })),
      followers: followers.get(row.id) ?? 0,
      sync_version: row.syncVersion,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/** The firm's models, by risk band (conservative first), then name. */
export async function listModels(db: Db, viewer: Viewer, query: ModelListQuery): Promise<ModelListResponse> {
  const where = [modelReach(viewer)];
  if (query.risk_band) where.push(eq(modelPortfolios.riskBand, query.risk_band));
  const { limit, offset } = pageWindow(query.page, query.per_page);
  const bandOrder = sql`array_position(array['conservative', 'moderately_conservative', 'moderate', 'moderately_aggressive', 'aggressive'], ${modelPortfolios.riskBand})`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(modelPortfolios)
      .where(and(...where))
      .orderBy(bandOrder, asc(sql`lower(${modelPortfolios.name})`), asc(modelPortfolios.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(modelPortfolios)
      .where(and(...where)),
  ]);
  return { models: await toModels(db, rows), ...pageInfo(total?.total ?? 0, query.page, query.per_page) };
}

export async function reachableModel(db: Db, viewer: Viewer, id: string): Promise<ModelPortfolioRow> {
  if (!isUuid(id)) throw modelNotFound();
  const [row] = await db
    .select()
    .from(modelPortfolios)
    .where(and(eq(modelPortfolios.id, id), modelReach(viewer)));
  if (!row) throw modelNotFound();
  return row;
}

export async function getModel(db: Db, viewer: Viewer, id: string): Promise<ModelPortfolio> {
  const [model] = await toModels(db, [await reachableModel(db, viewer, id)]);
  return model!;
}

/** The securities the targets name must exist: 422 on the first unknown one. */
async function checkSecurities(db: Db, targets: ModelCreate['targets']) {
  const ids = targets.flatMap((target) => (target.security_id ? [target.security_id] : []));
  if (ids.length === 0) return;
  const known = new Set((await db.select({ id: securities.id }).from(securities).where(inArray(securities.id, ids))).map((row) => row.id));
  const index = targets.findIndex((target) => target.security_id && !known.has(target.security_id));
  if (index >= 0) throw fieldError(['targets', index, 'security_id'], modelMessages.securityUnknown, targets[index]!.security_id);
}

const targetRows = (modelId: string, targets: ModelCreate['targets']) =>
  targets.map((target, position) => ({
    modelId,
    position,
    assetClass: target.asset_class ?? null,
    securityId: target.security_id ?? null,
    weight: target.weight,
  }));

const nameTaken = (error: unknown) =>
  isUniqueViolation(error, 'model_portfolios_firm_name_unique') ? fieldError('name', modelMessages.nameTaken, null) : error;

export async function createModel(app: FastifyInstance, request: FastifyRequest, body: ModelCreate): Promise<ModelPortfolio> {
  const viewer = app.currentUser(request);
  await checkSecurities(app.db, body.targets);
  const now = app.now();
  const row = await app.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(modelPortfolios)
        .values({
          firmId: viewer.firmId,
          name: body.name,
          description: body.description ?? null,
          riskBand: body.risk_band,
          driftBand: body.drift_band,
          createdBy: viewer.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('model insert returned nothing');
      await tx.insert(modelPortfolioTargets).values(targetRows(created.id, body.targets));
      await app.audit(request, { action: 'model created', entity: 'model_portfolio', entityId: created.id, after: body }, tx);
      return created;
    })
    .catch((error: unknown) => {
      throw nameTaken(error);
    });
  return getModel(app.db, viewer, row.id);
}

export type ModelUpdateResult = { ok: true; model: ModelPortfolio } | { ok: false; current: ModelPortfolio };

/** Changes the version the caller read; a stale version gets the current model (409). */
export async function updateModel(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: ModelUpdate,
): Promise<ModelUpdateResult> {
  const viewer = app.currentUser(request);
  const before = await getModel(app.db, viewer, id);
  if (body.sync_version !== before.sync_version) return { ok: false, current: before };
  if (body.targets) await checkSecurities(app.db, body.targets);
  const updated = await app.db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(modelPortfolios)
        .set({
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.risk_band === undefined ? {} : { riskBand: body.risk_band }),
          ...(body.drift_band === undefined ? {} : { driftBand: body.drift_band }),
          syncVersion: sql`${modelPortfolios.syncVersion} + 1`,
          updatedAt: app.now(),
        })
        .where(and(eq(modelPortfolios.id, id), eq(modelPortfolios.syncVersion, body.sync_version)))
        .returning();
      if (!row) return null;
      if (body.targets) {
        await tx.delete(modelPortfolioTargets).where(eq(modelPortfolioTargets.modelId, id));
        await tx.insert(modelPortfolioTargets).values(targetRows(id, body.targets));
      }
      await app.audit(request, { action: 'model updated', entity: 'model_portfolio', entityId: id, before, after: body }, tx);
      return row;
    })
    .catch((error: unknown) => {
      throw nameTaken(error);
    });
  if (!updated) return { ok: false, current: await getModel(app.db, viewer, id) };
  return { ok: true, model: await getModel(app.db, viewer, id) };
}

/** Soft delete; refused (409) while open portfolios follow the model. */
export async function deleteModel(app: FastifyInstance, request: FastifyRequest, id: string): Promise<void> {
  const viewer = app.currentUser(request);
  const model = await getModel(app.db, viewer, id);
  if (model.followers > 0) throw new HttpError(409, modelMessages.modelInUse(model.followers));
  await app.db.transaction(async (tx) => {
    await tx
      .update(modelPortfolios)
      .set({ deletedAt: app.now(), syncVersion: sql`${modelPortfolios.syncVersion} + 1`, updatedAt: app.now() })
      .where(eq(modelPortfolios.id, id));
    await app.audit(request, { action: 'model deleted', entity: 'model_portfolio', entityId: id, before: model }, tx);
  });
}
