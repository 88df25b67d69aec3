/**
 * Portfolio journeys (/portfolios, /portfolios/new, /portfolios/:id; spec part 2 §3 "Portfolio and
 * related", §4 "Portfolio store", §8 texts) in the system Chromium against the real product and its
 * demo seed (~150 clients, 270 portfolios with three years of transactions, simulated closes).
 * Every figure on the screen is compared with what the API answers.
 *
 * 1. An advisor creates a portfolio with an initial deposit, buys two securities found through the
 *    security search (the price starting at each one's last close), sees the values, the
 *    allocation donuts and the buys follow, sells part of one holding and removes the other.
 * 2. He records a deposit, a dividend, a fee and a withdrawal; each moves the cash by its amount.
 *    A trade's price starts at the security's last close. A zero amount and a sale of more than
 *    is held are refused and change nothing.
 * 3. He edits a portfolio; someone else changes it while his dialog is open: his edit survives the
 *    409 beside the other change, and saving again applies both.
 * 4. He deletes a portfolio after confirming: it leaves the list and the API answers 404.
 *    A withdrawal of more cash than the account has is refused with the shortfall.
 * 5. Another advisor, Priya, notes a client's figures on the client list and the client's profile,
 *    follows the app's links to one of the client's portfolios, records a deposit, and follows the
 *    links back: the profile's AUM, the portfolio's row, the list's card and the client's row have
 *    all grown by the deposit, without a reload.
 * 6. Alex voids a buy entered by mistake, from its row's menu with a reason: the entry stays in the
 *    ledger struck through with a 'Void' chip naming him, the date and the reason, and the cash, the
 *    holding's quantity and its market value are what the ledger without it says; voided entries can
 *    be hidden. At desktop and phone width.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Client, ClientListResponse, ClientStats, ClientSummary } from '@meridian/domain/clients/contracts';
import { oversellMessage } from '@meridian/domain/portfolios/ledger';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { Portfolio, PortfolioDetail, PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import type { TransactionListResponse } from '@meridian/domain/portfolios/transaction-contracts';
import type { SecurityDetail } from '@meridian/domain/securities/contracts';
import { apiSession, type ApiSession } from '../support/api.ts';
import { compactDollars, dollars, shortDate, signedPercent, signedReturn } from '../support/expected-figures.ts';
import { choose, fillTransaction, recordTransaction, type Entry } from '../support/portfolio-forms.ts';
import { artifactsDir, settled, snap, snapDialog, viewports } from '../support/browser.ts';
import { journeyFile } from '../support/journey.ts';
import { alex, priya, signIn, type Account } from '../support/sign-in.ts';

const journey = journeyFile('portfolios');
let page: Page;
let api: ApiSession;

/** Each account's API session, signed in once for the file. */
const sessions = new Map<Account, Promise<ApiSession>>();

/** The advisor the journey compares the screen for: Alex unless it says otherwise. */
async function workAs(account: Account): Promise<void> {
  if (!sessions.has(account)) sessions.set(account, apiSession(journey.server.url, account));
  api = await sessions.get(account)!;
}

beforeEach(() => workAs(alex));

// ---------------------------------------------------------------------------------------------
// Scene and navigation
// ---------------------------------------------------------------------------------------------

/** The n-th of Alex's clients by name: each journey works in a client of its own. */
async function seedClient(n: number): Promise<Client> {
  const client = (await api.get<ClientListResponse>(`/clients?per_page=${n + 1}&sort=name`)).clients[n];
  if (!client) throw new Error(`expected at least ${n + 1} clients in the seed`);
  return client;
}

