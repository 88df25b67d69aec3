/**
 * The keyboard alone (issue 9): the demo admin signs in, skips to the main content, finds a client
 * by searching the client list, opens one of the client's portfolios from the 360 profile and
 * records a deposit, without the mouse; the deposit is then checked through the API and on screen.
 * Every stop the Tab key reaches must show where the focus is; the dialog keeps the focus inside
 * while open and gives it back to the button that opened it.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client, ClientListResponse } from '@meridian/domain/clients/contracts';
import type { Portfolio, PortfolioDetail, PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import type { TransactionListResponse } from '@meridian/domain/portfolios/transaction-contracts';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { apiSession, type ApiSession } from '../support/api.ts';
import { snap, snapDialog } from '../support/browser.ts';
import { dollars } from '../support/expected-figures.ts';
import { journeyFile } from '../support/journey.ts';
import { admin } from '../support/sign-in.ts';

const journey = journeyFile('keyboard');
let api: ApiSession;
let scene: { client: Client; portfolio: Portfolio };

beforeAll(async () => {
  api = await apiSession(journey.server.url, admin);
  const { clients } = await api.get<ClientListResponse>('/clients?sort=name&order=asc&per_page=20');
  for (const client of clients) {
    const { portfolios } = await api.get<PortfolioListResponse>(`/portfolios?client_id=${client.id}&per_page=100`);
    const portfolio = portfolios.find((candidate) => candidate.status === 'active');
    if (portfolio) {
      scene = { client, portfolio };
      return;
    }
  }
  throw new Error('expected a seeded client with an active portfolio');
});

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Where the focus is, and whether it shows: a ring (outline) on the focused element or on the MUI
 * control that wraps it, or the thicker border of a focused MUI field.
 */
function focusShown(page: Page): Promise<{ element: string; shown: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { element: 'body', shown: false };
    const ringed = (candidate: Element | null) => {
      if (!candidate) return false;
      const style = getComputedStyle(candidate);
      return style.outlineStyle !== 'none' && (style.outlineStyle === 'auto' || parseFloat(style.outlineWidth) >= 2);
    };
    // A control may draw its ring around the focused element: MUI's checkboxes and switches hide
    // the input itself, a chart focuses a transparent layer of its own.
    const ringHolders = [
      element.closest('.Mui-focusVisible') ?? element,
      element.parentElement,
      element.parentElement?.parentElement ?? null,
    ];
    const border = element.closest('.MuiOutlinedInput-root')?.querySelector('.MuiOutlinedInput-notchedOutline');
    const shown =
      ringHolders.some(ringed) || (border !== undefined && border !== null && parseFloat(getComputedStyle(border).borderTopWidth) >= 2);
    return { element: element.outerHTML.slice(0, 160), shown };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, if it has not already; every stop on the
 * way must show its focus (past the last stop the focus leaves the page for the browser's own bar).
 */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}): Promise<void> {
  for (let presses = 0; presses < limit && !(await isFocused(target)); presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focusShown(page);
    if (focus.element !== 'body') expect(focus.shown, `focus visible on ${focus.element}`).toBe(true);
  }
  if (await isFocused(target)) return;
  throw new Error(`${target} was not reached within ${limit} presses of Tab`);
}

