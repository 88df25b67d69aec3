import type { UserRow } from '../db/schema/users.ts';

/** How long a signed-in user's row may be reused by read-only requests without asking the database. */
export const userCacheTtlMs = 5_000;
/** At most this many rows are kept (a few MB); the least recently used goes first. */
export const userCacheSize = 10_000;

export type UserCache = {
  /** A row stored less than the TTL ago, or undefined. */
  get(userId: string): UserRow | undefined;
  /**
   * Loads a row and stores it, unless some user was invalidated meanwhile: a read that raced a
   * write must not put the row it read before the write back into the cache.
   */
  load(userId: string, read: (userId: string) => Promise<UserRow | undefined>): Promise<UserRow | undefined>;
  /** Forgets a user's row. Call it after every write to the users table (after the commit). */
  invalidate(userId: string): void;
  readonly size: number;
};

/**
 * The auth guard's per-process cache of users rows, so an authenticated read does not cost a
 * database round trip per request.
 *
 * Staleness. Within this process every write to `users` calls `invalidate` once it is committed,
 * so a change (password, 2FA, deactivation, profile, sign-in stamp) is seen by the next request.
 * Another API process (several instances on one PostgreSQL) does not hear of it: there a read-only
 * request may be served from a row up to `ttlMs` (5 s) old — e.g. a user deactivated elsewhere
 * can still *read* for at most 5 s. Requests that change anything never use this cache (see
 * auth-guard.ts): they always check the current row, so that bound applies to reads only.
 *
 * Rows are frozen because they are shared between concurrent requests. Ages are measured with
 * the application clock (tests move it); an entry whose age is negative (clock set back) counts
 * as expired, so a clock jump can only shorten an entry's life.
 */
export function createUserCache(now: () => Date, { ttlMs = userCacheTtlMs, maxEntries = userCacheSize } = {}): UserCache {
  const entries = new Map<string, { row: UserRow; storedAt: number }>();
  /** Bumped by every invalidation; a load that started before a bump does not store its row. */
  let generation = 0;

  return {
    get(userId) {
      const entry = entries.get(userId);
      if (!entry) return undefined;
      const age = now().getTime() - entry.storedAt;
      entries.delete(userId);
      if (age < 0 || age >= ttlMs) return undefined;
      entries.set(userId, entry); // most recently used goes last
      return entry.row;
    },
    async load(userId, read) {
      const started = generation;
      const row = await read(userId);
      if (!row) return undefined;
      Object.freeze(row);
      if (started === generation) {
        entries.delete(userId);
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(userId, { row, storedAt: now().getTime() });
      }
      return row;
    },
    invalidate(userId) {
      generation += 1;
      entries.delete(userId);
    },
    get size() {
      return entries.size;
    },
  };
}
