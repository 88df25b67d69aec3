import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ageFrom } from '@meridian/domain/shared/format';
import { cashBalance, positionFromTransactions, tradeValue } from '@meridian/domain/portfolios/ledger';
import { simulatePrices } from '@meridian/domain/securities/price-simulation';
import { addMonths, lastTradingDayOnOrBefore, tradingDaysBetween } from '@meridian/domain/shared/trading-calendar';
import { describeEachDatabase } from '../../test/harness.ts';
import { clients } from '../schema/clients.ts';
import { firms } from '../schema/firms.ts';
import { holdings, portfolios, transactions } from '../schema/portfolios.ts';
import { securities } from '../schema/securities.ts';
import { users } from '../schema/users.ts';
import { demoFirmName } from './demo-accounts.ts';
import { dividendPolicy, type PlanClient, type PlanSecurity } from './demo-portfolio-choices.ts';
import { planClientPortfolios, type PlanMarket } from './demo-portfolio-plan.ts';
import { seedDemoPortfolios, type SeedPortfoliosResult } from './demo-portfolios.ts';
import type { Db } from '../client.ts';
import { securitiesList } from './securities-list.ts';

/** Clients across ages, means and risk capacities. */
const profiles: Array<Omit<PlanClient, 'id' | 'email' | 'lastName'>> = [
  { birthDate: '1996-05-01', netWorth: 80_000, annualIncome: 70_000, riskCapacity: 'high', householdRole: null },
  { birthDate: '1985-09-12', netWorth: 900_000, annualIncome: 180_000, riskCapacity: 'medium', householdRole: 'head' },
  { birthDate: '1978-02-20', netWorth: 6_000_000, annualIncome: 600_000, riskCapacity: 'high', householdRole: 'spouse' },
  { birthDate: '1952-11-30', netWorth: 2_500_000, annualIncome: null, riskCapacity: 'low', householdRole: 'head' },
  { birthDate: '1948-03-03', netWorth: 400_000, annualIncome: 0, riskCapacity: 'low', householdRole: null },
  { birthDate: null, netWorth: null, annualIncome: null, riskCapacity: null, householdRole: null },
  { birthDate: '1990-07-07', netWorth: 1_200_000, annualIncome: 140_000, riskCapacity: 'medium', householdRole: null },
  { birthDate: '1965-01-15', netWorth: 3_500_000, annualIncome: 350_000, riskCapacity: 'medium', householdRole: 'head' },
];

/** Checks that a portfolio's stored holdings and cash are what its stored ledger replays to. */
async function expectLedgerConsistent(db: Db, portfolioId: string) {
  // Void entries stay on the record and count in no figure.
  const ledger = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.portfolioId, portfolioId), isNull(transactions.voidedAt)))
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
  const [portfolio] = await db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  expect(portfolio?.cashBalance).toBe(cashBalance(ledger.map((t) => t.amount)));
  const stored = await db.select().from(holdings).where(eq(holdings.portfolioId, portfolioId));
  const traded = [...new Set(ledger.filter((t) => t.type === 'buy' || t.type === 'sell').map((t) => t.securityId!))];
  const open = traded
    .map((id) => ({ id, position: positionFromTransactions(ledger.filter((t) => t.securityId === id)) }))
    .filter((p) => p.position.quantity > 0);
  expect(stored.map((h) => [h.securityId, h.quantity, h.averageCost]).sort()).toEqual(
    open.map((p) => [p.id, p.position.quantity, p.position.averageCost]).sort(),
  );
  return { ledger, portfolio: portfolio!, holdings: stored };
}