async function createPortfolio(client: Client, name: string, initialDeposit: number): Promise<Portfolio> {
  const response = await api.send('POST', '/portfolios', {
    client_id: client.id,
    name,
    account_type: 'taxable',
    initial_deposit: initialDeposit,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Portfolio;
}

/** Of the advisor's first ten clients by name (the list's first page), the first from the n-th with an active portfolio. */
async function clientWithActivePortfolio(n: number): Promise<{ client: Client; portfolio: Portfolio }> {
  const { clients } = await api.get<ClientListResponse>('/clients?sort=name&order=asc&page=1&per_page=10');
  for (const client of clients.slice(n)) {
    const { portfolios } = await api.get<PortfolioListResponse>(`/portfolios?client_id=${client.id}&per_page=100`);
    const portfolio = portfolios.find((candidate) => candidate.status === 'active');
    if (portfolio) return { client, portfolio };
  }
  throw new Error('expected a client with an active portfolio on the first page of the seed');
}

/** Signs in on a fresh page and opens the portfolio by its address. */
async function openPortfolio(portfolio: Portfolio): Promise<void> {
  page = await journey.page();
  await signIn(page, alex);
  await page.goto(`/portfolios/${portfolio.id}`);
  await page.getByRole('heading', { name: portfolio.name, level: 1 }).waitFor();
}

// ---------------------------------------------------------------------------------------------
// What the screen must show: exactly what the API answers
// ---------------------------------------------------------------------------------------------

/** The cards, every holding row and the sector donut. */
async function expectCardsMatchApi(target: Page, id: string): Promise<PortfolioDetail> {
  const detail = await api.get<PortfolioDetail>(`/portfolios/${id}`);
  await expect.poll(() => target.getByTestId('card-cash-value').innerText()).toBe(dollars(detail.cash_balance));
  expect(await target.getByTestId('card-total-value-value').innerText()).toBe(dollars(detail.total_value));
  expect(await target.getByTestId('card-holdings-value-value').innerText()).toBe(dollars(detail.holdings_value));
  expect(Math.round((detail.cash_balance + detail.holdings_value) * 100) / 100).toBe(detail.total_value);
  const holdingsShown = await target.getByTestId(/^holding-row-/).count();
  if (holdingsShown > 0) {
    for (const holding of detail.holdings) {
      const cells = await target.getByTestId(`holding-row-${holding.security.symbol}`).locator('td').allInnerTexts();
      expect(cells[5], `${holding.security.symbol} market value`).toBe(dollars(holding.market_value));
      expect(cells[8], `${holding.security.symbol} allocation`).toBe(`${holding.allocation_percent.toFixed(2)}%`);
    }
    for (const slice of detail.allocation.by_sector) {
      expect(await target.getByTestId(`allocation-sector-${slice.key}`).innerText()).toContain(`${slice.percent.toFixed(2)}%`);
    }
  }
  return detail;
}

/** Cash is the ledger: the sum of every transaction's signed amount (void entries count for nothing) equals the cash balance. */
async function expectCashIsLedgerSum(detail: PortfolioDetail): Promise<TransactionListResponse> {
  const ledger = await api.get<TransactionListResponse>(`/portfolios/${detail.id}/transactions?per_page=100`);
  const counted = ledger.transactions.filter((transaction) => transaction.void === null);
  const sum = counted.reduce((total, transaction) => total + Math.round(transaction.amount * 100), 0) / 100;
  expect(sum).toBe(detail.cash_balance);
  return ledger;
}

/** The transactions tab's first page: type, symbol and amount of each row, newest first, as the API lists them. */
async function expectTransactionsMatchApi(target: Page, id: string): Promise<{ total: number }> {
  const ledger = await api.get<TransactionListResponse>(`/portfolios/${id}/transactions?per_page=10`);
  // Polled on the contents, not the count: a full first page keeps ten rows while it refetches.
  const shown = () =>
    target
      .getByTestId('transaction-row')
      .evaluateAll((elements) => elements.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)))
      .then((rows) => rows.map((cells) => [cells[2], cells[5]]));
  await expect
    .poll(shown)
    .toEqual(
      ledger.transactions.map((transaction) => [
        transaction.security?.symbol ?? '–',
        (transaction.amount > 0 ? '+' : '') + dollars(transaction.amount),
      ]),
    );
  return { total: ledger.total };
}

/** Both views of one portfolio (the cards with the ledger's sum, and the transaction list). */
async function expectLedgerMatchesApi(target: Page, id: string): Promise<{ detail: PortfolioDetail; total: number }> {
  const detail = await expectCardsMatchApi(target, id);
  await expectCashIsLedgerSum(detail);
  const { total } = await expectTransactionsMatchApi(target, id);
  return { detail, total };
}

// ---------------------------------------------------------------------------------------------
// Dialogs
// ---------------------------------------------------------------------------------------------

