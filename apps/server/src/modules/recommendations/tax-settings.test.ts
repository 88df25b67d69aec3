import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ModelPortfolio } from '@meridian/domain/model-portfolios/contracts';
import type { GenerateResponse } from '@meridian/domain/recommendations/contracts';
import { taxSettingsMessages } from '@meridian/domain/recommendations/tax-settings';
import { addDays, isTradingDay, lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/shared/trading-calendar';
import { auditLog } from '../../db/schema/audit.ts';
import type { SecurityRow } from '../../db/schema/securities.ts';
import { api, call } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { colleague, insertSecurity, newAdvisorFirm, type Session } from '../../test/fixtures/clients.fixtures.ts';
import { insertClient, openPortfolio, recordEntry } from '../../test/fixtures/portfolios.fixtures.ts';

describeEachDatabase('tax settings and tax-aware proposals', (t) => {
  let app: FastifyInstance;
  let advisor: Session;
  let partner: Session;
  let outsider: Session;
  let admin: Session;
  let stock: SecurityRow;
  let bond: SecurityRow;
  let model: ModelPortfolio;
  const today = () => marketDate(t.clock.now());
  const daysAgo = (days: number) => lastTradingDayOnOrBefore(addDays(today(), -days));

  beforeAll(async () => {
    while (!isTradingDay(today())) t.clock.advance(86_400_000);
    app = await t.buildApp({ rateLimitMax: 100_000 });
    advisor = await newAdvisorFirm(app);
    partner = await colleague(app, t.db, advisor.firmId);
    admin = await colleague(app, t.db, advisor.firmId, 'admin');
    outsider = await newAdvisorFirm(app);
    stock = await insertSecurity(t.db, 100);
    bond = await insertSecurity(t.db, 50, 'fixed_income');
    const response = await call(app, 'POST', api('/model-portfolios'), {
      token: advisor.token,
      body: {
        name: 'Twenty-eighty',
        risk_band: 'moderate',
        targets: [
          { security_id: stock.id, weight: 0.2 },
          { security_id: bond.id, weight: 0.8 },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    model = response.body as ModelPortfolio;
  });

  const trade = (portfolioId: string, side: 'buy' | 'sell', security: SecurityRow, quantity: number, price: number, tradeDate: string) =>
    recordEntry(app, advisor.token, portfolioId, { type: side, security_id: security.id, quantity, price, trade_date: tradeDate });
  /** An account funded two years back, before the trades the tests date then (cash never goes below zero). */
  const openFunded = async (clientId: string, amount: number, fields: Record<string, unknown> = {}) => {
    const portfolio = await openPortfolio(app, advisor.token, clientId, fields);
    await recordEntry(app, advisor.token, portfolio.id, { type: 'deposit', amount, trade_date: daysAgo(731) });
    return portfolio;
  };
  const settingsOf = (who: Session, clientId: string) => call(app, 'GET', api(`/clients/${clientId}/tax-settings`), { token: who.token });
  const save = (who: Session, clientId: string, body: Record<string, unknown>) =>
    call(app, 'PUT', api(`/clients/${clientId}/tax-settings`), { token: who.token, body });
  const generate = async (clientId: string) => {
    const response = await call(app, 'POST', api('/recommendations/generate'), { token: advisor.token, body: { client_id: clientId } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as GenerateResponse).recommendations;
  };

  it("reads and saves a client's gain budget, hold list and restricted list, audited, with this year's realised gains", async () => {
    const client = await insertClient(t.db, advisor);
    const taxable = await openFunded(client.id, 20_000);
    const ira = await openFunded(client.id, 20_000, { account_type: 'ira' });
    // Taxable: 100 bought at 80 two years ago, 50 sold today at 100: +1,000 this year. The IRA's gain is not counted.
    await trade(taxable.id, 'buy', stock, 100, 80, daysAgo(730));
    await trade(taxable.id, 'sell', stock, 50, 100, today());
    await trade(ira.id, 'buy', stock, 10, 50, daysAgo(730));
    await trade(ira.id, 'sell', stock, 10, 100, today());
    const empty = await settingsOf(advisor, client.id);
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toMatchObject({
      client_id: client.id,
      annual_gain_budget: null,
      hold_list: [],
      restricted: [],
      gains_year_to_date: 1000,
      sync_version: 0,
    });

    const saved = await save(advisor, client.id, {
      annual_gain_budget: 5000,
      hold_security_ids: [stock.id],
      restricted_security_ids: [bond.id],
      sync_version: 0,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      annual_gain_budget: 5000,
      hold_list: [{ security_id: stock.id, symbol: stock.symbol, name: stock.name }],
      restricted: [{ security_id: bond.id, symbol: bond.symbol }],
      sync_version: 1,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, 'client tax settings updated')))
      .orderBy(desc(auditLog.createdAt));
    expect(audit).toMatchObject({ before: null, after: { annual_gain_budget: 5000, hold_security_ids: [stock.id] } });

    // A stale version: 409 with the current settings, nothing changed.
    const stale = await save(advisor, client.id, {
      annual_gain_budget: 1,
      hold_security_ids: [],
      restricted_security_ids: [],
      sync_version: 0,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ detail: taxSettingsMessages.changed, current: { annual_gain_budget: 5000, sync_version: 1 } });
  });

  it('refuses bad settings with 422 and the message, and changes nothing', async () => {
    const client = await insertClient(t.db, advisor);
    const cases: Array<[Record<string, unknown>, Array<string | number>, string]> = [
      [{ annual_gain_budget: -1 }, ['body', 'annual_gain_budget'], taxSettingsMessages.gainBudgetInvalid],
      [{ annual_gain_budget: 'lots' }, ['body', 'annual_gain_budget'], taxSettingsMessages.gainBudgetInvalid],
      [{ hold_security_ids: ['nope'] }, ['body', 'hold_security_ids', 0], taxSettingsMessages.securityIdsInvalid],
      [{ hold_security_ids: [stock.id, stock.id] }, ['body', 'hold_security_ids'], taxSettingsMessages.securityDuplicate],
      [
        { hold_security_ids: [stock.id], restricted_security_ids: [stock.id] },
        ['body', 'restricted_security_ids', 0],
        taxSettingsMessages.securityInBoth,
      ],
      [
        { restricted_security_ids: ['00000000-0000-4000-8000-000000000000'] },
        ['body', 'restricted_security_ids', 0],
        taxSettingsMessages.securityUnknown,
      ],
    ];
    for (const [fields, loc, msg] of cases) {
      const refused = await save(advisor, client.id, {
        annual_gain_budget: null,
        hold_security_ids: [],
        restricted_security_ids: [],
        ...fields,
      });
      expect(refused.status, JSON.stringify(fields)).toBe(422);
      expect(refused.body.detail[0], JSON.stringify(fields)).toMatchObject({ loc, msg });
    }
    expect((await settingsOf(advisor, client.id)).body).toMatchObject({ sync_version: 0, annual_gain_budget: null });
  });

  it("keeps to reach: another advisor or firm gets 404; only an admin changes the firm's settings", async () => {
    const client = await insertClient(t.db, advisor);
    const body = { annual_gain_budget: 10, hold_security_ids: [], restricted_security_ids: [] };
    for (const who of [partner, outsider]) {
      expect((await settingsOf(who, client.id)).status).toBe(404);
      expect((await save(who, client.id, body)).status).toBe(404);
    }
    const firmBody = { rebalance_to: 'band_edge', min_benefit_ratio: 0, short_term_rate: 0.32, long_term_rate: 0.15 };
    expect((await call(app, 'PUT', api('/recommendations/settings'), { token: advisor.token, body: firmBody })).body).toEqual({
      detail: taxSettingsMessages.adminOnly,
    });
    const bad = await call(app, 'PUT', api('/recommendations/settings'), {
      token: admin.token,
      body: { ...firmBody, rebalance_to: 'halfway' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'rebalance_to'], msg: taxSettingsMessages.rebalanceToInvalid });
    expect((await call(app, 'GET', api('/recommendations/settings'), { token: advisor.token })).body).toEqual({
      ...firmBody,
      sync_version: 0,
      updated_at: null,
    });
  });

  it("saves the firm's rebalancing settings at the version read, audited; a stale version answers 409 with the current ones", async () => {
    const firm = await newAdvisorFirm(app);
    const firmAdmin = await colleague(app, t.db, firm.firmId, 'admin');
    const put = (body: Record<string, unknown>) => call(app, 'PUT', api('/recommendations/settings'), { token: firmAdmin.token, body });
    const toTarget = { rebalance_to: 'target', min_benefit_ratio: 2.5, short_term_rate: 0.35, long_term_rate: 0.2 };
    const saved = await put({ ...toTarget, sync_version: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ ...toTarget, sync_version: 1 });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, firm.firmId), eq(auditLog.action, 'rebalancing settings updated')));
    expect(audit).toMatchObject({
      before: { rebalance_to: 'band_edge', min_benefit_ratio: 0, short_term_rate: 0.32, long_term_rate: 0.15 },
      after: toTarget,
    });
    // Saved again from the version first read (0): someone saved meanwhile, nothing changes.
    const stale = await put({ ...toTarget, rebalance_to: 'band_edge', sync_version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ detail: taxSettingsMessages.firmChanged, current: { ...toTarget, sync_version: 1 } });
    const again = await put({ ...toTarget, rebalance_to: 'band_edge', sync_version: 1 });
    expect(again.body).toMatchObject({ rebalance_to: 'band_edge', sync_version: 2 });
  });

  it("shows a taxable proposal's estimated tax against the drift it cures, within the client's gain budget; a Roth shows none", async () => {
    // The firm trades only to the band's edge (the default). Stock: 600 bought at 80 two years ago (+20 a share long-term)
    // = 60,000; bonds 800 at 50 = 40,000. Stock is 60 % against 20 % ± 5: to the edge (25 %) is 35,000 = 350 shares,
    // a 7,000 gain. The budget is 1,000: floor(1,000 / 20) = 50 shares (5,000), gain 1,000, tax 1,000 × 15 % = 150,
    // and the 5,000 buys 100 bond shares. Stock then 55,000 / 100,000: drift 40 → 35 points.
    const client = await insertClient(t.db, advisor);
    // 88,000 deposited buys both: no cash left.
    const taxable = await openFunded(client.id, 88_000, { model_id: model.id });
    await trade(taxable.id, 'buy', stock, 600, 80, daysAgo(730));
    await trade(taxable.id, 'buy', bond, 800, 50, daysAgo(730));
    expect((await save(advisor, client.id, { annual_gain_budget: 1000, hold_security_ids: [], restricted_security_ids: [] })).status).toBe(
      200,
    );
    const [proposal] = await generate(client.id);
    expect(proposal!.details.trades.map((row) => [row.side, row.symbol, row.quantity])).toEqual([
      ['sell', stock.symbol, 50],
      ['buy', bond.symbol, 100],
    ]);
    expect(proposal!.details.tax).toMatchObject({
      treatment: 'taxable',
      estimated_tax: 150,
      gain_budget: 1000,
      gains_year_to_date: 0,
      budget_left: 0,
      rebalance_to: 'band_edge',
    });
    expect(proposal!.details.drift!.before).toBeCloseTo(0.4, 10);
    expect(proposal!.details.drift!.after).toBeCloseTo(0.35, 10);
    expect(proposal!.rationale).toContain('estimated tax $150, to cure 5.0 pts of drift');

    // The same account as a Roth: no tax, no budget; the sale goes to the band's edge: 350 shares.
    const roth = await insertClient(t.db, advisor);
    const account = await openFunded(roth.id, 88_000, { model_id: model.id, account_type: 'roth_ira' });
    await trade(account.id, 'buy', stock, 600, 80, daysAgo(730));
    await trade(account.id, 'buy', bond, 800, 50, daysAgo(730));
    expect((await save(advisor, roth.id, { annual_gain_budget: 1000, hold_security_ids: [], restricted_security_ids: [] })).status).toBe(
      200,
    );
    const [rothProposal] = await generate(roth.id);
    expect(rothProposal!.details.trades[0]).toMatchObject({ side: 'sell', symbol: stock.symbol, quantity: 350 });
    expect(rothProposal!.details.tax).toMatchObject({ treatment: 'tax_free', estimated_tax: 0, gain_budget: null });
    expect(rothProposal!.rationale).toContain('Tax-free account');
    expect(rothProposal!.rationale).not.toMatch(/tax-deferred/i);
  });

  it("counts this year's realised gains and the client's other open proposals against the budget: two taxable accounts do not each spend it", async () => {
    // Budget 1,500. Account B (opened first): 225 stock at 80 two years ago and 1,600 bonds; 25 sold today at 100:
    // +500 realised this year. B then holds 200 stock (20,000), 1,600 bonds (80,000), cash 2,500: inside 20/80 ± 5.
    // Account A: 600 stock at 80 (+20 a share) and 800 bonds = 100,000, stock 60 %. Room 1,500 − 500 = 1,000:
    // floor(1,000 / 20) = 50 shares sold, a 1,000 gain, and the budget is spent.
    const client = await insertClient(t.db, advisor);
    expect((await save(advisor, client.id, { annual_gain_budget: 1500, hold_security_ids: [], restricted_security_ids: [] })).status).toBe(
      200,
    );
    const b = await openFunded(client.id, 98_000, { model_id: model.id });
    await trade(b.id, 'buy', stock, 225, 80, daysAgo(730));
    await trade(b.id, 'buy', bond, 1600, 50, daysAgo(730));
    await trade(b.id, 'sell', stock, 25, 100, today());
    t.clock.advance(1); // A opened after B: a review takes B first.
    const a = await openFunded(client.id, 88_000, { model_id: model.id });
    await trade(a.id, 'buy', stock, 600, 80, daysAgo(730));
    await trade(a.id, 'buy', bond, 800, 50, daysAgo(730));
    const first = await generate(client.id);
    expect(first.map((row) => row.portfolio_id)).toEqual([a.id]);
    expect(first[0]!.details.trades.map((row) => [row.side, row.quantity])).toEqual([
      ['sell', 50],
      ['buy', 100],
    ]);
    expect(first[0]!.details.tax).toMatchObject({ gain_budget: 1500, gains_year_to_date: 500, budget_left: 0 });

    // B drifts: 300 more stock at 80 two years ago (deposit 24,000 then): 500 stock (50,000) of 132,500 = 37.7 %.
    // Reviewed first, B finds the budget spoken for by A's pending proposal (500 + 1,000 = 1,500): it sells nothing,
    // and puts its 2,500 of cash into 50 bonds. A, reviewed next, keeps its 50 shares: its own pending proposal is
    // the one it replaces. Realised and proposed gains together: 500 + 1,000 + 0 = 1,500, the budget.
    await recordEntry(app, advisor.token, b.id, { type: 'deposit', amount: 24_000, trade_date: daysAgo(731) });
    await trade(b.id, 'buy', stock, 300, 80, daysAgo(730));
    const second = await generate(client.id);
    const ofB = second.find((row) => row.portfolio_id === b.id)!;
    expect(ofB.details.trades.map((row) => [row.side, row.symbol, row.quantity])).toEqual([['buy', bond.symbol, 50]]);
    expect(ofB.details.tax).toMatchObject({ gains_year_to_date: 1500, budget_left: 0 });
    expect(ofB.details.held_back).toMatchObject([{ symbol: stock.symbol, reason: 'gain_budget' }]);
    const ofA = second.find((row) => row.portfolio_id === a.id)!;
    expect(ofA.id).toBe(first[0]!.id);
    expect(ofA.details.totals).toMatchObject({ realized_long: 1000, realized_short: 0 });
    expect(ofA.details.tax).toMatchObject({ gains_year_to_date: 500, budget_left: 0 });
  });

  it("creates no wash sale across the client's accounts: a loss next to a recent IRA purchase is reported disallowed, and no account buys what another sells at a loss", async () => {
    // Taxable: 600 stock bought at 120 two years ago (−20 a share at 100) and 800 bonds: stock 60 % → sold at a loss.
    // The IRA bought 30 stock 10 days ago: 30 × 20 = 600 of the loss is disallowed. The IRA, mostly cash, would buy stock,
    // but the taxable account's proposal sells it at a loss today: that purchase is blocked.
    const client = await insertClient(t.db, advisor);
    const taxable = await openFunded(client.id, 112_000, { model_id: model.id });
    await trade(taxable.id, 'buy', stock, 600, 120, daysAgo(730));
    await trade(taxable.id, 'buy', bond, 800, 50, daysAgo(730));
    const ira = await openFunded(client.id, 50_000, { model_id: model.id, account_type: 'ira' });
    const recentBuy = daysAgo(10);
    await trade(ira.id, 'buy', stock, 30, 100, recentBuy);
    const proposals = await generate(client.id);
    const ofTaxable = proposals.find((row) => row.portfolio_id === taxable.id)!;
    const sale = ofTaxable.details.trades.find((row) => row.side === 'sell')!;
    expect(sale).toMatchObject({ symbol: stock.symbol, disallowed_loss: 600 });
    expect(ofTaxable.details.tax?.disallowed_loss).toBe(600);
    expect(ofTaxable.rationale).toContain('The wash-sale rule disallows $600 of the losses');
    const ofIra = proposals.find((row) => row.portfolio_id === ira.id)!;
    expect(ofIra.details.trades.some((row) => row.side === 'buy' && row.security_id === stock.id)).toBe(false);
    expect(ofIra.details.wash_sale_blocked.map((row) => row.security_id)).toEqual([stock.id]);
    expect(ofIra.details.tax?.treatment).toBe('tax_deferred');
  });
});
