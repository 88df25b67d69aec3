import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { clients } from '../db/schema/clients.ts';
import { firms } from '../db/schema/firms.ts';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../platform/passwords.ts';
import { signIn } from './api.ts';
import { createOneOfEach, type OneOfEach } from './one-of-each.ts';

type Person = { id: string; email: string; token: string };

/** A firm other than the demo firm, with one record of each kind and its three roles signed in. */
export type SecondFirm = OneOfEach & { firmId: string; admin: Person; advisor: Person; client: Person };

/**
 * Another advisory firm, made the way the demo firm is: the firm and its active users inserted
 * directly (the API cannot create an admin), then, through the API as its admin, a client of its
 * advisor in a household with a portfolio holding a security. The client is linked to the firm's
 * client user, as the demo seed links its client logins.
 */
export async function createSecondFirm(app: FastifyInstance, db: Db): Promise<SecondFirm> {
  const tag = randomBytes(4).toString('hex');
  const password = `Harbour#${tag}`;
  const passwordHash = await hashPassword(password);
  const [firm] = await db
    .insert(firms)
    .values({ name: `Harbourline Capital ${tag}` })
    .returning({ id: firms.id });
  if (!firm) throw new Error('the firm insert returned nothing');
  const roles = ['admin', 'advisor', 'client'] as const;
  const rows = await db
    .insert(users)
    .values(
      roles.map((role) => ({
        firmId: firm.id,
        email: `${role}.${tag}@harbourline.example`,
        passwordHash,
        firstName: 'Harbour',
        lastName: role,
        role,
      })),
    )
    .returning({ id: users.id, email: users.email, role: users.role });
  const person = async (role: (typeof roles)[number]): Promise<Person> => {
    const row = rows.find((candidate) => candidate.role === role);
    if (!row) throw new Error(`no ${role} inserted`);
    const login = await signIn(app, row.email, password);
    if (login.two_factor_required) throw new Error('unexpected 2FA');
    return { id: row.id, email: row.email, token: login.access_token };
  };
  const [admin, advisor, client] = [await person('admin'), await person('advisor'), await person('client')];
  const records = await createOneOfEach(app, admin.token, advisor.id);
  await db.update(clients).set({ userId: client.id }).where(eq(clients.id, records.ids.client));
  return { ...records, firmId: firm.id, admin, advisor, client };
}