describeEachDatabase('demo portfolios seed', (t) => {
  let firmId: string;
  let advisorId: string;
  let result: SeedPortfoliosResult;
  let seconds: number;

  beforeAll(async () => {
    // A firm of its own, so the test does not depend on what the demo clients seed holds.
    const [firm] = await t.db.insert(firms).values({ name: 'Seed Test Advisors', kind: 'firm' }).returning();
    firmId = firm!.id;
    const [advisor] = await t.db
      .insert(users)
      .values({
        firmId,
        email: `seed.advisor.${Date.now()}@example.com`,
        passwordHash: 'x',
        firstName: 'Seed',
        lastName: 'Advisor',
        role: 'advisor',
      })
      .returning();
    advisorId = advisor!.id;
    await t.db.insert(clients).values(
      profiles.map((profile, index) => ({
        ...profile,
        firmId,
        advisorId,
        firstName: `Client${index}`,
        lastName: `Seeded${index}`,
        email: `seeded${index}@example.com`,
      })),
    );
    const started = performance.now();
    result = await seedDemoPortfolios(t.db, { firmId });
    seconds = (performance.now() - started) / 1000;
  });

  it('gives every client 1-3 portfolios and records what it wrote', async () => {
    expect(result).toMatchObject({ skipped: false, clients: profiles.length });
    const rows = await t.db.select().from(portfolios).where(eq(portfolios.firmId, firmId));
    expect(rows).toHaveLength(result.portfolios);
    const perClient = new Map<string, number>();
    for (const row of rows) perClient.set(row.clientId, (perClient.get(row.clientId) ?? 0) + 1);
    expect(perClient.size).toBe(profiles.length);
    for (const n of perClient.values()) expect(n >= 1 && n <= 3, `${n} portfolios`).toBe(true);
    const [tx] = await t.db.select({ total: count() }).from(transactions).where(eq(transactions.firmId, firmId));
    expect(tx?.total).toBe(result.transactions);
    expect(seconds).toBeLessThan(60);
  });

  it("stores holdings and cash that are exactly what each portfolio's ledger replays to", async () => {
    const rows = await t.db.select().from(portfolios).where(eq(portfolios.firmId, firmId));
    for (const row of rows) {
      const { ledger, holdings: stored } = await expectLedgerConsistent(t.db, row.id);
      expect(stored.length, row.name).toBeGreaterThanOrEqual(3);
      expect(stored.length, row.name).toBeLessThanOrEqual(20);
      expect(ledger[0]).toMatchObject({ type: 'deposit', notes: 'Initial deposit', createdBy: advisorId });
      expect(row.cashBalance, row.name).toBeGreaterThanOrEqual(0);
    }
  });

  it("stores each holding's cost as its open FIFO lots and the portfolio's cost as their sum", async () => {
    const rows = await t.db.select().from(portfolios).where(eq(portfolios.firmId, firmId));
    for (const row of rows) {
      const ledger = await t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.portfolioId, row.id), inArray(transactions.type, ['buy', 'sell']), isNull(transactions.voidedAt)))
        .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
      // A reference FIFO: a queue of [shares, price] lots; a sell takes from the front.
      const lots = new Map<string, Array<[number, number]>>();
      for (const trade of ledger) {
        const queue = lots.get(trade.securityId!) ?? [];
        lots.set(trade.securityId!, queue);
        if (trade.type === 'buy') queue.push([trade.quantity!, trade.price!]);
        let left = trade.type === 'sell' ? trade.quantity! : 0;
        while (left > 1e-9) {
          const front = queue[0]!;
          const taken = Math.min(front[0], left);
          front[0] -= taken;
          left -= taken;
          if (front[0] <= 1e-9) queue.shift();
        }
      }
      const stored = await t.db.select().from(holdings).where(eq(holdings.portfolioId, row.id));
      let total = 0;
      for (const holding of stored) {
        const open = (lots.get(holding.securityId) ?? []).reduce((sum, [shares, price]) => sum + shares * price, 0);
        expect(holding.costBasis, row.name).not.toBeNull();
        expect(Math.abs(holding.costBasis! - open), `${row.name} ${holding.costBasis} vs ${open}`).toBeLessThanOrEqual(0.02);
        total += holding.costBasis!;
      }
      expect(row.holdingsCost, row.name).toBeCloseTo(total, 2);
    }
  });

  it('builds three years of history: initial buys, dividends, fees, rebalancing sells', async () => {
    const rows = await t.db.select().from(portfolios).where(eq(portfolios.firmId, firmId));
    const [latest] = await t.db.select({ date: securities.lastPriceDate }).from(securities).where(eq(securities.symbol, 'SPY'));
    const ledger = await t.db
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.portfolioId,
          rows.map((r) => r.id),
        ),
      );
    const types = new Set(ledger.map((tx) => tx.type));
    for (const type of ['deposit', 'buy', 'sell', 'dividend', 'fee', 'withdrawal']) expect(types, type).toContain(type);
    for (const row of rows) {
      const own = ledger.filter((tx) => tx.portfolioId === row.id).sort((a, b) => a.tradeDate.localeCompare(b.tradeDate));
      const opened = own[0]!.tradeDate;
      expect(opened >= addMonths(latest!.date!, -38) && opened <= addMonths(latest!.date!, -33), `${row.name} opened ${opened}`).toBe(true);
      const initialBuys = own.filter((tx) => tx.type === 'buy' && tx.tradeDate === opened);
      expect(initialBuys.length).toBeGreaterThanOrEqual(5);
      expect(initialBuys.length).toBeLessThanOrEqual(20);
      expect(own.filter((tx) => tx.type === 'fee').length).toBeGreaterThanOrEqual(10);
    }
  });

  it('fits the holdings to the risk capacity and the accounts to age and income', async () => {
    const clientRows = await t.db.select().from(clients).where(eq(clients.firmId, firmId));
    const rows = await t.db.select().from(portfolios).where(eq(portfolios.firmId, firmId));
    const [latest] = await t.db.select({ date: securities.lastPriceDate }).from(securities).where(eq(securities.symbol, 'SPY'));
    const held = await t.db
      .select({ portfolioId: holdings.portfolioId, risk: securities.riskRating, assetClass: securities.assetClass })
      .from(holdings)
      .innerJoin(securities, eq(securities.id, holdings.securityId))
      .where(eq(holdings.firmId, firmId));
    for (const client of clientRows) {
      const own = rows.filter((r) => r.clientId === client.id);
      const age = ageFrom(client.birthDate, latest!.date!);
      if (age !== null && age >= 65)
        expect(
          own.map((r) => r.accountType),
          client.email,
        ).not.toContain('401k');
      if (client.riskCapacity === 'low') {
        const mine = held.filter((h) => own.some((r) => r.id === h.portfolioId));
        expect(
          mine.filter((h) => h.risk === 'high'),
          client.email,
        ).toEqual([]);
        expect(mine.some((h) => h.assetClass === 'fixed_income')).toBe(true);
        expect(own.every((r) => r.benchmarkSymbol === 'AGG')).toBe(true);
      }
    }
  });

  it('does nothing the second time, or for a firm without clients', async () => {
    expect(await seedDemoPortfolios(t.db, { firmId })).toMatchObject({ skipped: true, portfolios: 0 });
    const [empty] = await t.db.insert(firms).values({ name: 'Empty', kind: 'firm' }).returning();
    expect(await seedDemoPortfolios(t.db, { firmId: empty!.id })).toMatchObject({ skipped: true, clients: 0 });
  });

  it("the demo firm's seeded clients each have portfolios whose holdings replay from their ledger", async () => {
    const [demoFirm] = await t.db.select().from(firms).where(eq(firms.name, demoFirmName));
    const demoClients = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.firmId, demoFirm!.id));
    const demoPortfolios = await t.db.select().from(portfolios).where(eq(portfolios.firmId, demoFirm!.id));
    // The demo seed gives every client of its firm at least one portfolio (none until its clients are seeded).
    expect(new Set(demoPortfolios.map((p) => p.clientId)).size).toBe(demoClients.length);
    for (const portfolio of demoPortfolios.slice(0, 10)) await expectLedgerConsistent(t.db, portfolio.id);
  });

  it("shows a voided fee and a margin allowance on the client login's first account, changing no figure", async () => {
    const [account] = await t.db
      .select({ id: portfolios.id, marginLimit: portfolios.marginLimit })
      .from(portfolios)
      .innerJoin(clients, eq(clients.id, portfolios.clientId))
      .innerJoin(users, eq(users.id, clients.userId))
      .where(eq(users.email, 'client@summitridge.example'))
      .orderBy(asc(portfolios.name))
      .limit(1);
    expect(account?.marginLimit).toBe(25_000);
    const voided = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.portfolioId, account!.id), isNotNull(transactions.voidedAt)));
    expect(voided.map((row) => [row.type, row.voidReason])).toEqual([
      ['fee', 'Entered twice: the custodian charged the quarterly fee once'],
    ]);
    // The void entry counts nowhere: cash and holdings are what the other entries replay to.
    await expectLedgerConsistent(t.db, account!.id);
  });
});

