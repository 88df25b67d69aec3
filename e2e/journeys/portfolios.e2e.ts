/**
 * Portfolio journey (/portfolios, /portfolios/new, /portfolios/:id; spec part 2 §3 "Portfolio and
 * related", §4 "Portfolio store", §8 texts) in the system Chromium against the real product and its
 * demo seed (~150 clients, 270 portfolios with three years of transactions, simulated closes).
 *
 * An advisor opens Portfolios, creates a portfolio for one of his clients with an initial deposit,
 * buys two securities found through the security search, sees the values, the allocation donuts and
 * the buy transactions follow, sells part of one holding, removes the other, and every figure on the
 * screen matches what the API answers.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListResponse } from '@meridian/domain/clients';
import { formatDollars } from '@meridian/domain/format';
import type { PortfolioDetail, TransactionListResponse } from '@meridian/domain/portfolios';
import { webMessages } from '@meridian/domain/web-messages';
import { artifactsDir, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { startJourneyServer, type JourneyServer } from '../support/server.ts';

const alex = { email: 'alex.chen@summitridge.example', password: 'Advisor#2026' };
const deposit = 50_000;

let server: JourneyServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let page: Page;
let token = '';

beforeAll(async () => {
  server = await startJourneyServer();
  browser = await launchBrowser();
  const response = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(alex),
  });
  token = ((await response.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await screenshot(page, `portfolios-failed-${task.name.split('.')[0]}`).catch(() => {});
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function settled(target: Page): Promise<void> {
  await target.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

async function snap(target: Page, name: string): Promise<void> {
  await target.mouse.move(0, 0); // no chart tooltip left open by the last click
  await target.evaluate(() => window.scrollTo(0, 0));
  await settled(target);
  await screenshot(target, name);
}

async function snapDialog(target: Page, name: string): Promise<void> {
  await settled(target);
  await target.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

/** The cards and every holding row show exactly what the API answers for the portfolio. */
async function expectScreenMatchesApi(target: Page, id: string): Promise<PortfolioDetail> {
  const detail = await apiGet<PortfolioDetail>(`/portfolios/${id}`);
  await expect.poll(() => target.getByTestId('card-cash-value').innerText()).toBe(formatDollars(detail.cash_balance));
  expect(await target.getByTestId('card-total-value-value').innerText()).toBe(formatDollars(detail.total_value));
  expect(await target.getByTestId('card-holdings-value-value').innerText()).toBe(formatDollars(detail.holdings_value));
  expect(Math.round((detail.cash_balance + detail.holdings_value) * 100) / 100).toBe(detail.total_value);
  for (const holding of detail.holdings) {
    const cells = await target.getByTestId(`holding-row-${holding.security.symbol}`).locator('td').allInnerTexts();
    expect(cells[5], `${holding.security.symbol} market value`).toBe(formatDollars(holding.market_value));
    expect(cells[8], `${holding.security.symbol} allocation`).toBe(`${holding.allocation_percent.toFixed(2)}%`);
  }
  for (const slice of detail.allocation.by_sector) {
    expect(await target.getByTestId(`allocation-sector-${slice.key}`).innerText()).toContain(`${slice.percent.toFixed(2)}%`);
  }
  // Cash is the ledger: the sum of every transaction's signed amount.
  const ledger = await apiGet<TransactionListResponse>(`/portfolios/${id}/transactions?per_page=100`);
  const sum = ledger.transactions.reduce((total, transaction) => total + Math.round(transaction.amount * 100), 0) / 100;
  expect(sum).toBe(detail.cash_balance);
  return detail;
}

async function buy(target: Page, search: string, symbol: string, quantity: string, shot?: string): Promise<void> {
  await target.getByRole('button', { name: 'Add Holding' }).click();
  const dialog = target.getByRole('dialog', { name: 'Add Holding' });
  await dialog.getByRole('combobox', { name: 'Security' }).fill(search);
  await target.getByTestId(`security-option-${symbol}`).click();
  await dialog.getByLabel('Quantity').fill(quantity);
  if (shot) await snapDialog(target, shot);
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await target.getByTestId(`holding-row-${symbol}`).waitFor();
}

