import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { clients } from '../schema/clients.ts';
import { portfolios, transactions } from '../schema/portfolios.ts';
import { users } from '../schema/users.ts';

/**
 * Shows the ledger's corrections in the demo: the client login's first account has a quarterly fee
 * that was entered twice and voided by its advisor (on the record, struck through, counted nowhere),
 * and a margin allowance of $25,000. Neither changes a figure: a void entry counts in no sum, and
 * the margin is only room the account has not used.
 */
export async function seedDemoLedgerCorrections(db: Db): Promise<void> {
  const [account] = await db
    .select({ portfolioId: portfolios.id, firmId: portfolios.firmId, advisorId: clients.advisorId })
    .from(portfolios)
    .innerJoin(clients, eq(clients.id, portfolios.clientId))
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(users.email, 'client@summitridge.example'))
    .orderBy(asc(portfolios.name))
    .limit(1);
  if (!account) return;
  const [fee] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.portfolioId, account.portfolioId), eq(transactions.type, 'fee')))
    .orderBy(desc(transactions.tradeDate))
    .limit(1);
  if (fee) {
    // Recorded a moment after the real fee, voided the next day.
    const voidedAt = new Date(fee.createdAt.getTime() + 86_400_000);
    await db.insert(transactions).values({
      firmId: account.firmId,
      portfolioId: account.portfolioId,
      type: 'fee',
      tradeDate: fee.tradeDate,
      amount: fee.amount,
      notes: fee.notes,
      createdBy: account.advisorId,
      createdAt: new Date(fee.createdAt.getTime() + 1),
      updatedAt: voidedAt,
      voidedAt,
      voidedBy: account.advisorId,
      voidReason: 'Entered twice: the custodian charged the quarterly fee once',
      syncVersion: 2,
    });
  }
  await db.update(portfolios).set({ marginLimit: 25_000 }).where(eq(portfolios.id, account.portfolioId));
}
