import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { firms } from './firms.ts';

/** Every e-mail the platform sends is written here first; SMTP delivery (when configured) stamps sent_at. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  firmId: uuid('firm_id').references(() => firms.id),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  sentAt: at('sent_at'),
  error: text('error'),
  createdAt: createdAt(),
});
