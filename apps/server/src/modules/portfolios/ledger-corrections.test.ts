import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import type { Transaction, TransactionCorrection } from '@meridian/domain/portfolios/transaction-contracts';
import { addDays } from '@meridian/domain/shared/trading-calendar';
import { auditLog } from '../../db/schema/audit.ts';
import type { ClientRow } from '../../db/schema/clients.ts';
import { portfolioValuations, transactions } from '../../db/schema/portfolios.ts';
import { api, call, fieldIssues } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { createSecondFirm, type SecondFirm } from '../../test/second-firm.ts';
import {
  clientOfUser,
  ledgerPage,
  ledgerTestSetup,
  openPortfolio,
  portfolioDetail,
  postEntry,
  recordEntry,
  type Session,
} from '../../test/fixtures/portfolios.fixtures.ts';

/**
 * Cash never goes below zero without a margin allowance, and ledger entries are voided or corrected,
 * never edited (DESIGN decision 17). Every expected figure is worked by hand in the comments.
 */
describeEachDatabase('ledger rules: cash floor, margin, void and correct', (t) => {
  let app: FastifyInstance;
  let alex: Session;
  let priya: Session;
  let admin: Session;
  let jordan: Session;
  let client: ClientRow;
  let today: string;
  let other: SecondFirm;

  beforeAll(async () => {
    ({ app, alex, priya, admin, jordan, client, today } = await ledgerTestSetup(t, { firstName: 'Vera', lastName: 'Voidable' }));
    other = await createSecondFirm(app, t.db);
  });

  const d = (days: number) => addDays(today, -days);
  // Entries are Alex's, dated today unless they say otherwise.
  const record = (portfolioId: string, body: Record<string, unknown>) =>
    postEntry(app, alex.token, portfolioId, { trade_date: today, ...body });
  const recordOk = (portfolioId: string, body: Record<string, unknown>) =>
    recordEntry(app, alex.token, portfolioId, { trade_date: today, ...body });
  const detailOf = (portfolioId: string) => portfolioDetail(app, alex.token, portfolioId);
  const analyticsOf = async (portfolioId: string) =>
    (await call(app, 'GET', api(`/portfolios/${portfolioId}/analytics?period=SI`), { token: alex.token })).body as PortfolioAnalytics;
  const voidEntry = (portfolioId: string, entry: Transaction, body: Record<string, unknown> = {}, token = alex.token, key?: string) =>
    call(app, 'POST', api(`/portfolios/${portfolioId}/transactions/${entry.id}/void`), {
      token,
      body: { reason: 'Entered twice', sync_version: entry.sync_version, ...body },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const correct = (portfolioId: string, entry: Transaction, body: Record<string, unknown>, token = alex.token) =>
    call(app, 'POST', api(`/portfolios/${portfolioId}/transactions/${entry.id}/correct`), {
      token,
      body: { reason: 'Wrong quantity', sync_version: entry.sync_version, ...body },
    });
  const setMargin = (portfolio: PortfolioDetail, margin: unknown) =>
    call(app, 'PUT', api(`/portfolios/${portfolio.id}`), {
      token: alex.token,
      body: { margin_limit: margin, sync_version: portfolio.sync_version },
    });

  // -------------------------------------------------------------------------------------------
  // No impossible entries

  it("refuses the issue's buy of 100,000 AAPL in a $309,412.18 account with the shortfall, and records nothing", async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 309_412.18 });
    const response = await record(portfolio.id, { type: 'buy', symbol: 'AAPL', quantity: 100_000, price: 233 });
    expect(response.status).toBe(422);
    // 100,000 × 233.00 = 23,300,000.00 needed; 23,300,000.00 − 309,412.18 = 22,990,587.82 short.
    expect(fieldIssues(response.body)).toEqual([
      ['body.quantity', 'This buy needs $23,300,000.00 but the account has $309,412.18 of cash: $22,990,587.82 short.'],
    ]);
    expect((await detailOf(portfolio.id)).cash_balance).toBe(309_412.18);
    expect((await detailOf(portfolio.id)).holdings).toEqual([]);
  });

  it('refuses a withdrawal or a fee beyond the cash, and allows one that spends it to the cent', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 503 });
    const withdrawal = await record(portfolio.id, { type: 'withdrawal', amount: 9_999_999 });
    expect(withdrawal.status).toBe(422);
    // 9,999,999.00 − 503.00 = 9,999,496.00 short.
    expect(fieldIssues(withdrawal.body)).toEqual([
      ['body.amount', 'This withdrawal needs $9,999,999.00 but the account has $503.00 of cash: $9,999,496.00 short.'],
    ]);
    await recordOk(portfolio.id, { type: 'withdrawal', amount: 453 }); // 503 − 453 = 50.00 left
    const fee = await record(portfolio.id, { type: 'fee', amount: 50.01 });
    expect(fieldIssues(fee.body)).toEqual([['body.amount', 'This fee needs $50.01 but the account has $50.00 of cash: $0.01 short.']]);
    await recordOk(portfolio.id, { type: 'fee', amount: 50 });
    expect((await detailOf(portfolio.id)).cash_balance).toBe(0);
  });

  it('checks the running cash: a back-dated buy may not leave an earlier day, or a later withdrawal, short', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    await recordOk(portfolio.id, { type: 'deposit', amount: 1000, trade_date: d(30) });
    await recordOk(portfolio.id, { type: 'withdrawal', amount: 800, trade_date: d(10) });
    // Dated before the deposit: cash that day is 0.00, the buy needs 1 × 100.00.
    const beforeFunding = await record(portfolio.id, { type: 'buy', symbol: 'AAPL', quantity: 1, price: 100, trade_date: d(40) });
    expect(fieldIssues(beforeFunding.body)).toEqual([
      ['body.quantity', `This buy needs $100.00 but the account has $0.00 of cash on ${d(40)}: $100.00 short.`],
    ]);
    // Between them: 1,000 − 5 × 100 = 500 on its day, but the withdrawal of 800 then takes cash to 500 − 800 = −300.
    const between = await record(portfolio.id, { type: 'buy', symbol: 'AAPL', quantity: 5, price: 100, trade_date: d(20) });
    expect(fieldIssues(between.body)).toEqual([
      ['body.quantity', `This buy would take cash to -$300.00 on ${d(10)}, at the withdrawal of $800.00: $300.00 short.`],
    ]);
    // 2 × 100 = 200 fits: 1,000 − 200 − 800 = 0.
    await recordOk(portfolio.id, { type: 'buy', symbol: 'AAPL', quantity: 2, price: 100, trade_date: d(20) });
    expect((await detailOf(portfolio.id)).cash_balance).toBe(0);
  });

  it('lets cash go down to exactly −margin_limit and not a cent further', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id, { initial_deposit: 500 });
    expect(portfolio.margin_limit).toBeNull();
    const set = await setMargin(portfolio, 1000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.margin_limit).toBe(1000);
    // 500 − 15 × 100 = −1,000.00: exactly the allowance.
    await recordOk(portfolio.id, { type: 'buy', symbol: 'AAPL', quantity: 15, price: 100 });
    expect((await detailOf(portfolio.id)).cash_balance).toBe(-1000);
    const cent = await record(portfolio.id, { type: 'fee', amount: 0.01 });
    expect(fieldIssues(cent.body)).toEqual([
      ['body.amount', 'This fee needs $0.01 but the account has -$1,000.00 of cash and a $1,000.00 margin allowance: $0.01 short.'],
    ]);
    // The margin in use cannot be taken away: 999.99 is below the 1,000.00 cash is short of zero.
    const lower = await setMargin(await detailOf(portfolio.id), 999.99);
    expect(fieldIssues(lower.body)).toEqual([['body.margin_limit', portfolioMessages.marginBelowCash('-$1,000.00', '$1,000.00')]]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, portfolio.id), eq(auditLog.action, 'portfolio updated')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { margin_limit: null }, after: { margin_limit: 1000 } });
  });

  it('validates the margin limit: not negative, at most 100,000,000; null turns margin off', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    for (const bad of [-1, 100_000_000.01, 'lots']) {
      const response = await setMargin(portfolio, bad);
      expect(response.status, String(bad)).toBe(422);
      expect(fieldIssues(response.body), String(bad)).toEqual([['body.margin_limit', portfolioMessages.marginLimitInvalid]]);
    }
    const max = await setMargin(portfolio, 100_000_000);
    expect(max.body.margin_limit).toBe(100_000_000);
    const off = await setMargin(max.body as PortfolioDetail, null);
    expect(off.body.margin_limit).toBeNull();
    const client403 = await call(app, 'PUT', api(`/portfolios/${portfolio.id}`), {
      token: jordan.token,
      body: { margin_limit: 5, sync_version: (off.body as PortfolioDetail).sync_version },
    });
    expect([403, 404]).toContain(client403.status);
  });

  // -------------------------------------------------------------------------------------------
  // Void and correct

  /**
   * deposit 10,000 (d30); buy 10 AAPL @ 100 (d20); buy 10 AAPL @ 130 (d15); sell 5 AAPL @ 150 (d10); fee 25 (d5).
   * Cash 10,000 − 1,000 − 1,300 + 750 − 25 = 8,425; 15 shares left. FIFO sells 5 of the first lot, so the open lots are
   * 5 @ 100 + 10 @ 130 = 1,800, 120 a share (the ledger's running average cost, 2,300 / 20 = 115, is what the audit row keeps).
   */
  const ledgerWithMistake = async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    const deposit = await recordOk(portfolio.id, { type: 'deposit', amount: 10_000, trade_date: d(30) });
    const first = await recordOk(portfolio.id, { type: 'buy', symbol: 'AAPL', quantity: 10, price: 100, trade_date: d(20) });
    const second = await recordOk(portfolio.id, { type: 'buy', symbol: 'AAPL', quantity: 10, price: 130, trade_date: d(15) });
    const sell = await recordOk(portfolio.id, { type: 'sell', symbol: 'AAPL', quantity: 5, price: 150, trade_date: d(10) });
    const fee = await recordOk(portfolio.id, { type: 'fee', amount: 25, trade_date: d(5) });
    return { portfolio, deposit, first, second, sell, fee };
  };

  it('voids an entry: it stays marked void, and holdings, cost, cash, realised gains and valuations follow', async () => {
    const { portfolio, first } = await ledgerWithMistake();
    const before = await detailOf(portfolio.id);
    expect(before.cash_balance).toBe(8425);
    // The position's cost is that of its open FIFO lots: 5 @ 100 + 10 @ 130 = 1,800, 120 a share
    // (average cost would say 2,300 / 20 × 15 = 1,725).
    expect(before.holdings[0]).toMatchObject({ quantity: 15, average_cost: 120, cost_basis: 1800 });
    // FIFO: the 5 sold come from the first lot (cost 100): 750 − 500 = 250 realised.
    expect((await analyticsOf(portfolio.id)).lots.realized.map((lot) => lot.realized_gain)).toEqual([250]);

    const response = await voidEntry(portfolio.id, first, { reason: '  Bought in the wrong account  ' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      id: first.id,
      void: { by: { id: alex.userId, name: 'Alex Chen' }, reason: 'Bought in the wrong account' },
      sync_version: 2,
    });

    // Without that buy: deposit 10,000; buy 10 @ 130; sell 5 @ 150; fee 25.
    // Cash 10,000 − 1,300 + 750 − 25 = 9,425; 5 shares at 130, cost 650; realised 750 − 5 × 130 = 100.
    const after = await detailOf(portfolio.id);
    expect(after.cash_balance).toBe(9425);
    expect(after.holdings).toHaveLength(1);
    expect(after.holdings[0]).toMatchObject({ quantity: 5, average_cost: 130, cost_basis: 650 });
    expect(after.holdings[0]!.market_value).toBe(Math.round(5 * after.holdings[0]!.last_close! * 100) / 100);
    const analytics = await analyticsOf(portfolio.id);
    expect(analytics.lots.realized.map((lot) => [lot.quantity, lot.cost_basis, lot.realized_gain])).toEqual([[5, 650, 100]]);
    expect(analytics.cash).toBe(9425);
    // The stored series ends at the portfolio's value now: cash and the holding at the latest close.
    const [last] = await t.db
      .select()
      .from(portfolioValuations)
      .where(eq(portfolioValuations.portfolioId, portfolio.id))
      .orderBy(desc(portfolioValuations.date))
      .limit(1);
    expect(last?.value).toBe(after.total_value);

    // Listed, marked void, unless asked to hide void entries.
    const list = (query = '') => ledgerPage(app, alex.token, portfolio.id, query);
    expect((await list()).body.total).toBe(5);
    const shown = (await list('?include_void=false')).body.transactions as Transaction[];
    expect(shown.map((entry) => entry.id)).not.toContain(first.id);
    expect(shown).toHaveLength(4);

    // The audited reversal: before and after of the entry, the cash and the holding.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, portfolio.id), eq(auditLog.action, 'transaction voided')));
    expect(audit).toMatchObject({
      userId: alex.userId,
      before: {
        cash_balance: 8425,
        holdings: [{ quantity: 15, average_cost: 115, cost_basis: 1800 }],
        voided: [{ id: first.id, void: null }],
      },
      after: {
        cash_balance: 9425,
        holdings: [{ quantity: 5, average_cost: 130, cost_basis: 650 }],
        voided: [{ id: first.id, void: { reason: 'Bought in the wrong account', by: alex.userId } }],
      },
    });
    // Voided, not deleted.
    const [stored] = await t.db.select().from(transactions).where(eq(transactions.id, first.id));
    expect(stored).toMatchObject({ amount: -1000, voidReason: 'Bought in the wrong account', voidedBy: alex.userId });
  });

  it('corrects an entry: the void and its replacement in one write, with every figure recomputed', async () => {
    const { portfolio, second } = await ledgerWithMistake();
    const response = await correct(portfolio.id, second, { type: 'buy', symbol: 'AAPL', quantity: 8, price: 130, trade_date: d(15) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { voided, replacement } = response.body as TransactionCorrection;
    expect(voided).toMatchObject({ id: second.id, void: { reason: 'Wrong quantity' } });
    expect(replacement).toMatchObject({
      type: 'buy',
      quantity: 8,
      price: 130,
      amount: -1040,
      trade_date: d(15),
      replaces_id: second.id,
      void: null,
    });
    // Buys 10 @ 100 and 8 @ 130; FIFO sells 5 of the first lot. Left: 5 @ 100 + 8 @ 130 = 1,540 for 13 shares,
    // 1,540 / 13 = 118.4615 a share. Cash 10,000 − 1,000 − 1,040 + 750 − 25 = 8,685.
    const after = await detailOf(portfolio.id);
    expect(after.cash_balance).toBe(8685);
    expect(after.holdings[0]).toMatchObject({ quantity: 13, average_cost: 118.4615, cost_basis: 1540 });
    // FIFO realised: 5 from the first lot at 100: 750 − 500 = 250 (the correction is to a later lot).
    expect((await analyticsOf(portfolio.id)).lots.realized.map((lot) => lot.realized_gain)).toEqual([250]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, portfolio.id), eq(auditLog.action, 'transaction corrected')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ cash_balance: 8685, transactions: [{ id: replacement.id, quantity: 8 }] });
  });

  it('refuses a void that would leave a later sell uncovered, or cash below zero, naming the sell or the day', async () => {
    const portfolio = await openPortfolio(app, alex.token, client.id);
    const deposit = await recordOk(portfolio.id, { type: 'deposit', amount: 3000, trade_date: d(30) });
    const buy = await recordOk(portfolio.id, { type: 'buy', symbol: 'AAPL', quantity: 10, price: 100, trade_date: d(20) });
    await recordOk(portfolio.id, { type: 'sell', symbol: 'AAPL', quantity: 5, price: 150, trade_date: d(17) });
    await recordOk(portfolio.id, { type: 'buy', symbol: 'AAPL', quantity: 10, price: 130, trade_date: d(15) });
    const before = await detailOf(portfolio.id);

    const uncovered = await voidEntry(portfolio.id, buy);
    expect(uncovered.status).toBe(422);
    expect(uncovered.body).toEqual({
      detail: `Voiding this buy would leave the sell of 5 AAPL on ${d(17)} uncovered: no shares would be held then.`,
    });
    // Without the deposit: 0 − 1,000 = −1,000 on the first buy's day.
    const unfunded = await voidEntry(portfolio.id, deposit);
    expect(unfunded.body).toEqual({
      detail: `Voiding this deposit would take cash to -$1,000.00 on ${d(20)}, at the buy of 10 AAPL: $1,000.00 short.`,
    });
    // A correction that breaks the same rule is refused the same way.
    const smaller = await correct(portfolio.id, buy, { type: 'buy', symbol: 'AAPL', quantity: 4, price: 100, trade_date: d(20) });
    expect(smaller.body).toEqual({
      detail: `Correcting this buy would leave the sell of 5 AAPL on ${d(17)} uncovered: only 4 shares would be held then.`,
    });
    expect(await detailOf(portfolio.id)).toEqual(before);
    const rows = await t.db.select().from(transactions).where(eq(transactions.portfolioId, portfolio.id));
    expect(rows.filter((row) => row.voidedAt !== null)).toEqual([]);
    expect(rows).toHaveLength(4);
  });

  it('refuses a stale sync_version with 409 and the entry as it is now; a replay with the same Idempotency-Key is applied once', async () => {
    const { portfolio, fee } = await ledgerWithMistake();
    const firstTry = await voidEntry(portfolio.id, fee, {}, alex.token, 'void-fee-1');
    expect(firstTry.status).toBe(200);
    const replay = await voidEntry(portfolio.id, fee, {}, alex.token, 'void-fee-1');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(firstTry.body);
    const stale = await voidEntry(portfolio.id, fee, {}, alex.token, 'another-key');
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ detail: portfolioMessages.transactionChanged, current: { id: fee.id, sync_version: 2 } });
    expect((stale.body.current as Transaction).void).not.toBeNull();
    const staleCorrect = await correct(portfolio.id, fee, { type: 'fee', amount: 30, trade_date: d(5) });
    expect(staleCorrect.status).toBe(409);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, portfolio.id), eq(auditLog.action, 'transaction voided')));
    expect(audits).toHaveLength(1);
    // 8,425 + the 25 fee no longer counted = 8,450.
    expect((await detailOf(portfolio.id)).cash_balance).toBe(8450);
  });

  it('requires a reason and validates the replacement as a new entry', async () => {
    const { portfolio, fee } = await ledgerWithMistake();
    const blank = await voidEntry(portfolio.id, fee, { reason: '   ' });
    expect(fieldIssues(blank.body)).toEqual([['body.reason', portfolioMessages.voidReasonRequired]]);
    const missing = await voidEntry(portfolio.id, fee, { reason: undefined });
    expect(fieldIssues(missing.body)).toEqual([['body.reason', portfolioMessages.voidReasonRequired]]);
    const badReplacement = await correct(portfolio.id, fee, { type: 'fee', trade_date: d(5) });
    expect(fieldIssues(badReplacement.body)).toEqual([['body.amount', portfolioMessages.amountRequired]]);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, fee.id));
    expect(row?.voidedAt).toBeNull();
  });

  it('lets only staff who reach the portfolio void: a client 403, a colleague and another firm 404', async () => {
    const jordanClient = await clientOfUser(t.db, jordan, alex);
    const own = await openPortfolio(app, admin.token, jordanClient.id, { initial_deposit: 100 });
    const fee = await recordEntry(app, admin.token, own.id, { type: 'fee', amount: 1, trade_date: today });
    const asClient = await voidEntry(own.id, fee, {}, jordan.token);
    expect(asClient.status).toBe(403);
    expect(asClient.body).toEqual({ detail: portfolioMessages.readOnly });
    expect((await correct(own.id, fee, { type: 'fee', amount: 2, trade_date: today }, jordan.token)).status).toBe(403);
    // The client reads the ledger, void entries included, without changing it.
    expect((await call(app, 'GET', api(`/portfolios/${own.id}/transactions`), { token: jordan.token })).status).toBe(200);

    const { portfolio, fee: alexFee } = await ledgerWithMistake();
    if (client.advisorId !== priya.userId) {
      const colleague = await voidEntry(portfolio.id, alexFee, {}, priya.token);
      expect(colleague.status).toBe(404);
      expect(colleague.body).toEqual({ detail: portfolioMessages.portfolioNotFound });
    }
    for (const token of [other.admin.token, other.advisor.token]) {
      const foreign = await voidEntry(portfolio.id, alexFee, {}, token);
      expect(foreign.status).toBe(404);
    }
    // An entry of another portfolio under one the caller reaches: not found.
    const elsewhere = await voidEntry(own.id, alexFee, {}, admin.token);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ detail: portfolioMessages.transactionNotFound });
    // The admin reaches every portfolio of the firm.
    expect((await voidEntry(portfolio.id, alexFee, {}, admin.token)).status).toBe(200);
  });
});
