import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { memoryCounterStore, redisCounterStore, type CounterStore } from './counter-store.ts';
import { createSecretBox, type SecretBox } from './secrets.ts';
import { createTokenSigner, type TokenSigner } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The clock every rule reads; tests replace it to move through windows and expiries. */
    now: () => Date;
    tokens: TokenSigner;
    secretBox: SecretBox;
    counters: CounterStore;
    /** Shared Redis connection when REDIS_URL is set. */
    redis: Redis | null;
  }
}

export type CoreOptions = { config: Config; db: Db; now: () => Date };

/** The services every module reads from the instance: configuration, database, clock, crypto, counters. */
export const core = fp<CoreOptions>(async (app, { config, db, now }) => {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('now', now);
  app.decorate('tokens', createTokenSigner(config.jwtSecret, now));
  app.decorate('secretBox', createSecretBox(config.jwtSecret));
  app.decorate('redis', redis);
  app.decorate('counters', redis ? redisCounterStore(redis) : memoryCounterStore(now));
  app.addHook('onClose', async () => {
    await redis?.quit();
  });
});
