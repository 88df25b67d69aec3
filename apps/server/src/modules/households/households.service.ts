import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientLimits } from '@meridian/domain/clients/contracts';
import type {
  CreateHouseholdBody,
  Household,
  HouseholdListQuery,
  HouseholdListResponse,
  HouseholdMember,
  HouseholdMemberInput,
  UpdateHouseholdBody,
} from '@meridian/domain/households/contracts';
import { clientMessages } from '@meridian/domain/shared/messages';
import { householdMessages } from '@meridian/domain/households/messages';
import { pageInfo, pageWindow, perPageOf } from '@meridian/domain/shared/pagination';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/sql-values.ts';
import { clients, households, type HouseholdRow } from '../../db/schema/clients.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../platform/http-error.ts';
import { clientReach, householdReach, type Viewer } from '../../platform/reach.ts';
import { householdRoleRank } from '../clients/clients.service.ts';
import { assignedAdvisor, type WriteResult } from '../clients/client-writes.service.ts';
import { fieldError } from '../../platform/errors.ts';
import { valuationOf } from '../valuations/client-valuations.service.ts';
import { isUuid } from '@meridian/domain/shared/ids';

const householdNotFound = () => notFound(householdMessages.householdNotFound);

const householdColumns = {
  id: households.id,
  name: households.name,
  notes: households.notes,
  advisorId: households.advisorId,
  advisorName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  createdAt: households.createdAt,
  updatedAt: households.updatedAt,
  syncVersion: households.syncVersion,
};
type HouseholdListRow = Awaited<ReturnType<typeof householdRows>>[number];

const householdRows = (db: Db, where: SQL, limit: number, offset: number) =>
  db
    .select(householdColumns)
    .from(households)
    .innerJoin(users, eq(users.id, households.advisorId))
    .where(where)
    .orderBy(asc(sql`lower(${households.name})`), asc(households.id))
    .limit(limit)
    .offset(offset);

/** The members of some households with their AUM, head first, then by name. */
async function membersOf(db: Db, householdIds: string[]): Promise<Map<string, HouseholdMember[]>> {
  const byHousehold = new Map<string, HouseholdMember[]>(householdIds.map((id) => [id, []]));
  if (householdIds.length === 0) return byHousehold;
  const valuation = valuationOf(db, clients.id);
  const rows = await db
    .select({
      householdId: clients.householdId,
      client_id: clients.id,
      first_name: clients.firstName,
      last_name: clients.lastName,
      email: clients.email,
      role: clients.householdRole,
      aum: valuation.aum,
    })
    .from(clients)
    .leftJoinLateral(valuation, sql`true`)
    .where(and(inArray(clients.householdId, householdIds), isNull(clients.deletedAt)))
    .orderBy(
      householdRoleRank(clients.householdRole),
      asc(sql`lower(${clients.lastName})`),
      asc(sql`lower(${clients.firstName})`),
      asc(clients.id),
    );
  for (const { householdId, ...member } of rows) if (householdId) byHousehold.get(householdId)?.push(member);
  return byHousehold;
}

/** Sums money in whole cents, so the household's AUM is exactly the sum of its members'. */
const sumMoney = (values: number[]) => values.reduce((cents, value) => cents + Math.round(value * 100), 0) / 100;

function toHousehold(row: HouseholdListRow, members: HouseholdMember[]): Household {
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    advisor_id: row.advisorId,
    advisor_name: row.advisorName,
    members,
    member_count: members.length,
    aum: sumMoney(members.map((member) => member.aum)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sync_version: row.syncVersion,
  };
}

async function selectHouseholds(db: Db, where: SQL, limit: number, offset: number): Promise<Household[]> {
  const rows = await householdRows(db, where, limit, offset);
  const members = await membersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toHousehold(row, members.get(row.id) ?? []));
}

export async function listHouseholds(app: FastifyInstance, viewer: Viewer, query: HouseholdListQuery): Promise<HouseholdListResponse> {
  const perPage = perPageOf(query, clientLimits.perPageDefault);
  const { limit, offset } = pageWindow(query.page, perPage);
  const conditions = [householdReach(viewer)];
  if (query.search) conditions.push(sql`lower(${households.name}) like ${`%${escapeLike(query.search.toLowerCase())}%`}`);
  if (query.advisor_id) conditions.push(eq(households.advisorId, query.advisor_id.toLowerCase()));
  const where = and(...conditions) as SQL;
  const [list, [counted]] = await Promise.all([
    selectHouseholds(app.db, where, limit, offset),
    app.db.select({ total: count() }).from(households).where(where),
  ]);
  const total = counted?.total ?? 0;
  return { households: list, ...pageInfo(total, query.page, perPage) };
}

