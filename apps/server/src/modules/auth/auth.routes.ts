import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
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
  validationIssueSchema,
  verifyTwoFactorRequestSchema,
  verifyTwoFactorResponseSchema,
} from '@meridian/domain/auth';
import { messages } from '@meridian/domain/messages';
import { demoAccounts } from '../../db/seed/demo-accounts.ts';
import { notFound } from '../../platform/http-error.ts';
import { changePassword, login, register } from './auth.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.ts';
import { revokeSession, rotateRefreshToken } from './sessions.service.ts';
import { setupTwoFactor, verifyTwoFactor } from './two-factor.service.ts';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const detail = detailResponseSchema;
const invalid = z.object({ detail: z.array(validationIssueSchema) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireAuth('access');

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail (or username) and password; JSON or form-encoded',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: detail, 403: detail, 422: invalid, 429: detail },
      },
    },
    async (request) => login(app, request, request.body),
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account (client or advisor) and sign in',
        body: registerRequestSchema,
        response: { 201: signInResponseSchema, 409: detail, 422: invalid },
      },
    },
    async (request, reply) => reply.status(201).send(await register(app, request, request.body)),
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: { tags, summary: 'Exchange a refresh token for a new pair (rotation)', body: refreshTokenRequestSchema, response: { 200: tokenPairSchema, 401: detail, 422: invalid } },
    },
    async (request) => rotateRefreshToken(app, request, request.body.refresh_token),
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags, summary: 'Revoke the session of a refresh token', body: logoutRequestSchema.nullish(), response: { 204: z.null() } },
    },
    async (request, reply) => {
      const token = request.body?.refresh_token;
      const session = token ? await revokeSession(app, token) : null;
      const bearer = await app.bearerClaims(request);
      const claims = bearer?.typ === 'access' ? bearer : null;
      const userId = session?.userId ?? claims?.sub;
      if (userId) await app.audit(request, { action: 'logout', entity: 'user', entityId: userId, userId, firmId: session?.firmId ?? claims?.firm });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/setup-2fa',
    {
      schema: { tags, summary: 'Start 2FA setup: QR code, secret and recovery codes (shown once)', security, response: { 200: twoFactorSetupResponseSchema, 400: detail, 401: detail } },
      preHandler: signedIn,
    },
    async (request) => setupTwoFactor(app, request),
  );

  app.post(
    '/auth/verify-2fa',
    {
      schema: {
        tags,
        summary: 'Confirm 2FA setup (access token) or complete a 2FA sign-in (challenge token)',
        security,
        body: verifyTwoFactorRequestSchema,
        response: { 200: verifyTwoFactorResponseSchema, 400: detail, 401: detail, 422: invalid, 429: detail },
      },
      preHandler: app.requireAuth('access', '2fa'),
    },
    async (request) => verifyTwoFactor(app, request, request.body),
  );

  app.post(
    '/auth/request-password-reset',
    { schema: { tags, summary: 'E-mail a password reset link (same answer whether or not the account exists)', body: passwordResetRequestSchema, response: { 200: detail, 422: invalid } } },
    async (request) => {
      await requestPasswordReset(app, request, request.body.email);
      return { detail: messages.resetRequested };
    },
  );

  app.post(
    '/auth/confirm-password-reset',
    { schema: { tags, summary: 'Set a new password with a reset token', body: passwordResetConfirmSchema, response: { 200: detail, 400: detail, 422: invalid } } },
    async (request) => {
      await confirmPasswordReset(app, request, request.body);
      return { detail: 'Your password has been reset. You can now sign in.' };
    },
  );

  app.post(
    '/auth/change-password',
    {
      schema: { tags, summary: 'Change the password of the signed-in user', security, body: changePasswordRequestSchema, response: { 200: userSchema, 400: detail, 401: detail, 422: invalid } },
      preHandler: signedIn,
    },
    async (request) => changePassword(app, request, request.body),
  );

  app.get(
    '/auth/test-accounts',
    { schema: { tags, summary: 'Demo accounts (development only)', response: { 200: testAccountsResponseSchema, 404: detail } } },
    async () => {
      if (app.config.nodeEnv === 'production') throw notFound();
      if (app.config.seed !== 'demo') return [];
      return demoAccounts.map((a) => ({ role: a.role, email: a.email, password: a.password, name: `${a.firstName} ${a.lastName}` }));
    },
  );
};
