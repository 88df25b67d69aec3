import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns shared by tables: a UUID key and creation time. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Every mutable record carries these: offline conflicts are detected on sync_version. */
export const syncColumns = () => ({
  syncVersion: integer('sync_version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
