import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PortfolioDetail } from '@meridian/domain/portfolios';
import type { Db } from '../../db/client.ts';
import { clients, type ClientRow } from '../../db/schema/clients.ts';
import { securities, type SecurityRow } from '../../db/schema/securities.ts';
import { users } from '../../db/schema/users.ts';
import { api, call, demo, signIn } from '../../test/api.ts';

/** Test helpers of the portfolio API tests: sessions, client rows and portfolios to work on. */

export type Session = { token: string; userId: string; firmId: string };

export async function session(app: FastifyInstance, account: { email: string; password: string }): Promise<Session> {
  const login = await signIn(app, account.email, account.password);
  if (login.two_factor_required) throw new Error('unexpected 2FA');
  return { token: login.access_token, userId: login.user.id, firmId: login.user.firm_id };
}

/** A client row of an advisor (inserted directly: the clients API is another module). */
export async function insertClient(db: Db, advisor: { userId: string; firmId: string }, fields: Partial<typeof clients.$inferInsert> = {}): Promise<ClientRow> {
  const tag = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(clients)
    .values({
      firmId: advisor.firmId,
      advisorId: advisor.userId,
      firstName: 'Test',
      lastName: `Client ${tag}`,
      email: `portfolio.client.${tag}@example.com`,
      riskCapacity: 'medium',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('client insert returned nothing');
  return row;
}

/** The client record linked to a client user's login: the seeded one when there is one, else a new one for the advisor. */
export async function clientOfUser(db: Db, user: Session, advisor: Session): Promise<ClientRow> {
  const [existing] = await db.select().from(clients).where(eq(clients.userId, user.userId));
  if (existing) {
    if (existing.deletedAt) throw new Error('the demo client user is linked to a deleted client');
    return existing;
  }
  const [account] = await db.select().from(users).where(eq(users.id, user.userId));
  return insertClient(db, advisor, { userId: user.userId, firstName: account?.firstName ?? 'Jordan', lastName: account?.lastName ?? 'Reyes' });
}

export async function securityBySymbol(db: Db, symbol: string): Promise<SecurityRow> {
  const [row] = await db.select().from(securities).where(eq(securities.symbol, symbol));
  if (!row) throw new Error(`no security ${symbol} in the seeded market`);
  return row;
}

/** Opens a portfolio through the API and returns it (201 expected). */
export async function openPortfolio(
  app: FastifyInstance,
  token: string,
  clientId: string,
  fields: Record<string, unknown> = {},
): Promise<PortfolioDetail> {
  const response = await call(app, 'POST', api('/portfolios'), {
    token,
    body: { client_id: clientId, name: `Portfolio ${randomBytes(3).toString('hex')}`, account_type: 'taxable', ...fields },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as PortfolioDetail;
}

export { demo };

/** The demo firm's two advisors, its admin and its client user, signed in. */
export async function demoSessions(app: FastifyInstance): Promise<{ alex: Session; priya: Session; admin: Session; jordan: Session }> {
  const [alex, priya, admin, jordan] = await Promise.all([demo.alex, demo.priya, demo.admin, demo.client].map((account) => session(app, account)));
  return { alex: alex!, priya: priya!, admin: admin!, jordan: jordan! };
}
