import { and, asc, count, eq, gte, inArray, isNull, max, sql } from 'drizzle-orm';
import { addMonths } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../client.ts';
import { clients } from '../schema/clients.ts';
import { firms } from '../schema/firms.ts';
import { holdings, portfolios } from '../schema/portfolios.ts';
import { prices, securities } from '../schema/securities.ts';
import { demoFirmName } from './demo-accounts.ts';
import type { PlanSecurity } from './demo-portfolio-choices.ts';
import { planClientPortfolios, plannedLotCosts, type PlanMarket, type PlannedPortfolio } from './demo-portfolio-plan.ts';

export type SeedPortfoliosResult = {
  skipped: boolean;
  clients: number;
  portfolios: number;
  transactions: number;
  holdings: number;
  /** Milliseconds spent planning in memory and writing. */
  planMs: number;
  writeMs: number;
};

/** Rows per INSERT of transactions (ten array parameters each) and of portfolios or holdings (values lists). */
const transactionsPerStatement = 20_000;
const rowsPerValuesInsert = 2_000;

/** A trade date as the instant it was recorded: the close in New York (~4 pm ET), plus a sequence in milliseconds. */
const recordedAt = (date: string, sequence = 0) => new Date(Date.parse(`${date}T21:00:00.000Z`) + sequence);

/** A PostgreSQL array literal of text values (each quoted) or NULLs. */
const textArray = (values: ReadonlyArray<string | number | null>) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/**
 * Gives every client of the demo firm 1-3 portfolios with three years of ledger (see
 * demo-portfolio-plan.ts), read from the clients table at seed time, so it must run after the market
 * and the clients are seeded. Does nothing when the firm already has portfolios, when it has no
 * clients yet, or when there is no market history.
 *
 * Speed: planning is in memory; transactions go in with one INSERT … SELECT over unnest() of array
 * parameters per 20,000 rows, so ~100k rows cost a handful of statements, in one transaction.
 */
