import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { firms } from './firms.ts';
import { users } from './users.ts';

// Security records: written once and then only stamped (rotated, revoked, used); never synced to
// devices, so they carry timestamps rather than sync_version. Every token is stored as SHA-256.

const owner = () => ({
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  firmId: uuid('firm_id')
    .notNull()
    .references(() => firms.id),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    ...owner(),
    /** All tokens descended from one sign-in; reuse of a rotated token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    ...owner(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    ...owner(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash)],
);
