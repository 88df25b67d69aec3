import { and, eq } from 'drizzle-orm';
import type { User } from '@meridian/domain/auth';
import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The public shape of a user (`userSchema`): never the hash or the 2FA secrets. */
export function toUser(row: UserRow): User {
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
    // Client profiles (risk capacity etc.) arrive with the clients module.
    profile: null,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row;
}

/**
 * A user the viewer may see: admins and advisors see anyone in their firm, a client only
 * themselves. Anything else (another firm, a malformed id) is reported as absent.
 */
export async function findVisibleUser(db: Db, viewer: UserRow, id: string): Promise<UserRow | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  if (viewer.role === 'client' && id !== viewer.id) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.firmId, viewer.firmId)));
  return row;
}
