import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  clientLimits,
  type Client,
  type ClientListResponse,
  type ClientStats,
  type ClientSummary,
} from '@meridian/domain/clients/contracts';
import type { ClientFilterQuery, ClientListQuery } from '@meridian/domain/clients/list-query';
import type { ClientProfileInput, CreateClientBody, UpdateClientBody } from '@meridian/domain/clients/client-body';
import { clientMessages } from '@meridian/domain/shared/messages';
import type { RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { riskLevelOfBand } from '@meridian/domain/clients/risk-band';
import { pageInfo, pageTotal, pageWindow, perPageOf } from '@meridian/domain/shared/pagination';
import type { Db } from '../../db/client.ts';
import { placeholders, StatementCache } from '../../db/statements.ts';
import { clients, households, type ClientRow } from '../../db/schema/clients.ts';
import { users } from '../../db/schema/users.ts';
import { HttpError, notFound } from '../../platform/http-error.ts';
import {
  clientConditions,
  clientStats,
  countOf,
  findClient,
  selectClientCount,
  selectClients,
  toClient,
  usesTrigrams,
  type ClientListRow,
  type PerformanceSort,
} from './clients.queries.ts';
import { clientReach, type Viewer } from '../../platform/reach.ts';
import { fieldError, isUniqueViolation } from '../../platform/errors.ts';
import { isUuid } from '@meridian/domain/shared/ids';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import { clientPerformance, clientValuation, seriesFrom } from '../valuations/client-valuations.service.ts';
import { bookReturn } from '../valuations/book-valuations.service.ts';
import { defaultAnalyticsPeriod } from '@meridian/domain/analytics/contracts';

/** The outcome of a conditional write: the record, or the current one when the version was stale. */
export type WriteResult<T> = { ok: true; record: T } | { ok: false; current: T };

export const clientNotFound = () => notFound(clientMessages.clientNotFound);
const emailTaken = () => new HttpError(409, clientMessages.clientEmailTaken);

/** The list's page and count statements, built once per shape of request (see StatementCache). */
const listStatements = new StatementCache('clients_list');

export async function listClients(app: FastifyInstance, viewer: Viewer, query: ClientListQuery): Promise<ClientListResponse> {
  const perPage = perPageOf(query, clientLimits.perPageDefault);
  const values = placeholders();
  const where = clientConditions(viewer, query, values);
  const { limit, offset } = pageWindow(query.page, perPage);
  // A search the trigram index answers: one statement finds the matches and counts them. Otherwise
  // the page follows an index in order and stops at the page, and counting is separate.
  const countMatches = Boolean(query.search && usesTrigrams(query.search));
  const filterShape = values.shape();
  const now = app.now();
  // A sort by performance reads the stored series of the period asked (its first day a placeholder).
  let performanceSort: PerformanceSort | undefined;
  if (query.sort === 'performance') {
    const from = seriesFrom(query.performance_period, marketDate(now));
    performanceSort = { period: query.performance_period, from: from === null ? null : values.bind('seriesFrom', from) };
    values.mark(query.performance_period);
  }
  const shape = `${values.shape()}|${query.sort}|${query.order}`;
  const page = () =>
    listStatements.run(
      app.db,
      `page|${countMatches}|${shape}`,
      () =>
        selectClients(app.db, where, {
          sort: query.sort,
          order: query.order,
          limit: sql.placeholder('limit'),
          offset: sql.placeholder('offset'),
          countMatches,
          performance: performanceSort,
        }),
      { ...values.values, limit, offset },
    );
  const count = () =>
    listStatements.run(app.db, `count|${filterShape}`, () => selectClientCount(app.db, where), values.values).then(countOf);
  let rows: ClientListRow[];
  let total: number;
  if (countMatches) {
    rows = await page();
    total = await pageTotal(rows, query.page, count);
  } else {
    // Two statements at once: two connections on PostgreSQL.
    [rows, total] = await Promise.all([page(), count()]);
  }
  const performance = await clientPerformance(
    app.db,
    rows.map((row) => row.id),
    query.performance_period,
    marketDate(now),
  );
  return { clients: rows.map((row) => toClient(row, now, performance.get(row.id) ?? null)), ...pageInfo(total, query.page, perPage) };
}

/** The period of the list's performance card: the dashboard's Portfolio Performance period. */
const bookPerformancePeriod = defaultAnalyticsPeriod;

/**
 * The list's cards over the clients in reach that pass the filters (no filter: every client in reach,
 * as the dashboard counts them); performance is the book's time-weighted return, the dashboard's figure.
 */
export async function clientListStats(app: FastifyInstance, viewer: Viewer, filters: ClientFilterQuery): Promise<ClientStats> {
  const where = clientConditions(viewer, filters);
  const [stats, book] = await Promise.all([
    clientStats(app.db, where),
    bookReturn(app.db, viewer, bookPerformancePeriod, marketDate(app.now())),
  ]);
  return {
    ...stats,
    average_performance: book.twr === null ? null : book.twr * 100,
    performance_period: book.period,
    performance_start_date: book.start_date,
    performance_as_of: book.as_of,
  };
}

/** A client in reach, as answered; 404 'Client not found' otherwise (also for another firm's or a malformed id). */
export async function getClient(app: FastifyInstance, viewer: Viewer, id: string): Promise<Client> {
  const client = isUuid(id) ? await findClient(app.db, viewer, id.toLowerCase(), app.now()) : undefined;
  if (!client) throw clientNotFound();
  return client;
}

/** The row of a client in reach, for writes (inside the transaction that writes it). */
export async function clientRowInReach(db: Db, viewer: Viewer, id: string): Promise<ClientRow> {
  if (!isUuid(id)) throw clientNotFound();
  const [row] = await db
    .select()
    .from(clients)
    .where(and(clientReach(viewer), eq(clients.id, id.toLowerCase())));
  if (!row) throw clientNotFound();
  return row;
}

/** The client's band; null while not assessed (no band is ever inferred from the rest of the profile). */
export const clientBand = (client: Pick<ClientRow, 'riskBand'>): RiskBand | null => client.riskBand;

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

/** The client page's figures: portfolios, AUM, unrealised gain/loss, activity, assessment, household. */
export async function clientSummary(app: FastifyInstance, viewer: Viewer, id: string): Promise<ClientSummary> {
  const client = await getClient(app, viewer, id);
  const valuation = await clientValuation(app.db, client.id);
  let household: ClientSummary['household'] = null;
  if (client.household_id) {
    const [row] = await app.db
      .select({ id: households.id, name: households.name })
      .from(households)
      .where(and(eq(households.id, client.household_id), isNull(households.deletedAt)));
    if (row) {
      const members = await app.db
        .select({ client_id: clients.id, first_name: clients.firstName, last_name: clients.lastName, role: clients.householdRole })
        .from(clients)
        .where(and(eq(clients.householdId, row.id), isNull(clients.deletedAt)))
        .orderBy(
          householdRoleRank(clients.householdRole),
          asc(sql`lower(${clients.lastName})`),
          asc(sql`lower(${clients.firstName})`),
          asc(clients.id),
        );
      household = { id: row.id, name: row.name, members };
    }
  }
  return {
    client_id: client.id,
    ...valuation,
    last_activity_at: client.last_activity_at,
    assessment_status: client.assessment_status,
    household,
  };
}

/** Head, spouse, child, other. */
export const householdRoleRank = (column: typeof clients.householdRole): SQL =>
  sql`case ${column} when 'head' then 1 when 'spouse' then 2 when 'child' then 3 else 4 end`;