describe('portfolio journey', () => {
  it('1. advisor: create a portfolio with a deposit, buy two holdings, sell part of one, remove the other', async () => {
    const fresh = await newPage(browser, server.url);
    fresh.context.setDefaultTimeout(15_000);
    contexts.push(fresh.context);
    page = fresh.page;

    const [client] = (await apiGet<ClientListResponse>('/clients?per_page=1&sort=name')).clients;
    if (!client) throw new Error('expected clients in the seed');
    const clientName = `${client.first_name} ${client.last_name}`;

    await page.goto('/login');
    await page.getByRole('heading', { name: webMessages.welcomeBack }).waitFor();
    await page.locator('#login-email').fill(alex.email);
    await page.locator('#login-password').fill(alex.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');

    // The list: his book's portfolios, 10 a page, sorted by name.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Portfolios', exact: true }).click();
    await page.waitForURL('**/portfolios');
    const rows = page.locator('[data-testid^="portfolio-row-"]');
    await expect.poll(() => rows.count()).toBe(10);
    const list = await apiGet<{ total: number; portfolios: { name: string }[] }>('/portfolios?per_page=10&sort=name&order=asc');
    expect(await rows.first().locator('td').first().innerText()).toBe(list.portfolios[0]!.name);
    await page.getByText(`1–10 of ${list.total}`).waitFor();
    await snap(page, 'portfolios-01-list');

    // The form: the contract's messages first, then a valid portfolio.
    await page.getByRole('link', { name: 'New Portfolio' }).click();
    await page.waitForURL('**/portfolios/new');
    await page.getByRole('button', { name: 'Create Portfolio' }).click();
    await page.getByText('Portfolio name is required').waitFor();
    await snap(page, 'portfolios-02-new-validation');
    await page.getByRole('combobox', { name: 'Client' }).fill(client.last_name);
    await page.getByRole('option', { name: new RegExp(clientName) }).first().click();
    await page.getByLabel('Portfolio name').fill('Journey Growth');
    await page.getByRole('combobox', { name: 'Account type' }).click();
    await page.getByRole('option', { name: 'Roth IRA' }).click();
    await page.getByLabel('Initial deposit (optional)').fill('50,000');
    await snap(page, 'portfolios-03-new-form');
    await page.getByRole('button', { name: 'Create Portfolio' }).click();
    await page.waitForURL(/\/portfolios\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Journey Growth', level: 1 }).waitFor();
    expect(await page.getByTestId('portfolio-subtitle').innerText()).toBe(`${clientName} · Roth IRA · Benchmark SPY`);
    expect(await page.getByTestId('card-cash-value').innerText()).toBe(formatDollars(deposit));
    await page.getByTestId('holdings-empty').waitFor();

    // Two buys at the latest close: an equity and a bond fund.
    await buy(page, 'AAPL', 'AAPL', '20', 'portfolios-04-add-holding');
    await buy(page, 'AGG', 'AGG', '100');
    await page.getByTestId('allocation-asset-class-fixed_income').waitFor();
    let detail = await expectScreenMatchesApi(page, id);
    expect(detail.holdings).toHaveLength(2);
    expect(await page.getByTestId('holding-row-AAPL').getByTestId('simulated-chip').count()).toBe(detail.holdings.find((h) => h.security.symbol === 'AAPL')!.simulated ? 1 : 0);
    await snap(page, 'portfolios-05-holdings');

    await page.getByRole('tab', { name: 'Transactions' }).click();
    const transactions = page.getByTestId('transaction-row');
    await expect.poll(() => transactions.count()).toBe(3);
    const types = await transactions.evaluateAll((elements) => elements.map((element) => element.querySelectorAll('td')[1]!.textContent));
    expect(types.filter((type) => type === 'Buy')).toHaveLength(2);
    expect(types).toContain('Deposit');
    await snap(page, 'portfolios-06-transactions');

    // Sell 15 of the 20 AAPL: cash grows by the sale, the holding keeps 5.
    await page.getByRole('tab', { name: /Holdings/ }).click();
    const cashBefore = detail.cash_balance;
    await page.getByRole('button', { name: 'Change quantity of AAPL' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('New quantity').fill('5');
    await edit.getByText('Sells 15 at the latest close').waitFor();
    await snapDialog(page, 'portfolios-07-sell');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await page.getByTestId('holding-row-AAPL').locator('td').allInnerTexts())[2]).toBe('5');
    detail = await expectScreenMatchesApi(page, id);
    const aapl = detail.holdings.find((holding) => holding.security.symbol === 'AAPL')!;
    expect(detail.cash_balance).toBeCloseTo(cashBefore + 15 * aapl.last_close!, 2);

    // Remove AGG after confirming: it is sold at the latest close.
    await page.getByRole('button', { name: 'Remove AGG' }).click();
    await snapDialog(page, 'portfolios-08-remove-confirm');
    await page.getByRole('dialog', { name: 'Remove holding' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('holding-row-AGG').waitFor({ state: 'detached' });
    detail = await expectScreenMatchesApi(page, id);
    expect(detail.holdings.map((holding) => holding.security.symbol)).toEqual(['AAPL']);
    expect(await page.getByTestId('allocation-asset-class-fixed_income').count()).toBe(0);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await expect.poll(() => transactions.count()).toBe(5);
    await page.getByRole('tab', { name: /Holdings/ }).click();
    await snap(page, 'portfolios-09-after-sell-and-remove');
  });
});
