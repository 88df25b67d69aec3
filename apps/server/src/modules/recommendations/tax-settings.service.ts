import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  taxSettingsMessages,
  type ClientTaxSettings,
  type ClientTaxSettingsUpdate,
  type FirmRebalanceSettingsRecord,
  type FirmRebalanceSettingsUpdate,
} from '@meridian/domain/recommendations/tax-settings';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import type { ClientRow } from '../../db/schema/clients.ts';
import { securities } from '../../db/schema/securities.ts';
import { clientTaxSettings, firmRebalanceSettings } from '../../db/schema/tax-settings.ts';
import { fieldErrors } from '../../platform/errors.ts';
import { reachableClient } from '../../platform/reach.ts';
import { clientTaxSettingsRow, firmSettings, gainsYearToDate, loadClientBook, toFirmSettings } from './review-inputs.ts';

/**
 * A client's tax settings for rebalancing (gain budget, hold list, restricted list), read by anyone who
 * reaches the client and changed by staff, and the firm's rebalancing settings, changed by an admin.
 * Every change is audited with what it was before.
 */

export type SettingsResult<T> = { ok: true; settings: T } | { ok: false; current: T };

async function listed(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { security_id: string; symbol: string; name: string }>();
  const rows = await db
    .select({ security_id: securities.id, symbol: securities.symbol, name: securities.name })
    .from(securities)
    .where(inArray(securities.id, [...ids]));
  return new Map(rows.map((row) => [row.security_id, row]));
}

async function present(app: FastifyInstance, client: ClientRow): Promise<ClientTaxSettings> {
  const clientId = client.id;
  const row = await clientTaxSettingsRow(app.db, clientId);
  const asOf = marketDate(app.now());
  const book = await loadClientBook(app.db, client, asOf);
  const hold = row?.holdSecurityIds ?? [];
  const restricted = row?.restrictedSecurityIds ?? [];
  const names = await listed(app.db, [...hold, ...restricted]);
  const pick = (ids: readonly string[]) => ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : []));
  return {
    client_id: clientId,
    annual_gain_budget: row?.annualGainBudget ?? null,
    hold_list: pick(hold),
    restricted: pick(restricted),
    gains_year_to_date: gainsYearToDate(book),
    tax_year: Number(asOf.slice(0, 4)),
    sync_version: row?.syncVersion ?? 0,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** GET /clients/{id}/tax-settings. */
export async function getClientTaxSettings(app: FastifyInstance, request: FastifyRequest, clientId: string): Promise<ClientTaxSettings> {
  const client = await reachableClient(app.db, app.currentUser(request), clientId);
  return present(app, client);
}

/** PUT /clients/{id}/tax-settings: securities must be in the list; a sync_version, when sent, must be the current one. */
export async function updateClientTaxSettings(
  app: FastifyInstance,
  request: FastifyRequest,
  clientId: string,
  body: ClientTaxSettingsUpdate,
): Promise<SettingsResult<ClientTaxSettings>> {
  const client = await reachableClient(app.db, app.currentUser(request), clientId);
  const hold = body.hold_security_ids.map((id) => id.toLowerCase());
  const restricted = body.restricted_security_ids.map((id) => id.toLowerCase());
  // Checked once the client is in reach: a record out of reach answers 404 whatever the body says.
  const both = restricted.flatMap((id, index) =>
    hold.includes(id) ? [{ path: ['restricted_security_ids', index], message: taxSettingsMessages.securityInBoth, input: id }] : [],
  );
  if (both.length > 0) throw fieldErrors(both);
  const known = await listed(app.db, [...hold, ...restricted]);
  const unknown = [
    ...hold.flatMap((id, index) =>
      known.has(id) ? [] : [{ path: ['hold_security_ids', index], message: taxSettingsMessages.securityUnknown, input: id }],
    ),
    ...restricted.flatMap((id, index) =>
      known.has(id) ? [] : [{ path: ['restricted_security_ids', index], message: taxSettingsMessages.securityUnknown, input: id }],
    ),
  ];
  if (unknown.length > 0) throw fieldErrors(unknown);
  const changed = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(clientTaxSettings).where(eq(clientTaxSettings.clientId, client.id)).for('update');
    if (body.sync_version != null && body.sync_version !== (before?.syncVersion ?? 0)) return false;
    const now = app.now();
    const fields = { annualGainBudget: body.annual_gain_budget, holdSecurityIds: hold, restrictedSecurityIds: restricted, updatedAt: now };
    if (before)
      await tx
        .update(clientTaxSettings)
        .set({ ...fields, syncVersion: sql`${clientTaxSettings.syncVersion} + 1` })
        .where(eq(clientTaxSettings.clientId, client.id));
    else await tx.insert(clientTaxSettings).values({ ...fields, clientId: client.id, firmId: client.firmId });
    await app.audit(
      request,
      {
        action: 'client tax settings updated',
        entity: 'client',
        entityId: client.id,
        before: before
          ? {
              annual_gain_budget: before.annualGainBudget,
              hold_security_ids: before.holdSecurityIds,
              restricted_security_ids: before.restrictedSecurityIds,
            }
          : null,
        after: { annual_gain_budget: body.annual_gain_budget, hold_security_ids: hold, restricted_security_ids: restricted },
      },
      tx,
    );
    return true;
  });
  const settings = await present(app, client);
  return changed ? { ok: true, settings } : { ok: false, current: settings };
}

/** PUT /recommendations/settings: the firm's rebalancing settings (admins); a sync_version, when sent, must be the current one. */
export async function updateFirmSettings(
  app: FastifyInstance,
  request: FastifyRequest,
  body: FirmRebalanceSettingsUpdate,
): Promise<SettingsResult<FirmRebalanceSettingsRecord>> {
  const viewer = app.currentUser(request);
  const { sync_version: version, ...after } = body;
  const fields = {
    rebalanceTo: after.rebalance_to,
    minBenefitRatio: after.min_benefit_ratio,
    shortTermRate: after.short_term_rate,
    longTermRate: after.long_term_rate,
    updatedAt: app.now(),
  };
  const changed = await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(firmRebalanceSettings).where(eq(firmRebalanceSettings.firmId, viewer.firmId)).for('update');
    if (version != null && version !== (locked?.syncVersion ?? 0)) return false;
    const { sync_version: _version, updated_at: _at, ...before } = toFirmSettings(locked);
    const bumped = { ...fields, syncVersion: sql`${firmRebalanceSettings.syncVersion} + 1` };
    const insert = tx.insert(firmRebalanceSettings).values({ firmId: viewer.firmId, ...fields });
    const key = { firmId: firmRebalanceSettings.firmId };
    // A first save racing another: with the version read (0) it is refused, as the other save came first.
    const written =
      version == null
        ? await insert.onConflictDoUpdate({ target: firmRebalanceSettings.firmId, set: bumped }).returning(key)
        : locked
          ? await tx.update(firmRebalanceSettings).set(bumped).where(eq(firmRebalanceSettings.firmId, viewer.firmId)).returning(key)
          : await insert.onConflictDoNothing().returning(key);
    if (written.length === 0) return false;
    await app.audit(request, { action: 'rebalancing settings updated', entity: 'firm', entityId: viewer.firmId, before, after }, tx);
    return true;
  });
  const settings = await firmSettings(app.db, viewer.firmId);
  return changed ? { ok: true, settings } : { ok: false, current: settings };
}
