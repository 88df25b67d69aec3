import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import {
  capitalMarketMessages,
  defaultBandRanges,
  defaultExpectedReturns,
  type CapitalMarketSettings,
  type CapitalMarketUpdate,
} from '@meridian/domain/optimization/capital-markets';
import type { Optimization } from '@meridian/domain/recommendations/contracts';
import { auditLog } from '../../db/schema/audit.ts';
import { api, call, demo } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { createSecondFirm, type SecondFirm } from '../../test/second-firm.ts';
import { session, type Session } from '../../test/fixtures/portfolios.fixtures.ts';

describeEachDatabase('capital-market assumptions', (t) => {
  let app: FastifyInstance;
  // The writes happen in a firm of their own: the demo firm keeps its seeded figures for other tests.
  let firm: SecondFirm;
  let alex: Session;

  beforeAll(async () => {
    app = await t.buildApp({ rateLimitMax: 100_000 });
    firm = await createSecondFirm(app, t.db);
    alex = await session(app, demo.alex);
  });

  const read = async (token: string) => {
    const response = await call(app, 'GET', api('/capital-market-assumptions'), { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as CapitalMarketSettings;
  };
  const write = (token: string, body: unknown) => call(app, 'PUT', api('/capital-market-assumptions'), { token, body });
  const seeded = (): CapitalMarketUpdate =>
    structuredClone({ expected_returns: defaultExpectedReturns, band_ranges: defaultBandRanges, sync_version: 1 });
  const audits = () => t.db.select().from(auditLog).where(eq(auditLog.entityId, firm.firmId)).orderBy(desc(auditLog.createdAt));

  it('lets advisors read the seeded, illustrative figures; clients and advisors cannot change them', async () => {
    const settings = await read(firm.advisor.token);
    expect(settings).toMatchObject({ defaults: true, sync_version: 1, updated_at: null });
    expect(settings.expected_returns).toEqual(defaultExpectedReturns);
    expect(settings.band_ranges.moderate).toEqual(defaultBandRanges.moderate);
    expect((await call(app, 'GET', api('/capital-market-assumptions'), { token: firm.client.token })).status).toBe(403);
    expect(await write(firm.advisor.token, seeded())).toMatchObject({ status: 403, body: { detail: capitalMarketMessages.adminOnly } });
  });

  it('refuses figures out of range or ranges that cannot be met, with clear messages, and changes nothing', async () => {
    const body = seeded();
    body.expected_returns.us_equity = 0.65;
    body.band_ranges.moderate.classes.core_bonds = { min: 0.45, max: 0.2 };
    body.band_ranges.conservative.classes.core_bonds = { min: 0.95, max: 1 };
    const response = await write(firm.admin.token, body);
    expect(response.status).toBe(422);
    const issues = (response.body as { detail: Array<{ msg: string; loc: unknown[] }> }).detail;
    expect(issues.map((issue) => issue.msg)).toEqual([
      'US stocks: the expected return must be between −50 % and 50 %.',
      // Conservative minimums: US 10 % + core bonds 95 % = 105 %.
      "Conservative: the asset classes' minimums add up to 105 %, above 100 %; no portfolio can meet them all.",
      'Moderate, Core bonds: the minimum (45 %) is above the maximum (20 %).',
    ]);
    expect(issues[0]!.loc).toEqual(['body', 'expected_returns', 'us_equity']);
    expect(await read(firm.admin.token)).toMatchObject({ defaults: true, sync_version: 1 });
    expect(await audits()).toEqual([]);
  });

  it('saves an admin’s figures, audited; a stale version gets 409 and the current figures; other firms keep theirs', async () => {
    const body = seeded();
    body.expected_returns.commodities = 0.3; // an absurd view on gold: the band's cap must still hold it
    body.band_ranges.moderate.classes.core_bonds = { min: 0.4, max: 0.45 };
    const saved = await write(firm.admin.token, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ defaults: false, sync_version: 2 });
    expect((saved.body as CapitalMarketSettings).expected_returns.commodities).toBe(0.3);
    const [entry] = await audits();
    expect(entry).toMatchObject({ action: 'capital-market assumptions changed', entity: 'capital_market_assumptions' });
    expect((entry!.before as CapitalMarketSettings).expected_returns.commodities).toBe(0.035);
    expect((entry!.after as CapitalMarketSettings).expected_returns.commodities).toBe(0.3);

    const stale = await write(firm.admin.token, { ...body, sync_version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ detail: capitalMarketMessages.changed, current: { sync_version: 2 } });
    expect((await read(firm.advisor.token)).sync_version).toBe(2);
    expect(await read(alex.token)).toMatchObject({ defaults: true, expected_returns: defaultExpectedReturns });
  });

  it("optimises with the firm's figures: each security expects its class's return, and the band's ranges hold", async () => {
    const response = await call(app, 'POST', api(`/portfolios/${firm.ids.portfolio}/optimize`), { token: firm.advisor.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = response.body as Optimization;
    expect(result.risk_band).toBe('moderate');
    const gold = result.assets.filter((asset) => asset.market_class === 'commodities');
    expect(gold.length).toBeGreaterThan(0);
    for (const asset of gold) expect(asset.expected_return).toBe(0.3);
    const weightOf = (marketClass: string) => result.classes.find((entry) => entry.market_class === marketClass)!.optimal_weight;
    // A 30 % assumption for gold, and still no more than the moderate band's 5 % of it; core bonds at least the firm's 40 %.
    expect(weightOf('commodities')).toBeCloseTo(0.05, 9);
    expect(weightOf('core_bonds')).toBeGreaterThanOrEqual(0.4 - 1e-9);
    expect(weightOf('core_bonds')).toBeLessThanOrEqual(0.45 + 1e-9);
    expect(result.constraints_relaxed).toBe(false);
  });
});
