import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@meridian/domain/shared/messages';
import { users, type UserRow } from '../db/schema/users.ts';
import { unauthorized } from './http-error.ts';
import { bearerToken, type TokenClaims, type TokenType } from './tokens.ts';
import { createUserCache, type UserCache } from './user-cache.ts';

export type AuthContext = { user: UserRow; tokenType: TokenType };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Memo of bearerClaims(): the bearer token is verified at most once per request. */
    bearerClaimsMemo: Promise<TokenClaims | null> | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token of one of these types for an active user, else 401. */
    requireAuth(...types: TokenType[]): preHandlerAsyncHookHandler;
    /** The signed-in user of a request that passed requireAuth. */
    currentUser(request: FastifyRequest): UserRow;
    /**
     * The claims of the request's bearer token (access or 2FA challenge), verified once per
     * request and shared by the rate-limit key and the auth guard; null without a valid token.
     * Says nothing about the token's type or the user: requireAuth checks those.
     */
    bearerClaims(request: FastifyRequest): Promise<TokenClaims | null>;
    /** Users rows of signed-in users; invalidate a user after every write to their row. */
    userCache: UserCache;
  }
}

/** Methods that change nothing: the only ones allowed to authorise against a cached users row. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authGuard = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('bearerClaimsMemo', null);
  app.decorate('userCache', createUserCache(app.now));

  // One statement, prepared once per connection, for the lookup every authenticated request makes.
  const userById = app.db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_guard_user_by_id');
  const readUser = async (id: string): Promise<UserRow | undefined> => (await userById.execute({ id }))[0];

  app.decorate('bearerClaims', (request: FastifyRequest) => {
    if (request.bearerClaimsMemo) return request.bearerClaimsMemo;
    const token = bearerToken(request.headers.authorization);
    request.bearerClaimsMemo = token ? app.tokens.verifyAny(token) : Promise.resolve(null);
    return request.bearerClaimsMemo;
  });

  app.decorate('requireAuth', (...types: TokenType[]): preHandlerAsyncHookHandler => {
    const accepted: readonly TokenType[] = types.length > 0 ? types : ['access'];
    return async (request) => {
      const claims = await app.bearerClaims(request);
      // A 2FA challenge token is refused wherever only an access token is accepted, and vice versa.
      if (!claims || !accepted.includes(claims.typ)) throw unauthorized(messages.notAuthenticated);
      // Reads may use a row up to userCacheTtlMs old (see user-cache.ts for the staleness bound);
      // anything that changes state authorises against the current row (it also refreshes the cache).
      const user =
        (readOnlyMethods.has(request.method) ? app.userCache.get(claims.sub) : undefined) ??
        (await app.userCache.load(claims.sub, readUser));
      // A deactivated user's unexpired token stops working at once.
      if (!user || !user.isActive || user.firmId !== claims.firm) throw unauthorized(messages.notAuthenticated);
      request.auth = { user, tokenType: claims.typ };
    };
  });

  app.decorate('currentUser', (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized(messages.notAuthenticated);
    return request.auth.user;
  });
});
