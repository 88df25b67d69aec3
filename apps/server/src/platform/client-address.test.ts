import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { api, call, demo } from '../test/api.ts';
import { describeEachDatabase } from '../test/harness.ts';

/** Counters in process memory always; in the real Redis too when TEST_REDIS_URL names one. */
const counterStores = [
  { name: 'memory', redisUrl: undefined },
  ...(process.env.TEST_REDIS_URL ? [{ name: 'redis', redisUrl: process.env.TEST_REDIS_URL }] : []),
];

/** Addresses no other test (or earlier run sharing the Redis) uses. */
const randomAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const balancer = '10.0.0.2';

describeEachDatabase('the client address behind a load balancer', (t) => {
  describe.each(counterStores)('counters in $name', ({ redisUrl }) => {
    it('keys the anonymous rate limit on the forwarded client address when TRUST_PROXY trusts the balancer', async () => {
      const app = await t.buildApp({ redisUrl, trustProxy: 1, rateLimitMax: 3, rateLimitWindowSeconds: 60 });
      const [alice, bob] = [randomAddress(), randomAddress()];
      const from = (client: string) =>
        call(app, 'GET', api('/auth/test-accounts'), { remoteAddress: balancer, headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 3; i += 1) expect((await from(alice)).status).toBe(200);
      expect((await from(alice)).status).toBe(429);
      // Bob arrives through the same balancer but has his own budget.
      expect((await from(bob)).status).toBe(200);
    });

    it('without TRUST_PROXY believes no X-Forwarded-For: a client cannot name a fresh address to escape its limit', async () => {
      const app = await t.buildApp({ redisUrl, rateLimitMax: 2, rateLimitWindowSeconds: 60 });
      const peer = randomAddress();
      const spoofing = () =>
        call(app, 'GET', api('/auth/test-accounts'), { remoteAddress: peer, headers: { 'x-forwarded-for': randomAddress() } });
      expect((await spoofing()).status).toBe(200);
      expect((await spoofing()).status).toBe(200);
      expect((await spoofing()).status).toBe(429);
    });

    it("locks sign-in for the guessing client's address only, not for everyone behind the balancer", async () => {
      const app = await t.buildApp({ redisUrl, trustProxy: [balancer], loginMaxFailures: 3, rateLimitMax: 1_000 });
      const [attacker, owner] = [randomAddress(), randomAddress()];
      const login = (client: string, password: string) =>
        call(app, 'POST', api('/auth/login'), {
          remoteAddress: balancer,
          headers: { 'x-forwarded-for': client },
          body: { email: demo.priya.email, password },
        });
      for (let i = 0; i < 3; i += 1) expect((await login(attacker, 'Wrong#2026x')).status).toBe(401);
      expect(await login(attacker, demo.priya.password)).toMatchObject({ status: 429, body: { detail: messages.accountLocked } });
      expect((await login(owner, demo.priya.password)).status).toBe(200);
    });
  });
});
