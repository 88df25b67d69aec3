import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { Client, ClientListResponse } from '@meridian/domain/clients/contracts';
import { addDays, lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/shared/trading-calendar';
import { clients } from '../../db/schema/clients.ts';
import { portfolioValuations } from '../../db/schema/portfolios.ts';
import { api, call } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { addClient, insertPortfolio, newAdvisorFirm, type Session } from '../../test/fixtures/clients.fixtures.ts';

/** Days of a stored series, counted back from the latest trading day: 90 days back, 35 (before 1M starts) and today. */
const [early, beforeMonth, today] = [-90, -35, 0];

type Day = [offset: number, value: number, flow: number];
type Account = { cash: number; series: Day[] };

/**
 * Six clients whose portfolio value, performance (since inception and over 1M), assessment and last
 * activity each give a different order, with a tie on value and two without performance.
 */
const book: Array<{
  first_name: string;
  last_name: string;
  accounts: Account[];
  assessment: 'pending' | 'in_progress' | 'complete';
  updated: string;
}> = [
  {
    // +100 %, then −10 % in the last month: SI +80 %, 1M −10 %.
    first_name: 'Ava',
    last_name: 'Alpha',
    accounts: [
      {
        cash: 1800,
        series: [
          [early, 1000, 1000],
          [beforeMonth, 2000, 0],
          [today, 1800, 0],
        ],
      },
    ],
    assessment: 'complete',
    updated: '2021-01-01T00:00:00Z',
  },
  {
    // +5 %, then +10 %: SI +15.5 %, 1M +10 %.
    first_name: 'Bea',
    last_name: 'Bravo',
    accounts: [
      {
        cash: 1155,
        series: [
          [early, 1000, 1000],
          [beforeMonth, 1050, 0],
          [today, 1155, 0],
        ],
      },
    ],
    assessment: 'in_progress',
    updated: '2023-01-01T00:00:00Z',
  },
  {
    // Two accounts, the second funded later: by money, 1550 / 1500 − 1 = +3.33 % both ways.
    first_name: 'Cy',
    last_name: 'Charlie',
    accounts: [
      {
        cash: 550,
        series: [
          [early, 500, 500],
          [beforeMonth, 500, 0],
          [today, 550, 0],
        ],
      },
      {
        cash: 1000,
        series: [
          [beforeMonth, 1000, 1000],
          [today, 1000, 0],
        ],
      },
    ],
    assessment: 'pending',
    updated: '2020-01-01T00:00:00Z',
  },
  { first_name: 'Dee', last_name: 'Delta', accounts: [], assessment: 'pending', updated: '2022-01-01T00:00:00Z' },
  {
    // −10 %, then +9 %: SI −1.9 %, 1M +9 %.
    first_name: 'Eve',
    last_name: 'Echo',
    accounts: [
      {
        cash: 981,
        series: [
          [early, 1000, 1000],
          [beforeMonth, 900, 0],
          [today, 981, 0],
        ],
      },
    ],
    assessment: 'pending',
    updated: '2024-01-01T00:00:00Z',
  },
  // The same value as Bea, and an account without valued history: no performance.
  {
    first_name: 'Fay',
    last_name: 'Foxtrot',
    accounts: [{ cash: 1155, series: [] }],
    assessment: 'pending',
    updated: '2019-01-01T00:00:00Z',
  },
];

describeEachDatabase('clients: sorting by portfolio value, performance, assessment and last activity', (t) => {
  let app: FastifyInstance;
  let advisor: Session;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    advisor = await newAdvisorFirm(app);
    const last = lastTradingDayOnOrBefore(marketDate(new Date()));
    for (const entry of book) {
      const client = await addClient(app, advisor, {
        first_name: entry.first_name,
        last_name: entry.last_name,
        email: `${entry.first_name}@sort.example`,
      });
      for (const account of entry.accounts) {
        const portfolio = await insertPortfolio(t.db, { id: client.id, firmId: advisor.firmId }, { cash: account.cash });
        if (account.series.length > 0)
          await t.db
            .insert(portfolioValuations)
            .values(
              account.series.map(([offset, value, flow]) => ({ portfolioId: portfolio.id, date: addDays(last, offset), value, flow })),
            );
      }
      await t.db
        .update(clients)
        .set({ assessmentStatus: entry.assessment, updatedAt: new Date(entry.updated) })
        .where(eq(clients.id, client.id));
    }
  });

  const list = async (query: string) => {
    const response = await call(app, 'GET', api(`/clients${query}`), { token: advisor.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as ClientListResponse).clients;
  };
  const firstNames = (rows: Client[]) => rows.map((row) => row.first_name);

  /** The order of a query, whole and read three pages of two (pages never overlap or skip). */
  async function expectOrder(query: string, expected: string[]) {
    expect(firstNames(await list(query)), query).toEqual(expected);
    const paged: Client[] = [];
    for (let page = 1; page <= 3; page += 1) paged.push(...(await list(`${query}&per_page=2&page=${page}`)));
    expect(firstNames(paged), `${query}, paged`).toEqual(expected);
  }

  it('answers the figures the orders below are built on', async () => {
    const byName = new Map((await list('?performance_period=SI')).map((row) => [row.first_name, row]));
    expect(Object.fromEntries([...byName].map(([name, row]) => [name, row.aum]))).toEqual({
      Ava: 1800,
      Bea: 1155,
      Cy: 1550,
      Dee: 0,
      Eve: 981,
      Fay: 1155,
    });
    const since: Record<string, number | null> = { Ava: 0.8, Bea: 0.155, Cy: 1550 / 1500 - 1, Dee: null, Eve: -0.019, Fay: null };
    for (const [name, expected] of Object.entries(since)) {
      const answered = byName.get(name)!.performance;
      if (expected === null) expect(answered, name).toBeNull();
      else expect(answered, name).toBeCloseTo(expected, 10);
    }
    const month = new Map((await list('?performance_period=1M')).map((row) => [row.first_name, row.performance]));
    expect(month.get('Ava')).toBeCloseTo(-0.1, 10);
    expect(month.get('Eve')).toBeCloseTo(0.09, 10);
  });

  it('sorts by portfolio value both ways, a tie by name', async () => {
    await expectOrder('?sort=aum&order=desc', ['Ava', 'Cy', 'Bea', 'Fay', 'Eve', 'Dee']);
    await expectOrder('?sort=aum&order=asc', ['Dee', 'Eve', 'Bea', 'Fay', 'Cy', 'Ava']);
  });

  it('sorts by the performance of the period asked, clients without one last either way', async () => {
    await expectOrder('?sort=performance&order=desc&performance_period=SI', ['Ava', 'Bea', 'Cy', 'Eve', 'Dee', 'Fay']);
    await expectOrder('?sort=performance&order=asc&performance_period=SI', ['Eve', 'Cy', 'Bea', 'Ava', 'Dee', 'Fay']);
    await expectOrder('?sort=performance&order=desc&performance_period=1M', ['Bea', 'Eve', 'Cy', 'Ava', 'Dee', 'Fay']);
    await expectOrder('?sort=performance&order=asc&performance_period=1M', ['Ava', 'Cy', 'Eve', 'Bea', 'Dee', 'Fay']);
  });

  it('orders by performance as each row answers it, for every period', async () => {
    for (const period of ['1M', '3M', 'YTD', '1Y', '3Y', 'SI']) {
      for (const order of ['asc', 'desc'] as const) {
        const rows = await list(`?sort=performance&order=${order}&performance_period=${period}`);
        const figures = rows.map((row) => row.performance).filter((figure): figure is number => figure !== null);
        const sorted = [...figures].sort((a, b) => (order === 'asc' ? a - b : b - a));
        expect(figures, `${period} ${order}`).toEqual(sorted);
        expect(rows.slice(figures.length).every((row) => row.performance === null)).toBe(true);
      }
    }
  });

  it('sorts by assessment, Pending before In Progress before Complete, and by last activity', async () => {
    await expectOrder('?sort=assessment_status&order=asc', ['Cy', 'Dee', 'Eve', 'Fay', 'Bea', 'Ava']);
    await expectOrder('?sort=assessment_status&order=desc', ['Ava', 'Bea', 'Cy', 'Dee', 'Eve', 'Fay']);
    await expectOrder('?sort=last_activity_at&order=desc', ['Eve', 'Bea', 'Dee', 'Ava', 'Cy', 'Fay']);
    await expectOrder('?sort=last_activity_at&order=asc', ['Fay', 'Cy', 'Ava', 'Dee', 'Bea', 'Eve']);
  });

  it('keeps the filters while sorting by a computed column', async () => {
    expect(firstNames(await list('?sort=aum&order=desc&assessment_status=pending'))).toEqual(['Cy', 'Fay', 'Eve', 'Dee']);
    expect(firstNames(await list('?sort=performance&order=desc&performance_period=SI&assessment_status=pending'))).toEqual([
      'Cy',
      'Eve',
      'Dee',
      'Fay',
    ]);
    expect(firstNames(await list('?sort=performance&order=asc&performance_period=1M&search=bravo'))).toEqual(['Bea']);
  });
});
