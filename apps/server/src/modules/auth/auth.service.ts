import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangePasswordRequest, LoginRequest, LoginResponse, SignInResponse, User } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { users, type UserRow } from '../../db/schema/users.ts';
import { HttpError, badRequest, unauthorized } from '../../platform/http-error.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { findUserByEmail, normalizeEmail, toUser } from '../users/users.service.ts';
import { loginThrottle } from './login-throttle.ts';
import { issueTokens } from './sessions.service.ts';

const challengeTtlSeconds = 300;

/** Stamps last_login_at, issues tokens and records the sign-in. */
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  method: 'password' | '2fa' | 'register',
): Promise<SignInResponse> {
  // last_login_at is a stamp, not an edit: sync_version stays so it never conflicts with offline edits.
  const [signedIn] = await app.db.update(users).set({ lastLoginAt: app.now() }).where(eq(users.id, user.id)).returning();
  app.userCache.invalidate(user.id);
  const tokens = await issueTokens(app, user);
  await app.audit(request, {
    action: 'login ok',
    entity: 'user',
    entityId: user.id,
    userId: user.id,
    firmId: user.firmId,
    after: { method },
  });
  return { ...tokens, user: toUser(signedIn ?? user, app), two_factor_required: false };
}

/**
 * Password step of sign-in. Unknown e-mail and wrong password get the same answer after the same
 * amount of hashing work; with 2FA on, the answer is a challenge token good only for verify-2fa.
 */
export async function login(app: FastifyInstance, request: FastifyRequest, body: LoginRequest): Promise<LoginResponse> {
  const email = normalizeEmail(body.email || body.username || '');
  const throttle = loginThrottle(app);
  if (await throttle.isLocked(email, request.ip)) throw new HttpError(429, messages.accountLocked);

  const user = await findUserByEmail(app.db, email);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, body.password);
  else await burnPasswordCheck(body.password);

  if (!user || !passwordOk) {
    await throttle.recordFailure(email, request.ip);
    await app.audit(request, {
      action: 'login failed',
      entity: 'user',
      entityId: user?.id ?? null,
      userId: user?.id ?? null,
      firmId: user?.firmId ?? null,
      after: { email },
    });
    throw unauthorized(messages.invalidCredentials);
  }
  if (!user.isActive) {
    await app.audit(request, {
      action: 'login refused',
      entity: 'user',
      entityId: user.id,
      userId: user.id,
      firmId: user.firmId,
      after: { reason: 'inactive' },
    });
    throw new HttpError(403, messages.accountInactive);
  }
  await throttle.clear(email, request.ip);

  if (user.twoFactorEnabled) {
    const challenge = await app.tokens.sign({ sub: user.id, firm: user.firmId, role: user.role, typ: '2fa' }, challengeTtlSeconds);
    await app.audit(request, { action: 'login 2fa challenge', entity: 'user', entityId: user.id, userId: user.id, firmId: user.firmId });
    return {
      access_token: challenge,
      refresh_token: null,
      token_type: 'bearer',
      expires_in: challengeTtlSeconds,
      user: toUser(user, app),
      two_factor_required: true,
    };
  }
  return completeSignIn(app, request, user, 'password');
}

/** Changes the password of the signed-in user; clears password_must_change. */
export async function changePassword(app: FastifyInstance, request: FastifyRequest, body: ChangePasswordRequest): Promise<User> {
  const user = app.currentUser(request);
  if (!(await verifyPassword(user.passwordHash, body.current_password))) throw badRequest(messages.currentPasswordWrong);
  const [updated] = await app.db
    .update(users)
    .set({
      passwordHash: await hashPassword(body.new_password),
      passwordMustChange: false,
      syncVersion: sql`${users.syncVersion} + 1`,
      updatedAt: app.now(),
    })
    .where(eq(users.id, user.id))
    .returning();
  app.userCache.invalidate(user.id);
  if (!updated) throw unauthorized(messages.notAuthenticated);
  await app.audit(request, {
    action: 'password changed',
    entity: 'user',
    entityId: user.id,
    before: { password_must_change: user.passwordMustChange },
    after: { password_must_change: false },
  });
  return toUser(updated, app);
}
