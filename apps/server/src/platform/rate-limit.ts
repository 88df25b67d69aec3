import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { rateLimitMessage } from '@meridian/domain/messages';
import { HttpError } from './http-error.ts';
import { bearerToken } from './tokens.ts';

/**
 * RATE_LIMIT_MAX requests per window per signed-in user (keyed by the verified token's subject),
 * per address otherwise. Counters live in Redis when configured so all instances share them.
 */
export const apiRateLimit = fp(async (app) => {
  const { rateLimitMax, rateLimitWindowSeconds } = app.config;
  await app.register(rateLimit, {
    max: rateLimitMax,
    timeWindow: rateLimitWindowSeconds * 1000,
    ...(app.redis ? { redis: app.redis, nameSpace: 'meridian:rate:' } : {}),
    keyGenerator: async (request) => {
      const token = bearerToken(request.headers.authorization);
      const claims = token ? ((await app.tokens.verify(token, 'access')) ?? (await app.tokens.verify(token, '2fa'))) : null;
      return claims ? `user:${claims.sub}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: () => new HttpError(429, rateLimitMessage(rateLimitMax)),
  });
});
