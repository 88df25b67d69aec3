import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TwoFactorSetupResponse, VerifyTwoFactorRequest, VerifyTwoFactorResponse } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { recoveryCodes } from '../../db/schema/auth-tokens.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { HttpError, badRequest } from '../../platform/http-error.ts';
import { sha256 } from '../../platform/secrets.ts';
import { completeSignIn } from './auth.service.ts';
import { loginThrottle } from './login-throttle.ts';

const period = 30;
const recoveryCodeCount = 10;

const totpFor = (base32: string, label: string) =>
  new TOTP({ issuer: 'Meridian', label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(base32) });

/** Recovery codes are compared upper-case without separators, so 'abcd-efgh' and 'ABCDEFGH' match. */
const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: read from paper
  const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * The time step a code belongs to (current ±1 step for clock drift), or null when it matches none.
 * otpauth's validate() answers 0 for an exact match, hence the comparison with null.
 */
function matchingStep(base32: string, label: string, code: string, now: Date): number | null {
  const delta = totpFor(base32, label).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / period) + delta;
}

/** Starts 2FA setup: a pending secret (enabled only once verified) and 10 single-use recovery codes. */
export async function setupTwoFactor(app: FastifyInstance, request: FastifyRequest): Promise<TwoFactorSetupResponse> {
  const user = app.currentUser(request);
  if (user.twoFactorEnabled) throw badRequest(messages.twoFactorAlreadyEnabled);
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpFor(secret, user.email).toString();
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await app.db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({ twoFactorPendingSecret: app.secretBox.seal(secret), updatedAt: app.now(), syncVersion: sql`${users.syncVersion} + 1` })
        .where(eq(users.id, user.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await tx.insert(recoveryCodes).values(
        codes.map((code) => ({
          userId: user.id,
          firmId: user.firmId,
          codeHash: sha256(normalizeRecoveryCode(code)),
          createdAt: app.now(),
        })),
      );
    })
    .finally(() => app.userCache.invalidate(user.id)); // after the commit, so no request re-caches the old row
  await app.audit(request, { action: '2fa setup started', entity: 'user', entityId: user.id });
  return { qrCode: await QRCode.toDataURL(otpauthUrl), secret, otpauth_url: otpauthUrl, recovery_codes: codes };
}

const verifyFailed = () => badRequest(messages.twoFactorVerifyFailed);

/** Confirms a pending setup with a code from the authenticator app; 2FA is on from here. */
async function confirmSetup(app: FastifyInstance, request: FastifyRequest, user: UserRow, body: VerifyTwoFactorRequest) {
  if (user.twoFactorEnabled) throw badRequest(messages.twoFactorAlreadyEnabled);
  if (!user.twoFactorPendingSecret) throw badRequest(messages.twoFactorNotSetUp);
  if (!body.token) throw verifyFailed();
  const step = matchingStep(app.secretBox.open(user.twoFactorPendingSecret), user.email, body.token, app.now());
  if (step === null) throw verifyFailed();
  await app.db
    .update(users)
    .set({
      twoFactorSecret: user.twoFactorPendingSecret,
      twoFactorPendingSecret: null,
      twoFactorEnabled: true,
      twoFactorLastStep: step,
      updatedAt: app.now(),
      syncVersion: sql`${users.syncVersion} + 1`,
    })
    .where(eq(users.id, user.id));
  app.userCache.invalidate(user.id);
  await app.audit(request, {
    action: '2fa enabled',
    entity: 'user',
    entityId: user.id,
    before: { two_factor_enabled: false },
    after: { two_factor_enabled: true },
  });
  return { success: true };
}

/** A TOTP code newer than the last accepted one, claimed atomically so it cannot be replayed. */
async function acceptTotp(app: FastifyInstance, user: UserRow, code: string): Promise<boolean> {
  if (!user.twoFactorSecret) return false;
  const step = matchingStep(app.secretBox.open(user.twoFactorSecret), user.email, code, app.now());
  if (step === null) return false;
  const claimed = await app.db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  app.userCache.invalidate(user.id);
  return claimed.length > 0;
}

async function acceptRecoveryCode(app: FastifyInstance, user: UserRow, code: string): Promise<boolean> {
  const used = await app.db
    .update(recoveryCodes)
    .set({ usedAt: app.now() })
    .where(
      and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, sha256(normalizeRecoveryCode(code))), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** Second step of a 2FA sign-in: a fresh TOTP code or an unused recovery code gives the session. */
async function completeChallenge(app: FastifyInstance, request: FastifyRequest, user: UserRow, body: VerifyTwoFactorRequest) {
  const throttle = loginThrottle(app);
  if (await throttle.isLocked(user.email, request.ip)) throw new HttpError(429, messages.accountLocked);
  if (!user.twoFactorEnabled) throw badRequest(messages.twoFactorNotSetUp);
  const accepted = body.token ? await acceptTotp(app, user, body.token) : await acceptRecoveryCode(app, user, body.recovery_code ?? '');
  if (!accepted) {
    // Wrong codes count towards the same lock as wrong passwords: six digits must not be guessable.
    await throttle.recordFailure(user.email, request.ip);
    await app.audit(request, { action: 'login failed', entity: 'user', entityId: user.id, after: { step: '2fa' } });
    throw verifyFailed();
  }
  await throttle.clear(user.email, request.ip);
  if (!body.token) await app.audit(request, { action: 'recovery code used', entity: 'user', entityId: user.id });
  const { two_factor_required: _ignored, ...session } = await completeSignIn(app, request, user, '2fa');
  return { success: true, ...session };
}

/** With a full access token this confirms setup; with a challenge token it completes sign-in. */
export async function verifyTwoFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  body: VerifyTwoFactorRequest,
): Promise<VerifyTwoFactorResponse> {
  const user = app.currentUser(request);
  return request.auth?.tokenType === '2fa' ? completeChallenge(app, request, user, body) : confirmSetup(app, request, user, body);
}
