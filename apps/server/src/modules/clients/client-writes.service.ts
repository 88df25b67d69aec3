import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Client } from '@meridian/domain/clients/contracts';
import type { ClientProfileInput, CreateClientBody, UpdateClientBody } from '@meridian/domain/clients/client-body';
import { clientMessages } from '@meridian/domain/shared/messages';
import type { RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { riskLevelOfBand } from '@meridian/domain/clients/risk-band';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError } from '../../platform/http-error.ts';
import type { Viewer } from '../../platform/reach.ts';
import { fieldError, isUniqueViolation } from '../../platform/errors.ts';
import { clientRowInReach, getClient } from './clients.service.ts';

/**
 * Writing clients: create, update and soft delete, with the rules a write keeps (the advisor it
 * assigns, a free e-mail address, a band set by hand only with its reason).
 */

/** The outcome of a conditional write: the record, or the current one when the version was stale. */
export type WriteResult<T> = { ok: true; record: T } | { ok: false; current: T };

const emailTaken = () => new HttpError(409, clientMessages.clientEmailTaken);

/**
 * The advisor a write assigns: an advisor's clients are their own; an admin must name an active
 * advisor of the firm (another firm's id reads as unknown).
 */
export async function assignedAdvisor(db: Db, viewer: Viewer, advisorId: string | undefined, current?: string): Promise<string> {
  const requested = advisorId?.toLowerCase();
  if (viewer.role === 'advisor') {
    if (requested && requested !== viewer.id) throw fieldError('advisor_id', clientMessages.advisorOwnOnly, advisorId);
    return current ?? viewer.id;
  }
  if (!requested) {
    if (current) return current;
    throw fieldError('advisor_id', clientMessages.advisorRequired, advisorId ?? null);
  }
  if (requested === current) return current;
  const [advisor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, requested), eq(users.firmId, viewer.firmId), eq(users.role, 'advisor'), eq(users.isActive, true)));
  if (!advisor) throw fieldError('advisor_id', clientMessages.advisorNotInFirm, advisorId);
  return advisor.id;
}

async function ensureEmailFree(db: Db, firmId: string, email: string, exceptId?: string): Promise<void> {
  const conditions = [eq(clients.firmId, firmId), eq(clients.email, email), isNull(clients.deletedAt)];
  if (exceptId) conditions.push(ne(clients.id, exceptId));
  const [taken] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(...conditions));
  if (taken) throw emailTaken();
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A profile figure sent flat wins over the same one nested under `profile`. */
function profileValue<K extends keyof ClientProfileInput>(
  body: ClientProfileInput & { profile?: ClientProfileInput | null | undefined },
  key: K,
): ClientProfileInput[K] {
  return body[key] !== undefined ? body[key] : body.profile?.[key];
}

/** The columns a body sets: only the fields it names (undefined leaves a column alone, null clears it). */
function columnsOf(body: CreateClientBody | UpdateClientBody) {
  const columns: Partial<typeof clients.$inferInsert> = {};
  if (body.first_name !== undefined) columns.firstName = body.first_name;
  if (body.last_name !== undefined) columns.lastName = body.last_name;
  if (body.email !== undefined) columns.email = normalizeEmail(body.email);
  if (body.phone !== undefined) columns.phone = body.phone;
  if (body.birth_date !== undefined) columns.birthDate = body.birth_date;
  if (body.address !== undefined) columns.address = body.address;
  if (body.notes !== undefined) columns.notes = body.notes;
  const netWorth = profileValue(body, 'net_worth');
  if (netWorth !== undefined) columns.netWorth = netWorth;
  const income = profileValue(body, 'annual_income');
  if (income !== undefined) columns.annualIncome = income;
  const experience = profileValue(body, 'investment_experience');
  if (experience !== undefined) columns.investmentExperience = experience;
  const goals = profileValue(body, 'financial_goals');
  if (goals !== undefined) columns.financialGoals = goals;
  return columns;
}

type BandChange = { band: RiskBand | null; reason: string | null } | null;

/**
 * The band a body sets by hand, or null when it leaves the band alone (absent, or the band it already
 * has). A change needs risk_band_reason (422, nothing saved). risk_capacity follows from the band: a
 * body may repeat the value the record shows (a record sent back as read), never set another.
 */
function bandChangeOf(body: CreateClientBody | UpdateClientBody, current: RiskBand | null): BandChange {
  const requested = body.risk_band;
  const band = requested === undefined ? current : requested;
  const level = profileValue(body, 'risk_capacity');
  if (level !== undefined && level !== riskLevelOfBand(band))
    throw fieldError('risk_capacity', clientMessages.riskCapacityFollowsBand, level);
  if (requested === undefined || requested === current) return null;
  const reason = body.risk_band_reason ?? null;
  if (!reason) throw fieldError('risk_band_reason', clientMessages.riskBandReasonRequired, body.risk_band_reason ?? null);
  return { band: requested, reason };
}

