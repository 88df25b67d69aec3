import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '@meridian/domain/shared/ids';
import { clientMessages } from '@meridian/domain/shared/messages';
import type { Role } from '@meridian/domain/auth/roles';
import type { Db } from '../db/client.ts';
import { inlineValues, type Binder } from '../db/statements.ts';
import { clients, households, type ClientRow } from '../db/schema/clients.ts';
import { portfolios, type bookValuationChanges, type bookValuations } from '../db/schema/portfolios.ts';
import { users } from '../db/schema/users.ts';
import { notFound } from './http-error.ts';

/**
 * Who sees which record: the one place that says it. Every query of a client, a portfolio, a
 * household or a user adds the matching condition here, so another firm's record, or another
 * advisor's, is simply not found (404), never shown. Whether a role may change what it sees is the
 * route's access policy (platform/access.ts): client users read, never write.
 */
export type Viewer = { id: string; firmId: string; role: Role };

/**
 * An admin reaches the whole firm's clients, an advisor the clients assigned to them, a client
 * user the record linked to their login. Deleted clients are nobody's. Values go through the
 * binder, so a prepared statement can carry them (db/statements.ts).
 */
export function clientReach(viewer: Viewer, { bind }: Binder = inlineValues): SQL {
  const conditions = [eq(clients.firmId, bind('firmId', viewer.firmId)), isNull(clients.deletedAt)];
  if (viewer.role === 'advisor') conditions.push(eq(clients.advisorId, bind('ownAdvisorId', viewer.id)));
  if (viewer.role === 'client') conditions.push(eq(clients.userId, bind('ownUserId', viewer.id)));
  return and(...conditions) as SQL;
}

/** The client in reach with this id; 404 'Client not found' otherwise. */
export async function reachableClient(db: Db, viewer: Viewer, clientId: string): Promise<ClientRow> {
  const [client] = isUuid(clientId)
    ? await db
        .select()
        .from(clients)
        .where(and(eq(clients.id, clientId), clientReach(viewer)))
    : [];
  if (!client) throw notFound(clientMessages.clientNotFound);
  return client;
}

/** The live portfolios of the clients in reach (the query joins clients on portfolios.client_id). */
export const portfolioReach = (viewer: Viewer): SQL =>
  and(eq(portfolios.firmId, viewer.firmId), isNull(portfolios.deletedAt), clientReach(viewer)) as SQL;

/**
 * The advisors' books (book_valuations, or the changes not folded into it yet) summing the same
 * portfolios as clientReach: the whole firm's for an admin, their own for an advisor. A client user
 * has no book.
 */
export function bookReach(viewer: Viewer, table: typeof bookValuations | typeof bookValuationChanges): SQL {
  if (viewer.role === 'client') return sql`false`;
  const conditions = [eq(table.firmId, viewer.firmId)];
  if (viewer.role === 'advisor') conditions.push(eq(table.advisorId, viewer.id));
  return and(...conditions) as SQL;
}

/** An admin reaches the firm's households, an advisor those they serve, a client user the one they belong to. */
export function householdReach(viewer: Viewer): SQL {
  const conditions = [eq(households.firmId, viewer.firmId), isNull(households.deletedAt)];
  if (viewer.role === 'advisor') conditions.push(eq(households.advisorId, viewer.id));
  if (viewer.role === 'client') {
    conditions.push(sql`${households.id} = (select c.household_id from clients c where c.user_id = ${viewer.id} and c.deleted_at is null)`);
  }
  return and(...conditions) as SQL;
}

/** Admins and advisors see the users of their firm; a client user only themselves. */
export function userReach(viewer: Viewer): SQL {
  const conditions = [eq(users.firmId, viewer.firmId)];
  if (viewer.role === 'client') conditions.push(eq(users.id, viewer.id));
  return and(...conditions) as SQL;
}
