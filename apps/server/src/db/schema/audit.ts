import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/** Append-only trail of who did what (advisors are regulated). No foreign keys: the trail outlives rows. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    firmId: uuid('firm_id'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_firm_idx').on(table.firmId, table.createdAt)],
);
