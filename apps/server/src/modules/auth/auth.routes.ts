import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  confirmRegistrationRequestSchema,
  detailResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  signInResponseSchema,
  testAccountsResponseSchema,
  tokenPairSchema,
  twoFactorSetupResponseSchema,
  userSchema,
  verifyTwoFactorRequestSchema,
  verifyTwoFactorResponseSchema,
} from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { demoAccounts } from '../../db/seed/demo-accounts.ts';
import { notFound } from '../../platform/http-error.ts';
import { changePassword, login } from './auth.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.ts';
import { confirmRegistration, register } from './registration.service.ts';
import { revokeSession, rotateRefreshToken } from './sessions.service.ts';
import { setupTwoFactor, verifyTwoFactor } from './two-factor.service.ts';

const tags = ['auth'];
const detail = detailResponseSchema;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail (or username) and password; JSON or form-encoded',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: detail, 403: detail },
      },
      config: { access: 'public' },
    },
    async (request) => login(app, request, request.body),
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Start an account (client or advisor): e-mails a link that creates it (same answer whether or not the address is taken)',
        body: registerRequestSchema,
        response: { 202: detail },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await register(app, request, request.body);
      return reply.status(202).send({ detail: messages.registrationLinkSent(request.body.email) });
    },
  );

  app.post(
    '/auth/confirm-registration',
    {
      schema: {
        tags,
        summary: 'Create the account of an e-mailed registration link and sign in',
        body: confirmRegistrationRequestSchema,
        response: { 201: signInResponseSchema, 400: detail },
      },
      config: { access: 'public' },
    },
    async (request, reply) => reply.status(201).send(await confirmRegistration(app, request, request.body.token)),
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new pair (rotation)',
        body: refreshTokenRequestSchema,
        response: { 200: tokenPairSchema, 401: detail },
      },
      config: { access: 'public' },
    },
    async (request) => rotateRefreshToken(app, request, request.body.refresh_token),
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags, summary: 'Revoke the session of a refresh token', body: logoutRequestSchema.nullish(), response: { 204: z.null() } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const token = request.body?.refresh_token;
      const session = token ? await revokeSession(app, token) : null;
      const bearer = await app.bearerClaims(request);
      const claims = bearer?.typ === 'access' ? bearer : null;
      const userId = session?.userId ?? claims?.sub;
      if (userId)
        await app.audit(request, { action: 'logout', entity: 'user', entityId: userId, userId, firmId: session?.firmId ?? claims?.firm });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/setup-2fa',
    {
      schema: {
        tags,
        summary: 'Start 2FA setup: QR code, secret and recovery codes (shown once)',
        response: { 200: twoFactorSetupResponseSchema, 400: detail },
      },
      config: { access: 'signedIn' },
    },
    async (request) => setupTwoFactor(app, request),
  );

  app.post(
    '/auth/verify-2fa',
    {
      schema: {
        tags,
        summary: 'Confirm 2FA setup (access token) or complete a 2FA sign-in (challenge token)',
        body: verifyTwoFactorRequestSchema,
        response: { 200: verifyTwoFactorResponseSchema, 400: detail },
      },
      config: { access: 'twoFactorStep' },
    },
    async (request) => verifyTwoFactor(app, request, request.body),
  );

  app.post(
    '/auth/request-password-reset',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        body: passwordResetRequestSchema,
        response: { 200: detail },
      },
      config: { access: 'public' },
    },
    async (request) => {
      await requestPasswordReset(app, request, request.body.email);
      return { detail: messages.resetRequested };
    },
  );

  app.post(
    '/auth/confirm-password-reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: passwordResetConfirmSchema,
        response: { 200: detail, 400: detail },
      },
      config: { access: 'public' },
    },
    async (request) => {
      await confirmPasswordReset(app, request, request.body);
      return { detail: 'Your password has been reset. You can now sign in.' };
    },
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password of the signed-in user',
        body: changePasswordRequestSchema,
        response: { 200: userSchema, 400: detail },
      },
      config: { access: 'signedIn' },
    },
    async (request) => changePassword(app, request, request.body),
  );

  app.get(
    '/auth/test-accounts',
    {
      schema: {
        tags,
        summary: 'Demo accounts and their passwords (off in production unless TEST_ACCOUNTS=on)',
        response: { 200: testAccountsResponseSchema, 404: detail },
      },
      config: { access: 'public' },
    },
    async () => {
      if (!app.config.testAccounts) throw notFound();
      if (app.config.seed !== 'demo') return [];
      return demoAccounts.map((a) => ({ role: a.role, email: a.email, password: a.password, name: `${a.firstName} ${a.lastName}` }));
    },
  );
};
