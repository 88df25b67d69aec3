import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { portfolioAnalyticsReport, type AnalyticsInput } from '@meridian/domain/analytics/report';
import { combineValuations, type DailyValuation } from '@meridian/domain/analytics/returns';
import { simulatedDistributions, simulatedPaymentsPerYear, simulatedYield } from '@meridian/domain/analytics/benchmark';
import type { PerformancePeriod, PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import { sumMoney } from '@meridian/domain/portfolios/ledger';
import { isTaxable } from '@meridian/domain/rebalancing/tax-treatment';
import { lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { uuidArray } from '../../db/sql-values.ts';
import { clients } from '../../db/schema/clients.ts';
import { firms } from '../../db/schema/firms.ts';
import { holdings, portfolios, type PortfolioRow } from '../../db/schema/portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { getHousehold } from '../households/households.service.ts';
import { reachablePortfolio } from '../portfolios/portfolios.service.ts';
import { extendValuations, storedSeries } from '../valuations/valuations.service.ts';

/**
 * GET /portfolios/{id}/analytics and GET /households/{id}/analytics: the stored daily valuations
 * (never a replay of the ledger against price history), the benchmark's closes, the current
 * positions and the trades for lots, turned into figures by the domain's portfolioAnalyticsReport.
 */

type Scope = AnalyticsInput['scope'];

/**
 * The inputs of a report over some portfolios, read from the database; the caller gives the series
 * (or its promise: the other reads go out beside it, none waits for it).
 */
export async function analyticsInputs(
  db: Db,
  scope: Scope,
  rows: readonly PortfolioRow[],
  period: PerformancePeriod,
  seriesOf: readonly DailyValuation[] | Promise<readonly DailyValuation[]>,
): Promise<AnalyticsInput> {
  const ids = rows.map((row) => row.id);
  const firmId = rows[0]?.firmId;
  const clientIds = [...new Set(rows.map((row) => row.clientId))];
  const [series, positionRows, tradeRows, firm, benchmarkCloses, benchmarkFund, otherAccounts] = await Promise.all([
    seriesOf,
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
            marketValue: sql<number>`round(${holdings.quantity} * coalesce(${securities.lastClose}, ${holdings.averageCost}), 2)`.mapWith(
              Number,
            ),
          })
          .from(holdings)
          .innerJoin(securities, eq(securities.id, holdings.securityId))
          .where(and(inArray(holdings.portfolioId, ids), sql`${holdings.quantity} > 0`)),
    ids.length === 0 ? [] : tradesForLots(db, ids),
    firmId ? db.select({ riskFreeRate: firms.riskFreeRate }).from(firms).where(eq(firms.id, firmId)) : [],
    scope.benchmarkSymbol && ids.length > 0 ? benchmarkClosesSince(db, scope.benchmarkSymbol, ids) : [],
    scope.benchmarkSymbol
      ? db
          .select({ symbol: securities.symbol, assetClass: securities.assetClass })
          .from(securities)
          .where(eq(securities.symbol, scope.benchmarkSymbol))
      : [],
    // The clients' other accounts (closed ones too): a purchase there can make a sale here a wash sale.
    clientIds.length === 0
      ? []
      : db
          .select({
            id: portfolios.id,
            clientId: portfolios.clientId,
            accountType: portfolios.accountType,
            lotMethod: portfolios.lotMethod,
          })
          .from(portfolios)
          .where(and(inArray(portfolios.clientId, clientIds), isNull(portfolios.deletedAt), notInArray(portfolios.id, ids))),
  ]);
  const otherAccountTrades =
    otherAccounts.length === 0
      ? []
      : await tradesForLots(
          db,
          otherAccounts.map((row) => row.id),
        );
  // The market data records no distributions: the fund's are simulated at its usual yield, so that the
  // benchmark is a total return as the portfolio's (dividends included) is.
  const fund = benchmarkFund[0];
  const annualYield = fund ? simulatedYield(fund.symbol, fund.assetClass) : 0;

  return {
    scope,
    period,
    series,
    benchmarkCloses,
    benchmarkDistributions: fund && {
      distributions: simulatedDistributions(benchmarkCloses, annualYield),
      source: 'simulated',
      annualYield,
      paymentsPerYear: simulatedPaymentsPerYear,
    },
    cash: sumMoney(rows.map((row) => row.cashBalance)),
    positions: positionRows,
    trades: tradeRows,
    lotMethods: Object.fromEntries(rows.map((row) => [row.id, row.lotMethod])),
    accounts: Object.fromEntries(
      [...rows, ...otherAccounts].map((row) => [
        row.id,
        { owner: row.clientId, taxDeferred: !isTaxable(row.accountType), lotMethod: row.lotMethod },
      ]),
    ),
    otherAccountTrades,
    riskFreeRate: firm[0]?.riskFreeRate ?? 0,
  };
}