describe('demo portfolio plan', () => {
  const list: PlanSecurity[] = securitiesList.map((s) => ({
    id: `id-${s.symbol}`,
    symbol: s.symbol,
    assetClass: s.assetClass,
    sector: s.sector,
    riskRating: s.riskRating,
  }));
  const end = lastTradingDayOnOrBefore('2026-03-31');
  const simulation = simulatePrices(securitiesList, { endDate: end, years: 4 });
  const closes = new Map(
    simulation.series.map((series) => [`id-${series.symbol}`, new Map(simulation.dates.map((date, i) => [date, series.closes[i]!]))]),
  );
  const monthDates = tradingDaysBetween(addMonths(end, -40), end).filter(
    (date, i, all) => i === 0 || all[i - 1]!.slice(0, 7) !== date.slice(0, 7),
  );
  const market: PlanMarket = { monthDates, close: (id, date) => closes.get(id)?.get(date) };
  const client = (index: number): PlanClient => ({
    id: `c${index}`,
    email: `c${index}@example.com`,
    lastName: `Plan${index}`,
    ...profiles[index]!,
  });
  const benchmarks = { conservative: 'AGG', growth: 'SPY' };

  it('is deterministic: the same client and market give the same plan', () => {
    for (let i = 0; i < profiles.length; i += 1)
      expect(planClientPortfolios(client(i), list, market, benchmarks)).toEqual(planClientPortfolios(client(i), list, market, benchmarks));
  });

  it('never sells more than is held and keeps cash at or above zero', () => {
    for (let i = 0; i < 60; i += 1) {
      const plans = planClientPortfolios({ ...client(i % profiles.length), email: `many${i}@example.com` }, list, market, benchmarks);
      for (const plan of plans) {
        let cash = 0;
        for (const tx of plan.transactions) {
          cash = Math.round((cash + tx.amount) * 100) / 100;
          expect(cash, `${plan.name} ${tx.tradeDate} ${tx.type}`).toBeGreaterThanOrEqual(-0.001);
        }
        expect(plan.cash).toBeCloseTo(cash, 2);
        expect(plan.holdings.every((h) => h.quantity > 0)).toBe(true);
      }
    }
  });

  it('pays dividends only on payers: monthly for bond funds, quarterly for stocks, nothing for gold', () => {
    const bySymbol = new Map(list.map((s) => [s.symbol, s]));
    expect(dividendPolicy(bySymbol.get('AGG')!).perYear).toBe(12);
    expect(dividendPolicy(bySymbol.get('KO')!).perYear).toBe(4);
    expect(dividendPolicy(bySymbol.get('GLD')!).yield).toBe(0);
    expect(dividendPolicy(bySymbol.get('AMZN')!).yield).toBe(0);
    const plans = profiles.flatMap((_, i) => planClientPortfolios(client(i), list, market, benchmarks));
    for (const plan of plans) {
      for (const tx of plan.transactions.filter((t) => t.type === 'dividend')) {
        const security = list.find((s) => s.id === tx.securityId)!;
        expect(dividendPolicy(security).yield, security.symbol).toBeGreaterThan(0);
        expect(tx.amount).toBe(tradeValue(tx.quantity!, tx.price!));
      }
    }
  });
});
