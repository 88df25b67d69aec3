import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, syncColumns } from './columns.ts';

/** A tenant. `personal` firms hold a self-registered client on their own. */
export const firms = pgTable('firms', {
  id: id(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['firm', 'personal'] }).notNull().default('firm'),
  createdAt: createdAt(),
  ...syncColumns(),
});