/** The columns of a band set by hand (or cleared to "Not assessed"). */
const bandColumns = (change: NonNullable<BandChange>, now: Date): Partial<typeof clients.$inferInsert> => ({
  riskBand: change.band,
  riskBandSource: change.band ? 'advisor' : null,
  riskBandReason: change.band ? change.reason : null,
  riskBandSetAt: change.band ? now : null,
});

/** The audit row of a band set by hand: the reason is the point of it. */
async function auditBandChange(
  app: FastifyInstance,
  request: FastifyRequest,
  db: Db,
  clientId: string,
  before: RiskBand | null,
  change: NonNullable<BandChange>,
) {
  await app.audit(
    request,
    {
      action: 'risk band set by advisor',
      entity: 'client',
      entityId: clientId,
      before: { risk_band: before },
      after: { risk_band: change.band, reason: change.reason },
    },
    db,
  );
}

/** Runs a write; a unique violation on the e-mail (a race past the check) is the same 409. */
async function withEmailGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'clients_firm_email_unique')) throw emailTaken();
    throw error;
  }
}

export async function createClient(app: FastifyInstance, request: FastifyRequest, viewer: Viewer, body: CreateClientBody): Promise<Client> {
  const now = app.now();
  const created = await withEmailGuard(() =>
    app.db.transaction(async (tx) => {
      const advisorId = await assignedAdvisor(tx, viewer, body.advisor_id);
      const band = bandChangeOf(body, null);
      const columns = { ...columnsOf(body), ...(band && bandColumns(band, now)) };
      const email = normalizeEmail(body.email);
      await ensureEmailFree(tx, viewer.firmId, email);
      const [row] = await tx
        .insert(clients)
        .values({
          ...columns,
          firstName: body.first_name,
          lastName: body.last_name,
          email,
          firmId: viewer.firmId,
          advisorId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('client insert returned nothing');
      await app.audit(request, { action: 'client created', entity: 'client', entityId: row.id, after: row }, tx);
      if (band) await auditBandChange(app, request, tx, row.id, null, band);
      return row;
    }),
  );
  return getClient(app, viewer, created.id);
}

/**
 * Full or partial update, conditional on the sync_version the caller last read: a stale one
 * changes nothing and answers the current record (409).
 */
export async function updateClient(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: Viewer,
  id: string,
  body: UpdateClientBody,
): Promise<WriteResult<Client>> {
  const now = app.now();
  const outcome = await withEmailGuard(() =>
    app.db.transaction(async (tx) => {
      const before = await clientRowInReach(tx, viewer, id);
      if (before.syncVersion !== body.sync_version) return { stale: true as const };
      const band = bandChangeOf(body, before.riskBand);
      const columns = { ...columnsOf(body), ...(band && bandColumns(band, now)) };
      const advisorId = await assignedAdvisor(tx, viewer, body.advisor_id, before.advisorId);
      if (advisorId !== before.advisorId) {
        if (before.householdId) throw fieldError('advisor_id', clientMessages.clientInHousehold, body.advisor_id);
        columns.advisorId = advisorId;
      }
      if (columns.email !== undefined && columns.email !== before.email) await ensureEmailFree(tx, before.firmId, columns.email, before.id);
      const [after] = await tx
        .update(clients)
        .set({ ...columns, syncVersion: sql`${clients.syncVersion} + 1`, updatedAt: now })
        .where(and(eq(clients.id, before.id), eq(clients.syncVersion, body.sync_version)))
        .returning();
      if (!after) return { stale: true as const };
      await app.audit(request, { action: 'client updated', entity: 'client', entityId: before.id, before, after }, tx);
      if (band) await auditBandChange(app, request, tx, before.id, before.riskBand, band);
      return { stale: false as const };
    }),
  );
  const current = await getClient(app, viewer, id);
  return outcome.stale ? { ok: false, current } : { ok: true, record: current };
}

/**
 * Soft delete: the record stays (portfolios and history point at it) but leaves every list, its
 * household and its e-mail address. `syncVersion`, when given, must be current.
 */
export async function deleteClient(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: Viewer,
  id: string,
  syncVersion: number | undefined,
): Promise<{ ok: true } | { ok: false; current: Client }> {
  const now = app.now();
  const stale = await app.db.transaction(async (tx) => {
    const before = await clientRowInReach(tx, viewer, id);
    if (syncVersion !== undefined && before.syncVersion !== syncVersion) return true;
    const [after] = await tx
      .update(clients)
      .set({ deletedAt: now, householdId: null, householdRole: null, syncVersion: sql`${clients.syncVersion} + 1`, updatedAt: now })
      .where(and(eq(clients.id, before.id), eq(clients.syncVersion, before.syncVersion)))
      .returning();
    if (!after) return true;
    await app.audit(request, { action: 'client deleted', entity: 'client', entityId: before.id, before, after }, tx);
    return false;
  });
  return stale ? { ok: false, current: await getClient(app, viewer, id) } : { ok: true };
}