/** The benchmark of several portfolios: the one carrying the most money. */
function householdBenchmark(rows: readonly PortfolioRow[]): string | null {
  const money = new Map<string, number>();
  for (const row of rows) money.set(row.benchmarkSymbol, (money.get(row.benchmarkSymbol) ?? 0) + row.cashBalance + row.holdingsValue);
  return [...money].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

/**
 * The buys and sells of some portfolios in ledger order, with their securities, for the tax lots:
 * read as the driver gives them (a five-year portfolio has hundreds; mapping each field costs more
 * than the query).
 */
async function tradesForLots(db: Db, ids: readonly string[]): Promise<AnalyticsInput['trades']> {
  const result = (await db.execute(sql`
    select t.portfolio_id as "portfolioId", s.id as "securityId", s.symbol, s.name, s.asset_class as "assetClass", t.type,
           t.trade_date::text as date, coalesce(t.quantity, 0)::float8 as quantity, coalesce(t.price, 0)::float8 as price,
           t.lot_method as "lotMethod"
    from transactions t join securities s on s.id = t.security_id
    where t.portfolio_id = any(${uuidArray(ids)}::uuid[]) and t.type in ('buy', 'sell') and t.voided_at is null
    order by t.portfolio_id, t.trade_date, t.created_at, t.id`)) as unknown as { rows: AnalyticsInput['trades'] };
  return result.rows;
}

/**
 * The benchmark's closes from a little before the portfolios' first ledger entry (their series can
 * start no earlier), read as the driver gives them: some 1,300 rows for five years.
 */
async function benchmarkClosesSince(db: Db, symbol: string, ids: readonly string[]): Promise<Array<{ date: string; close: number }>> {
  const result = (await db.execute(sql`
    select p.date::text as date, p.close::float8 as close from prices p
    join securities s on s.id = p.security_id
    where s.symbol = ${symbol}
      and p.date >= (select min(t.trade_date) from transactions t where t.portfolio_id = any(${uuidArray(ids)}::uuid[]) and t.voided_at is null) - 10
    order by p.date`)) as unknown as { rows: Array<{ date: string; close: number }> };
  return result.rows;
}

/** The portfolios' stored series taken together, brought up to the latest trading day first if one stops before it. */
async function currentSeries(app: FastifyInstance, ids: readonly string[]): Promise<DailyValuation[]> {
  const today = marketDate(app.now());
  let stored = await storedSeries(app.db, ids);
  const through = lastTradingDayOnOrBefore(today);
  if (stored.some((series) => series.length > 0 && (series.at(-1)?.date ?? through) < through)) {
    await extendValuations(app.db, today, ids);
    stored = await storedSeries(app.db, ids);
  }
  return combineValuations(stored);
}

async function report(
  app: FastifyInstance,
  scope: Omit<Scope, 'portfolioIds'>,
  rows: readonly PortfolioRow[],
  period: PerformancePeriod,
): Promise<PortfolioAnalytics> {
  const ids = rows.map((row) => row.id);
  return portfolioAnalyticsReport(await analyticsInputs(app.db, { ...scope, portfolioIds: ids }, rows, period, currentSeries(app, ids)));
}

export async function portfolioAnalytics(
  app: FastifyInstance,
  viewer: UserRow,
  id: string,
  period: PerformancePeriod,
): Promise<PortfolioAnalytics> {
  const portfolio = await reachablePortfolio(app.db, viewer, id);
  return report(
    app,
    { kind: 'portfolio', id: portfolio.id, name: portfolio.name, benchmarkSymbol: portfolio.benchmarkSymbol },
    [portfolio],
    period,
  );
}

/** A household's open (active or proposed) portfolios of its members, taken together. */
export async function householdAnalytics(
  app: FastifyInstance,
  viewer: UserRow,
  id: string,
  period: PerformancePeriod,
): Promise<PortfolioAnalytics> {
  const household = await getHousehold(app, viewer, id);
  const memberIds = household.members.map((member) => member.client_id);
  const rows =
    memberIds.length === 0
      ? []
      : await app.db
          .select({ portfolio: portfolios })
          .from(portfolios)
          .innerJoin(clients, eq(clients.id, portfolios.clientId))
          .where(
            and(
              inArray(portfolios.clientId, memberIds),
              isNull(portfolios.deletedAt),
              ne(portfolios.status, 'closed'),
              isNull(clients.deletedAt),
            ),
          )
          .orderBy(asc(portfolios.id));
  const owned = rows.map((row) => row.portfolio);
  return report(
    app,
    { kind: 'household', id: household.id, name: household.name, benchmarkSymbol: householdBenchmark(owned) },
    owned,
    period,
  );
}