/** The security's latest close, as the API answers it. */
async function lastClose(symbol: string): Promise<number | null> {
  return (await api.get<SecurityDetail>(`/securities/${symbol}?period=1m`)).last_close;
}

async function buy(target: Page, search: string, symbol: string, quantity: string, shot?: string): Promise<void> {
  await target.getByRole('button', { name: 'Add Holding' }).click();
  const dialog = target.getByRole('dialog', { name: 'Add Holding' });
  await dialog.getByRole('combobox', { name: 'Security' }).fill(search);
  await target.getByTestId(`security-option-${symbol}`).click();
  // The price starts at the security's last close.
  expect(await dialog.getByLabel('Price per share (optional)').inputValue()).toBe(String(await lastClose(symbol)));
  await dialog.getByLabel('Quantity').fill(quantity);
  if (shot) await snapDialog(target, shot);
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await target.getByTestId(`holding-row-${symbol}`).waitFor();
}

/** A refused entry: its message shows in the dialog and neither the ledger nor the cash moves. */
async function expectRefused(
  target: Page,
  entry: Entry,
  message: string,
  shot: string,
  before: { id: string; cash: number; total: number },
): Promise<void> {
  const dialog = await fillTransaction(target, entry);
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await dialog.getByText(message, { exact: true }).waitFor();
  await snapDialog(target, shot);
  const detail = await api.get<PortfolioDetail>(`/portfolios/${before.id}`);
  const ledger = await api.get<TransactionListResponse>(`/portfolios/${before.id}/transactions?per_page=1`);
  expect(detail.cash_balance).toBe(before.cash);
  expect(ledger.total).toBe(before.total);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function editPortfolio(target: Page): Promise<Locator> {
  await target.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = target.getByRole('dialog', { name: 'Edit Portfolio' });
  await dialog.waitFor();
  return dialog;
}

/** Dollars plus dollars, to the cent, as the server sums money. */
const plus = (a: number, b: number) => Math.round((a + b) * 100) / 100;

type ClientFigures = { stats: ClientStats; row: Client; summary: ClientSummary; portfolios: Portfolio[] };

/** What the API says of the client: the list's cards (no filter), their row on the first page, their summary and portfolios. */
async function clientFigures(clientId: string): Promise<ClientFigures> {
  const { clients } = await api.get<ClientListResponse>('/clients?sort=name&order=asc&page=1&per_page=10');
  const row = clients.find((client) => client.id === clientId);
  if (!row) throw new Error('the client left the first page of the list');
  const summary = await api.get<ClientSummary>(`/clients/${clientId}/summary`);
  const { portfolios } = await api.get<PortfolioListResponse>(`/portfolios?client_id=${clientId}&per_page=100`);
  return { stats: await api.get<ClientStats>('/clients/stats'), row, summary, portfolios };
}

/** The client list's cards and the client's row show exactly `figures`. */
async function expectClientListShows(target: Page, name: string, figures: ClientFigures): Promise<void> {
  await expect.poll(() => target.getByTestId('card-total-aum-value').innerText()).toBe(compactDollars(figures.stats.total_aum));
  expect(await target.getByTestId('card-total-clients-value').innerText()).toBe(figures.stats.total_clients.toLocaleString('en-US'));
  // The book's time-weighted return, shown as the dashboard shows it.
  const bookReturn = figures.stats.average_performance;
  expect(await target.getByTestId('card-performance-value').innerText()).toBe(bookReturn === null ? '—' : signedReturn(bookReturn / 100));
  const cells = () => target.getByTestId('client-row').filter({ hasText: name }).locator('td').allInnerTexts();
  await expect.poll(async () => (await cells())[1], { message: `${name}'s AUM` }).toBe(compactDollars(figures.row.aum));
  expect((await cells())[2], `${name}'s performance`).toBe(figures.row.performance === null ? '—' : signedReturn(figures.row.performance));
}

/** The profile's AUM line, the portfolio's row and the total row show exactly `figures`. */
async function expectProfileShows(target: Page, portfolio: Portfolio, figures: ClientFigures): Promise<void> {
  const { summary } = figures;
  await expect
    .poll(() => target.getByTestId('client-figures').innerText())
    .toBe(`AUM ${dollars(summary.aum)} · unrealised ${dollars(summary.gain_loss)} (${signedPercent(summary.gain_loss_percent)})`);
  const listed = target.getByTestId('portfolios');
  const shown = figures.portfolios.find((candidate) => candidate.id === portfolio.id)!;
  // The portfolios come from a query of their own: poll them too rather than read them once.
  const row = listed.getByRole('row').filter({ has: target.getByRole('link', { name: portfolio.name, exact: true }) });
  await expect
    .poll(async () => (await row.locator('td').allInnerTexts())[2], { message: `${portfolio.name}'s value` })
    .toBe(dollars(shown.total_value));
  const total = figures.portfolios.reduce((sum, each) => plus(sum, each.total_value), 0);
  // Total, the account column's empty cell, then the value: the same column as each row's.
  await expect.poll(async () => (await listed.getByTestId('portfolio-total').locator('td').allInnerTexts())[2]).toBe(dollars(total));
}

/** The header: name, and client · account type · benchmark, as the API holds them. */
async function expectHeader(target: Page, id: string): Promise<Portfolio> {
  const stored = await api.get<PortfolioDetail>(`/portfolios/${id}`);
  await target.getByRole('heading', { name: stored.name, level: 1 }).waitFor();
  const subtitle = await target.getByTestId('portfolio-subtitle').innerText();
  expect(subtitle).toMatch(new RegExp(`^${stored.client_name} · .+ · Benchmark ${stored.benchmark_symbol}$`));
  return stored;
}

// ---------------------------------------------------------------------------------------------
// Journeys
// ---------------------------------------------------------------------------------------------

describe('portfolio journeys', () => {
  it('1. advisor: create a portfolio with a deposit, buy two holdings, sell part of one, remove the other', async () => {
    const client = await seedClient(0);
    const clientName = `${client.first_name} ${client.last_name}`;
    page = await journey.page();
    await signIn(page, alex);

    // The list: his book's portfolios, 10 a page, sorted by name.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Portfolios', exact: true }).click();
    await page.waitForURL('**/portfolios');
    const rows = page.locator('[data-testid^="portfolio-row-"]');
    await expect.poll(() => rows.count()).toBe(10);
    const list = await api.get<PortfolioListResponse>('/portfolios?per_page=10&sort=name&order=asc');
    expect(await rows.first().locator('td').first().innerText()).toBe(list.portfolios[0]!.name);
    await page.getByText(`1–10 of ${list.total}`).waitFor();
    await snap(page, 'portfolios-01-list');

    // The form: the contract's messages first, then a valid portfolio.
    await page.getByRole('link', { name: 'New Portfolio' }).click();
    await page.waitForURL('**/portfolios/new');
    await page.getByRole('button', { name: 'Create Portfolio' }).click();
    await page.getByText(portfolioMessages.nameRequired).waitFor();
    await snap(page, 'portfolios-02-new-validation');
    await page.getByRole('combobox', { name: 'Client' }).fill(client.last_name);
    await page
      .getByRole('option', { name: new RegExp(clientName) })
      .first()
      .click();
    await page.getByLabel('Portfolio name').fill('Journey Growth');
    await choose(page, page.locator('main'), 'Account type', 'Roth IRA');
    await page.getByLabel('Initial deposit (optional)').fill('50,000');
    await snap(page, 'portfolios-03-new-form');
    await page.getByRole('button', { name: 'Create Portfolio' }).click();
    await page.waitForURL(/\/portfolios\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Journey Growth', level: 1 }).waitFor();
    expect(await page.getByTestId('portfolio-subtitle').innerText()).toBe(`${clientName} · Roth IRA · Benchmark SPY`);
    expect(await page.getByTestId('card-cash-value').innerText()).toBe(dollars(50_000));
    await page.getByTestId('holdings-empty').waitFor();

    // Two buys at the latest close: an equity and a bond fund.
    await buy(page, 'AAPL', 'AAPL', '20', 'portfolios-04-add-holding');
    await buy(page, 'AGG', 'AGG', '100');
    await page.getByTestId('allocation-asset-class-fixed_income').waitFor();
    let detail = await expectCardsMatchApi(page, id);
    await expectCashIsLedgerSum(detail);
    expect(detail.holdings).toHaveLength(2);
    expect(await page.getByTestId('holding-row-AAPL').getByTestId('simulated-chip').count()).toBe(
      detail.holdings.find((h) => h.security.symbol === 'AAPL')!.simulated ? 1 : 0,
    );
    await snap(page, 'portfolios-05-holdings');

    await page.getByRole('tab', { name: 'Transactions' }).click();
    expect((await expectTransactionsMatchApi(page, id)).total).toBe(3);
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
    detail = await expectCardsMatchApi(page, id);
    await expectCashIsLedgerSum(detail);
    const aapl = detail.holdings.find((holding) => holding.security.symbol === 'AAPL')!;
    expect(detail.cash_balance).toBeCloseTo(cashBefore + 15 * aapl.last_close!, 2);

    // Remove AGG after confirming: it is sold at the latest close.
    await page.getByRole('button', { name: 'Remove AGG' }).click();
    await snapDialog(page, 'portfolios-08-remove-confirm');
    await page.getByRole('dialog', { name: 'Remove holding' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('holding-row-AGG').waitFor({ state: 'detached' });
    detail = await expectCardsMatchApi(page, id);
    await expectCashIsLedgerSum(detail);
    expect(detail.holdings.map((holding) => holding.security.symbol)).toEqual(['AAPL']);
    expect(await page.getByTestId('allocation-asset-class-fixed_income').count()).toBe(0);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    expect((await expectTransactionsMatchApi(page, id)).total).toBe(5);
    await page.getByRole('tab', { name: /Holdings/ }).click();
    await snap(page, 'portfolios-09-after-sell-and-remove');
  });

  it('2. advisor: records a deposit, a dividend, a fee and a withdrawal; a zero amount and an oversell change nothing', async () => {
    const created = await createPortfolio(await seedClient(1), 'Journey Ledger', 10_000);
    expect((await api.send('POST', `/portfolios/${created.id}/holdings`, { symbol: 'MSFT', quantity: 10 })).status).toBe(201);
    await openPortfolio(created);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    let { detail, total } = await expectLedgerMatchesApi(page, created.id);
    expect(total).toBe(2);

    // Each entry moves the cash by its signed amount; the holdings keep their value.
    const entries: { entry: Entry; effect: number; shot?: string }[] = [
      { entry: { type: 'Deposit', amount: '2,500', notes: 'Quarterly contribution' }, effect: 2500 },
      {
        entry: { type: 'Dividend', symbol: 'MSFT', amount: '8.30', notes: 'MSFT quarterly dividend' },
        effect: 8.3,
        shot: 'portfolios-10-record-transaction',
      },
      { entry: { type: 'Fee', amount: '25', notes: 'Advisory fee' }, effect: -25 },
      { entry: { type: 'Withdrawal', amount: '1,000' }, effect: -1000 },
    ];
    for (const { entry, effect, shot } of entries) {
      const cashBefore = detail.cash_balance;
      await recordTransaction(page, entry, shot);
      const next = await expectLedgerMatchesApi(page, created.id);
      expect(next.total, entry.type).toBe(total + 1);
      expect(next.detail.cash_balance, entry.type).toBeCloseTo(cashBefore + effect, 2);
      expect(next.detail.holdings_value, entry.type).toBe(detail.holdings_value);
      ({ detail, total } = next);
    }
    await snap(page, 'portfolios-11-transactions-recorded');

    // Refused: a zero amount (the contract's message, nothing sent) and a sale of more than is held (the server's).
    const before = { id: created.id, cash: detail.cash_balance, total };
    await expectRefused(
      page,
      { type: 'Withdrawal', amount: '0' },
      portfolioMessages.amountPositive,
      'portfolios-12-record-transaction-invalid',
      before,
    );
    // A trade's price starts at the security's last close.
    const trade = await fillTransaction(page, { type: 'Buy', symbol: 'MSFT' });
    expect(await trade.getByLabel('Price per share', { exact: true }).inputValue()).toBe(String(await lastClose('MSFT')));
    await trade.getByRole('button', { name: 'Cancel' }).click();
    await trade.waitFor({ state: 'hidden' });
    await expectRefused(
      page,
      { type: 'Sell', symbol: 'MSFT', quantity: '11', price: '100' },
      oversellMessage(10),
      'portfolios-13-record-transaction-refused',
      before,
    );
    // Cash never goes below zero: the message names what the withdrawal needs, what the account has and the difference.
    const shortfall = Math.round((1_000_000 - before.cash) * 100) / 100;
    await expectRefused(
      page,
      { type: 'Withdrawal', amount: '1,000,000' },
      `This withdrawal needs ${dollars(1_000_000)} but the account has ${dollars(before.cash)} of cash: ${dollars(shortfall)} short.`,
      'portfolios-13b-record-transaction-shortfall',
      before,
    );
    await expectLedgerMatchesApi(page, created.id);
  });

  it('3. advisor: edits a portfolio, meets a change made elsewhere without losing his edit, and saves again', async () => {
    const created = await createPortfolio(await seedClient(2), 'Journey Edit', 5_000);
    await openPortfolio(created);
    await expectHeader(page, created.id);

    // A plain edit: name, status and benchmark.
    let dialog = await editPortfolio(page);
    await dialog.getByLabel('Portfolio name').fill('Journey Balanced');
    await choose(page, dialog, 'Status', 'Proposed');
    await dialog.getByRole('combobox', { name: 'Benchmark' }).fill('QQQ');
    await page.getByTestId('security-option-QQQ').click();
    await snapDialog(page, 'portfolios-14-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    let stored = await expectHeader(page, created.id);
    expect([stored.name, stored.status, stored.benchmark_symbol]).toEqual(['Journey Balanced', 'proposed', 'QQQ']);

    // He opens the dialog and types a new name; meanwhile a colleague changes the account type.
    dialog = await editPortfolio(page);
    await dialog.getByLabel('Portfolio name').fill('Journey Income');
    const elsewhere = await api.send('PUT', `/portfolios/${created.id}`, { account_type: 'trust', sync_version: stored.sync_version });
    expect(elsewhere.status).toBe(200);
    await dialog.getByRole('button', { name: 'Save' }).click();

    // The 409: the current version is shown, his name is kept, the other field takes the colleague's value.
    const conflict = dialog.getByTestId('portfolio-conflict');
    await conflict.getByText(portfolioMessages.portfolioChanged).waitFor();
    expect(await conflict.getByTestId('portfolio-conflict-current').innerText()).toMatch(/Name\s+Journey Balanced\s+Account type\s+Trust/);
    expect(await dialog.getByLabel('Portfolio name').inputValue()).toBe('Journey Income');
    expect(await dialog.getByRole('combobox', { name: 'Account type' }).innerText()).toBe('Trust');
    await dialog.getByText('Current version: Journey Balanced').waitFor();
    await snapDialog(page, 'portfolios-15-edit-conflict');
    stored = await api.get<PortfolioDetail>(`/portfolios/${created.id}`);
    expect([stored.name, stored.account_type]).toEqual(['Journey Balanced', 'trust']);

    // Saving again applies his edit on top of the other one.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    stored = await expectHeader(page, created.id);
    expect([stored.name, stored.account_type, stored.status, stored.benchmark_symbol]).toEqual([
      'Journey Income',
      'trust',
      'proposed',
      'QQQ',
    ]);
    expect(await page.getByTestId('portfolio-subtitle').innerText()).toContain(' · Trust · ');
  });

  it('4. advisor: deletes a portfolio after confirming; it leaves the list and the API answers 404', async () => {
    const client = await seedClient(3);
    const created = await createPortfolio(client, 'Journey Closing', 1_000);
    const clientName = `${client.first_name} ${client.last_name}`;
    const ofClient = `/portfolios?client_id=${client.id}&per_page=10&sort=name&order=asc`;
    const listed = await api.get<PortfolioListResponse>(ofClient);
    expect(listed.portfolios.map((portfolio) => portfolio.id)).toContain(created.id);

    // His list, narrowed to the client: the new portfolio is there.
    page = await journey.page();
    await signIn(page, alex);
    await page.goto('/portfolios');
    await page.getByRole('combobox', { name: 'Client' }).fill(client.last_name);
    await page
      .getByRole('option', { name: new RegExp(clientName) })
      .first()
      .click();
    const rows = page.locator('[data-testid^="portfolio-row-"]');
    await expect.poll(() => rows.count()).toBe(listed.total);
    await page.getByTestId(`portfolio-row-${created.id}`).getByRole('link', { name: 'Journey Closing' }).click();
    await page.getByRole('heading', { name: 'Journey Closing', level: 1 }).waitFor();

    // Cancel first: nothing happens. Then confirm.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete portfolio' });
    await confirm.getByText('Delete Journey Closing? It disappears from every list; its ledger is kept for the audit trail.').waitFor();
    await snapDialog(page, 'portfolios-16-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await api.send('GET', `/portfolios/${created.id}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

    // Back on the list, without it; the API no longer knows it.
    await page.waitForURL(/\/portfolios$/);
    await page.getByText(/^1–10 of \d+$/).waitFor();
    expect(await page.getByTestId(`portfolio-row-${created.id}`).count()).toBe(0);
    expect((await api.send('GET', `/portfolios/${created.id}`)).status).toBe(404);
    const after = await api.get<PortfolioListResponse>(ofClient);
    expect(after.total).toBe(listed.total - 1);
    expect(after.portfolios.map((portfolio) => portfolio.id)).not.toContain(created.id);
    await snap(page, 'portfolios-17-after-delete');
  });

  it("5. advisor: a deposit shows at once in the client's profile, the list's card and the client's row", async () => {
    // Priya: a book of her own, untouched by the journeys above, and a request budget of her own.
    await workAs(priya);
    const { client, portfolio } = await clientWithActivePortfolio(0);
    const name = `${client.first_name} ${client.last_name}`;
    const deposit = 500_000;
    const before = await clientFigures(client.id);
    page = await journey.page();
    await signIn(page, priya);
    // Gone after a reload: still there at the end means every step was client-side navigation.
    await page.evaluate(() => Object.assign(window, { journeyMarker: true }));

    // Before: the list's cards and the client's row, then the client's profile.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Clients', exact: true }).click();
    await page.waitForURL('**/clients');
    await expectClientListShows(page, name, before);
    await snap(page, 'portfolios-18-client-list-before');
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await page.waitForURL(`**/clients/${client.id}/profile`);
    await expectProfileShows(page, portfolio, before);
    await snap(page, 'portfolios-19-profile-before');

    // The deposit, recorded on the portfolio reached from the profile.
    await page.getByTestId('portfolios').getByRole('link', { name: portfolio.name, exact: true }).click();
    await page.getByRole('heading', { name: portfolio.name, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await recordTransaction(
      page,
      { type: 'Deposit', amount: '500,000', notes: 'Rollover from a previous employer plan' },
      'portfolios-20-deposit',
    );
    // Three years of seeded ledger: the cards and the first page of it, not the whole sum.
    const detail = await expectCardsMatchApi(page, portfolio.id);
    await expectTransactionsMatchApi(page, portfolio.id);
    expect(detail.total_value).toBe(plus(before.portfolios.find((each) => each.id === portfolio.id)!.total_value, deposit));
    await snap(page, 'portfolios-21-portfolio-after-deposit');

    // After: the API has grown by the deposit, and so has every screen, back through the app's links.
    const after = await clientFigures(client.id);
    expect(after.summary.aum).toBe(plus(before.summary.aum, deposit));
    expect(after.row.aum).toBe(plus(before.row.aum, deposit));
    expect(after.stats.total_aum).toBe(plus(before.stats.total_aum, deposit));
    await page.getByTestId('portfolio-subtitle').getByRole('link', { name }).click();
    await page.waitForURL(`**/clients/${client.id}/profile`);
    await expectProfileShows(page, portfolio, after);
    const [newest] = (await api.get<TransactionListResponse>(`/portfolios/${portfolio.id}/transactions?per_page=1`)).transactions;
    // The section loads after the figures: wait for its rows rather than reading an empty table.
    await expect
      .poll(() => page.getByTestId('transactions').getByTestId('transaction-row').first().locator('td').allInnerTexts())
      .toEqual([shortDate(newest!.trade_date), 'Deposit', '—', portfolio.name, dollars(deposit)]);
    await snap(page, 'portfolios-22-profile-after');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Clients', exact: true }).click();
    await page.waitForURL('**/clients');
    await expectClientListShows(page, name, after);
    // The compact figures must visibly move, or this journey would prove nothing about the cards and the row.
    expect(compactDollars(after.stats.total_aum)).not.toBe(compactDollars(before.stats.total_aum));
    expect(compactDollars(after.row.aum)).not.toBe(compactDollars(before.row.aum));
    await snap(page, 'portfolios-23-client-list-after');
    expect(await page.evaluate(() => 'journeyMarker' in window)).toBe(true);
  });

  it('6. advisor: voids a buy entered by mistake; the cash, the holding and its market value follow, the entry stays struck through', async () => {
    const created = await createPortfolio(await seedClient(3), 'Journey Void', 10_000);
    // 10 MSFT at the latest close, then the same buy of 5 at 100 entered by mistake.
    expect((await api.send('POST', `/portfolios/${created.id}/holdings`, { symbol: 'MSFT', quantity: 10 })).status).toBe(201);
    const mistake = await api.send('POST', `/portfolios/${created.id}/transactions`, {
      type: 'buy',
      symbol: 'MSFT',
      quantity: 5,
      price: 100,
      trade_date: (await api.get<TransactionListResponse>(`/portfolios/${created.id}/transactions?per_page=1`)).transactions[0]!.trade_date,
      notes: 'Entered twice',
    });
    expect(mistake.status).toBe(201);
    const close = (await lastClose('MSFT'))!;
    await openPortfolio(created);
    await page.getByTestId('holding-row-MSFT').waitFor();
    let detail = await expectCardsMatchApi(page, created.id);
    // Worked by hand: 10,000 − 10 × close − 5 × 100.
    expect(detail.cash_balance).toBe(Math.round((10_000 - 10 * close - 500) * 100) / 100);
    expect((await page.getByTestId('holding-row-MSFT').locator('td').allInnerTexts())[2]).toBe('15');

    await page.getByRole('tab', { name: 'Transactions' }).click();
    await expectTransactionsMatchApi(page, created.id);
    await page.getByRole('button', { name: /^Actions for Buy of 5 MSFT/ }).click();
    await snap(page, 'portfolios-24-row-actions');
    await page.getByRole('menuitem', { name: 'Void…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void entry' });
    await dialog.getByRole('button', { name: 'Void entry' }).click();
    await dialog.getByText(portfolioMessages.voidReasonRequired).waitFor();
    await dialog.getByLabel(/Reason/).fill('Entered twice: the custodian shows one buy');
    await snapDialog(page, 'portfolios-25-void-dialog');
    await dialog.getByRole('button', { name: 'Void entry' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The entry stays, struck through, with who voided it, when and why.
    const chip = page.getByTestId('void-chip');
    await chip.waitFor();
    expect(await chip.getAttribute('aria-label')).toMatch(/^Void\. Voided by Alex Chen on .+: Entered twice: the custodian shows one buy$/);
    await expectTransactionsMatchApi(page, created.id);
    await chip.hover();
    await page.getByRole('tooltip').waitFor();
    await settled(page);
    await page.screenshot({ path: `${artifactsDir}/portfolios-26-void-entry.png`, fullPage: true });

    // Every figure follows: cash 10,000 − 10 × close; 10 MSFT worth 10 × close.
    detail = await expectCardsMatchApi(page, created.id);
    await expectCashIsLedgerSum(detail);
    expect(detail.cash_balance).toBe(Math.round((10_000 - 10 * close) * 100) / 100);
    await page.getByRole('tab', { name: /Holdings/ }).click();
    await expect.poll(async () => (await page.getByTestId('holding-row-MSFT').locator('td').allInnerTexts())[2]).toBe('10');
    detail = await expectCardsMatchApi(page, created.id);
    expect(detail.holdings[0]!.market_value).toBe(Math.round(10 * close * 100) / 100);
    await snap(page, 'portfolios-27-after-void');

    // Voided entries can be hidden; the same screens at phone width.
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.getByRole('switch', { name: 'Show voided entries' }).click();
    await page.getByTestId('void-chip').waitFor({ state: 'detached' });
    expect(await page.getByTestId('transaction-row').count()).toBe(2);
    await page.getByRole('switch', { name: 'Show voided entries' }).click();
    await page.getByTestId('void-chip').waitFor();
    await page.setViewportSize(viewports.phone);
    await snap(page, 'portfolios-28-void-entry-phone');
    await page.getByRole('tab', { name: /Holdings/ }).click();
    await page.getByTestId('card-cash-value').waitFor();
    await snap(page, 'portfolios-29-after-void-phone');
    await page.setViewportSize(viewports.desktop);
  });
});
