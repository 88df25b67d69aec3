import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdvisorListQuery, AdvisorListResponse } from '@meridian/domain/users/advisors';
import type { User } from '@meridian/domain/auth/contracts';
import { pageInfo, pageTotal, pageWindow } from '@meridian/domain/shared/pagination';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { userReach } from '../../platform/reach.ts';
import { isUuid } from '@meridian/domain/shared/ids';

/** The public shape of a user (`userSchema`): never the hash or the 2FA secrets. */
export function toUser(row: UserRow, platform: Pick<FastifyInstance, 'isOperator'>): User {
  return {
    id: row.id,
    firm_id: row.firmId,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    role_name: row.role,
    is_active: row.isActive,
    two_factor_enabled: row.twoFactorEnabled,
    password_must_change: row.passwordMustChange,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    is_operator: platform.isOperator(row),
    // Client profiles (risk capacity etc.) arrive with the clients module.
    profile: null,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

/**
 * A user the viewer may see: admins and advisors see anyone in their firm, a client only
 * themselves. Anything else (another firm, a malformed id) is reported as absent.
 */
export async function findVisibleUser(db: Db, viewer: UserRow, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id.toLowerCase()), userReach(viewer)));
  return row;
}

/**
 * One page of the active advisors of a firm by last name, then first name, each with the number of
 * their clients that are not deleted: one grouped query that also counts all the advisors.
 */
export async function listFirmAdvisors(db: Db, firmId: string, query: AdvisorListQuery): Promise<AdvisorListResponse> {
  const where = and(eq(users.firmId, firmId), eq(users.role, 'advisor'), eq(users.isActive, true));
  const { limit, offset } = pageWindow(query.page, query.per_page);
  const rows = await db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      client_count: count(clients.id),
      // A window over the grouped rows: the number of advisors, before limit and offset.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(clients, and(eq(clients.advisorId, users.id), eq(clients.firmId, users.firmId), isNull(clients.deletedAt)))
    .where(where)
    .groupBy(users.id)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(limit)
    .offset(offset);
  const total = await pageTotal(
    rows,
    query.page,
    async () => (await db.select({ total: count() }).from(users).where(where))[0]?.total ?? 0,
  );
  return { advisors: rows.map(({ total: _total, ...advisor }) => advisor), ...pageInfo(total, query.page, query.per_page) };
}
