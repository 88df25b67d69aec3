import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { rateLimitMessage } from '@meridian/domain/shared/messages';
import { HttpError } from './http-error.ts';

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
    // The same verification the auth guard uses, done once per request (see bearerClaims).
    keyGenerator: async (request) => {
      const claims = await app.bearerClaims(request);
      return claims ? `user:${claims.sub}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: () => new HttpError(429, rateLimitMessage(rateLimitMax)),
  });
});
