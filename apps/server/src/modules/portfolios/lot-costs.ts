import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { positionLots } from '@meridian/domain/analytics/position-lots';
import { openLotsCost } from '@meridian/domain/analytics/tax-lots';
import type { WashLotHistory } from '@meridian/domain/analytics/wash-sale-lots';
import { valueHolding } from '@meridian/domain/portfolios/ledger';
import type { Db } from '../../db/client.ts';
import { holdings, portfolios } from '../../db/schema/portfolios.ts';
import { uuidArray } from '../../db/sql-values.ts';
import { selectClientLotTrades } from './portfolios.queries.ts';

/**
 * Each holding stores the cost of its open lots (holdings.cost_basis), which the database sums into
 * the portfolio's holdings_cost (the valuation trigger of migrations 0005 and 0017): the lists, the
 * portfolio page, the client summary and AUM then show the basis the analytics lots show. The lots
 * are positionLots': one security's trades in all of the client's accounts, wash sales included, so
 * a trade in one account can change the cost of a holding in another. Every write that can change
 * them (a ledger write, a void or correction, a change of lot method or account type, a deleted
 * account) rewrites the costs of the client's holdings of the securities it touches, in its own
 * database transaction, under lockClientAccounts.
 */

/** Lots by portfolio, then security. */
export type ClientLots = Map<string, Map<string, WashLotHistory>>;

/** The lots of a client's positions in these securities (every one when null), from the trades of all of their live accounts. */
export async function clientLots(db: Db, clientId: string, securityIds: readonly string[] | null): Promise<ClientLots> {
  const { trades, accounts } = await selectClientLotTrades(db, clientId, securityIds);
  return positionLots(trades, accounts);
}

/** A holding's cost: its open lots', or its average cost when its trades do not account for its shares (none recorded). */
export function holdingCost(lots: ClientLots, holding: { portfolioId: string; securityId: string; quantity: number; averageCost: number }) {
  const open = openLotsCost(lots.get(holding.portfolioId)?.get(holding.securityId)?.openLots ?? []);
  return open.quantity === holding.quantity ? open.costBasis : valueHolding({ ...holding, lastClose: null }).costBasis;
}

/**
 * Writers that can change a client's lots queue on the rows of all the client's accounts, locked in id
 * order (as the valuations' batches lock them), so each sees the others' trades and none deadlocks.
 */
export async function lockClientAccounts(db: Db, clientId: string): Promise<void> {
  await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(eq(portfolios.clientId, clientId), isNull(portfolios.deletedAt)))
    .orderBy(asc(portfolios.id))
    .for('update');
}

/**
 * Rewrites the cost of the client's holdings of these securities (every one when null) in all of their
 * live accounts, in one statement so the valuation trigger runs once; `lots` when the caller has them
 * already. `onlyUncosted` leaves rows already costed as they are. Callers hold lockClientAccounts.
 */
export async function storeLotCosts(
  db: Db,
  clientId: string,
  securityIds: readonly string[] | null,
  options: { lots?: ClientLots; onlyUncosted?: boolean } = {},
): Promise<void> {
  if (securityIds?.length === 0) return;
  const [rows, lots] = await Promise.all([
    db
      .select({
        portfolioId: holdings.portfolioId,
        securityId: holdings.securityId,
        quantity: holdings.quantity,
        averageCost: holdings.averageCost,
      })
      .from(holdings)
      .innerJoin(portfolios, eq(portfolios.id, holdings.portfolioId))
      .where(
        and(
          eq(portfolios.clientId, clientId),
          isNull(portfolios.deletedAt),
          securityIds ? inArray(holdings.securityId, [...securityIds]) : undefined,
          options.onlyUncosted ? isNull(holdings.costBasis) : undefined,
        ),
      ),
    options.lots ?? clientLots(db, clientId, securityIds),
  ]);
  if (rows.length === 0) return;
  const costs = rows.map((row) => holdingCost(lots, row));
  await db.execute(sql`
    update holdings h set cost_basis = c.cost
    from unnest(${uuidArray(rows.map((row) => row.portfolioId))}::uuid[], ${uuidArray(rows.map((row) => row.securityId))}::uuid[],
                ${`{${costs.join(',')}}`}::numeric[]) as c(portfolio_id, security_id, cost)
    where h.portfolio_id = c.portfolio_id and h.security_id = c.security_id and h.cost_basis is distinct from c.cost`);
}

/**
 * Costs by their lots the holdings written before cost_basis existed (null), a client at a time under
 * the lock of their accounts, so a trade landing meanwhile is never overwritten with an older figure.
 * Start-up runs it; once every row is costed it finds nothing to do.
 */
export async function backfillLotCosts(db: Db): Promise<number> {
  const pending = await db
    .selectDistinct({ clientId: portfolios.clientId })
    .from(holdings)
    .innerJoin(portfolios, eq(portfolios.id, holdings.portfolioId))
    .where(and(isNull(holdings.costBasis), isNull(portfolios.deletedAt)));
  for (const { clientId } of pending) {
    await db.transaction(async (tx) => {
      await lockClientAccounts(tx, clientId);
      await storeLotCosts(tx, clientId, null, { onlyUncosted: true });
    });
  }
  return pending.length;
}
