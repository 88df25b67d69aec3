import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../platform/secrets.ts';

/**
 * Counts failed sign-ins per (account, address) pair: LOGIN_MAX_FAILURES failures within
 * LOGIN_LOCK_MINUTES lock that pair for LOGIN_LOCK_MINUTES. Keying on the pair means an attacker
 * cannot lock a victim out from elsewhere, yet one address cannot guess one password for long.
 */
export function loginThrottle(app: FastifyInstance) {
  const windowMs = app.config.loginLockMinutes * 60_000;
  const pair = (email: string, address: string) => sha256(`${email.toLowerCase()}|${address}`);
  return {
    async isLocked(email: string, address: string): Promise<boolean> {
      return (await app.counters.get(`login-lock:${pair(email, address)}`)) > 0;
    },
    async recordFailure(email: string, address: string): Promise<void> {
      const key = pair(email, address);
      const failures = await app.counters.increment(`login-fail:${key}`, windowMs);
      if (failures >= app.config.loginMaxFailures) {
        await app.counters.set(`login-lock:${key}`, 1, windowMs);
        await app.counters.delete(`login-fail:${key}`);
      }
    },
    async clear(email: string, address: string): Promise<void> {
      await app.counters.delete(`login-fail:${pair(email, address)}`);
    },
  };
}