describe('keyboard journey', () => {
  it('signs in, finds a client, opens a portfolio and records a deposit with the keyboard alone', async () => {
    const { client, portfolio } = scene;
    const name = `${client.first_name} ${client.last_name}`;
    const before = await api.get<PortfolioDetail>(`/portfolios/${portfolio.id}`);
    const page = await journey.page();

    // Sign in: the fields and Enter.
    await page.goto('/login');
    await page.getByRole('heading', { name: webMessages.welcomeBack }).waitFor();
    await tabTo(page, page.locator('#login-email'));
    await page.keyboard.type(admin.email);
    await tabTo(page, page.locator('#login-password'));
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Advisor Dashboard', level: 1 }).waitFor();

    // The shell leads with a link that skips to the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await isFocused(skip)).toBe(true);
    expect((await focusShown(page)).shown).toBe(true);
    await snap(page, 'keyboard-01-skip-link');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // The side menu to the client list (back up from the main content), then the search.
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await tabTo(page, menu.getByRole('link', { name: 'Clients', exact: true }), { backwards: true });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/clients');
    await page.getByTestId('client-row').first().waitFor();
    await tabTo(page, page.getByRole('textbox', { name: 'Search clients' }));
    await page.keyboard.type(client.last_name);
    const actions = page.getByRole('button', { name: `Actions for ${name}` });
    await expect.poll(() => page.getByTestId('client-row').filter({ hasText: client.email }).count()).toBe(1);
    await tabTo(page, actions);
    await snap(page, 'keyboard-02-client-found');

    // The row's menu: its first item is the profile.
    await page.keyboard.press('Enter');
    const viewProfile = page.getByRole('menuitem', { name: 'View Profile' });
    await expect.poll(() => isFocused(viewProfile)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/clients/${client.id}/profile`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // The portfolio, from the profile's list.
    const link = page.getByTestId('portfolios').getByRole('link', { name: portfolio.name, exact: true });
    await link.waitFor();
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/portfolios/${portfolio.id}`);
    await page.getByRole('heading', { name: portfolio.name, level: 1 }).waitFor();

    // The Transactions tab: the tab list is one stop, the arrows move along it, Enter opens a tab.
    await tabTo(page, page.getByRole('tab', { name: /Holdings/ }));
    await page.keyboard.press('ArrowRight');
    expect(await isFocused(page.getByRole('tab', { name: 'Transactions' }))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('tab', { name: 'Transactions' }).getAttribute('aria-selected')).toBe('true');
    const record = page.getByRole('button', { name: 'Record Transaction' });
    await tabTo(page, record);
    await page.keyboard.press('Enter');

    // The dialog: focus stays inside whichever way Tab goes.
    const dialog = page.getByRole('dialog', { name: 'Record Transaction' });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let presses = 0; presses < 12; presses++) {
        await page.keyboard.press(key);
        expect(
          await dialog.evaluate((element) => element.contains(document.activeElement)),
          `${key} ×${presses + 1} stays in the dialog`,
        ).toBe(true);
      }
    }

    // Type: the select opens on the arrow key; Deposit is chosen with the arrows and Enter.
    const type = dialog.getByRole('combobox', { name: 'Type' });
    await tabTo(page, type);
    await page.keyboard.press('ArrowDown');
    const deposit = page.getByRole('option', { name: 'Deposit', exact: true });
    await page.getByRole('listbox').waitFor();
    for (let presses = 0; presses < 12 && !(await isFocused(deposit)); presses++) await page.keyboard.press('ArrowDown');
    expect(await isFocused(deposit)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => type.innerText()).toBe('Deposit');

    await tabTo(page, dialog.getByLabel('Amount', { exact: true }));
    await page.keyboard.type('2,500');
    await tabTo(page, dialog.getByLabel('Notes (optional)'));
    await page.keyboard.type('Deposit recorded from the keyboard');
    await snapDialog(page, 'keyboard-03-record-deposit');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The focus is back on the button that opened the dialog.
    await expect.poll(() => isFocused(record)).toBe(true);

    // The API holds the deposit, and the screen shows it.
    const ledger = await api.get<TransactionListResponse>(`/portfolios/${portfolio.id}/transactions?per_page=1`);
    expect(ledger.transactions[0]).toMatchObject({ type: 'deposit', amount: 2500, notes: 'Deposit recorded from the keyboard' });
    const after = await api.get<PortfolioDetail>(`/portfolios/${portfolio.id}`);
    expect(after.cash_balance).toBeCloseTo(before.cash_balance + 2500, 2);
    await expect.poll(() => page.getByTestId('card-cash-value').innerText()).toBe(dollars(after.cash_balance));
    const firstRow = page.getByTestId('transaction-row').first();
    await expect.poll(async () => (await firstRow.locator('td').allInnerTexts())[5]).toBe(`+${dollars(2500)}`);
    expect(await firstRow.innerText()).toContain('Deposit');
    await snap(page, 'keyboard-04-deposit-recorded');
  });
});
