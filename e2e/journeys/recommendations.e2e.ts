/**
 * Recommendation journeys (the recommendations panel of the client profile and the portfolio page)
 * in the system Chromium against the real product and its demo seed, where the demo advisor's first
 * clients by name have pending recommendations. What the screen shows is compared with the API.
 *
 * 1. Alex opens the profile of a client with a pending recommendation, reads its trades, accepts it
 *    and marks it implemented after confirming: the panel's count follows its cards, and the
 *    portfolio's holdings, cash and ledger change as the trades said, in the API, on the profile
 *    and on the portfolio's page.
 * 2. On a phone, he reads another client's recommendation, accepts it, looks at the confirmation
 *    and cancels it, generates the client's recommendations again and opens the portfolio: the
 *    panel fits the screen, its trade table scrolling sideways within it.
 * 3. For a client with a rebalance of a taxable account, he sets a realised-gain budget and puts the
 *    largest sale's security on the hold list, then generates again: the proposal keeps within the
 *    budget, never sells the held security, swaps no fund for another of its class, and says what it
 *    costs in tax against the drift it cures.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import type { TransactionListResponse } from '@meridian/domain/portfolios/transaction-contracts';
import type { GenerateResponse, Recommendation, RecommendationListResponse } from '@meridian/domain/recommendations/contracts';
import type { ClientTaxSettings } from '@meridian/domain/recommendations/tax-settings';
import { apiSession, type ApiSession } from '../support/api.ts';
import { snap, snapDialog, viewports } from '../support/browser.ts';
import { dollars, signedDollars } from '../support/expected-figures.ts';
import { journeyFile } from '../support/journey.ts';
import { alex, signIn } from '../support/sign-in.ts';

const journey = journeyFile('recommendations');
let api: ApiSession;

beforeAll(async () => {
  api = await apiSession(journey.server.url, alex);
});

// ---------------------------------------------------------------------------------------------
// Scene
// ---------------------------------------------------------------------------------------------

/** Alex's pending recommendations that trade, one per client (each journey works in a client of its own). */
async function pendingByClient(): Promise<Recommendation[]> {
  const { recommendations } = await api.get<RecommendationListResponse>('/recommendations?status=pending&per_page=100');
  const byClient = new Map<string, Recommendation>();
  for (const recommendation of recommendations) {
    if (recommendation.details.trades.length > 0 && !byClient.has(recommendation.client_id))
      byClient.set(recommendation.client_id, recommendation);
  }
  if (byClient.size < 2) throw new Error("expected pending recommendations with trades for two of the demo advisor's clients");
  return [...byClient.values()];
}

/** Quantity held of each symbol (0 when not held). */
const quantities = (detail: PortfolioDetail) => new Map(detail.holdings.map((holding) => [holding.security.symbol, holding.quantity]));

/** The figure a cell shows, as a number ("1,234.5" → 1234.5). */
const shownNumber = (text: string) => Number(text.replace(/[$,+]/g, ''));

async function openProfile(page: Page, recommendation: Recommendation): Promise<Locator> {
  await page.goto(`/clients/${recommendation.client_id}/profile`);
  await page.getByRole('heading', { name: recommendation.client_name, level: 1 }).waitFor();
  // A client may have the same kind of recommendation for several accounts: the card names the account.
  const card = page
    .getByTestId('recommendations')
    .getByRole('article', { name: recommendation.title })
    .filter({ hasText: recommendation.portfolio_name });
  await card.waitFor();
  return card;
}

const statusOf = (card: Locator) => card.getByTestId('recommendation-status').innerText();

type StatusCounts = Record<string, number>;

/** What the panel's count says ("2 pending · 1 accepted"), by status. */
async function countShown(page: Page): Promise<StatusCounts> {
  const text = await page.getByTestId('recommendations').getByTestId('recommendation-counts').innerText();
  return Object.fromEntries(text.split(' · ').map((part) => [part.split(' ')[1]!, Number(part.split(' ')[0])]));
}

/** The panel's cards, counted by the status on each. */
async function cardsByStatus(page: Page): Promise<StatusCounts> {
  const counts: StatusCounts = {};
  for (const status of await page.getByTestId('recommendations').getByRole('article').getByTestId('recommendation-status').allInnerTexts())
    counts[status.toLowerCase()] = (counts[status.toLowerCase()] ?? 0) + 1;
  return counts;
}

/** The count and the cards both say `expected` (polled: a decision refetches the list). */
async function expectCount(page: Page, expected: StatusCounts): Promise<void> {
  await expect.poll(() => countShown(page)).toEqual(expected);
  expect(await cardsByStatus(page)).toEqual(expected);
}

