import { eq } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@meridian/domain/messages';
import { users, type UserRow } from '../db/schema/users.ts';
import { unauthorized } from './http-error.ts';
import { bearerToken, type TokenType } from './tokens.ts';

export type AuthContext = { user: UserRow; tokenType: TokenType };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token of one of these types for an active user, else 401. */
    requireAuth(...types: TokenType[]): preHandlerAsyncHookHandler;
    /** The signed-in user of a request that passed requireAuth. */
    currentUser(request: FastifyRequest): UserRow;
  }
}

export const authGuard = fp(async (app) => {
  app.decorateRequest('auth', null);

  app.decorate('requireAuth', (...types: TokenType[]): preHandlerAsyncHookHandler => {
    const accepted = types.length > 0 ? types : (['access'] as TokenType[]);
    return async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized(messages.notAuthenticated);
      for (const type of accepted) {
        const claims = await app.tokens.verify(token, type);
        if (!claims) continue;
        const [user] = await app.db.select().from(users).where(eq(users.id, claims.sub));
        // A deactivated user's unexpired token stops working at once.
        if (!user || !user.isActive || user.firmId !== claims.firm) break;
        request.auth = { user, tokenType: type };
        return;
      }
      throw unauthorized(messages.notAuthenticated);
    };
  });

  app.decorate('currentUser', (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized(messages.notAuthenticated);
    return request.auth.user;
  });
});
