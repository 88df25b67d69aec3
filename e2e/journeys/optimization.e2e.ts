/**
 * Optimisation journey (issue 11) in the system Chromium against the real product and its demo seed.
 *
 * 1. An advisor opens a portfolio's analytics: the efficient frontier section shows the figures the
 *    optimiser's API answers for the client's risk band.
 * 2. He makes a recommendation of the optimum, opens it on the portfolio page, accepts it and marks
 *    it implemented: the portfolio's holdings and its ledger change exactly as the trades said.
 * 3. The section reads on a phone too.
 * 4. A moderate client's optimum (Jordan Reyes's joint account), the one an advisor would send: every
 *    asset class within the band's ranges, expected returns the firm's assumptions, the optimum's
 *    expected return their weighted sum.
 * 5. The firm's admin reads the capital-market assumptions and the band ranges, and a return out of
 *    bounds is refused with its message.
 * 6. The admin, from the user menu, sets the firm to rebalance back to the target instead of the band's
 *    edge; on a phone Alex reads the setting on the same page and generates again for a client with a
 *    rebalance: the proposal now goes to the target, and its card says so.
 * At both widths the frontier's axes show a few percentages, none twice and none cut off.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client, ClientListResponse } from '@meridian/domain/clients/contracts';
import type { HoldingListResponse } from '@meridian/domain/portfolios/holding-contracts';
import type { PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import type { TransactionListResponse } from '@meridian/domain/portfolios/transaction-contracts';
import type { Optimization, Recommendation, RecommendationListResponse } from '@meridian/domain/recommendations/contracts';
import {
  rebalanceTargetLabels,
  type ClientTaxSettings,
  type FirmRebalanceSettingsRecord,
} from '@meridian/domain/recommendations/tax-settings';
import {
  defaultExpectedReturns,
  marketClassLabels,
  marketClassVehicleSymbols,
  stockClasses,
} from '@meridian/domain/optimization/capital-markets';
import { apiSession, type ApiSession } from '../support/api.ts';
import { snap, viewports } from '../support/browser.ts';
import { expectLegibleAxes } from '../support/chart-axes.ts';
import { dollars } from '../support/expected-figures.ts';
import { journeyFile } from '../support/journey.ts';
import { admin, alex, signIn } from '../support/sign-in.ts';

const journey = journeyFile('optimization');
let api: ApiSession;
let portfolioId: string;

/** A fraction as the section shows it: two decimals. */
const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

beforeAll(async () => {
  api = await apiSession(journey.server.url, alex);
  const list = await api.get<PortfolioListResponse>('/portfolios?status=active&sort=holdings_value&order=desc&per_page=20');
  // The optimum needs the client's risk band: a client not assessed yet has none.
  const assessed = await api.get<ClientListResponse>(
    '/clients?risk_band=conservative,moderately_conservative,moderate,moderately_aggressive,aggressive&per_page=100',
  );
  const banded = new Set(assessed.clients.map((client) => client.id));
  portfolioId = list.portfolios.find((portfolio) => portfolio.holdings_count >= 3 && banded.has(portfolio.client_id))!.id;
});

async function optimum(id = portfolioId): Promise<Optimization> {
  const response = await api.send('POST', `/portfolios/${id}/optimize`);
  expect(response.status).toBe(200);
  return (await response.json()) as Optimization;
}

async function analyticsPage(viewport: keyof typeof viewports = 'desktop', id = portfolioId): Promise<Page> {
  const page = await journey.page();
  await page.setViewportSize(viewports[viewport]);
  await signIn(page, alex);
  await page.goto(`/portfolio-analytics?portfolio=${id}`);
  await page.getByRole('heading', { name: 'Efficient frontier and optimum' }).waitFor();
  await page.getByTestId('optimization-figures').waitFor();
  return page;
}

/**
 * A pending rebalance that sells, to the band's edge, of the last client (by name) that has one and no tax
 * settings to hold it back (the demo seed reviews the first clients of the demo advisor).
 */
async function rebalanceToEdge(): Promise<Recommendation> {
  const { recommendations } = await api.get<RecommendationListResponse>('/recommendations?status=pending&per_page=100');
  const candidates = recommendations.filter(
    (row) =>
      row.type === 'rebalance' &&
      row.details.tax?.rebalance_to === 'band_edge' &&
      row.details.trades.some((trade) => trade.side === 'sell'),
  );
  for (const candidate of candidates.reverse()) {
    const settings = await api.get<ClientTaxSettings>(`/clients/${candidate.client_id}/tax-settings`);
    if (settings.annual_gain_budget === null && settings.hold_list.length === 0) return candidate;
  }
  throw new Error('expected a pending rebalance to the band edge that sells, of a client without tax settings');
}

