import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PasswordResetConfirm } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { passwordResetTokens } from '../../db/schema/auth-tokens.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../platform/http-error.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';
import { findUserByEmail } from '../users/users.service.ts';
import { revokeAllForUser } from './sessions.service.ts';

const resetTtlMs = 30 * 60_000;

/** Mails a single-use reset link when the account exists; the caller's answer is the same either way. */
export async function requestPasswordReset(app: FastifyInstance, request: FastifyRequest, email: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  if (!user || !user.isActive) {
    await app.audit(request, { action: 'password reset requested', entity: 'user', after: { email, known: false } });
    return;
  }
  const token = randomToken();
  const now = app.now();
  await app.db.insert(passwordResetTokens).values({
    userId: user.id,
    firmId: user.firmId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + resetTtlMs),
    createdAt: now,
  });
  const link = `${app.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await app.mail.send({
    firmId: user.firmId,
    to: user.email,
    subject: 'Reset your Meridian password',
    text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Meridian account.\nUse this link within 30 minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
    secrets: [link],
  });
  await app.audit(request, { action: 'password reset requested', entity: 'user', entityId: user.id, userId: user.id, firmId: user.firmId });
}

/** Sets the new password once per token; every session of the user is signed out. */
export async function confirmPasswordReset(app: FastifyInstance, request: FastifyRequest, body: PasswordResetConfirm): Promise<void> {
  const now = app.now();
  const passwordHash = await hashPassword(body.new_password);
  let changedUserId: string | null = null;
  const userId = await app.db
    .transaction(async (tx) => {
      const [claimed] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, sha256(body.token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!claimed) return null;
      changedUserId = claimed.userId;
      await tx
        .update(users)
        .set({ passwordHash, passwordMustChange: false, updatedAt: now, syncVersion: sql`${users.syncVersion} + 1` })
        .where(eq(users.id, claimed.userId));
      await revokeAllForUser(tx, claimed.userId, now);
      return claimed.userId;
    })
    .finally(() => {
      // After the commit (or the rollback), so no request re-caches the row as it was before.
      if (changedUserId) app.userCache.invalidate(changedUserId);
    });
  if (!userId) throw badRequest(messages.invalidResetToken);
  const [user] = await app.db.select({ firmId: users.firmId }).from(users).where(eq(users.id, userId));
  await app.audit(request, { action: 'password reset confirmed', entity: 'user', entityId: userId, userId, firmId: user?.firmId ?? null });
}
