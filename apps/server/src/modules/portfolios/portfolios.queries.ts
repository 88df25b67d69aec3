import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PortfolioSortField } from '@meridian/domain/portfolios/contracts';
import type { LotAccount } from '@meridian/domain/analytics/tax-lots';
import { lotAccountOf, type PositionTrade } from '@meridian/domain/analytics/position-lots';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';
import { holdings, portfolios, transactions, type HoldingRow, type PortfolioRow } from '../../db/schema/portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import { portfolioReach, type Viewer } from '../../platform/reach.ts';

/** The SQL of the portfolios module; every query here keeps to the caller's reach (platform/reach.ts). */

export type PortfolioSummaryRow = {
  portfolio: PortfolioRow;
  clientName: string;
  holdingsValue: number;
  costBasis: number;
  holdingsCount: number;
};

export type SummaryQuery = {
  where: SQL[];
  sort: PortfolioSortField;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/**
 * Portfolios (reach and filters in `where`) with their client's name and valuation, one page. The
 * valuation is the one the database keeps on each portfolio (see the portfolios table), so every
 * sort, valuation figures included, reads one row per portfolio; sorted by name (the default), the
 * page walks the firm's name index and stops at the page, whatever the size of the firm. Counting
 * is `countPortfolios`: a count over the page would make every match be sorted first.
 */
export async function selectPortfolioSummaries(db: Db, query: SummaryQuery): Promise<PortfolioSummaryRow[]> {
  const holdingsValue = sql`${portfolios.holdingsValue}`;
  const costBasis = sql`${portfolios.holdingsCost}`;
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
  return db
    .select({
      portfolio: portfolios,
      clientName,
      holdingsValue: portfolios.holdingsValue,
      costBasis: portfolios.holdingsCost,
      holdingsCount: portfolios.holdingsCount,
    })
    .from(portfolios)
    .innerJoin(clients, eq(clients.id, portfolios.clientId))
    .where(and(...query.where))
    .orderBy(direction(sortColumns[query.sort]), asc(portfolios.id))
    .limit(query.limit)
    .offset(query.offset);
}

/** How many portfolios the conditions match (reach and filters, as for a page). */
export async function countPortfolios(db: Db, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(portfolios)
    .innerJoin(clients, eq(clients.id, portfolios.clientId))
    .where(and(...where));
  return row?.total ?? 0;
}

/** A live portfolio the user reaches, with the client's firm (for writes), or nothing. */
export async function selectReachablePortfolio(db: Db, viewer: Viewer, id: string): Promise<PortfolioRow | undefined> {
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

/** The securities a portfolio has bought or sold (void entries aside). */
export async function selectTradedSecurities(db: Db, portfolioId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ securityId: transactions.securityId })
    .from(transactions)
    .where(and(eq(transactions.portfolioId, portfolioId), inArray(transactions.type, ['buy', 'sell']), isNull(transactions.voidedAt)));
  return rows.flatMap((row) => (row.securityId ? [row.securityId] : []));
}

/**
 * The buys and sells that count (not void) of a client's live accounts, of these securities (every
 * one when null), in ledger order (date, then as recorded), with each account's lot settings: what
 * positionLots takes. One read for all of the client's accounts, whatever their number.
 */
export async function selectClientLotTrades(
  db: Db,
  clientId: string,
  securityIds: readonly string[] | null,
): Promise<{ trades: PositionTrade[]; accounts: Record<string, LotAccount> }> {
  if (securityIds?.length === 0) return { trades: [], accounts: {} };
  const rows = await db
    .select({
      portfolioId: transactions.portfolioId,
      securityId: transactions.securityId,
      type: transactions.type,
      date: transactions.tradeDate,
      quantity: transactions.quantity,
      price: transactions.price,
      lotMethod: transactions.lotMethod,
      accountType: portfolios.accountType,
      accountLotMethod: portfolios.lotMethod,
    })
    .from(transactions)
    .innerJoin(portfolios, eq(portfolios.id, transactions.portfolioId))
    .where(
      and(
        eq(portfolios.clientId, clientId),
        isNull(portfolios.deletedAt),
        inArray(transactions.type, ['buy', 'sell']),
        isNull(transactions.voidedAt),
        securityIds ? inArray(transactions.securityId, [...securityIds]) : undefined,
      ),
    )
    .orderBy(asc(transactions.portfolioId), asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
  const accounts: Record<string, LotAccount> = {};
  const trades = rows.map((row): PositionTrade => {
    accounts[row.portfolioId] ??= lotAccountOf({ lotMethod: row.accountLotMethod, accountType: row.accountType });
    return {
      portfolioId: row.portfolioId,
      securityId: row.securityId ?? '',
      type: row.type === 'sell' ? 'sell' : 'buy',
      date: row.date,
      quantity: row.quantity ?? 0,
      price: row.price ?? 0,
      lotMethod: row.lotMethod,
    };
  });
  return { trades, accounts };
}
