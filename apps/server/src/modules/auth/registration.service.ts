import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegisterRequest, SignInResponse } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import type { Db } from '../../db/client.ts';
import { firms } from '../../db/schema/firms.ts';
import { pendingRegistrations, type PendingRegistrationRow } from '../../db/schema/pending-registrations.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { badRequest } from '../../platform/http-error.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';
import { findUserByEmail, normalizeEmail } from '../users/users.service.ts';
import { completeSignIn } from './auth.service.ts';
import { addStarterModels } from '../model-portfolios/starter-models.service.ts';

const registrationTtlMs = 24 * 60 * 60_000;

export const registrationMailSubjects = {
  confirm: 'Finish creating your Meridian account',
  accountExists: 'You already have a Meridian account',
} as const;

/**
 * Self-registration, step one. The answer is the same whether or not the address has an account,
 * so it tells nobody who is a customer: a new address is e-mailed a link that creates the account
 * (valid 24 hours), the owner of a taken one is told someone tried. Both paths hash the password,
 * so their timing does not tell them apart either.
 */
export async function register(app: FastifyInstance, request: FastifyRequest, body: RegisterRequest): Promise<void> {
  const role = body.role ?? body.role_name ?? 'client';
  const email = normalizeEmail(body.email);
  const now = app.now();
  const passwordHash = await hashPassword(body.password);
  const owner = await findUserByEmail(app.db, email);
  await app.db.delete(pendingRegistrations).where(lte(pendingRegistrations.expiresAt, now));

  if (owner) {
    await app.mail.send({
      firmId: owner.firmId,
      to: owner.email,
      subject: registrationMailSubjects.accountExists,
      text: `Hello ${owner.firstName},\n\nSomeone tried to create a Meridian account with this address. You already have one: sign in, or reset your password at ${app.config.appUrl}/forgot-password. If it wasn't you, ignore this.\n`,
    });
    await app.audit(request, {
      action: 'registration requested',
      entity: 'user',
      entityId: owner.id,
      userId: owner.id,
      firmId: owner.firmId,
      after: { email, role, existing_account: true },
    });
    return;
  }

  const token = randomToken();
  await app.db.insert(pendingRegistrations).values({
    email,
    passwordHash,
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone ? body.phone : null,
    role,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + registrationTtlMs),
    createdAt: now,
  });
  const link = `${app.config.appUrl}/register/confirm?token=${encodeURIComponent(token)}`;
  await app.mail.send({
    firmId: null,
    to: email,
    subject: registrationMailSubjects.confirm,
    text: `Hello ${body.first_name},\n\nTo finish creating your Meridian account, open this link within 24 hours:\n\n${link}\n\nIf you did not ask for an account, ignore this message; nothing is created without the link.\n`,
    secrets: [link],
  });
  await app.audit(request, { action: 'registration requested', entity: 'user', after: { email, role, existing_account: false } });
}

/**
 * Self-registration, step two: the e-mailed token creates the account and signs its owner in. A
 * token works once; the other links sent to the same address are spent with it.
 */
export async function confirmRegistration(app: FastifyInstance, request: FastifyRequest, token: string): Promise<SignInResponse> {
  const now = app.now();
  let user: UserRow | null;
  try {
    user = await app.db.transaction(async (tx) => {
      const [pending] = await tx
        .delete(pendingRegistrations)
        .where(and(eq(pendingRegistrations.tokenHash, sha256(token)), gt(pendingRegistrations.expiresAt, now)))
        .returning();
      if (!pending) return null;
      await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, pending.email));
      return createAccount(app, request, tx, pending);
    });
  } catch (error) {
    // The address got an account after this link was sent.
    if (isUniqueViolation(error, 'users_email_unique')) throw badRequest(messages.invalidRegistrationLink);
    throw error;
  }
  if (!user) throw badRequest(messages.invalidRegistrationLink);
  return completeSignIn(app, request, user, 'register');
}

/**
 * Every registrant gets a firm of their own: an advisor starts a practice, a client a personal
 * space, so no one lands inside someone else's tenant by signing up.
 */
async function createAccount(app: FastifyInstance, request: FastifyRequest, tx: Db, account: PendingRegistrationRow): Promise<UserRow> {
  const fullName = `${account.firstName} ${account.lastName}`;
  const [firm] = await tx
    .insert(firms)
    .values(account.role === 'advisor' ? { name: `${fullName} Advisory`, kind: 'firm' } : { name: fullName, kind: 'personal' })
    .returning();
  if (!firm) throw new Error('firm insert returned nothing');
  const [created] = await tx
    .insert(users)
    .values({
      firmId: firm.id,
      email: account.email,
      passwordHash: account.passwordHash,
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone,
      role: account.role,
    })
    .returning();
  if (!created) throw new Error('user insert returned nothing');
  if (firm.kind === 'firm') await addStarterModels(tx, firm.id, created.id);
  await app.audit(
    request,
    {
      action: 'register',
      entity: 'user',
      entityId: created.id,
      userId: created.id,
      firmId: firm.id,
      after: { email: account.email, role: account.role, firm: firm.name },
    },
    tx,
  );
  return created;
}
