/**
 * Portfolio builder journeys (/portfolio-builder) in the system Chromium against the real product
 * and its demo seed. The figures on the screen are compared with the shared domain code run on the
 * statistics the API answers for the same securities.
 *
 * 1. An advisor adds VTI, AGG and GLD through the security search, weighs them, sees the expected
 *    return and volatility move when one weight changes, saves the mix as a model (found through
 *    the API with the same weights), and saves it as a proposal for a client, whose portfolio page
 *    then shows the proposed holdings.
 * 2. On a phone, he loads one of the firm's starter models, changes a weight, and switches to the
 *    five asset classes: the page stays within the screen's width.
 * 3. A client, whom the API refuses (403), is told the builder is for the firm's advisors.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientListResponse } from '@meridian/domain/clients/contracts';
import type { ModelListResponse } from '@meridian/domain/model-portfolios/contracts';
import type { PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import type { Statistics } from '@meridian/domain/recommendations/contracts';
import type { SecuritySearchResponse } from '@meridian/domain/securities/contracts';
import { apiSession, type ApiSession } from '../support/api.ts';
import { choose } from '../support/portfolio-forms.ts';
import { snap, snapDialog, viewports } from '../support/browser.ts';
import { journeyFile } from '../support/journey.ts';
import { alex, jordan, signIn, type Account } from '../support/sign-in.ts';

const journey = journeyFile('portfolio-builder');
let api: ApiSession;

beforeAll(async () => {
  api = await apiSession(journey.server.url, alex);
});

const symbols = ['VTI', 'AGG', 'GLD'] as const;

async function openBuilder(viewport: keyof typeof viewports, account: Account = alex): Promise<Page> {
  const page = await journey.page();
  await page.setViewportSize(viewports[viewport]);
  await signIn(page, account);
  await page.goto('/portfolio-builder');
  await page.getByRole('heading', { name: 'Portfolio Builder', level: 1 }).waitFor();
  return page;
}

async function addSecurity(page: Page, symbol: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Add a security' }).fill(symbol);
  await page.getByTestId(`security-option-${symbol}`).click();
  await page.getByRole('textbox', { name: `${symbol} weight in percent` }).waitFor();
}

async function setWeights(page: Page, weights: Record<string, number>): Promise<void> {
  for (const [label, weight] of Object.entries(weights))
    await page.getByRole('textbox', { name: `${label} weight in percent` }).fill(String(weight));
}

const shownPercent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/**
 * Expected return and volatility as the page must show them, worked out here from the API's
 * statistics: Σ wᵢμᵢ plus the risk-free rate on the part left in cash, and √(wᵀΣw).
 */
async function expectedFigures(ids: string[], weights: number[]): Promise<{ expectedReturn: string; volatility: string }> {
  const response = await api.send('POST', '/securities/statistics', { security_ids: ids });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as Statistics;
  const n = weights.length;
  const invested = weights.reduce((sum, weight) => sum + weight, 0);
  const expectedReturn =
    weights.reduce((sum, weight, i) => sum + weight * answer.expected_returns[i]!, 0) + (1 - invested) * answer.risk_free_rate;
  let variance = 0;
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) variance += weights[i]! * weights[j]! * answer.covariance[i * n + j]!;
  return { expectedReturn: shownPercent(expectedReturn), volatility: shownPercent(Math.sqrt(variance)) };
}

async function expectFigures(page: Page, expected: { expectedReturn: string; volatility: string }): Promise<void> {
  await expect.poll(() => page.getByTestId('figure-expected-return').innerText()).toBe(expected.expectedReturn);
  expect(await page.getByTestId('figure-volatility').innerText()).toBe(expected.volatility);
  expect(await page.getByTestId('frontier-caption').innerText()).toContain(
    `This mix: ${expected.expectedReturn} expected return at ${expected.volatility} volatility.`,
  );
}

