import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';

/**
 * A registration waiting for its owner to open the e-mailed link: the account (firm and user) is
 * created only then, so registering an address answers the same whether or not it is taken. The
 * password is kept as its argon2id hash and the link's token as SHA-256; rows go once used or expired.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: id(),
    /** Lower-cased, as users.email; not unique: each registration attempt mails its own link. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ['advisor', 'client'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pending_registrations_token_hash_unique').on(table.tokenHash),
    index('pending_registrations_email_idx').on(table.email),
    index('pending_registrations_expires_at_idx').on(table.expiresAt),
    check('pending_registrations_role_check', sql`${table.role} in ('advisor', 'client')`),
  ],
);

export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;