export async function seedDemoPortfolios(db: Db, options: { firmId?: string } = {}): Promise<SeedPortfoliosResult> {
  const started = performance.now();
  const none = (clientCount = 0): SeedPortfoliosResult => ({
    skipped: true,
    clients: clientCount,
    portfolios: 0,
    transactions: 0,
    holdings: 0,
    planMs: 0,
    writeMs: 0,
  });
  const firmId =
    options.firmId ??
    (
      await db
        .select({ id: firms.id })
        .from(firms)
        .where(and(eq(firms.name, demoFirmName), eq(firms.kind, 'firm')))
        .orderBy(asc(firms.createdAt))
        .limit(1)
    )[0]?.id;
  if (!firmId) return none();
  const [existing] = await db.select({ total: count() }).from(portfolios).where(eq(portfolios.firmId, firmId));
  if ((existing?.total ?? 0) > 0) return none();

  const clientRows = await db
    .select({
      id: clients.id,
      advisorId: clients.advisorId,
      email: clients.email,
      lastName: clients.lastName,
      birthDate: clients.birthDate,
      netWorth: clients.netWorth,
      annualIncome: clients.annualIncome,
      riskCapacity: clients.riskCapacity,
      householdRole: clients.householdRole,
    })
    .from(clients)
    .where(and(eq(clients.firmId, firmId), isNull(clients.deletedAt)))
    .orderBy(asc(clients.email), asc(clients.id));
  if (clientRows.length === 0) return none();

  const securityRows: PlanSecurity[] = await db
    .select({
      id: securities.id,
      symbol: securities.symbol,
      assetClass: securities.assetClass,
      sector: securities.sector,
      riskRating: securities.riskRating,
    })
    .from(securities)
    .where(eq(securities.isActive, true))
    .orderBy(asc(securities.symbol));
  const market = await loadMarket(db, securityRows);
  if (!market) return none(clientRows.length);
  const symbols = new Set(securityRows.map((s) => s.symbol));
  const benchmarks = {
    conservative: symbols.has('AGG') ? 'AGG' : 'SPY',
    growth: symbols.has('SPY') ? 'SPY' : (securityRows[0]?.symbol ?? 'SPY'),
  };

  const plans = clientRows.flatMap((client) =>
    planClientPortfolios(client, securityRows, market, benchmarks).map((plan) => ({ client, plan })),
  );
  const planned = performance.now();

  const written = await db.transaction(async (tx) => {
    const portfolioIds: string[] = [];
    for (let start = 0; start < plans.length; start += rowsPerValuesInsert) {
      const batch = plans.slice(start, start + rowsPerValuesInsert);
      const inserted = await tx
        .insert(portfolios)
        .values(
          batch.map(({ client, plan }) => ({
            firmId,
            clientId: client.id,
            name: plan.name,
            accountType: plan.accountType,
            status: 'active' as const,
            benchmarkSymbol: plan.benchmarkSymbol,
            cashBalance: plan.cash,
            createdAt: recordedAt(plan.openedOn, -3_600_000),
            updatedAt: recordedAt(plan.transactions.at(-1)?.tradeDate ?? plan.openedOn, plan.transactions.length),
          })),
        )
        .returning({ id: portfolios.id });
      portfolioIds.push(...inserted.map((row) => row.id));
    }

    const rows = plans.flatMap(({ client, plan }, index) =>
      plan.transactions.map((t, sequence) => ({
        ...t,
        portfolioId: portfolioIds[index]!,
        createdBy: client.advisorId,
        createdAt: recordedAt(t.tradeDate, sequence),
      })),
    );
    for (let start = 0; start < rows.length; start += transactionsPerStatement) {
      const batch = rows.slice(start, start + transactionsPerStatement);
      await tx.execute(sql`
        insert into transactions (firm_id, portfolio_id, security_id, type, trade_date, quantity, price, amount, notes, created_by, created_at, updated_at)
        select ${firmId}::uuid, t.portfolio_id, t.security_id, t.type, t.trade_date, t.quantity, t.price, t.amount, t.notes, t.created_by, t.created_at, t.created_at
        from unnest(${textArray(batch.map((r) => r.portfolioId))}::uuid[],
                    ${textArray(batch.map((r) => r.securityId))}::uuid[],
                    ${textArray(batch.map((r) => r.type))}::text[],
                    ${textArray(batch.map((r) => r.tradeDate))}::date[],
                    ${textArray(batch.map((r) => r.quantity))}::numeric[],
                    ${textArray(batch.map((r) => r.price))}::numeric[],
                    ${textArray(batch.map((r) => r.amount))}::numeric[],
                    ${textArray(batch.map((r) => r.notes))}::text[],
                    ${textArray(batch.map((r) => r.createdBy))}::uuid[],
                    ${textArray(batch.map((r) => r.createdAt.toISOString()))}::timestamptz[])
             as t(portfolio_id, security_id, type, trade_date, quantity, price, amount, notes, created_by, created_at)`);
    }

    // Each holding's cost comes from the lots of all its client's accounts: a loss sold in one can move into a lot of another.
    const accountsOf = new Map<string, Array<{ portfolioId: string; plan: PlannedPortfolio }>>();
    plans.forEach(({ client, plan }, index) =>
      accountsOf.set(client.id, [...(accountsOf.get(client.id) ?? []), { portfolioId: portfolioIds[index]!, plan }]),
    );
    const costs = new Map([...accountsOf.values()].flatMap((accounts) => [...plannedLotCosts(accounts)]));
    const holdingRows = plans.flatMap(({ plan }, index) =>
      plan.holdings.map((h) => ({
        firmId,
        portfolioId: portfolioIds[index]!,
        securityId: h.securityId,
        quantity: h.quantity,
        averageCost: h.averageCost,
        costBasis: costs.get(portfolioIds[index]!)?.get(h.securityId) ?? null,
        createdAt: recordedAt(h.openedOn),
        updatedAt: recordedAt(h.lastTradeOn),
        syncVersion: h.trades,
      })),
    );
    for (let start = 0; start < holdingRows.length; start += rowsPerValuesInsert) {
      await tx.insert(holdings).values(holdingRows.slice(start, start + rowsPerValuesInsert));
    }
    return { transactions: rows.length, holdings: holdingRows.length };
  });

  const finished = performance.now();
  return {
    skipped: false,
    clients: clientRows.length,
    portfolios: plans.length,
    transactions: written.transactions,
    holdings: written.holdings,
    planMs: Math.round(planned - started),
    writeMs: Math.round(finished - planned),
  };
}

/** The first trading day of each month of the last ~40 months, and every security's close on those days. */
async function loadMarket(db: Db, securityRows: PlanSecurity[]): Promise<PlanMarket | undefined> {
  const [latest] = await db.select({ date: max(securities.lastPriceDate) }).from(securities);
  const reference = securityRows.find((s) => s.symbol === 'SPY') ?? securityRows[0];
  if (!latest?.date || !reference) return undefined;
  const days = await db
    .select({ date: prices.date })
    .from(prices)
    .where(and(eq(prices.securityId, reference.id), gte(prices.date, addMonths(latest.date, -40))))
    .orderBy(asc(prices.date));
  const monthDates: string[] = [];
  for (const { date } of days) if (monthDates.at(-1)?.slice(0, 7) !== date.slice(0, 7)) monthDates.push(date);
  if (monthDates.length === 0) return undefined;
  const closes = new Map<string, number>();
  const rows = await db
    .select({ securityId: prices.securityId, date: prices.date, close: prices.close })
    .from(prices)
    .where(inArray(prices.date, monthDates));
  for (const row of rows) closes.set(`${row.securityId}|${row.date}`, row.close);
  return { monthDates, close: (securityId, date) => closes.get(`${securityId}|${date}`) };
}
