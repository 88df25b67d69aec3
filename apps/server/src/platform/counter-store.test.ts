import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { memoryCounterStore, redisCounterStore, type CounterStore } from './counter-store.ts';

let clock = new Date('2026-11-26T12:00:00Z');
const connections: Redis[] = [];
afterAll(() => Promise.all(connections.map((redis) => redis.quit())));

/** Process memory always; the real Redis too when TEST_REDIS_URL names one. */
const stores: Array<{ name: string; open: () => { store: CounterStore; ttlMs?: (key: string) => Promise<number> } }> = [
  { name: 'memory', open: () => ({ store: memoryCounterStore(() => clock) }) },
  ...(process.env.TEST_REDIS_URL
    ? [
        {
          name: 'redis',
          open: () => {
            const redis = new Redis(process.env.TEST_REDIS_URL!);
            connections.push(redis);
            return { store: redisCounterStore(redis, 'meridian-test:'), ttlMs: (key: string) => redis.pttl(`meridian-test:${key}`) };
          },
        },
      ]
    : []),
];

describe.each(stores)('counters in $name', ({ open }) => {
  /**
   * Lets a window of `windowMs` pass for `key`: the memory store's clock moves past it; Redis must
   * hold the key with a time to live within the window, and is waited on until it has dropped it.
   */
  const passWindow = async (key: string, windowMs: number, ttlMs?: (key: string) => Promise<number>) => {
    if (!ttlMs) {
      clock = new Date(clock.getTime() + windowMs);
      return;
    }
    const left = await ttlMs(key);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(windowMs);
    await vi.waitFor(async () => expect(await ttlMs(key)).toBe(-2), { timeout: 5000, interval: 10 }); // -2: no such key
  };

  it('counts within a window that starts at the first increment and is not pushed back by later ones', async () => {
    const { store, ttlMs } = open();
    const key = `count:${randomUUID()}`;
    expect(await store.increment(key, 60_000)).toBe(1);
    const first = ttlMs ? await ttlMs(key) : undefined;
    expect(await store.increment(key, 60_000)).toBe(2);
    expect(await store.get(key)).toBe(2);
    if (ttlMs) {
      // Every counter expires: a window with no end would lock an address for good.
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(60_000);
      expect(await ttlMs(key)).toBeLessThanOrEqual(first!);
    }
    await store.delete(key);
    expect(await store.get(key)).toBe(0);
  });

  it('starts again once the window has passed', async () => {
    const { store, ttlMs } = open();
    const key = `window:${randomUUID()}`;
    await store.increment(key, 50);
    await store.increment(key, 50);
    await passWindow(key, 50, ttlMs);
    expect(await store.get(key)).toBe(0);
    expect(await store.increment(key, 50)).toBe(1);
  });

  it('keeps a set value only for its time to live', async () => {
    const { store, ttlMs } = open();
    const key = `lock:${randomUUID()}`;
    await store.set(key, 7, 50);
    expect(await store.get(key)).toBe(7);
    await passWindow(key, 50, ttlMs);
    expect(await store.get(key)).toBe(0);
  });
});
