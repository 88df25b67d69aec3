import { bigint, boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at, createdAt, id, syncColumns } from './columns.ts';
import { firms } from './firms.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    /** Stored lower-cased; unique across firms because it is the sign-in name. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ['admin', 'advisor', 'client'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    passwordMustChange: boolean('password_must_change').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** AES-256-GCM ciphertext (see platform/secret-box.ts), never the plain base32 secret. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** Last accepted TOTP time step: a code of that step or earlier is a replay. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    lastLoginAt: at('last_login_at'),
    createdAt: createdAt(),
    ...syncColumns(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_firm_idx').on(table.firmId),
    check('users_role_check', sql`${table.role} in ('admin', 'advisor', 'client')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
