import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenPair } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/auth-tokens.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { unauthorized } from '../../platform/http-error.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';

const dayMs = 86_400_000;

/** A new access token and a new refresh token; a rotation keeps the family of the token it replaces. */
export async function issueTokens(
  app: FastifyInstance,
  user: UserRow,
  familyId: string = randomUUID(),
  db: Db = app.db,
): Promise<TokenPair> {
  const refreshToken = randomToken();
  const now = app.now();
  await db.insert(refreshTokens).values({
    userId: user.id,
    firmId: user.firmId,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(now.getTime() + app.config.refreshTokenTtlDays * dayMs),
    createdAt: now,
  });
  const ttl = app.config.accessTokenTtlSeconds;
  const accessToken = await app.tokens.sign({ sub: user.id, firm: user.firmId, role: user.role, typ: 'access' }, ttl);
  return { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer', expires_in: ttl };
}

async function revokeFamily(app: FastifyInstance, familyId: string): Promise<void> {
  await app.db
    .update(refreshTokens)
    .set({ revokedAt: app.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every refresh token of a user (after a password reset). */
export async function revokeAllForUser(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Exchanges a refresh token for a new pair. Each token works once: presenting an already rotated
 * one means it was copied, so the whole family (that sign-in's session) is revoked.
 */
export async function rotateRefreshToken(app: FastifyInstance, request: FastifyRequest, token: string): Promise<TokenPair> {
  const invalid = unauthorized(messages.invalidRefreshToken);
  const [row] = await app.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) throw invalid;
  const reuse = async () => {
    await revokeFamily(app, row.familyId);
    await app.audit(request, {
      action: 'token reuse detected',
      entity: 'refresh_token',
      entityId: row.familyId,
      userId: row.userId,
      firmId: row.firmId,
    });
    return invalid;
  };
  if (row.rotatedAt) throw await reuse();
  if (row.revokedAt || row.expiresAt.getTime() <= app.now().getTime()) throw invalid;

  // The conditional update makes two simultaneous uses of one token count as a reuse, not two sessions.
  const claimed = await app.db
    .update(refreshTokens)
    .set({ rotatedAt: app.now() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) throw await reuse();

  const [user] = await app.db.select().from(users).where(eq(users.id, row.userId));
  if (!user || !user.isActive) throw invalid;
  return issueTokens(app, user, row.familyId);
}

/** Logout: revokes the session (the token's family). Unknown tokens are ignored. */
export async function revokeSession(app: FastifyInstance, token: string): Promise<{ userId: string; firmId: string } | null> {
  const [row] = await app.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) return null;
  await revokeFamily(app, row.familyId);
  return { userId: row.userId, firmId: row.firmId };
}
