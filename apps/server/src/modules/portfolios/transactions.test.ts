import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { cashBalance, positionFromTransactions } from '@meridian/domain/portfolios/ledger';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { Holding } from '@meridian/domain/portfolios/holding-contracts';
import type { Transaction } from '@meridian/domain/portfolios/transaction-contracts';
import { addDays } from '@meridian/domain/shared/trading-calendar';
import { auditLog } from '../../db/schema/audit.ts';
import type { ClientRow } from '../../db/schema/clients.ts';
import { holdings, portfolios, transactions } from '../../db/schema/portfolios.ts';
import type { SecurityRow } from '../../db/schema/securities.ts';
import { api, call, fieldIssues } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import {
  clientOfUser,
  insertClient,
  ledgerPage,
  ledgerTestSetup,
  openPortfolio,
  portfolioDetail,
  postEntry,
  recordEntry,
  securityBySymbol,
  type Session,
} from '../../test/fixtures/portfolios.fixtures.ts';

describeEachDatabase('portfolio transactions', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let priya: Session;
  let admin: Session;
  let jordan: Session;
  let client: ClientRow;
  let aapl: SecurityRow;
  let msft: SecurityRow;
  let today: string;

  beforeAll(async () => {
    ({ app, alex, priya, admin, jordan, client, today } = await ledgerTestSetup(t, { firstName: 'Casey', lastName: 'Ledger' }));
    aapl = await securityBySymbol(t.db, 'AAPL');
    msft = await securityBySymbol(t.db, 'MSFT');
  });

  // Entries are dated today unless they say otherwise; Alex's unless another token is given.
  const record = (portfolioId: string, body: Record<string, unknown>, token = alex.token) =>
    postEntry(app, token, portfolioId, { trade_date: today, ...body });
  const recordOk = (portfolioId: string, body: Record<string, unknown>) =>
    recordEntry(app, alex.token, portfolioId, { trade_date: today, ...body });
  const detailOf = (portfolioId: string) => portfolioDetail(app, alex.token, portfolioId);
  const holdingOf = async (portfolioId: string, symbol: string) =>
    (await detailOf(portfolioId)).holdings.find((h) => h.security.symbol === symbol);

  /** The ledger of a portfolio as stored, in ledger order (trade date, then the order recorded). */
  const ledgerOf = (portfolioId: string) =>
    t.db
      .select()
      .from(transactions)
      .where(eq(transactions.portfolioId, portfolioId))
      .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));

  /** Checks the stored holdings and cash against a recomputation of the whole ledger. */
  const expectConsistentWithLedger = async (portfolioId: string) => {
    const ledger = (await ledgerOf(portfolioId)).filter((entry) => entry.voidedAt === null);
    const [row] = await t.db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
    expect(row?.cashBalance).toBe(cashBalance(ledger.map((entry) => entry.amount)));
    const stored = await t.db.select().from(holdings).where(eq(holdings.portfolioId, portfolioId));
    const securityIds = [
      ...new Set(ledger.filter((e) => e.securityId && (e.type === 'buy' || e.type === 'sell')).map((e) => e.securityId!)),
    ];
    for (const securityId of securityIds) {
      const position = positionFromTransactions(ledger.filter((e) => e.securityId === securityId));
      const holding = stored.find((h) => h.securityId === securityId);
      if (position.quantity === 0) expect(holding).toBeUndefined();
      else expect(holding).toMatchObject({ quantity: position.quantity, averageCost: position.averageCost });
    }
    expect(stored.length).toBe(
      securityIds.filter((id) => positionFromTransactions(ledger.filter((e) => e.securityId === id)).quantity > 0).length,
    );
  };

  it('a buy spends cash and opens the holding at its price; the transaction says what was recorded', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 10_000 });
    const bought = await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 10, price: 150, notes: 'Opening position' });
    expect(bought).toMatchObject({
      portfolio_id: portfolio.id,
      type: 'buy',
      trade_date: today,
      security: { id: aapl.id, symbol: 'AAPL', name: aapl.name },
      quantity: 10,
      price: 150,
      amount: -1500,
      notes: 'Opening position',
      created_by: alex.userId,
    });
    const detail = await detailOf(portfolio.id);
    expect(detail.cash_balance).toBe(8500);
    expect(detail.sync_version).toBe(portfolio.sync_version + 1);
    expect(detail.holdings).toHaveLength(1);
    expect(detail.holdings[0]).toMatchObject({ quantity: 10, average_cost: 150, cost_basis: 1500 });
    await expectConsistentWithLedger(portfolio.id);
  });

  it('buys add lots, a partial sell takes the oldest lot first (FIFO), selling all closes the holding, a re-buy starts afresh', async () => {
    // Its own client: the loss sold below would wash with AAPL bought today in the shared client's other accounts.
    const portfolio = await openPortfolio(app, alex.token, (await insertClient(t.db, alex)).id, { initial_deposit: 10_000 });
    await recordOk(portfolio.id, { type: 'buy', symbol: 'aapl', quantity: 10, price: 100 });
    await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 5, price: 130 });
    expect(await holdingOf(portfolio.id, 'AAPL')).toMatchObject({ quantity: 15, average_cost: 110, cost_basis: 1650 });

    const sold = await recordOk(portfolio.id, { type: 'sell', security_id: aapl.id, quantity: 6, price: 150 });
    expect(sold.amount).toBe(900);
    // FIFO: the 6 come from the lot of 10 at 100, leaving 4 × 100 + 5 × 130 = 1,050 (116.6667 a share), not 9 × 110 = 990.
    expect(await holdingOf(portfolio.id, 'AAPL')).toMatchObject({ quantity: 9, average_cost: 116.6667, cost_basis: 1050 });
    expect((await detailOf(portfolio.id)).cash_balance).toBe(10_000 - 1000 - 650 + 900);
    await expectConsistentWithLedger(portfolio.id);

    await recordOk(portfolio.id, { type: 'sell', security_id: aapl.id, quantity: 9, price: 90 });
    const closed = await detailOf(portfolio.id);
    expect(closed.holdings).toEqual([]);
    expect(closed.holdings_count).toBe(0);
    expect(closed.cash_balance).toBe(10_000 - 1000 - 650 + 900 + 810);
    expect(await t.db.select().from(holdings).where(eq(holdings.portfolioId, portfolio.id))).toEqual([]);

    // A wash sale: the re-buy replaces the first 4 shares of that loss sale (the 100 lot's rest, at 90: a loss of 40),
    // which joins its basis: 4 × 50 + 40 = 240 (60 a share).
    await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 4, price: 50 });
    expect(await holdingOf(portfolio.id, 'AAPL')).toMatchObject({ quantity: 4, average_cost: 60, cost_basis: 240 });
    await expectConsistentWithLedger(portfolio.id);
  });

  it('dividends, interest, deposits, withdrawals and fees move cash and leave holdings alone', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 1000 });
    await recordOk(portfolio.id, { type: 'buy', security_id: msft.id, quantity: 2, price: 400 });
    const before = await holdingOf(portfolio.id, 'MSFT');
    const amounts: Array<[string, number, number, Record<string, unknown>]> = [
      ['dividend', 1.66, 1.66, { security_id: msft.id, quantity: 2, price: 0.83 }],
      ['interest', 3.21, 3.21, {}],
      ['deposit', 500, 500, {}],
      ['withdrawal', 250.5, -250.5, {}],
      ['fee', 9.99, -9.99, {}],
      ['fee', 4.95, -4.95, { security_id: msft.id }],
    ];
    for (const [type, amount, signed, extra] of amounts) {
      const recorded = await recordOk(portfolio.id, { type, amount, ...extra });
      expect(recorded.amount, type).toBe(signed);
    }
    const after = await detailOf(portfolio.id);
    expect(after.cash_balance).toBe(1000 - 800 + 1.66 + 3.21 + 500 - 250.5 - 9.99 - 4.95);
    expect(after.holdings).toHaveLength(1);
    expect(after.holdings[0]).toMatchObject({
      quantity: before?.quantity,
      average_cost: before?.average_cost,
      sync_version: before?.sync_version,
    });
    await expectConsistentWithLedger(portfolio.id);
  });

  it('refuses a buy that needs more cash than the account has, naming the shortfall, and records nothing', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 100 });
    const before = await detailOf(portfolio.id);
    const response = await record(portfolio.id, { type: 'buy', security_id: msft.id, quantity: 1, price: 420.25 });
    expect(response.status).toBe(422);
    // 1 × 420.25 = 420.25 needed; 100.00 held; 420.25 − 100.00 = 320.25 short.
    expect(fieldIssues(response.body)).toEqual([
      ['body.quantity', 'This buy needs $420.25 but the account has $100.00 of cash: $320.25 short.'],
    ]);
    expect(await detailOf(portfolio.id)).toEqual(before);
    expect(await ledgerOf(portfolio.id)).toHaveLength(1);
  });

  it("refuses to sell more than is held with 422 'Cannot sell more than the 10.5 shares held', and records nothing", async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 5000 });
    await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 10.5, price: 100 });
    const before = await detailOf(portfolio.id);
    const response = await record(portfolio.id, { type: 'sell', security_id: aapl.id, quantity: 11, price: 100 });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'quantity'], msg: 'Cannot sell more than the 10.5 shares held', input: 11 }),
    ]);
    const after = await detailOf(portfolio.id);
    expect(after).toEqual(before);
    expect(await ledgerOf(portfolio.id)).toHaveLength(2);
    // Selling what was never held says so.
    const none = await record(portfolio.id, { type: 'sell', security_id: msft.id, quantity: 1, price: 100 });
    expect(fieldIssues(none.body)).toEqual([['body.quantity', 'Cannot sell: no shares are held']]);
  });

  it('checks a back-dated sell against what was held on its date', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    const lastWeek = addDays(today, -7);
    await recordOk(portfolio.id, { type: 'deposit', amount: 5000, trade_date: addDays(lastWeek, -30) });
    await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 10, price: 100, trade_date: lastWeek });
    const early = await record(portfolio.id, {
      type: 'sell',
      security_id: aapl.id,
      quantity: 1,
      price: 100,
      trade_date: addDays(lastWeek, -1),
    });
    expect(early.status).toBe(422);
    expect(fieldIssues(early.body)).toEqual([['body.quantity', 'Cannot sell: no shares are held']]);
    // A back-dated buy before an existing sell is fine and moves the average cost.
    await recordOk(portfolio.id, { type: 'sell', security_id: aapl.id, quantity: 10, price: 120, trade_date: addDays(lastWeek, 1) });
    await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 5, price: 80, trade_date: addDays(lastWeek, -2) });
    expect(await holdingOf(portfolio.id, 'AAPL')).toMatchObject({ quantity: 5 });
    await expectConsistentWithLedger(portfolio.id);
  });

  it('applies same-day trades in the order they were recorded', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 50_000 });
    for (let round = 0; round < 5; round += 1) {
      await recordOk(portfolio.id, { type: 'buy', security_id: msft.id, quantity: 3, price: 100 + round });
      await recordOk(portfolio.id, { type: 'sell', security_id: msft.id, quantity: 3, price: 110 });
    }
    expect(await holdingOf(portfolio.id, 'MSFT')).toBeUndefined();
    const stamps = (await ledgerOf(portfolio.id)).map((row) => row.createdAt.getTime());
    expect(new Set(stamps).size).toBe(stamps.length);
    await expectConsistentWithLedger(portfolio.id);
  });

  it('rounds quantities to 6 decimals, prices to 4 and amounts to cents as stored', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 1000 });
    const bought = await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 1.23456789, price: 10.123456 });
    expect(bought).toMatchObject({ quantity: 1.234568, price: 10.1235, amount: -12.5 }); // 1.234568 × 10.1235 = 12.4983…
    const fee = await recordOk(portfolio.id, { type: 'fee', amount: 1.005 });
    expect(fee.amount).toBe(-1.01);
    await expectConsistentWithLedger(portfolio.id);
  });

  it('validates the transaction by type, with the messages of the form', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
      [{ type: 'swap' }, [['body.type', portfolioMessages.typeInvalid]]],
      [
        { type: 'buy' },
        [
          ['body.security_id', portfolioMessages.securityRequired],
          ['body.quantity', portfolioMessages.quantityRequired],
          ['body.price', portfolioMessages.priceRequired],
        ],
      ],
      [
        { type: 'sell', security_id: aapl.id, quantity: 0, price: -1 },
        [
          ['body.quantity', portfolioMessages.quantityPositive],
          ['body.price', portfolioMessages.priceNotNegative],
        ],
      ],
      [{ type: 'buy', security_id: aapl.id, quantity: 1, price: 1, amount: 1 }, [['body.amount', portfolioMessages.amountNotForTrades]]],
      [{ type: 'dividend', amount: 5 }, [['body.security_id', portfolioMessages.securityRequired]]],
      [{ type: 'deposit' }, [['body.amount', portfolioMessages.amountRequired]]],
      [{ type: 'deposit', amount: 0 }, [['body.amount', portfolioMessages.amountPositive]]],
      [{ type: 'withdrawal', amount: -50 }, [['body.amount', portfolioMessages.amountPositive]]],
      [{ type: 'deposit', amount: 0.001 }, [['body.amount', portfolioMessages.amountPositive]]],
      [{ type: 'deposit', amount: 5, security_id: aapl.id }, [['body.security_id', portfolioMessages.securityNotForCash]]],
      [{ type: 'deposit', amount: 5, trade_date: '2024-02-30' }, [['body.trade_date', portfolioMessages.dateInvalid]]],
      [{ type: 'deposit', amount: 5, trade_date: null }, [['body.trade_date', portfolioMessages.tradeDateRequired]]],
      [{ type: 'deposit', amount: 5, trade_date: addDays(today, 1) }, [['body.trade_date', portfolioMessages.tradeDateInFuture]]],
      [
        { type: 'buy', security_id: '00000000-0000-4000-8000-000000000000', quantity: 1, price: 1 },
        [['body.security_id', portfolioMessages.securityNotFound]],
      ],
      [{ type: 'buy', symbol: 'NOPE', quantity: 1, price: 1 }, [['body.symbol', portfolioMessages.securityNotFound]]],
      [{ type: 'buy', security_id: aapl.id, quantity: 0.0000001, price: 1 }, [['body.quantity', portfolioMessages.quantityPositive]]],
      [{ type: 'buy', security_id: aapl.id, quantity: 2e9, price: 1 }, [['body.quantity', portfolioMessages.quantityTooLarge]]],
      [{ type: 'fee', amount: 5, notes: 'x'.repeat(501) }, [['body.notes', portfolioMessages.notesTooLong]]],
    ];
    for (const [body, expected] of cases) {
      const response = await record(portfolio.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(fieldIssues(response.body), JSON.stringify(body)).toEqual(expected);
    }
    expect(await ledgerOf(portfolio.id)).toHaveLength(0);
  });

  it('lists the ledger newest first, filtered by type, security and date range, paginated', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    const d = (days: number) => addDays(today, -days);
    await recordOk(portfolio.id, { type: 'deposit', amount: 10_000, trade_date: d(30) });
    await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 10, price: 100, trade_date: d(20) });
    await recordOk(portfolio.id, { type: 'buy', security_id: msft.id, quantity: 5, price: 300, trade_date: d(10) });
    await recordOk(portfolio.id, { type: 'dividend', security_id: aapl.id, amount: 2.4, trade_date: d(5) });
    await recordOk(portfolio.id, { type: 'fee', amount: 10, trade_date: d(5) });
    const list = (query = '') => ledgerPage(app, alex.token, portfolio.id, query);

    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 5, page: 1, per_page: 50, pages: 1 });
    expect(all.body.transactions.map((tx: Transaction) => tx.type)).toEqual(['fee', 'dividend', 'buy', 'buy', 'deposit']);
    expect(all.body.transactions[1]).toMatchObject({ security: { symbol: 'AAPL' }, amount: 2.4 });
    expect(all.body.transactions[0].security).toBeNull();

    expect((await list('?type=buy')).body.transactions.map((tx: Transaction) => tx.security?.symbol)).toEqual(['MSFT', 'AAPL']);
    expect((await list(`?security_id=${aapl.id}`)).body.total).toBe(2);
    expect((await list(`?from=${d(20)}&to=${d(10)}`)).body.transactions.map((tx: Transaction) => tx.trade_date)).toEqual([d(10), d(20)]);
    expect((await list(`?from=${d(4)}`)).body.total).toBe(0);

    const first = await list('?per_page=2');
    expect(first.body).toMatchObject({ total: 5, page: 1, per_page: 2, pages: 3 });
    expect(first.body.transactions).toHaveLength(2);
    const last = await list('?per_page=2&page=3');
    expect(last.body.transactions.map((tx: Transaction) => tx.type)).toEqual(['deposit']);
    const past = await list('?per_page=2&page=4');
    expect(past.body).toEqual({ transactions: [], total: 5, page: 4, per_page: 2, pages: 3 });

    for (const [query, field, message] of [
      ['?per_page=101', 'per_page', portfolioMessages.perPageInvalid],
      ['?type=swap', 'type', portfolioMessages.typeInvalid],
      ['?from=2024-13-01', 'from', portfolioMessages.dateInvalid],
      [`?from=${d(1)}&to=${d(2)}`, 'from', portfolioMessages.dateRangeInvalid],
      ['?security_id=xyz', 'security_id', portfolioMessages.idInvalid],
    ] as const) {
      const response = await list(query);
      expect(response.status, query).toBe(422);
      expect(fieldIssues(response.body), query).toEqual([[`querystring.${field}`, message]]);
    }
  });

  it('writes one audit row per write with the cash and holding before and after', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 2000 });
    const bought = await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 2, price: 100 });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, portfolio.id), eq(auditLog.action, 'transaction recorded')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: alex.userId,
      firmId: alex.firmId,
      entity: 'portfolio',
      before: { cash_balance: 2000, holdings: [null] },
      after: {
        cash_balance: 1800,
        holdings: [{ security_id: aapl.id, quantity: 2, average_cost: 100 }],
        transactions: [{ id: bought.id, type: 'buy', quantity: 2, price: 100, amount: -200 }],
      },
    });
  });

  it('a refused write leaves no audit row and no transaction behind', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    expect((await record(portfolio.id, { type: 'sell', security_id: aapl.id, quantity: 1, price: 1 })).status).toBe(422);
    const [{ count } = { count: -1 }] = await t.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, portfolio.id), eq(auditLog.action, 'transaction recorded')));
    expect(count).toBe(0);
  });

  it('only advisors and admins who reach the portfolio record; a client user reads their own ledger', async () => {
    const jordanClient = await clientOfUser(t.db, jordan, alex);
    const own = await openPortfolio(app, admin.token, jordanClient.id, { initial_deposit: 100 });
    // Priya reaches it only if the demo client is hers.
    expect((await record(own.id, { type: 'fee', amount: 1 }, priya.token)).status).toBe(
      jordanClient.advisorId === priya.userId ? 201 : 404,
    );
    const alexs = await openPortfolio(app, alex.token, client.id);
    const denied = await record(alexs.id, { type: 'deposit', amount: 1 }, priya.token);
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual({ detail: portfolioMessages.portfolioNotFound });
    expect((await record(alexs.id, { type: 'deposit', amount: 1 }, admin.token)).status).toBe(201);
    expect((await record(own.id, { type: 'deposit', amount: 1 }, jordan.token)).status).toBe(403);
    const read = await call(app, 'GET', api(`/portfolios/${own.id}/transactions`), { token: jordan.token });
    expect(read.status).toBe(200);
    expect(read.body.transactions.some((tx: Transaction) => tx.type === 'deposit' && tx.amount === 100)).toBe(true);
  });

  it('values holdings at the latest close in the detail, with allocations that add up', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 20_000 });
    await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 7, price: 100 });
    await recordOk(portfolio.id, { type: 'buy', security_id: msft.id, quantity: 3, price: 200 });
    await recordOk(portfolio.id, { type: 'buy', symbol: 'AGG', quantity: 12.5, price: 95 });
    const detail = await detailOf(portfolio.id);
    const byValue = (h: Holding) => h.market_value;
    expect(detail.holdings.map(byValue)).toEqual([...detail.holdings.map(byValue)].sort((a, b) => b - a));
    for (const h of detail.holdings) {
      const security = h.security.symbol === 'AAPL' ? aapl : h.security.symbol === 'MSFT' ? msft : await securityBySymbol(t.db, 'AGG');
      expect(h).toMatchObject({
        last_close: security.lastClose,
        price_date: security.lastPriceDate,
        price_source: 'simulated',
        simulated: true,
      });
      expect(h.market_value).toBe(Math.round(h.quantity * security.lastClose! * 100) / 100);
      expect(h.gain_loss).toBe(Math.round((h.market_value - h.cost_basis) * 100) / 100);
    }
    const holdingsValue = Math.round(detail.holdings.reduce((sum, h) => sum + h.market_value, 0) * 100) / 100;
    expect(detail.holdings_value).toBe(holdingsValue);
    expect(detail.cost_basis).toBe(700 + 600 + 1187.5);
    expect(detail.total_value).toBe(Math.round((detail.cash_balance + holdingsValue) * 100) / 100);
    expect(detail.gain_loss_percent).toBe(Math.round(((holdingsValue - detail.cost_basis) / detail.cost_basis) * 10_000) / 100);
    const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);
    // Weights of the account's total value, cash its own slice: the holdings and the cash make 100 %.
    const cashPercent = (detail.cash_balance / detail.total_value) * 100;
    expect(sumOf(detail.holdings.map((h) => h.allocation_percent)) + cashPercent).toBeCloseTo(100, 1);
    expect(detail.allocation.by_asset_class.map((s) => s.key).sort()).toEqual(['cash', 'equity', 'fixed_income']);
    const equity = detail.allocation.by_asset_class.find((s) => s.key === 'equity');
    expect(equity?.holdings_count).toBe(2);
    expect(equity?.percent).toBe(
      Math.round(
        (detail.holdings.filter((h) => h.security.asset_class === 'equity').reduce((s, h) => s + h.market_value, 0) / detail.total_value) *
          10_000,
      ) / 100,
    );
    expect(detail.allocation.by_asset_class.find((s) => s.key === 'cash')).toMatchObject({
      market_value: detail.cash_balance,
      holdings_count: 0,
    });
    expect(sumOf(detail.allocation.by_sector.map((s) => s.percent))).toBeCloseTo(100, 1);
    expect(detail.allocation.by_sector.map((s) => s.key)).toEqual(
      expect.arrayContaining(['Information Technology', 'Fixed Income', 'Cash']),
    );
  });

  it('a position bought at a price of 0 shows its gain with a gain/loss percent of 0', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    // A gift costs nothing: an account with no cash may record it.
    await recordOk(portfolio.id, { type: 'buy', security_id: aapl.id, quantity: 1, price: 0, notes: 'Gifted share' });
    const holding = await holdingOf(portfolio.id, 'AAPL');
    expect(holding).toMatchObject({ average_cost: 0, cost_basis: 0, gain_loss: holding?.market_value, gain_loss_percent: 0 });
    expect((await detailOf(portfolio.id)).gain_loss_percent).toBe(0);
  });
});