/** One recommendation moved from a status to the next. */
function moved(counts: StatusCounts, from: string, to: string): StatusCounts {
  const next: StatusCounts = { ...counts, [from]: (counts[from] ?? 0) - 1, [to]: (counts[to] ?? 0) + 1 };
  return Object.fromEntries(Object.entries(next).filter(([, count]) => count > 0));
}

/** On a phone the panel and its cards fit the screen: a wider trade table scrolls sideways within its own box. */
async function expectPanelFitsPhone(page: Page): Promise<void> {
  const panel = page.getByTestId('recommendations');
  for (const box of [
    await panel.boundingBox(),
    ...(await Promise.all((await panel.getByRole('article').all()).map((card) => card.boundingBox()))),
  ]) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewports.phone.width);
  }
}

// ---------------------------------------------------------------------------------------------
// Journeys
// ---------------------------------------------------------------------------------------------

describe('recommendation journeys', () => {
  it('1. advisor: accepts a recommendation and marks it implemented; the holdings and the ledger follow its trades', async () => {
    const [recommendation] = await pendingByClient();
    const { trades, totals } = recommendation!.details;
    const portfolioPath = `/portfolios/${recommendation!.portfolio_id}`;
    const before = await api.get<PortfolioDetail>(portfolioPath);
    const ledgerBefore = await api.get<TransactionListResponse>(`${portfolioPath}/transactions?per_page=1`);

    const page = await journey.page();
    await signIn(page, alex);
    const card = await openProfile(page, recommendation!);
    expect(await statusOf(card)).toBe('Pending');
    expect(await card.getByTestId('recommendation-context').innerText()).toContain(recommendation!.portfolio_name);
    // The panel's count matches its cards, status by status.
    const counted = await cardsByStatus(page);
    await expectCount(page, counted);
    await card.getByText(recommendation!.rationale).waitFor();

    // The details: each trade as proposed, and the totals.
    await card.getByRole('button', { name: 'Show details' }).click();
    for (const trade of trades) {
      const cells = await card.getByTestId(`trade-row-${trade.symbol}`).locator('td').allInnerTexts();
      expect(cells[0], trade.symbol).toBe(trade.side === 'sell' ? 'Sell' : 'Buy');
      expect(shownNumber(cells[2]!), `${trade.symbol} quantity`).toBeCloseTo(trade.quantity, 6);
      expect(cells[4], `${trade.symbol} amount`).toBe(dollars(trade.amount));
      if (trade.side === 'sell')
        expect(cells.slice(5), `${trade.symbol} gains`).toEqual([signedDollars(trade.realized_short), signedDollars(trade.realized_long)]);
    }
    expect(await card.getByTestId('recommendation-totals').innerText()).toContain(
      `${dollars(totals.cash_before)} → ${dollars(totals.cash_after)}`,
    );
    await snap(page, 'recommendations-01-profile-details');

    // Accept, then implement after confirming.
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => statusOf(card)).toBe('Accepted');
    expect((await api.get<Recommendation>(`/recommendations/${recommendation!.id}`)).status).toBe('accepted');
    const afterAccept = moved(counted, 'pending', 'accepted');
    await expectCount(page, afterAccept);
    await card.getByRole('button', { name: 'Mark implemented' }).click();
    const dialog = page.getByRole('dialog', { name: 'Implement recommendation' });
    await dialog.getByText(/will be recorded in the ledger of .+ at the latest close/).waitFor();
    await snapDialog(page, 'recommendations-02-implement-confirm');
    await dialog.getByRole('button', { name: 'Mark implemented' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => statusOf(card)).toBe('Implemented');
    expect(await card.getByRole('button', { name: /Accept|Reject|Mark implemented/ }).count()).toBe(0);
    await expectCount(page, moved(afterAccept, 'accepted', 'implemented'));

    // The API: the status, every trade in the ledger, the holdings moved by them and the cash as proposed.
    const stored = await api.get<Recommendation>(`/recommendations/${recommendation!.id}`);
    expect([stored.status, stored.implemented_at === null]).toEqual(['implemented', false]);
    const ledger = await api.get<TransactionListResponse>(`${portfolioPath}/transactions?per_page=100`);
    expect(ledger.total).toBe(ledgerBefore.total + trades.length);
    const recorded = ledger.transactions
      .slice(0, trades.length)
      .map((entry) => [entry.type, entry.security?.symbol, entry.quantity, entry.notes])
      .sort();
    expect(recorded).toEqual(
      trades.map((trade) => [trade.side, trade.symbol, trade.quantity, `Recommendation: ${recommendation!.title}`]).sort(),
    );
    const after = await api.get<PortfolioDetail>(portfolioPath);
    const held = quantities(before);
    const expected = new Map(held);
    for (const trade of trades)
      expected.set(trade.symbol, (expected.get(trade.symbol) ?? 0) + (trade.side === 'buy' ? trade.quantity : -trade.quantity));
    const heldAfter = quantities(after);
    for (const [symbol, quantity] of expected) expect(heldAfter.get(symbol) ?? 0, symbol).toBeCloseTo(quantity, 6);
    expect(after.cash_balance).toBeCloseTo(before.cash_balance - totals.buys + totals.sells, 2);
    expect(after.cash_balance).toBeCloseTo(totals.cash_after, 2);

    // The profile's recent transactions lead with the trades now, without a reload.
    const symbols = new Set(trades.map((trade) => trade.symbol));
    const newestRecent = () =>
      page
        .getByTestId('transactions')
        .getByTestId('transaction-row')
        .first()
        .evaluate((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? ''));
    await expect
      .poll(async () => {
        const [, type, symbol, portfolio] = await newestRecent();
        return portfolio === recommendation!.portfolio_name && symbols.has(symbol!) && ['Buy', 'Sell'].includes(type!);
      })
      .toBe(true);
    await snap(page, 'recommendations-03-profile-implemented');

    // The portfolio's page, through the profile's link: the holdings as the API holds them, the trades on the ledger.
    await page.getByTestId('portfolios').getByRole('link', { name: recommendation!.portfolio_name, exact: true }).click();
    await page.getByRole('heading', { name: recommendation!.portfolio_name, level: 1 }).waitFor();
    for (const trade of trades) {
      const row = page.getByTestId(`holding-row-${trade.symbol}`);
      const quantity = heldAfter.get(trade.symbol) ?? 0;
      if (quantity === 0) expect(await row.count(), trade.symbol).toBe(0);
      else expect(shownNumber((await row.locator('td').allInnerTexts())[2]!), trade.symbol).toBeCloseTo(quantity, 6);
    }
    expect(await page.getByTestId('card-cash-value').innerText()).toBe(dollars(after.cash_balance));
    const onPortfolio = page.getByTestId('recommendations').getByRole('article', { name: recommendation!.title });
    expect(await statusOf(onPortfolio)).toBe('Implemented');
    // The ledger's first page (ten rows, newest first): all trades of the recommendation.
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await expect
      .poll(() =>
        page
          .getByTestId('transaction-row')
          .filter({ hasText: `Recommendation: ${recommendation!.title}` })
          .count(),
      )
      .toBe(Math.min(trades.length, 10));
    await snap(page, 'recommendations-04-portfolio-after');
  });

  it('2. advisor on a phone: reads, accepts and generates; the panel fits the screen', async () => {
    const [, recommendation] = await pendingByClient();
    const page = await journey.page();
    await page.setViewportSize(viewports.phone);
    await signIn(page, alex);
    const card = await openProfile(page, recommendation!);
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Show details' }).click();
    await card.getByTestId(`trade-row-${recommendation!.details.trades[0]!.symbol}`).waitFor();
    await expectPanelFitsPhone(page);
    const table = card.getByRole('region', { name: `Trades: ${recommendation!.title}` });
    expect(await table.evaluate((region) => region.scrollWidth > region.clientWidth), 'the trades scroll sideways within their box').toBe(
      true,
    );
    await snap(page, 'recommendations-05-phone-profile-details');

    await card.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => statusOf(card)).toBe('Accepted');
    await card.getByRole('button', { name: 'Mark implemented' }).click();
    const dialog = page.getByRole('dialog', { name: 'Implement recommendation' });
    await dialog.waitFor();
    await snapDialog(page, 'recommendations-06-phone-implement-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api.get<Recommendation>(`/recommendations/${recommendation!.id}`)).status).toBe('accepted');

    // Generating again: the panel says what the review did, as the API answered it.
    const panel = page.getByTestId('recommendations');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/recommendations/generate'));
    await panel.getByRole('button', { name: 'Generate recommendations' }).click();
    const result = (await (await answered).json()) as GenerateResponse;
    const said = panel.getByRole('status');
    await expect.poll(() => said.innerText()).not.toBe('');
    const text = await said.innerText();
    for (const [count, word] of [
      [result.created, 'new'],
      [result.refreshed, 'updated'],
      [result.unchanged, 'unchanged'],
    ] as const) {
      if (count > 0) expect(text).toContain(`${count} ${word}`);
    }
    await expectPanelFitsPhone(page);

    // The portfolio's page on the phone: its recommendation, still accepted (generating leaves accepted ones alone).
    await page.getByTestId('portfolios').getByRole('link', { name: recommendation!.portfolio_name, exact: true }).click();
    await page.getByRole('heading', { name: recommendation!.portfolio_name, level: 1 }).waitFor();
    const onPortfolio = page.getByTestId('recommendations').getByRole('article', { name: recommendation!.title });
    await expect.poll(() => statusOf(onPortfolio)).toBe('Accepted');
    await expectPanelFitsPhone(page);
    await snap(page, 'recommendations-07-phone-portfolio');
  });

  it('3. advisor: a tax-budgeted rebalance of a taxable account keeps to the budget and the hold list', async () => {
    const [first, second] = await pendingByClient();
    const { recommendations } = await api.get<RecommendationListResponse>('/recommendations?status=pending&per_page=100');
    const taxable = recommendations.find(
      (row) =>
        row.details.tax?.treatment === 'taxable' &&
        row.details.trades.some((trade) => trade.side === 'sell') &&
        ![first!.client_id, second!.client_id].includes(row.client_id),
    );
    if (!taxable) throw new Error('expected a pending rebalance of a taxable account with sales for a third client');
    const largestSale = taxable.details.trades.filter((trade) => trade.side === 'sell').sort((a, b) => b.amount - a.amount)[0]!;
    const settings = await api.get<ClientTaxSettings>(`/clients/${taxable.client_id}/tax-settings`);
    // Room for 2,000 dollars of net gains on top of what the client realised this year.
    const budget = Math.max(0, Math.round(settings.gains_year_to_date)) + 2000;

    const page = await journey.page();
    await signIn(page, alex);
    await page.goto(`/clients/${taxable.client_id}/profile`);
    await page.getByRole('heading', { name: taxable.client_name, level: 1 }).waitFor();
    const panel = page.getByTestId('recommendations');
    // Two accounts may carry recommendations of the same title: the card is the one of this account.
    const cardOf = (proposal: Recommendation) =>
      panel.getByRole('article', { name: proposal.title }).filter({ hasText: proposal.portfolio_name });
    await cardOf(taxable).waitFor();
    await panel.getByRole('button', { name: 'Edit tax settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tax settings' });
    await dialog.getByLabel('Realised-gain budget per tax year ($)').fill(String(budget));
    await dialog.getByLabel('Add to hold list (never sold)').fill(largestSale.symbol);
    await page.getByTestId(`security-option-${largestSale.symbol}`).click();
    await dialog
      .getByTestId(/hold-chips$/)
      .getByText(largestSale.symbol, { exact: true })
      .waitFor();
    await snapDialog(page, 'recommendations-08-tax-settings');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => panel.getByTestId('tax-settings').innerText()).toContain(`hold: ${largestSale.symbol}`);
    const saved = await api.get<ClientTaxSettings>(`/clients/${taxable.client_id}/tax-settings`);
    expect([saved.annual_gain_budget, saved.hold_list.map((row) => row.symbol)]).toEqual([budget, [largestSale.symbol]]);

    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/recommendations/generate'));
    await panel.getByRole('button', { name: 'Generate recommendations' }).click();
    await answered;
    const { recommendations: after } = await api.get<RecommendationListResponse>(
      `/recommendations?portfolio_id=${taxable.portfolio_id}&status=pending&per_page=100`,
    );
    for (const proposal of after) {
      const { trades, totals, tax } = proposal.details;
      expect(
        trades.some((trade) => trade.side === 'sell' && trade.symbol === largestSale.symbol),
        'the held security is not sold',
      ).toBe(false);
      // Within the budget: the net gains of these sales and this year's earlier ones.
      expect(totals.realized_short + totals.realized_long + saved.gains_year_to_date).toBeLessThanOrEqual(budget + 0.01);
      expect(tax?.budget_left ?? 0).toBeGreaterThanOrEqual(-0.01);
      // No fund is sold to buy another of the same asset class in the same breath.
      const sold = new Set(trades.filter((trade) => trade.side === 'sell').map((trade) => trade.security_id));
      expect(trades.filter((trade) => trade.side === 'buy' && sold.has(trade.security_id))).toEqual([]);
    }
    const shown = after.find((proposal) => proposal.details.trades.length > 0) ?? after[0];
    if (shown) {
      const card = cardOf(shown);
      await card.getByRole('button', { name: 'Show details' }).click();
      const said = await card.getByTestId('tax-versus-drift').innerText();
      expect(said).toContain(`Gain budget ${dollars(budget)}`);
      expect(said).toContain(`Estimated tax ${dollars(Math.max(0, shown.details.tax!.estimated_tax))}`);
      await card.getByTestId('tax-versus-drift').scrollIntoViewIfNeeded();
      await snap(page, 'recommendations-09-tax-budgeted-rebalance');
    }
  });
});
