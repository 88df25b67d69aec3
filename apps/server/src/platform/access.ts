import type { FastifyRequest, RouteOptions, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { detailResponseSchema, validationIssueSchema } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { z } from 'zod';
import type { UserRow } from '../db/schema/users.ts';
import type { Role } from '@meridian/domain/auth/roles';
import { HttpError } from './http-error.ts';

/**
 * Who may call a route, declared once on the route (`config: { access }`):
 * - public: anyone, signed in or not;
 * - twoFactorStep: a signed-in user, or one half-way through a two-factor sign-in (challenge token);
 * - signedIn: a signed-in user of any role;
 * - staff: an advisor or a firm admin (client users are refused with 403);
 * - admin: a firm admin;
 * - operator: an account named by OPERATOR_EMAILS, who looks after what every firm shares (prices).
 */
export const accessPolicies = ['public', 'twoFactorStep', 'signedIn', 'staff', 'admin', 'operator'] as const;
export type AccessPolicy = (typeof accessPolicies)[number];

declare module 'fastify' {
  interface FastifyInstance {
    /** True for an account named by OPERATOR_EMAILS. */
    isOperator(user: Pick<UserRow, 'email'>): boolean;
  }
  interface FastifyContextConfig {
    access?: AccessPolicy;
    /** The 403 text for a caller whose role the policy refuses, when the domain has a better one than 'Access denied'. */
    denied?: string;
  }
}

/** Every route below this path must declare its access policy; the server does not start otherwise. */
export const apiPrefix = '/api/v1';

const detail = detailResponseSchema;
const invalid = z.object({ detail: z.array(validationIssueSchema) });
const bearer = [{ bearerAuth: [] }];

/** The error answers a route can give because of its policy and its inputs, unless it documents its own. */
function standardResponses(policy: AccessPolicy, schema: NonNullable<RouteOptions['schema']>): Record<number, z.ZodType> {
  const responses: Record<number, z.ZodType> = { 429: detail };
  if (policy !== 'public') responses[401] = detail;
  if (policy === 'staff' || policy === 'admin' || policy === 'operator') responses[403] = detail;
  if (schema.body || schema.querystring || schema.params) responses[422] = invalid;
  return responses;
}

/**
 * Reads each route's declared policy and attaches what follows from it: the guard (on request,
 * before the query or body is read, so a caller who may not ask is told so rather than how to ask),
 * the OpenAPI `security`, and the standard error responses. A route under /api/v1 without a policy
 * stops the server at start-up, so no route can forget its guard.
 */
export const accessControl = fp(async (app) => {
  const operators = new Set(app.config.operatorEmails);
  app.decorate('isOperator', (user: Pick<UserRow, 'email'>) => operators.has(user.email.toLowerCase()));

  const signedIn = app.requireAuth('access') as onRequestAsyncHookHandler;
  const refuse = (request: FastifyRequest) => new HttpError(403, request.routeOptions.config.denied ?? messages.accessDenied);
  const roles =
    (...allowed: Role[]): onRequestAsyncHookHandler =>
    async (request) => {
      if (!allowed.includes(app.currentUser(request).role)) throw refuse(request);
    };
  const operator: onRequestAsyncHookHandler = async (request) => {
    if (!app.isOperator(app.currentUser(request))) throw refuse(request);
  };

  const guards: Record<AccessPolicy, onRequestAsyncHookHandler[]> = {
    public: [],
    twoFactorStep: [app.requireAuth('access', '2fa') as onRequestAsyncHookHandler],
    signedIn: [signedIn],
    staff: [signedIn, roles('admin', 'advisor')],
    admin: [signedIn, roles('admin')],
    operator: [signedIn, operator],
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiPrefix)) return;
    const policy = route.config?.access;
    if (!policy || !accessPolicies.includes(policy)) {
      throw new Error(`${route.method} ${route.url} declares no access policy: set config.access to one of ${accessPolicies.join(', ')}`);
    }
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...guards[policy], ...own] as RouteOptions['onRequest'];
    const schema = route.schema;
    if (!schema || schema.hide) return;
    route.schema = {
      ...schema,
      // A public operation says so (`security: []`), rather than leaving a reader to guess.
      security: policy === 'public' ? [] : bearer,
      response: { ...standardResponses(policy, schema), ...(schema.response as object | undefined) },
    };
  });
});
