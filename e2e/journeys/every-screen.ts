/**
 * Every screen that exists, at a laptop's 1366×900 or a phone's 390×844, with each of its dialogs
 * and menus open (issue 9). The journey frame audits each route and dialog with axe-core as it
 * appears, and every screenshot below audits the screen as shown: a serious or critical violation
 * anywhere fails the journey. The pages are reached the way a user reaches them; the data comes
 * from the demo seed, found through the API as the demo admin.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import type { Client, ClientListResponse } from '@meridian/domain/clients/contracts';
import { marketDataMessages } from '@meridian/domain/securities/market-data-messages';
import type { Portfolio, PortfolioDetail, PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { apiSession, type ApiSession } from '../support/api.ts';
import { snap, snapDialog, viewports } from '../support/browser.ts';
import { journeyFile } from '../support/journey.ts';
import { admin, signIn } from '../support/sign-in.ts';

type Viewport = keyof typeof viewports;

/**
 * The journey of every screen at one width, a file of its own per width (accessibility-desktop.e2e.ts,
 * accessibility-phone.e2e.ts) so that the two run side by side, each on its own server.
 */
export function everyScreenAt(viewport: Viewport): void {
  const journey = journeyFile(`accessibility-${viewport}`);
  let api: ApiSession;

  /** A seeded client with an active portfolio that holds securities, for the screens that show one. */
  let scene: { client: Client; portfolio: Portfolio; symbol: string };

  beforeAll(async () => {
    api = await apiSession(journey.server.url, admin);
    const { clients } = await api.get<ClientListResponse>('/clients?sort=name&order=asc&per_page=20');
    for (const client of clients) {
      const { portfolios } = await api.get<PortfolioListResponse>(`/portfolios?client_id=${client.id}&per_page=100`);
      for (const portfolio of portfolios.filter((candidate) => candidate.status === 'active')) {
        const detail = await api.get<PortfolioDetail>(`/portfolios/${portfolio.id}`);
        const holding = detail.holdings[0];
        if (holding) {
          scene = { client, portfolio, symbol: holding.security.symbol };
          return;
        }
      }
    }
    throw new Error('expected a seeded client with an active portfolio that holds securities');
  });

  /** A fresh page at the viewport's size. */
  async function pageAt(): Promise<Page> {
    const page = await journey.page();
    await page.setViewportSize(viewports[viewport]);
    return page;
  }

  async function signedInAt(): Promise<Page> {
    const page = await pageAt();
    await signIn(page, admin);
    await page.getByRole('heading', { name: 'Advisor Dashboard', level: 1 }).waitFor();
    return page;
  }

  /** Opens the page at `path` and waits for its title. */
  async function visit(page: Page, path: string, title: string | RegExp): Promise<void> {
    await page.goto(path);
    await page.getByRole('heading', { name: title, level: 1 }).first().waitFor();
  }

  /** Follows the side menu (opened from the top bar on a phone) to `label`. */
  async function followMenu(page: Page, label: string): Promise<void> {
    if (viewport === 'phone') await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true }).click();
  }

  /** Screenshots and audits the dialog, then leaves it with `button` and waits for it to go. */
  async function inspectDialog(page: Page, dialog: Locator, shot: string, button = 'Cancel'): Promise<void> {
    await dialog.waitFor();
    await snapDialog(page, shot);
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  const shot = (name: string) => `a11y-${viewport}-${name}`;

  describe(`every screen at ${viewports[viewport].width}×${viewports[viewport].height}`, () => {
    it('public pages: sign-in with its messages, registration, password reset, the API token page', async () => {
      const page = await pageAt();
      await visit(page, '/login', webMessages.welcomeBack);
      await snap(page, shot('01-login'));
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect.poll(() => page.locator('.Mui-error').count()).toBeGreaterThan(0);
      await snap(page, shot('02-login-required'));
      await page.goto('/register');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await snap(page, shot('03-register'));
      await page.goto('/forgot-password');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await snap(page, shot('04-forgot-password'));
      await page.goto('/api/v1/auth/login');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await snap(page, shot('05-api-token'));
    });

    it('the shell: top bar, menu, user menu, change password, two-factor setup, an area not built yet', async () => {
      const page = await signedInAt();
      await snap(page, shot('10-dashboard'));
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
        await snap(page, shot('11-drawer'));
        await page.keyboard.press('Escape');
        await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'hidden' });
      }
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menu').waitFor();
      await snapDialog(page, shot('12-user-menu'));
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      await inspectDialog(page, page.getByRole('dialog', { name: /Change password/i }), shot('13-change-password'));
      await visit(page, '/two-factor?mode=setup', /two-factor/i);
      await snap(page, shot('14-two-factor-setup'));
      await visit(page, '/prospects', 'Prospects');
      await snap(page, shot('15-unavailable-area'));
    });

    it('clients: list with its row menu, new client with its messages, edit with the unsaved guard, 360 profile with delete, report, client profiles', async () => {
      const page = await signedInAt();
      const name = `${scene.client.first_name} ${scene.client.last_name}`;
      await followMenu(page, 'Clients');
      await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
      await page.getByTestId('client-row').first().waitFor();
      await snap(page, shot('20-clients'));
      await page.getByRole('textbox', { name: 'Search clients' }).fill(scene.client.last_name);
      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menu').waitFor();
      await snapDialog(page, shot('21-client-row-menu'));
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      await visit(page, '/clients/new', text.newTitle);
      await page.getByRole('button', { name: text.saveNew }).click();
      await expect.poll(() => page.locator('.Mui-error').count()).toBeGreaterThan(0);
      await snap(page, shot('22-client-new-required'));

      await visit(page, `/clients/${scene.client.id}/edit`, text.editTitle);
      await expect.poll(() => page.locator('#client-first-name').inputValue()).toBe(scene.client.first_name);
      await page.locator('#client-goals').fill('Retire at 60');
      await snap(page, shot('23-client-edit'));
      await followMenu(page, 'Clients');
      await inspectDialog(page, page.getByRole('dialog', { name: text.unsavedTitle }), shot('24-client-unsaved-guard'), text.stay);

      await visit(page, `/clients/${scene.client.id}/profile`, name);
      await page.getByTestId('portfolio-total').waitFor();
      await snap(page, shot('25-client-profile'));
      await page.getByRole('button', { name: text.delete, exact: true }).click();
      await inspectDialog(page, page.getByRole('dialog', { name: text.deleteTitle }), shot('26-client-delete'), text.cancel);

      await page.getByRole('link', { name: text.generateReport }).click();
      await page.getByTestId('client-report').getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByTestId('client-report').locator('svg path').first().waitFor();
      await snap(page, shot('27-client-report'));

      await followMenu(page, 'Client Profiles');
      await page.waitForURL('**/client-profiles');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await snap(page, shot('28-client-profiles'));
    });

    it('portfolios: list, new portfolio, a portfolio with its holdings, transactions and every dialog', async () => {
      const page = await signedInAt();
      await followMenu(page, 'Portfolios');
      await page.waitForURL('**/portfolios');
      await page.locator('[data-testid^="portfolio-row-"]').first().waitFor();
      await snap(page, shot('30-portfolios'));

      await page.getByRole('link', { name: 'New Portfolio' }).click();
      await page.waitForURL('**/portfolios/new');
      await page.getByRole('button', { name: 'Create Portfolio' }).click();
      await expect.poll(() => page.locator('.Mui-error').count()).toBeGreaterThan(0);
      await snap(page, shot('31-portfolio-new-required'));

      await visit(page, `/portfolios/${scene.portfolio.id}`, scene.portfolio.name);
      await page.getByTestId(`holding-row-${scene.symbol}`).waitFor();
      await snap(page, shot('32-portfolio'));

      await page.getByRole('button', { name: 'Add Holding' }).click();
      const add = page.getByRole('dialog', { name: 'Add Holding' });
      await add.getByRole('combobox', { name: 'Security' }).fill('AAPL');
      await page.getByTestId('security-option-AAPL').waitFor();
      await snapDialog(page, shot('33-add-holding-search'));
      await page.getByTestId('security-option-AAPL').click();
      await inspectDialog(page, add, shot('34-add-holding'));

      await page.getByRole('button', { name: `Change quantity of ${scene.symbol}` }).click();
      await inspectDialog(page, page.getByRole('dialog'), shot('35-edit-holding'));
      await page.getByRole('button', { name: `Remove ${scene.symbol}` }).click();
      await inspectDialog(page, page.getByRole('dialog', { name: 'Remove holding' }), shot('36-remove-holding'));

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await inspectDialog(page, page.getByRole('dialog', { name: 'Edit Portfolio' }), shot('37-edit-portfolio'));
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await inspectDialog(page, page.getByRole('dialog'), shot('38-delete-portfolio'));

      await page.getByRole('tab', { name: 'Transactions' }).click();
      await page.getByTestId('transaction-row').first().waitFor();
      await snap(page, shot('39-portfolio-transactions'));

      await page.getByRole('button', { name: 'Record Transaction' }).click();
      const record = page.getByRole('dialog', { name: 'Record Transaction' });
      await record.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('listbox').waitFor();
      await snapDialog(page, shot('40-record-transaction-types'));
      await page.getByRole('option', { name: 'Buy', exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await record.getByRole('button', { name: 'Record', exact: true }).click();
      await expect.poll(() => record.locator('.Mui-error').count()).toBeGreaterThan(0);
      await inspectDialog(page, record, shot('41-record-transaction-required'));
    });

    it('analysis: the dashboard with its metrics and trends, portfolio and household analytics, households with their dialogs', async () => {
      const page = await signedInAt();
      await page.getByTestId('card-aum').getByText(/\$/).first().waitFor();
      await page.getByTestId('client-row').first().waitFor();
      await snap(page, shot('60-dashboard-live'));
      await page.getByRole('tab', { name: 'Trends' }).click();
      await page.getByRole('tabpanel', { name: 'Trends' }).locator('svg path').first().waitFor();
      await snap(page, shot('61-dashboard-trends'));

      await visit(page, `/portfolio-analytics?portfolio=${scene.portfolio.id}`, 'Portfolio Analytics');
      await page.getByTestId('analytics-growth').locator('.MuiLineChart-line').first().waitFor();
      await page.getByTestId('analytics-lots').getByRole('table').first().waitFor();
      await snap(page, shot('62-portfolio-analytics'));

      await followMenu(page, 'Clients');
      await page.getByRole('link', { name: 'Households' }).click();
      await page.getByRole('heading', { name: 'Households', level: 1 }).waitFor();
      await page
        .getByRole('link')
        .filter({ hasText: /household|family/i })
        .first()
        .waitFor();
      await snap(page, shot('63-households'));
      await page.getByRole('button', { name: 'New Household' }).click();
      await inspectDialog(page, page.getByRole('dialog', { name: 'New Household' }), shot('64-new-household'));

      const { households } = await api.get<{ households: Array<{ id: string; name: string }> }>('/households?per_page=1');
      const household = households[0]!;
      await visit(page, `/households/${household.id}`, household.name);
      await snap(page, shot('65-household'));
      await page.getByRole('link', { name: 'View analytics' }).click();
      await page.getByTestId('analytics-growth').locator('.MuiLineChart-line').first().waitFor();
      await snap(page, shot('66-household-analytics'));
    });

    it('market data: watchlist, search, a security with its chart, the price import and its result', async () => {
      const page = await signedInAt();
      await followMenu(page, 'Market Data');
      await page.getByRole('heading', { name: marketDataMessages.title, level: 1 }).waitFor();
      await page.locator('[data-testid^="watchlist-row-"]').first().getByTestId('sparkline').locator('svg path').first().waitFor();
      await snap(page, shot('50-market-data'));

      await page.getByRole('searchbox', { name: marketDataMessages.searchLabel }).fill('micro');
      await page.getByTestId('search-result-MSFT').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('figure', { name: 'MSFT daily closing prices' }).locator('svg path').first().waitFor();
      await inspectDialog(page, dialog, shot('51-security'), 'Close');

      // A file whose only row is refused: the result shows, no price changes.
      const importSection = page.getByRole('region', { name: marketDataMessages.importTitle });
      const csv = 'symbol,date,close\nZZZZ,2026-01-02,10.00\n';
      await importSection.locator('input[type=file]').setInputFiles({ name: 'closes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await importSection.getByRole('button', { name: marketDataMessages.importSubmit, exact: true }).click();
      await importSection.getByRole('table', { name: 'Rejected rows' }).waitFor();
      await snap(page, shot('52-price-import-result'));
    });
  });
}
