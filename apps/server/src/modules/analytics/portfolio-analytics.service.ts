import { and, asc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { portfolioAnalyticsReport, type AnalyticsInput } from '@meridian/domain/analytics/report';
import { combineValuations, type DailyValuation } from '@meridian/domain/analytics/returns';
import type { PerformancePeriod, PortfolioAnalytics } from '@meridian/domain/portfolio-analytics';
import { sumMoney } from '@meridian/domain/ledger';
import { addDays, lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/trading-calendar';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';
import { firms } from '../../db/schema/firms.ts';
import { holdings, portfolios, transactions, type PortfolioRow } from '../../db/schema/portfolios.ts';
import { prices, securities } from '../../db/schema/securities.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { getHousehold } from '../households/households.service.ts';
import { reachablePortfolio } from '../portfolios/portfolios.service.ts';
import { extendValuations, storedSeries } from './valuations.service.ts';

/**
 * GET /portfolios/{id}/analytics and GET /households/{id}/analytics: the stored daily valuations
 * (never a replay of the ledger against price history), the benchmark's closes, the current
 * positions and the trades for lots, turned into figures by the domain's portfolioAnalyticsReport.
 */

type Scope = AnalyticsInput['scope'];

/** The inputs of a report over some portfolios, read from the database; `series` is given by the caller. */
export async function analyticsInputs(db: Db, scope: Scope, rows: readonly PortfolioRow[], period: PerformancePeriod, series: readonly DailyValuation[]): Promise<AnalyticsInput> {
  const ids = rows.map((row) => row.id);
  const firmId = rows[0]?.firmId;
  const [positionRows, tradeRows, firm, benchmarkCloses] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            portfolioId: holdings.portfolioId,
            securityId: securities.id,
            symbol: securities.symbol,
            name: securities.name,
            assetClass: securities.assetClass,
            sector: securities.sector,
            quantity: holdings.quantity,
            price: sql<number>`coalesce(${securities.lastClose}, ${holdings.averageCost})`.mapWith(Number),
            marketValue: sql<number>`round(${holdings.quantity} * coalesce(${securities.lastClose}, ${holdings.averageCost}), 2)`.mapWith(Number),
          })
          .from(holdings)
          .innerJoin(securities, eq(securities.id, holdings.securityId))
          .where(and(inArray(holdings.portfolioId, ids), sql`${holdings.quantity} > 0`)),
    ids.length === 0
      ? []
      : db
          .select({
            portfolioId: transactions.portfolioId,
            securityId: securities.id,
            symbol: securities.symbol,
            name: securities.name,
            assetClass: securities.assetClass,
            type: transactions.type,
            date: transactions.tradeDate,
            quantity: transactions.quantity,
            price: transactions.price,
          })
          .from(transactions)
          .innerJoin(securities, eq(securities.id, transactions.securityId))
          .where(and(inArray(transactions.portfolioId, ids), inArray(transactions.type, ['buy', 'sell'])))
          .orderBy(asc(transactions.portfolioId), asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id)),
    firmId ? db.select({ riskFreeRate: firms.riskFreeRate }).from(firms).where(eq(firms.id, firmId)) : [],
    scope.benchmarkSymbol && series[0]
      ? db
          .select({ date: prices.date, close: prices.close })
          .from(prices)
          .innerJoin(securities, eq(securities.id, prices.securityId))
          .where(and(eq(securities.symbol, scope.benchmarkSymbol), gte(prices.date, addDays(series[0].date, -10))))
          .orderBy(asc(prices.date))
      : [],
  ]);

  return {
    scope,
    period,
    series,
    benchmarkCloses,
    cash: sumMoney(rows.map((row) => row.cashBalance)),
    positions: positionRows,
    trades: tradeRows.map((trade) => ({ ...trade, type: trade.type as 'buy' | 'sell', quantity: trade.quantity ?? 0, price: trade.price ?? 0 })),
    lotMethods: Object.fromEntries(rows.map((row) => [row.id, row.lotMethod])),
    riskFreeRate: firm[0]?.riskFreeRate ?? 0,
  };
}

/** The benchmark of several portfolios: the one carrying the most money. */
function householdBenchmark(rows: readonly PortfolioRow[]): string | null {
  const money = new Map<string, number>();
  for (const row of rows) money.set(row.benchmarkSymbol, (money.get(row.benchmarkSymbol) ?? 0) + row.cashBalance + row.holdingsValue);
  return [...money].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

async function report(app: FastifyInstance, scope: Omit<Scope, 'portfolioIds'>, rows: readonly PortfolioRow[], period: PerformancePeriod): Promise<PortfolioAnalytics> {
  const ids = rows.map((row) => row.id);
  const today = marketDate(app.now());
  let stored = await storedSeries(app.db, ids);
  // A series that stops before the latest trading day (a new day, not yet extended) is brought up to it first.
  const through = lastTradingDayOnOrBefore(today);
  if (stored.some((series) => series.length > 0 && (series.at(-1)?.date ?? through) < through)) {
    await extendValuations(app.db, today, ids);
    stored = await storedSeries(app.db, ids);
  }
  const series = combineValuations(stored);
  return portfolioAnalyticsReport(await analyticsInputs(app.db, { ...scope, portfolioIds: ids }, rows, period, series));
}

export async function portfolioAnalytics(app: FastifyInstance, viewer: UserRow, id: string, period: PerformancePeriod): Promise<PortfolioAnalytics> {
  const portfolio = await reachablePortfolio(app.db, viewer, id);
  return report(app, { kind: 'portfolio', id: portfolio.id, name: portfolio.name, benchmarkSymbol: portfolio.benchmarkSymbol }, [portfolio], period);
}

/** A household's open (active or proposed) portfolios of its members, taken together. */
export async function householdAnalytics(app: FastifyInstance, viewer: UserRow, id: string, period: PerformancePeriod): Promise<PortfolioAnalytics> {
  const household = await getHousehold(app, viewer, id);
  const memberIds = household.members.map((member) => member.client_id);
  const rows =
    memberIds.length === 0
      ? []
      : await app.db
          .select({ portfolio: portfolios })
          .from(portfolios)
          .innerJoin(clients, eq(clients.id, portfolios.clientId))
          .where(and(inArray(portfolios.clientId, memberIds), isNull(portfolios.deletedAt), ne(portfolios.status, 'closed'), isNull(clients.deletedAt)))
          .orderBy(asc(portfolios.id));
  const owned = rows.map((row) => row.portfolio);
  return report(app, { kind: 'household', id: household.id, name: household.name, benchmarkSymbol: householdBenchmark(owned) }, owned, period);
}
