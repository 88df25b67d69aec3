import { eq, isNull, sql } from 'drizzle-orm';
import { openLotsCost, type LotMethod } from '@meridian/domain/analytics/tax-lots';
import { valueHolding } from '@meridian/domain/portfolios/ledger';
import type { Db } from '../../db/client.ts';
import { holdings, portfolios } from '../../db/schema/portfolios.ts';
import { uuidArray } from '../../db/sql-values.ts';
import { selectLotTrades } from './portfolios.queries.ts';

/**
 * Each holding stores the cost of its open lots (holdings.cost_basis), which the database sums into
 * the portfolio's holdings_cost (the valuation trigger of migrations 0005 and 0017): the lists, the
 * client summary and AUM then show the basis the holdings table and the analytics lots show. The
 * ledger writes it with each rebuilt holding; here it is rewritten for a whole portfolio (a change
 * of lot method) and costed once for rows written before the column existed.
 */

/**
 * Rewrites the open-lot cost of every holding of a portfolio by `lotMethod` (void entries left out, a
 * sell's own lot order respected), in one statement so the valuation trigger runs once; a holding
 * its trades do not account for (none recorded) keeps its average cost, as the holdings table does.
 * `onlyUncosted` leaves rows already costed as they are. Callers hold the portfolio's row lock, as
 * the ledger's writers do.
 */
export async function storeLotCosts(db: Db, portfolioId: string, lotMethod: LotMethod, onlyUncosted = false): Promise<void> {
  const [rows, trades] = await Promise.all([
    db
      .select({ securityId: holdings.securityId, quantity: holdings.quantity, averageCost: holdings.averageCost })
      .from(holdings)
      .where(eq(holdings.portfolioId, portfolioId)),
    selectLotTrades(db, portfolioId),
  ]);
  if (rows.length === 0) return;
  const costs = rows.map((row) => {
    const lots = openLotsCost(
      trades.filter((trade) => trade.securityId === row.securityId),
      lotMethod,
    );
    return lots.quantity === row.quantity ? lots.costBasis : valueHolding({ ...row, lastClose: null }).costBasis;
  });
  await db.execute(sql`
    update holdings h set cost_basis = c.cost
    from unnest(${uuidArray(rows.map((row) => row.securityId))}::uuid[], ${`{${costs.join(',')}}`}::numeric[]) as c(security_id, cost)
    where h.portfolio_id = ${portfolioId} and h.security_id = c.security_id
      and h.cost_basis is distinct from c.cost ${onlyUncosted ? sql`and h.cost_basis is null` : sql``}`);
}

/**
 * Costs by their lots the holdings written before cost_basis existed (null), a portfolio at a time
 * under its row lock, so a trade landing meanwhile is never overwritten with an older figure.
 * Start-up runs it; once every row is costed it finds nothing to do.
 */
export async function backfillLotCosts(db: Db): Promise<number> {
  const pending = await db.selectDistinct({ portfolioId: holdings.portfolioId }).from(holdings).where(isNull(holdings.costBasis));
  for (const { portfolioId } of pending) {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ lotMethod: portfolios.lotMethod })
        .from(portfolios)
        .where(eq(portfolios.id, portfolioId))
        .for('update');
      if (locked) await storeLotCosts(tx, portfolioId, locked.lotMethod, true);
    });
  }
  return pending.length;
}