export async function getHousehold(app: FastifyInstance, viewer: Viewer, id: string, db: Db = app.db): Promise<Household> {
  if (!isUuid(id)) throw householdNotFound();
  const [household] = await selectHouseholds(db, and(householdReach(viewer), eq(households.id, id.toLowerCase())) as SQL, 1, 0);
  if (!household) throw householdNotFound();
  return household;
}

async function householdRowInReach(db: Db, viewer: Viewer, id: string): Promise<HouseholdRow> {
  if (!isUuid(id)) throw householdNotFound();
  const [row] = await db
    .select()
    .from(households)
    .where(and(householdReach(viewer), eq(households.id, id.toLowerCase())));
  if (!row) throw householdNotFound();
  return row;
}

type MemberState = { clientId: string; role: HouseholdMemberInput['role'] | null };

/**
 * Makes `members` the household's member list: clients left out leave it, the others join or
 * change role. Every member must be in the caller's reach, a client of the household's advisor
 * and in no other household. Rows change in an order that never holds two heads at once (the
 * database refuses that too), and only clients whose membership changes get a new sync_version.
 */
async function applyMembers(
  tx: Db,
  viewer: Viewer,
  household: HouseholdRow,
  members: HouseholdMemberInput[],
  now: Date,
): Promise<{ before: MemberState[]; after: MemberState[] }> {
  const wanted = members.map((member) => ({ clientId: member.client_id.toLowerCase(), role: member.role }));
  const found =
    wanted.length === 0
      ? []
      : await tx
          .select({
            id: clients.id,
            firstName: clients.firstName,
            lastName: clients.lastName,
            advisorId: clients.advisorId,
            householdId: clients.householdId,
          })
          .from(clients)
          .where(
            and(
              clientReach(viewer),
              inArray(
                clients.id,
                wanted.map((member) => member.clientId),
              ),
            ),
          );
  const byId = new Map(found.map((row) => [row.id, row]));
  wanted.forEach((member, index) => {
    const client = byId.get(member.clientId);
    if (!client) throw fieldError(['members', index, 'client_id'], clientMessages.clientNotFound, members[index]?.client_id);
    const name = `${client.firstName} ${client.lastName}`;
    if (client.advisorId !== household.advisorId)
      throw fieldError(['members', index, 'client_id'], householdMessages.memberOfOtherAdvisor(name), members[index]?.client_id);
    if (client.householdId && client.householdId !== household.id)
      throw fieldError(['members', index, 'client_id'], householdMessages.memberElsewhere(name), members[index]?.client_id);
  });

  const current = await tx
    .select({ clientId: clients.id, role: clients.householdRole })
    .from(clients)
    .where(and(eq(clients.householdId, household.id), isNull(clients.deletedAt)));
  const currentRole = new Map(current.map((member) => [member.clientId, member.role]));
  const wantedIds = new Set(wanted.map((member) => member.clientId));

  const setMembership = (clientId: string, householdId: string | null, role: MemberState['role']) =>
    tx
      .update(clients)
      .set({ householdId, householdRole: role, syncVersion: sql`${clients.syncVersion} + 1`, updatedAt: now })
      .where(eq(clients.id, clientId));

  for (const member of current) if (!wantedIds.has(member.clientId)) await setMembership(member.clientId, null, null);
  const changed = wanted.filter((member) => currentRole.get(member.clientId) !== member.role);
  // Everyone who is not to be head first (which also demotes a former head), the head last.
  for (const member of changed.filter((m) => m.role !== 'head')) await setMembership(member.clientId, household.id, member.role);
  for (const member of changed.filter((m) => m.role === 'head')) await setMembership(member.clientId, household.id, member.role);
  return { before: current, after: wanted };
}

/** Bumps the household's version, conditional on the one the caller read (when given). */
async function touchHousehold(
  tx: Db,
  household: HouseholdRow,
  changes: Partial<typeof households.$inferInsert>,
  now: Date,
  expectedVersion: number,
) {
  const [after] = await tx
    .update(households)
    .set({ ...changes, syncVersion: sql`${households.syncVersion} + 1`, updatedAt: now })
    .where(and(eq(households.id, household.id), eq(households.syncVersion, expectedVersion)))
    .returning();
  return after;
}

