import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PortfolioSortField } from '@meridian/domain/portfolios';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';
import { holdings, portfolios, type HoldingRow, type PortfolioRow } from '../../db/schema/portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import type { UserRow } from '../../db/schema/users.ts';

/**
 * The SQL of the portfolios module. Reach (who may see what) is one condition on the client of a
 * portfolio, applied by every query here: an admin reaches the firm's clients, an advisor the
 * clients assigned to them, a client user the client record linked to their login; a deleted
 * client or portfolio is out of reach for everyone.
 */

/** The clients a user reaches. */
export function clientReach(viewer: UserRow): SQL {
  const conditions: SQL[] = [eq(clients.firmId, viewer.firmId), isNull(clients.deletedAt)];
  if (viewer.role === 'advisor') conditions.push(eq(clients.advisorId, viewer.id));
  if (viewer.role === 'client') conditions.push(eq(clients.userId, viewer.id));
  return and(...conditions)!;
}

/** The live portfolios a user reaches (join clients on portfolios.client_id). */
export const portfolioReach = (viewer: UserRow): SQL =>
  and(eq(portfolios.firmId, viewer.firmId), isNull(portfolios.deletedAt), clientReach(viewer))!;

/**
 * The valuation of each portfolio's holdings, worked out in SQL so lists can sort and page on it:
 * Σ round(quantity × latest close, 2) (a security without a close at its average cost) and
 * Σ round(quantity × average cost, 2): the same figures, rounded the same way (half away from
 * zero), as valueHolding() in packages/domain/src/ledger.ts gives holding by holding.
 */
function valuation(db: Db) {
  return db
    .select({
      holdingsValue: sql<string>`coalesce(sum(round(${holdings.quantity} * coalesce(${securities.lastClose}, ${holdings.averageCost}), 2)), 0)`.as(
        'holdings_value',
      ),
      costBasis: sql<string>`coalesce(sum(round(${holdings.quantity} * ${holdings.averageCost}, 2)), 0)`.as('cost_basis'),
      holdingsCount: sql<string>`count(*)`.as('holdings_count'),
    })
    .from(holdings)
    .innerJoin(securities, eq(securities.id, holdings.securityId))
    .where(and(eq(holdings.portfolioId, portfolios.id), gt(holdings.quantity, 0)))
    .as('valuation');
}

export type PortfolioSummaryRow = {
  portfolio: PortfolioRow;
  clientName: string;
  holdingsValue: number;
  costBasis: number;
  holdingsCount: number;
  total: number;
};

export type SummaryQuery = {
  where: SQL[];
  sort: PortfolioSortField;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** Sorts that need the valuation of every match before the page can be cut. */
const valuationSorts = new Set<PortfolioSortField>(['holdings_value', 'total_value', 'gain_loss', 'gain_loss_percent']);

/**
 * Portfolios (reach and filters in `where`) with their client's name and valuation, one page, with
 * the count of all matches. Sorted by a valuation figure, every match is valued to order them; sorted
 * by anything else, the page is cut first and only its portfolios are valued (a firm-wide list of
 * thousands of portfolios then values 50, not all of them).
 */
export async function selectPortfolioSummaries(db: Db, query: SummaryQuery): Promise<PortfolioSummaryRow[]> {
  const v = valuation(db);
  const holdingsValue = sql`${v.holdingsValue}`;
  const costBasis = sql`${v.costBasis}`;
  const clientName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;
  const sortColumns: Record<PortfolioSortField, SQL> = {
    name: sql`lower(${portfolios.name})`,
    client_name: sql`lower(${clientName})`,
    account_type: sql`${portfolios.accountType}`,
    status: sql`${portfolios.status}`,
    cash_balance: sql`${portfolios.cashBalance}`,
    holdings_value: holdingsValue,
    total_value: sql`${portfolios.cashBalance} + ${holdingsValue}`,
    gain_loss: sql`${holdingsValue} - ${costBasis}`,
    gain_loss_percent: sql`case when ${costBasis} > 0 then (${holdingsValue} - ${costBasis}) / ${costBasis} else 0 end`,
    created_at: sql`${portfolios.createdAt}`,
    updated_at: sql`${portfolios.updatedAt}`,
  };
  const direction = query.order === 'desc' ? desc : asc;
  const order = [direction(sortColumns[query.sort]), asc(portfolios.id)];

  let where = and(...query.where);
  let pageTotal: number | undefined;
  if (!valuationSorts.has(query.sort)) {
    const page = await db
      .select({ id: portfolios.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(portfolios)
      .innerJoin(clients, eq(clients.id, portfolios.clientId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
    if (page.length === 0) return [];
    pageTotal = page[0]!.total;
    where = inArray(
      portfolios.id,
      page.map((row) => row.id),
    );
  }
  const rows = await db
    .select({
      portfolio: portfolios,
      clientName,
      holdingsValue: sql<number>`${v.holdingsValue}`.mapWith(Number),
      costBasis: sql<number>`${v.costBasis}`.mapWith(Number),
      holdingsCount: sql<number>`${v.holdingsCount}`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(portfolios)
    .innerJoin(clients, eq(clients.id, portfolios.clientId))
    .leftJoinLateral(v, sql`true`)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(pageTotal === undefined ? query.offset : 0);
  return pageTotal === undefined ? rows : rows.map((row) => ({ ...row, total: pageTotal }));
}

/** A live portfolio the user reaches, with the client's firm (for writes), or nothing. */
export async function selectReachablePortfolio(db: Db, viewer: UserRow, id: string): Promise<PortfolioRow | undefined> {
  const [row] = await db
    .select({ portfolio: portfolios })
    .from(portfolios)
    .innerJoin(clients, eq(clients.id, portfolios.clientId))
    .where(and(eq(portfolios.id, id), portfolioReach(viewer)));
  return row?.portfolio;
}

export type HoldingWithSecurity = {
  holding: HoldingRow;
  security: {
    id: string;
    symbol: string;
    name: string;
    sector: string;
    assetClass: (typeof securities.assetClass.enumValues)[number];
    riskRating: (typeof securities.riskRating.enumValues)[number];
    lastClose: number | null;
    lastPriceDate: string | null;
    priceSource: (typeof securities.priceSource.enumValues)[number] | null;
  };
};

/** The open positions (quantity above 0) of a portfolio with their securities. */
export async function selectHoldings(db: Db, portfolioId: string): Promise<HoldingWithSecurity[]> {
  return db
    .select({
      holding: holdings,
      security: {
        id: securities.id,
        symbol: securities.symbol,
        name: securities.name,
        sector: securities.sector,
        assetClass: securities.assetClass,
        riskRating: securities.riskRating,
        lastClose: securities.lastClose,
        lastPriceDate: securities.lastPriceDate,
        priceSource: securities.priceSource,
      },
    })
    .from(holdings)
    .innerJoin(securities, eq(securities.id, holdings.securityId))
    .where(and(eq(holdings.portfolioId, portfolioId), gt(holdings.quantity, 0)));
}
