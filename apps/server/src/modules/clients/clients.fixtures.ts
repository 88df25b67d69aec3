import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Client } from '@meridian/domain/clients';
import type { Db } from '../../db/client.ts';
import { holdings, portfolios, transactions } from '../../db/schema/portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import { users } from '../../db/schema/users.ts';
import { api, call, registerUser, signIn } from '../../test/api.ts';

/** Test helpers of the clients and households API tests: sessions, firms, clients and positions. */

export type Session = { token: string; userId: string; firmId: string; name: string };

export async function session(app: FastifyInstance, account: { email: string; password: string }): Promise<Session> {
  const login = await signIn(app, account.email, account.password);
  if (login.two_factor_required) throw new Error('unexpected 2FA');
  return { token: login.access_token, userId: login.user.id, firmId: login.user.firm_id, name: `${login.user.first_name} ${login.user.last_name}` };
}

/** A new advisory firm with its advisor (registered as any advisor would be). */
export async function newAdvisorFirm(app: FastifyInstance): Promise<Session & { email: string; password: string }> {
  const registered = await registerUser(app, 'advisor');
  return { ...(await session(app, registered)), email: registered.email, password: registered.password };
}

/** Another advisor in the same firm (registered, then moved into the firm directly: the API has no invitations yet). */
export async function colleague(app: FastifyInstance, db: Db, firmId: string, role: 'advisor' | 'admin' | 'client' = 'advisor'): Promise<Session> {
  const registered = await registerUser(app, role === 'client' ? 'client' : 'advisor');
  await db.update(users).set({ firmId, role }).where(eq(users.id, registered.user.id));
  app.userCache.invalidate(registered.user.id);
  // Signing in again gives a token of the new firm.
  return session(app, registered);
}

let counter = 0;
/** A unique e-mail for a test client. */
export const uniqueEmail = (prefix = 'client') => `${prefix}.${(counter += 1)}.${randomBytes(3).toString('hex')}@example.com`;

/** POST /clients as `who`; fails the test unless it answers 201. */
export async function addClient(app: FastifyInstance, who: Session, body: Record<string, unknown>): Promise<Client> {
  const response = await call(app, 'POST', api('/clients'), { token: who.token, body: { email: uniqueEmail(), ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Client;
}

/** A security of our own with a known latest close, so values are exact whatever the market seed holds. */
export async function insertSecurity(db: Db, lastClose: number | null) {
  const symbol = `ZT${randomBytes(3).toString('hex').toUpperCase()}`;
  const [row] = await db
    .insert(securities)
    .values({ symbol, name: `Test Security ${symbol}`, assetClass: 'equity', sector: 'Information Technology', industry: 'Software', riskRating: 'medium', lastClose })
    .returning();
  if (!row) throw new Error('security insert returned nothing');
  return row;
}

/** A portfolio of a client, with positions (quantity, average cost) in given securities and optional ledger dates. */
export async function insertPortfolio(
  db: Db,
  client: { id: string; firmId: string },
  options: {
    status?: 'active' | 'proposed' | 'closed';
    cash?: number;
    deleted?: boolean;
    positions?: Array<{ securityId: string; quantity: number; averageCost: number }>;
    tradeDates?: string[];
  } = {},
) {
  const [portfolio] = await db
    .insert(portfolios)
    .values({
      firmId: client.firmId,
      clientId: client.id,
      name: `Account ${randomBytes(2).toString('hex')}`,
      accountType: 'taxable',
      status: options.status ?? 'active',
      cashBalance: options.cash ?? 0,
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning();
  if (!portfolio) throw new Error('portfolio insert returned nothing');
  for (const position of options.positions ?? []) {
    await db.insert(holdings).values({ firmId: client.firmId, portfolioId: portfolio.id, ...position });
  }
  for (const tradeDate of options.tradeDates ?? []) {
    await db.insert(transactions).values({ firmId: client.firmId, portfolioId: portfolio.id, type: 'deposit', tradeDate, amount: 100 });
  }
  return portfolio;
}