/** An admin names the advisor, or adds members who all have the same one; an advisor's households are their own. */
async function householdAdvisor(tx: Db, viewer: Viewer, body: CreateHouseholdBody): Promise<string> {
  if (viewer.role !== 'admin' || body.advisor_id) return assignedAdvisor(tx, viewer, body.advisor_id);
  const ids = (body.members ?? []).map((member) => member.client_id.toLowerCase());
  const advisors =
    ids.length === 0
      ? []
      : await tx
          .selectDistinct({ advisorId: clients.advisorId })
          .from(clients)
          .where(and(clientReach(viewer), inArray(clients.id, ids)));
  if (advisors.length !== 1 || !advisors[0]) throw fieldError('advisor_id', householdMessages.advisorRequired, null);
  return advisors[0].advisorId;
}

export async function createHousehold(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: Viewer,
  body: CreateHouseholdBody,
): Promise<Household> {
  const now = app.now();
  const id = await app.db.transaction(async (tx) => {
    const advisorId = await householdAdvisor(tx, viewer, body);
    const [row] = await tx
      .insert(households)
      .values({ firmId: viewer.firmId, advisorId, name: body.name, notes: body.notes ?? null, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('household insert returned nothing');
    const { after } = await applyMembers(tx, viewer, row, body.members ?? [], now);
    await app.audit(request, { action: 'household created', entity: 'household', entityId: row.id, after: { ...row, members: after } }, tx);
    return row.id;
  });
  return getHousehold(app, viewer, id);
}

export async function updateHousehold(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: Viewer,
  id: string,
  body: UpdateHouseholdBody,
): Promise<WriteResult<Household>> {
  const now = app.now();
  const stale = await app.db.transaction(async (tx) => {
    const before = await householdRowInReach(tx, viewer, id);
    if (before.syncVersion !== body.sync_version) return true;
    const changes: Partial<typeof households.$inferInsert> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.notes !== undefined) changes.notes = body.notes;
    const advisorId = await assignedAdvisor(tx, viewer, body.advisor_id, before.advisorId);
    if (advisorId !== before.advisorId) {
      changes.advisorId = advisorId;
      // The members move with their household: each keeps being a client of its advisor.
      await tx
        .update(clients)
        .set({ advisorId, syncVersion: sql`${clients.syncVersion} + 1`, updatedAt: now })
        .where(and(eq(clients.householdId, before.id), isNull(clients.deletedAt)));
    }
    const after = await touchHousehold(tx, before, changes, now, body.sync_version);
    if (!after) return true;
    await app.audit(request, { action: 'household updated', entity: 'household', entityId: before.id, before, after }, tx);
    return false;
  });
  const current = await getHousehold(app, viewer, id);
  return stale ? { ok: false, current } : { ok: true, record: current };
}

export async function setHouseholdMembers(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: Viewer,
  id: string,
  members: HouseholdMemberInput[],
  syncVersion: number | undefined,
): Promise<WriteResult<Household>> {
  const now = app.now();
  const stale = await app.db.transaction(async (tx) => {
    const household = await householdRowInReach(tx, viewer, id);
    if (syncVersion !== undefined && household.syncVersion !== syncVersion) return true;
    // The version check first: a concurrent change of the member list makes this one stale.
    const touched = await touchHousehold(tx, household, {}, now, household.syncVersion);
    if (!touched) return true;
    const { before, after } = await applyMembers(tx, viewer, household, members, now);
    await app.audit(
      request,
      {
        action: 'household members set',
        entity: 'household',
        entityId: household.id,
        before: { members: before },
        after: { members: after },
      },
      tx,
    );
    return false;
  });
  const current = await getHousehold(app, viewer, id);
  return stale ? { ok: false, current } : { ok: true, record: current };
}

/** Soft delete: the household leaves every list and its members are released (their records stay). */
export async function deleteHousehold(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: Viewer,
  id: string,
  syncVersion: number | undefined,
): Promise<{ ok: true } | { ok: false; current: Household }> {
  const now = app.now();
  const stale = await app.db.transaction(async (tx) => {
    const before = await householdRowInReach(tx, viewer, id);
    if (syncVersion !== undefined && before.syncVersion !== syncVersion) return true;
    const after = await touchHousehold(tx, before, { deletedAt: now }, now, before.syncVersion);
    if (!after) return true;
    const released = await tx
      .update(clients)
      .set({ householdId: null, householdRole: null, syncVersion: sql`${clients.syncVersion} + 1`, updatedAt: now })
      .where(eq(clients.householdId, before.id))
      .returning({ id: clients.id });
    await app.audit(
      request,
      {
        action: 'household deleted',
        entity: 'household',
        entityId: before.id,
        before,
        after: { ...after, released: released.map((r) => r.id) },
      },
      tx,
    );
    return false;
  });
  return stale ? { ok: false, current: await getHousehold(app, viewer, id) } : { ok: true };
}