/** Opens the user menu and follows its entry to the firm's investment policy; returns its rebalancing section. */
async function openInvestmentPolicy(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Investment policy' }).click();
  await page.getByRole('heading', { name: 'Investment policy', level: 1 }).waitFor();
  const section = page.getByTestId('rebalancing');
  await section.getByRole('heading', { name: 'Rebalancing', level: 2 }).waitFor();
  return section;
}

describe('optimisation', () => {
  it("1. the analytics page shows the frontier and the optimum the API answers for the client's band", async () => {
    const page = await analyticsPage();
    const expected = await optimum();
    const figures = await page.getByTestId('optimization-figures').textContent();
    expect(figures).toBe(
      `Now: expected return${percent(expected.current.expected_return)}Now: volatility${percent(expected.current.volatility)}` +
        `Optimal: expected return${percent(expected.optimal.expected_return)}Optimal: volatility${percent(expected.optimal.volatility)}`,
    );
    const section = page.getByTestId('analytics-optimization');
    await expect.poll(() => section.locator('.MuiScatterChart-root, svg').count()).toBeGreaterThan(0);
    await expect.poll(() => section.textContent()).toContain(`target volatility ${percent(expected.target_volatility)}`);
    await expectLegibleAxes(section, 'efficient frontier');
    await snap(page, 'optimization-desktop');
  });

  it('2. the optimum becomes a recommendation; accepted and implemented, it changes the holdings and the ledger as its trades said', async () => {
    const page = await analyticsPage();
    const before = await api.get<HoldingListResponse>(`/portfolios/${portfolioId}/holdings`);
    await page.getByRole('button', { name: 'Create recommendation from the optimum' }).click();
    const created = page.getByRole('alert').filter({ hasText: 'pending on the portfolio page' });
    await created.waitFor();
    await created.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(`**/portfolios/${portfolioId}`);

    const [pending] = (
      await api.get<{ recommendations: Recommendation[] }>(`/recommendations?portfolio_id=${portfolioId}&status=pending`)
    ).recommendations.filter((recommendation) => recommendation.source === 'optimizer');
    expect(pending).toBeDefined();
    const card = page.getByRole('article', { name: pending!.title });
    await card.getByRole('button', { name: 'Accept' }).click();
    await card.getByRole('button', { name: 'Mark implemented' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Mark implemented' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await api.get<Recommendation>(`/recommendations/${pending!.id}`)).status).toBe('implemented');
    await expect.poll(() => card.getByTestId('recommendation-status').textContent()).toBe('Implemented');

    // Each trade moved its holding by its quantity, and each is in the ledger.
    const after = await api.get<HoldingListResponse>(`/portfolios/${portfolioId}/holdings`);
    const quantity = (list: HoldingListResponse, securityId: string) =>
      list.holdings.find((holding) => holding.security.id === securityId)?.quantity ?? 0;
    for (const trade of pending!.details.trades) {
      const moved = quantity(after, trade.security_id) - quantity(before, trade.security_id);
      expect(moved, `${trade.side} ${trade.symbol}`).toBeCloseTo(trade.side === 'buy' ? trade.quantity : -trade.quantity, 6);
    }
    const ledger = await api.get<TransactionListResponse>(`/portfolios/${portfolioId}/transactions?per_page=100`);
    const recorded = ledger.transactions.filter((entry) => entry.notes === `Recommendation: ${pending!.title}`);
    expect(recorded.map((entry) => `${entry.type} ${entry.security?.symbol} ${entry.quantity}`).sort()).toEqual(
      pending!.details.trades.map((trade) => `${trade.side} ${trade.symbol} ${trade.quantity}`).sort(),
    );
  });

  it('3. the section reads on a phone', async () => {
    const page = await analyticsPage('phone');
    const section = page.getByTestId('analytics-optimization');
    await section.scrollIntoViewIfNeeded();
    // Nothing runs off the side: neither the page nor the section is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect((await section.boundingBox())!.width).toBeLessThanOrEqual(viewports.phone.width);
    await expectLegibleAxes(section, 'efficient frontier on a phone');
    await snap(page, 'optimization-phone');
  });

  it("4. a moderate client's optimum keeps every asset class within the band and expects the firm's assumptions", async () => {
    const list = await api.get<PortfolioListResponse>('/portfolios?status=active&search=Reyes&per_page=20');
    const joint = list.portfolios.find((portfolio) => portfolio.client_name === 'Jordan Reyes' && /Joint/.test(portfolio.name));
    expect(joint, 'the demo seed gives Jordan Reyes a joint account').toBeDefined();
    // Jordan has not taken the questionnaire: the advisor records the band agreed with them, with the reason.
    const jordan = await api.get<Client>(`/clients/${joint!.client_id}`);
    expect(jordan.risk_band).toBeNull();
    const handSet = await api.send('PUT', `/clients/${jordan.id}`, {
      risk_band: 'moderate',
      risk_band_reason: 'Balanced mix agreed at the review meeting, until the questionnaire.',
      sync_version: jordan.sync_version,
    });
    expect(handSet.status).toBe(200);
    const expected = await optimum(joint!.id);
    expect(expected.risk_band).toBe('moderate');
    expect(expected.constraints_relaxed).toBe(false);
    // Each class within its range (core bonds 20–45 %, international 8–20 %, gold at most 5 % …).
    for (const row of expected.classes) {
      expect(row.optimal_weight, row.market_class).toBeGreaterThanOrEqual(row.min_weight - 1e-9);
      expect(row.optimal_weight, row.market_class).toBeLessThanOrEqual(row.max_weight + 1e-9);
    }
    const weightOf = (marketClass: string) => expected.classes.find((row) => row.market_class === marketClass)!.optimal_weight;
    expect(weightOf('core_bonds')).toBeGreaterThanOrEqual(0.2 - 1e-9);
    expect(weightOf('international_equity')).toBeGreaterThanOrEqual(0.08 - 1e-9);
    const stocks = expected.classes
      .filter((row) => stockClasses.includes(row.market_class))
      .reduce((sum, row) => sum + row.optimal_weight, 0);
    expect(stocks).toBeGreaterThanOrEqual(expected.stocks_range.min - 1e-9);
    expect(stocks).toBeLessThanOrEqual(expected.stocks_range.max + 1e-9);
    // The seeded assumptions: a class's own fund expects the class's figure, every other security the
    // class's premium over the risk-free rate times its (Blume-adjusted, so tempered) beta to that fund;
    // the optimum's return is their weighted sum: a long-run figure, not 20 % a year.
    for (const asset of expected.assets) {
      if (asset.market_class === 'cash') continue;
      const assumed = defaultExpectedReturns[asset.market_class];
      if (asset.symbol === marketClassVehicleSymbols[asset.market_class]) expect(asset.expected_return, asset.symbol).toBe(assumed);
      const beta = (asset.expected_return - expected.risk_free_rate) / (assumed - expected.risk_free_rate);
      expect(beta, asset.symbol).toBeGreaterThan(0.3);
      expect(beta, asset.symbol).toBeLessThan(1.7);
    }
    const weighted = expected.assets.reduce((sum, asset) => sum + asset.optimal_weight * asset.expected_return, 0);
    expect(expected.optimal.expected_return).toBeCloseTo(weighted, 10);
    expect(expected.optimal.expected_return).toBeLessThan(0.08);

    const page = await analyticsPage('desktop', joint!.id);
    const table = page.getByTestId('optimization-classes');
    await table.waitFor();
    for (const row of expected.classes.filter((entry) => entry.optimal_weight >= 0.0005)) {
      const shown = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: marketClassLabels[row.market_class], exact: true }) });
      await expect.poll(() => shown.locator('td').last().textContent()).toBe(percent(row.optimal_weight));
    }
    await table.scrollIntoViewIfNeeded();
    await snap(page, 'optimization-moderate-classes');
  });

  it('5. the admin reads the capital-market assumptions and band ranges; a return out of bounds is refused', async () => {
    const page = await journey.page();
    await page.setViewportSize(viewports.desktop);
    await signIn(page, admin);
    // The address the analytics link to: the firm's investment policy.
    await page.goto('/capital-market-assumptions');
    await page.getByRole('heading', { name: 'Investment policy', level: 1 }).waitFor();
    const section = page.getByTestId('capital-market-assumptions');
    await expect.poll(() => section.textContent()).toContain('illustrative long-term assumptions, not a forecast');
    expect(await page.getByLabel('US stocks: expected return').inputValue()).toBe('6.5');
    expect(await page.getByLabel('Moderate, Core bonds: minimum').inputValue()).toBe('20');
    await snap(page, 'capital-market-assumptions');
    await page.getByLabel('Emerging-market stocks: expected return').fill('60');
    await page.getByRole('button', { name: 'Save assumptions' }).click();
    await expect
      .poll(() => page.getByTestId('cma-problems').textContent())
      .toBe('Emerging-market stocks: the expected return must be between −50 % and 50 %.');
    await snap(page, 'capital-market-assumptions-refused');
  });
  it('6. the admin sets the firm to rebalance back to the target; on a phone the advisor reads it and a new proposal follows it', async () => {
    const before = await rebalanceToEdge();
    const settings = await api.get<FirmRebalanceSettingsRecord>('/recommendations/settings');
    expect(settings.rebalance_to).toBe('band_edge');

    // The admin, on a laptop: the user menu leads to the investment policy, where the setting is edited.
    const page = await journey.page();
    await page.setViewportSize(viewports.desktop);
    await signIn(page, admin);
    const section = await openInvestmentPolicy(page);
    const choice = section.getByRole('combobox', { name: 'Trade an asset class outside its band' });
    await expect.poll(() => choice.innerText()).toBe(rebalanceTargetLabels.band_edge);
    await snap(page, 'optimization-investment-policy');
    await choice.click();
    await page.getByRole('option', { name: rebalanceTargetLabels.target }).click();
    await section.getByRole('button', { name: 'Save rebalancing settings' }).click();
    await section.getByText('The rebalancing settings are saved.').waitFor();
    await expect.poll(() => choice.innerText()).toBe(rebalanceTargetLabels.target);
    await snap(page, 'optimization-rebalancing-saved');
    const saved = await api.get<FirmRebalanceSettingsRecord>('/recommendations/settings');
    const { updated_at: _read, ...figures } = settings;
    expect(saved).toMatchObject({ ...figures, rebalance_to: 'target', sync_version: settings.sync_version + 1 });

    // Alex, on a phone: reads the setting (no inputs for an advisor), then generates again for the client.
    const phone = await journey.page();
    await phone.setViewportSize(viewports.phone);
    await signIn(phone, alex);
    const shown = await openInvestmentPolicy(phone);
    await shown.getByText(rebalanceTargetLabels.target, { exact: true }).waitFor();
    expect(await shown.getByRole('combobox').count()).toBe(0);
    await snap(phone, 'optimization-phone-investment-policy');

    await phone.goto(`/clients/${before.client_id}/profile`);
    await phone.getByRole('heading', { name: before.client_name, level: 1 }).waitFor();
    const panel = phone.getByTestId('recommendations');
    const cardOf = (proposal: Recommendation) =>
      panel.getByRole('article', { name: proposal.title }).filter({ hasText: proposal.portfolio_name });
    await cardOf(before).getByText(before.rationale).waitFor();
    const answered = phone.waitForResponse((response) => response.url().endsWith('/api/v1/recommendations/generate'));
    await panel.getByRole('button', { name: 'Generate recommendations' }).click();
    await answered;
    const after = await api.get<Recommendation>(`/recommendations/${before.id}`);
    // The same proposal refreshed: back to the target it sells more and leaves less drift than stopping at the edge did.
    expect([after.status, after.details.tax?.rebalance_to]).toEqual(['pending', 'target']);
    expect(after.details.totals.sells).toBeGreaterThan(before.details.totals.sells);
    expect(after.details.drift!.after).toBeLessThan(before.details.drift!.after);
    const card = cardOf(after);
    await card.getByText(after.rationale).waitFor();
    await card.getByRole('button', { name: 'Show details' }).click();
    for (const trade of after.details.trades) {
      const cells = await card.getByTestId(`trade-row-${trade.symbol}`).locator('td').allInnerTexts();
      expect(cells[4], `${trade.symbol} amount`).toBe(dollars(trade.amount));
    }
    if (after.details.tax?.treatment === 'taxable')
      expect(await card.getByTestId('tax-versus-drift').innerText()).not.toContain('Trades stop at the edge of the band.');
    const box = await card.boundingBox();
    expect(box!.x + box!.width, 'the card fits the phone').toBeLessThanOrEqual(viewports.phone.width);
    await snap(phone, 'optimization-phone-rebalanced-to-target');
  });
});
