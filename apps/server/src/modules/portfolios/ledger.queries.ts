import { and, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { pageInfo, pageTotal, pageWindow } from '@meridian/domain/shared/pagination';
import type { TransactionListQuery, TransactionListResponse } from '@meridian/domain/portfolios/transaction-contracts';
import type { Db } from '../../db/client.ts';
import { transactions, type PortfolioRow } from '../../db/schema/portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import { users } from '../../db/schema/users.ts';
import { toTransaction } from './portfolios.views.ts';

/** The name of the user who voided an entry (null when it is not void). */
export const voiderName = sql<string | null>`nullif(trim(concat(${users.firstName}, ' ', ${users.lastName})), '')`;

/** A portfolio's ledger, newest first (trade date, then the order recorded), filtered and paginated. */
export async function listTransactions(db: Db, portfolio: PortfolioRow, query: TransactionListQuery): Promise<TransactionListResponse> {
  const where: SQL[] = [eq(transactions.portfolioId, portfolio.id)];
  if (!query.include_void) where.push(isNull(transactions.voidedAt));
  if (query.type) where.push(eq(transactions.type, query.type));
  if (query.security_id) where.push(eq(transactions.securityId, query.security_id));
  if (query.from) where.push(gte(transactions.tradeDate, query.from));
  if (query.to) where.push(lte(transactions.tradeDate, query.to));
  const page = ({ limit, offset }: { limit: number; offset: number }) =>
    db
      .select({
        transaction: transactions,
        security: { id: securities.id, symbol: securities.symbol, name: securities.name },
        voidedBy: voiderName,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(transactions)
      .leftJoin(securities, eq(securities.id, transactions.securityId))
      .leftJoin(users, eq(users.id, transactions.voidedBy))
      .where(and(...where))
      .orderBy(desc(transactions.tradeDate), desc(transactions.createdAt), desc(transactions.id))
      .limit(limit)
      .offset(offset);
  const rows = await page(pageWindow(query.page, query.per_page));
  const total = await pageTotal(rows, query.page, async () => (await page(pageWindow(1, 1)))[0]?.total ?? 0);
  return {
    transactions: rows.map((row) => toTransaction(row.transaction, row.security, row.voidedBy)),
    ...pageInfo(total, query.page, query.per_page),
  };
}
