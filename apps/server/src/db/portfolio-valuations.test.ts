import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { addClient, insertPortfolio, insertSecurity, newAdvisorFirm, type Session } from '../test/fixtures/clients.fixtures.ts';
import { describeEachDatabase } from '../test/harness.ts';
import type { Db } from './client.ts';
import { holdings, portfolios } from './schema/portfolios.ts';
import { securities } from './schema/securities.ts';

type Valuation = { value: number; cost: number; count: number };

/** The valuation a portfolio's holdings add up to now, computed from scratch. */
async function computed(db: Db, portfolioId: string): Promise<Valuation> {
  const [row] = await db
    .select({
      value:
        sql<number>`coalesce(sum(round(${holdings.quantity} * coalesce(${securities.lastClose}, ${holdings.averageCost}), 2)), 0)`.mapWith(
          Number,
        ),
      cost: sql<number>`coalesce(sum(round(${holdings.quantity} * ${holdings.averageCost}, 2)), 0)`.mapWith(Number),
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(holdings)
    .innerJoin(securities, eq(securities.id, holdings.securityId))
    .where(sql`${holdings.portfolioId} = ${portfolioId} and ${holdings.quantity} > 0`);
  return row!;
}

/** What the database keeps on the portfolio. */
async function stored(db: Db, portfolioId: string): Promise<Valuation> {
  const [row] = await db
    .select({ value: portfolios.holdingsValue, cost: portfolios.holdingsCost, count: portfolios.holdingsCount })
    .from(portfolios)
    .where(eq(portfolios.id, portfolioId));
  return row!;
}

describeEachDatabase('stored portfolio valuations', (t) => {
  let advisor: Session;
  let owner: { id: string; firmId: string };
  beforeAll(async () => {
    advisor = await newAdvisorFirm(t.app);
    const client = await addClient(t.app, advisor, { first_name: 'Vera', last_name: 'Valued' });
    owner = { id: client.id, firmId: advisor.firmId };
  });

  it('every portfolio of the demo book holds the valuation its holdings add up to', async () => {
    const stale = (await t.db.execute(sql`
      select p.id from portfolios p
      left join lateral (
        select coalesce(sum(round(h.quantity * coalesce(s.last_close, h.average_cost), 2)), 0) as value,
               coalesce(sum(coalesce(h.cost_basis, round(h.quantity * h.average_cost, 2))), 0) as cost, count(*)::int as positions
        from holdings h join securities s on s.id = h.security_id where h.portfolio_id = p.id and h.quantity > 0
      ) v on true
      where (p.holdings_value, p.holdings_cost, p.holdings_count) is distinct from (v.value, v.cost, v.positions)`)) as unknown as {
      rows: unknown[];
    };
    expect(stale.rows).toEqual([]);
    const [valued] = await t.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(portfolios)
      .where(sql`${portfolios.holdingsValue} > 0`);
    expect(valued!.n).toBeGreaterThan(100);
  });

  it('follows holdings as they are inserted, changed and deleted, in one statement or many', async () => {
    const a = await insertSecurity(t.db, 50);
    const b = await insertSecurity(t.db, null);
    const portfolio = await insertPortfolio(t.db, owner, { positions: [{ securityId: a.id, quantity: 3, averageCost: 40.333 }] });
    // 3 × 50 = 150; cost 3 × 40.333 = 120.999 → 121.00
    expect(await stored(t.db, portfolio.id)).toEqual({ value: 150, cost: 121, count: 1 });

    await t.db
      .insert(holdings)
      .values({ firmId: owner.firmId, portfolioId: portfolio.id, securityId: b.id, quantity: 2, averageCost: 10.005 });
    // No close for b: valued at its cost, 2 × 10.005 = 20.01 both ways.
    expect(await stored(t.db, portfolio.id)).toEqual({ value: 170.01, cost: 141.01, count: 2 });

    await t.db.update(holdings).set({ quantity: 0 }).where(eq(holdings.securityId, a.id));
    expect(await stored(t.db, portfolio.id)).toEqual({ value: 20.01, cost: 20.01, count: 1 });

    await t.db.delete(holdings).where(eq(holdings.portfolioId, portfolio.id));
    expect(await stored(t.db, portfolio.id)).toEqual({ value: 0, cost: 0, count: 0 });
    expect(await stored(t.db, portfolio.id)).toEqual(await computed(t.db, portfolio.id));
  });

  it("sums the holdings' open-lot cost when they have one, their average cost otherwise", async () => {
    const a = await insertSecurity(t.db, 50);
    const b = await insertSecurity(t.db, 20);
    const portfolio = await insertPortfolio(t.db, owner, {
      positions: [
        { securityId: a.id, quantity: 10, averageCost: 150 },
        { securityId: b.id, quantity: 4, averageCost: 10 },
      ],
    });
    // Not costed by lots yet: 10 × 150 + 4 × 10 = 1,540.
    expect(await stored(t.db, portfolio.id)).toEqual({ value: 580, cost: 1540, count: 2 });
    // a's open lots cost 2,000 (10 left of a 200 lot): 2,000 + 40 = 2,040, in the statement that sets it.
    await t.db.update(holdings).set({ costBasis: 2000 }).where(eq(holdings.securityId, a.id));
    expect(await stored(t.db, portfolio.id)).toEqual({ value: 580, cost: 2040, count: 2 });
  });

  it('revalues the portfolios holding a security when its close changes, and only those', async () => {
    const moved = await insertSecurity(t.db, 100);
    const still = await insertSecurity(t.db, 7);
    const holder = await insertPortfolio(t.db, owner, { positions: [{ securityId: moved.id, quantity: 1.5, averageCost: 90 }] });
    const other = await insertPortfolio(t.db, owner, { positions: [{ securityId: still.id, quantity: 10, averageCost: 5 }] });
    const untouched = await stored(t.db, other.id);

    await t.db.update(securities).set({ lastClose: 123.4567 }).where(eq(securities.id, moved.id));
    // 1.5 × 123.4567 = 185.18505 → 185.19
    expect(await stored(t.db, holder.id)).toEqual({ value: 185.19, cost: 135, count: 1 });
    expect(await stored(t.db, other.id)).toEqual(untouched);

    // Several closes in one statement (as a price import writes them).
    await t.db
      .update(securities)
      .set({ lastClose: sql`${securities.lastClose} * 2` })
      .where(sql`${securities.id} in (${moved.id}, ${still.id})`);
    expect(await stored(t.db, holder.id)).toEqual(await computed(t.db, holder.id));
    expect(await stored(t.db, other.id)).toEqual({ value: 140, cost: 50, count: 1 });
  });
});
