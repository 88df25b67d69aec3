import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  defaultBandRanges,
  defaultExpectedReturns,
  type CapitalMarketAssumptions,
  type CapitalMarketSettings,
  type CapitalMarketUpdate,
} from '@meridian/domain/optimization/capital-markets';
import type { Db } from '../../db/client.ts';
import { firms } from '../../db/schema/firms.ts';
import { capitalMarketAssumptions } from '../../db/schema/model-portfolios.ts';
import type { Viewer } from '../../platform/reach.ts';

/**
 * The firm's capital-market assumptions (GET/PUT /capital-market-assumptions): what the optimiser
 * expects of each market class and the ranges it keeps each risk band within. A firm that never
 * saved any has the seeded, illustrative figures at version 1; its first save makes version 2.
 */

/** The assumptions the optimiser computes with, and the firm's risk-free rate (what cash expects). */
export async function firmAssumptions(db: Db, firmId: string): Promise<CapitalMarketAssumptions & { riskFreeRate: number }> {
  const settings = await capitalMarketSettings(db, firmId);
  return { expectedReturns: settings.expected_returns, bandRanges: settings.band_ranges, riskFreeRate: settings.risk_free_rate };
}

export async function capitalMarketSettings(db: Db, firmId: string): Promise<CapitalMarketSettings> {
  const [[row], [firm]] = await Promise.all([
    db.select().from(capitalMarketAssumptions).where(eq(capitalMarketAssumptions.firmId, firmId)),
    db.select({ riskFreeRate: firms.riskFreeRate }).from(firms).where(eq(firms.id, firmId)),
  ]);
  return {
    // Stored figures over the defaults: a class added later starts from its seeded figure.
    expected_returns: { ...defaultExpectedReturns, ...(row?.expectedReturns ?? {}) },
    band_ranges: { ...defaultBandRanges, ...(row?.bandRanges ?? {}) },
    risk_free_rate: firm?.riskFreeRate ?? 0,
    defaults: !row,
    sync_version: row?.syncVersion ?? 1,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export type CapitalMarketUpdateResult = { ok: true; settings: CapitalMarketSettings } | { ok: false; current: CapitalMarketSettings };

/** Replaces every figure; a stale sync_version gets the current settings (409). Audited with before and after. */
export async function updateCapitalMarketSettings(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: Viewer,
  body: CapitalMarketUpdate,
): Promise<CapitalMarketUpdateResult> {
  const saved = await app.db.transaction(async (tx) => {
    const before = await capitalMarketSettings(tx, viewer.firmId);
    if (before.sync_version !== body.sync_version) return false;
    const values = { expectedReturns: body.expected_returns, bandRanges: body.band_ranges, updatedBy: viewer.id, updatedAt: app.now() };
    const written = before.defaults
      ? await tx
          .insert(capitalMarketAssumptions)
          .values({ firmId: viewer.firmId, ...values, syncVersion: 2 })
          .onConflictDoNothing()
          .returning()
      : await tx
          .update(capitalMarketAssumptions)
          .set({ ...values, syncVersion: sql`${capitalMarketAssumptions.syncVersion} + 1` })
          .where(and(eq(capitalMarketAssumptions.firmId, viewer.firmId), eq(capitalMarketAssumptions.syncVersion, body.sync_version)))
          .returning();
    if (written.length === 0) return false;
    const after = { expected_returns: body.expected_returns, band_ranges: body.band_ranges };
    await app.audit(
      request,
      {
        action: 'capital-market assumptions changed',
        entity: 'capital_market_assumptions',
        entityId: viewer.firmId,
        before: { expected_returns: before.expected_returns, band_ranges: before.band_ranges },
        after,
      },
      tx,
    );
    return true;
  });
  const settings = await capitalMarketSettings(app.db, viewer.firmId);
  return saved ? { ok: true, settings } : { ok: false, current: settings };
}
