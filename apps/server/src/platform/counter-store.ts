import type { Redis } from 'ioredis';

/**
 * Expiring counters shared by the login throttle. Redis when REDIS_URL is set (so every API
 * instance sees the same counts), otherwise process memory.
 */
export type CounterStore = {
  /** Adds one; the window starts at the first increment. Returns the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Sets a value that disappears after ttlMs. */
  set(key: string, value: number, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
};

export function memoryCounterStore(now: () => Date): CounterStore {
  const entries = new Map<string, { value: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now().getTime()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async increment(key, windowMs) {
      const entry = live(key) ?? { value: 0, expiresAt: now().getTime() + windowMs };
      entry.value += 1;
      entries.set(key, entry);
      return entry.value;
    },
    async get(key) {
      return live(key)?.value ?? 0;
    },
    async set(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: now().getTime() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** INCR and, for the first count of a window, PEXPIRE in one step: a process dying between the two would leave a counter that never expires. */
const incrementInWindow =
  "local count = redis.call('INCR', KEYS[1]) if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return count";

export function redisCounterStore(redis: Redis, prefix = 'meridian:'): CounterStore {
  return {
    async increment(key, windowMs) {
      return Number(await redis.eval(incrementInWindow, 1, prefix + key, windowMs));
    },
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, String(value), 'PX', ttlMs);
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}