/** The page is no wider than the window: nothing runs off the side of a phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

describe('portfolio builder journeys', () => {
  it('1. advisor: build a three-fund mix, watch the figures move, save it as a model and as a proposal', async () => {
    const ids = await Promise.all(
      symbols.map(async (symbol) => (await api.get<SecuritySearchResponse>(`/securities/search?q=${symbol}&limit=1`)).securities[0]!.id),
    );
    const page = await openBuilder('desktop');
    for (const symbol of symbols) await addSecurity(page, symbol);
    await setWeights(page, { VTI: 50, AGG: 30, GLD: 20 });
    await expect.poll(() => page.getByTestId('figure-total').innerText()).toBe('100.00 %');
    const before = await expectedFigures(ids, [0.5, 0.3, 0.2]);
    await expectFigures(page, before);

    // One weight moves: the total falls short, the figures follow, and scaling brings it back.
    await setWeights(page, { VTI: 70 });
    await expect.poll(() => page.getByTestId('figure-total').innerText()).toBe('120.00 %');
    await setWeights(page, { AGG: 10 });
    const after = await expectedFigures(ids, [0.7, 0.1, 0.2]);
    await expectFigures(page, after);
    expect(after.expectedReturn).not.toBe(before.expectedReturn);
    expect(after.volatility).not.toBe(before.volatility);
    await page.getByRole('figure').locator('svg').first().waitFor();
    await snap(page, 'builder-desktop');

    // Saved as a model: the API lists it with the same weights.
    const modelName = `Three-fund growth ${Date.now()}`;
    await page.getByRole('button', { name: 'Save as model' }).click();
    const modelDialog = page.getByRole('dialog', { name: 'Save as a model' });
    await modelDialog.getByLabel('Model name').fill(modelName);
    await choose(page, modelDialog, 'Risk band', 'Moderately aggressive');
    await modelDialog.getByLabel('Description (optional)').fill('Stocks, bonds and gold');
    await snapDialog(page, 'builder-save-model');
    await modelDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('builder-notice').getByText(`The model ${modelName} is saved.`).waitFor();
    const { models } = await api.get<ModelListResponse>('/model-portfolios?per_page=100');
    const model = models.find((candidate) => candidate.name === modelName);
    expect(model).toMatchObject({
      risk_band: 'moderately_aggressive',
      target_kind: 'security',
      drift_band: 0.05,
      description: 'Stocks, bonds and gold',
    });
    expect(model!.targets.map((target) => [target.security?.symbol, target.weight])).toEqual([
      ['VTI', 0.7],
      ['AGG', 0.1],
      ['GLD', 0.2],
    ]);
    await page.getByText(`Editing the model ${modelName}`).waitFor();

    // Saved as a proposal for a client, following the model: its page shows the proposed holdings.
    const client = (await api.get<ClientListResponse>('/clients?sort=name&order=asc&per_page=1')).clients[0]!;
    const clientName = `${client.first_name} ${client.last_name}`;
    await page.getByRole('button', { name: 'Save as proposal' }).click();
    const proposalDialog = page.getByRole('dialog', { name: 'Save as a proposal for a client' });
    await proposalDialog.getByRole('combobox', { name: 'Client' }).fill(client.last_name);
    await page
      .getByRole('option', { name: new RegExp(clientName) })
      .first()
      .click();
    await proposalDialog.getByLabel('Portfolio name').fill('Three-fund proposal');
    await choose(page, proposalDialog, 'Account type', 'Roth IRA');
    await proposalDialog.getByLabel('Amount to invest').fill('100,000');
    expect(await proposalDialog.getByRole('checkbox', { name: `Follow the model ${modelName}` }).isChecked()).toBe(true);
    await snapDialog(page, 'builder-save-proposal');
    await proposalDialog.getByRole('button', { name: 'Create proposal' }).click();
    const notice = page.getByTestId('builder-notice');
    await notice.getByText(`The proposal Three-fund proposal for ${clientName} is saved.`).waitFor();
    await notice.getByRole('link', { name: 'Open the proposal' }).click();
    await page.waitForURL(/\/portfolios\/[0-9a-f-]{36}$/);
    const proposal = await api.get<PortfolioDetail>(`/portfolios/${page.url().split('/').pop()}`);
    expect(proposal).toMatchObject({
      status: 'proposed',
      client_id: client.id,
      model_id: model!.id,
      name: 'Three-fund proposal',
      account_type: 'roth_ira',
    });
    expect(proposal.holdings.map((holding) => holding.security.symbol).sort()).toEqual(['AGG', 'GLD', 'VTI']);
    await page.getByRole('heading', { name: 'Three-fund proposal', level: 1 }).waitFor();
    for (const symbol of symbols) await page.getByTestId(`holding-row-${symbol}`).waitFor();
    await snap(page, 'builder-proposal-portfolio');
  });

  it('2. advisor on a phone: load a starter model, change a weight, switch to asset classes', async () => {
    const page = await openBuilder('phone');
    await choose(page, page.locator('main'), 'Load a model', 'Balanced Growth · Moderate');
    await page.getByText('Editing the model Balanced Growth').waitFor();
    await expect.poll(() => page.getByTestId('figure-total').innerText()).toBe('100.00 %');
    const volatility = await page.getByTestId('figure-volatility').innerText();
    await setWeights(page, { VTI: 50, VXUS: 0 });
    await expect.poll(() => page.getByTestId('figure-volatility').innerText()).not.toBe(volatility);
    await page.getByRole('figure').locator('svg').first().waitFor();
    await expectNoSidewaysScroll(page);
    await snap(page, 'builder-phone');

    await page.getByRole('button', { name: 'Asset classes' }).click();
    await setWeights(page, { Equity: 60, 'Fixed income': 30, Cash: 10 });
    await expect.poll(() => page.getByTestId('figure-total').innerText()).toBe('100.00 %');
    await expect.poll(() => page.getByTestId('figure-expected-return').innerText()).toMatch(/^\d+\.\d\d%$/);
    await expectNoSidewaysScroll(page);
    await snap(page, 'builder-phone-asset-classes');
  });

  it('3. client: the builder is for advisors, and says so', async () => {
    const client = await apiSession(journey.server.url, jordan);
    expect((await client.send('GET', '/model-portfolios')).status).toBe(403);
    const page = await openBuilder('phone', jordan);
    await page.getByText("The portfolio builder is for the firm's advisors and administrators.", { exact: false }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Add a security' }).count()).toBe(0);
    await snap(page, 'builder-phone-client');
  });
});
