/**
 * Market data journeys (/market-data; spec part 1 §7 "Configuration files", part 2 §7 securities
 * calls and §8 texts) in the system Chromium against the real product and its demo seed: ~196
 * securities with five years of simulated daily closes ending on the last trading day.
 *
 * 1. An admin opens Market Data from the drawer: the watchlist of /config/stocks.json with prices,
 *    sparklines and the simulated label; a search for 'micro' finds Microsoft, whose chart opens
 *    with its periods; a CSV with one good and two bad rows is imported (1 accepted, 2 rejected with
 *    their reasons) and Microsoft's latest close becomes the imported one, no longer simulated.
 * 2. An advisor sees the same screen without the import.
 */
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { marketDataMessages as text } from '@meridian/domain/securities/market-data-messages';
import { securities } from '@meridian/server/db/schema/securities';
import { snap, snapDialog } from '../support/browser.ts';
import { dollars, shortDate, signedPercent } from '../support/expected-figures.ts';
import { journeyFile } from '../support/journey.ts';
import { admin, alex, signIn } from '../support/sign-in.ts';

/** The symbols of apps/web/public/config/stocks.json, in order. */
const watchlist = ['SPY', 'QQQ', 'VTI', 'AGG', 'BND', 'GLD', 'VNQ', 'AAPL', 'MSFT', 'NVDA', 'JPM', 'JNJ'];

const journey = journeyFile('market');
let page: Page;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

async function freshPage(): Promise<Page> {
  page = await journey.page();
  return page;
}

/** Opens Market Data from the drawer and waits for the page's heading. */
async function openMarketData(target: Page): Promise<void> {
  await target.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Market Data', exact: true }).click();
  await target.waitForURL('**/market-data');
  await target.getByRole('heading', { name: text.title, level: 1 }).waitFor();
}

/** The watchlist's columns: Security (symbol over name), Last close, Change, Change %, Price date, 1Y trend, Source. */
const column = { security: 0, lastClose: 1, change: 2, changePercent: 3, date: 4 } as const;

const watchlistRow = (target: Page, symbol: string): Locator => target.getByTestId(`watchlist-row-${symbol}`);

/** Every watchlist row shows a close, a date and a drawn sparkline (waits for all of them). */
async function expectWatchlistLoaded(target: Page): Promise<void> {
  const rows = target.locator('[data-testid^="watchlist-row-"]');
  await expect
    .poll(() => rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid'))))
    .toEqual(watchlist.map((symbol) => `watchlist-row-${symbol}`));
  for (const symbol of watchlist) {
    const row = watchlistRow(target, symbol);
    await row.getByTestId('sparkline').locator('svg path').first().waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[column.security]?.split('\n')[0]).toBe(symbol);
    expect(cells[column.lastClose], `${symbol} last close`).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(cells[column.change], `${symbol} day change`).toMatch(/^[+-]\$[\d,]+\.\d{2}$/);
    expect(cells[column.changePercent], `${symbol} day change %`).toMatch(/^[+-][\d,]+\.\d{2}%$/);
    expect(cells[column.date], `${symbol} price date`).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  }
}

/** What the seed holds for a security now (its latest close and day). */
async function stored(symbol: string) {
  const [row] = await journey.server.database.db
    .select({
      lastClose: securities.lastClose,
      previousClose: securities.previousClose,
      lastPriceDate: securities.lastPriceDate,
      priceSource: securities.priceSource,
    })
    .from(securities)
    .where(eq(securities.symbol, symbol));
  if (!row?.lastPriceDate || row.lastClose === null || row.previousClose === null)
    throw new Error(`expected ${symbol} with prices in the seed`);
  return { ...row, lastPriceDate: row.lastPriceDate, lastClose: row.lastClose, previousClose: row.previousClose };
}

// ---------------------------------------------------------------------------------------------
// Journeys
// ---------------------------------------------------------------------------------------------

describe('market data journeys', () => {
  it('1. admin: watchlist with simulated prices, search, chart, CSV import that replaces the latest close', async () => {
    await freshPage();
    await signIn(page, admin);
    await openMarketData(page);
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Market Data', exact: true })
          .getAttribute('class'),
      )
      .toContain('Mui-selected');

    // The watchlist of the shipped /config/stocks.json, every price simulated and labelled so.
    await expectWatchlistLoaded(page);
    expect((await page.getByTestId('simulated-alert').innerText()).trim()).toBe(text.simulatedAlert);
    await expect.poll(() => page.locator('[data-testid^="watchlist-row-"]').getByTestId('simulated-chip').count()).toBe(watchlist.length);
    const msftBefore = await stored('MSFT');
    expect(msftBefore.priceSource).toBe('simulated');
    const msftCells = await watchlistRow(page, 'MSFT').locator('td').allInnerTexts();
    expect(msftCells[column.security]?.split(/\n+/)).toEqual(['MSFT', 'Microsoft Corporation']);
    expect(msftCells[column.lastClose]).toBe(dollars(msftBefore.lastClose));
    expect(msftCells[column.date]).toBe(shortDate(msftBefore.lastPriceDate));
    // The label explains itself on hover.
    await watchlistRow(page, 'SPY').getByTestId('simulated-chip').hover();
    await page.getByRole('tooltip').filter({ hasText: text.simulatedTooltip }).waitFor();
    await snap(page, 'market-01-watchlist');
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });

    // Search: 'micro' finds Microsoft (and AMD) with sector, asset class, risk and last close.
    const searchBox = page.getByRole('searchbox', { name: text.searchLabel });
    await searchBox.fill('micro');
    const msftResult = page.getByTestId('search-result-MSFT');
    await msftResult.waitFor();
    expect(await msftResult.locator('td').allInnerTexts()).toEqual([
      'MSFT',
      'Microsoft Corporation',
      'Information Technology',
      'Equity',
      'Medium',
      dollars(msftBefore.lastClose),
      text.simulatedChip,
    ]);
    await page.getByTestId('search-result-AMD').waitFor();
    await snap(page, 'market-02-search-micro');

    // Its chart: a year by default, then other periods.
    await msftResult.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /MSFT · Microsoft Corporation/ }).waitFor();
    expect(await dialog.getByTestId('latest-close').innerText()).toBe(dollars(msftBefore.lastClose));
    await dialog.getByText(text.simulatedPrices, { exact: true }).waitFor();
    const chart = dialog.getByRole('figure', { name: 'MSFT daily closing prices' });
    await chart.locator('svg path').first().waitFor();
    expect(await dialog.getByRole('button', { name: '1Y', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await snapDialog(page, 'market-03-chart-1y');
    for (const period of ['1M', '3M', '6M', 'YTD', '5Y']) {
      const answered = page.waitForResponse(
        (response) => response.url().includes('/api/v1/securities/MSFT?') && response.url().includes(`period=${period.toLowerCase()}`),
      );
      await dialog.getByRole('button', { name: period, exact: true }).click();
      expect((await answered).status()).toBe(200);
    }
    expect(await dialog.getByRole('button', { name: '5Y', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => dialog.getByRole('progressbar', { name: 'Loading prices' }).isVisible()).toBe(false);
    await snapDialog(page, 'market-04-chart-5y');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Import: one good row (Microsoft's latest day, a new close) and two bad ones.
    const importedClose = Math.round(msftBefore.lastClose * 1.03 * 100) / 100;
    const csv = [
      'symbol,date,close',
      `MSFT,${msftBefore.lastPriceDate},${importedClose.toFixed(2)}`,
      `ZZZZ,${msftBefore.lastPriceDate},10.00`,
      'MSFT,2026-02-30,412.50',
      '',
    ].join('\n');
    const importSection = page.getByRole('region', { name: text.importTitle });
    await importSection.getByText(text.importHelp, { exact: true }).waitFor();
    await importSection.locator('input[type=file]').setInputFiles({ name: 'closes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    expect(await importSection.getByTestId('import-file-name').innerText()).toBe(`closes.csv (${Buffer.byteLength(csv)} bytes)`);
    const imported = page.waitForResponse((response) => response.url().endsWith('/api/v1/securities/prices/import'));
    await importSection.getByRole('button', { name: text.importSubmit, exact: true }).click();
    expect((await imported).status()).toBe(200);
    const result = importSection.getByTestId('import-result');
    await result.waitFor();
    expect((await result.getByRole('alert').innerText()).trim()).toBe(`${text.importAccepted(1)}; ${text.importRejected(2)}`);
    expect(
      await result
        .getByRole('table', { name: 'Rejected rows' })
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent))),
    ).toEqual([
      ['3', "Unknown symbol 'ZZZZ'"],
      ['4', "Invalid date '2026-02-30': write it YYYY-MM-DD"],
    ]);
    await snap(page, 'market-05-import-result');

    // The screen asks again: Microsoft's latest close is the imported one, labelled as such.
    const msftAfter = await stored('MSFT');
    expect(msftAfter).toMatchObject({ lastClose: importedClose, lastPriceDate: msftBefore.lastPriceDate, priceSource: 'imported' });
    const msftRow = watchlistRow(page, 'MSFT');
    await expect.poll(() => msftRow.locator('td').nth(column.lastClose).innerText()).toBe(dollars(importedClose));
    const change = importedClose - msftBefore.previousClose;
    expect(await msftRow.locator('td').nth(column.changePercent).innerText()).toBe(
      signedPercent(Math.round((change / msftBefore.previousClose) * 10_000) / 100),
    );
    await msftRow.getByText(text.importedChip, { exact: true }).waitFor();
    expect(await msftRow.getByTestId('simulated-chip').count()).toBe(0);
    // The other eleven are still simulated, so the page still says so.
    expect(await page.locator('[data-testid^="watchlist-row-"]').getByTestId('simulated-chip').count()).toBe(watchlist.length - 1);
    await page.getByTestId('simulated-alert').waitFor();
    // The search result follows too.
    expect(await msftResult.locator('td').nth(5).innerText()).toBe(dollars(importedClose));
    await snap(page, 'market-06-after-import');

    // The chart marks the imported close.
    await msftRow.click();
    await dialog
      .getByTestId('latest-close')
      .filter({ hasText: dollars(importedClose) })
      .waitFor();
    await dialog.getByText(text.importedMarked, { exact: true }).waitFor();
    await dialog.getByText(text.importedChip, { exact: true }).waitFor();
    await snapDialog(page, 'market-07-chart-with-imported-close');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // A file dropped on the import area is chosen as well.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['symbol,date,close\n'], 'dropped.csv', { type: 'text/csv' }));
      return transfer;
    });
    await importSection.getByTestId('import-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    expect(await importSection.getByTestId('import-file-name').innerText()).toBe('dropped.csv (18 bytes)');
    await expect.poll(() => importSection.getByTestId('import-result').count()).toBe(0);
  });

  it('2. advisor: the same watchlist and search, and no price import', async () => {
    await freshPage();
    await signIn(page, alex);
    await openMarketData(page);
    await expectWatchlistLoaded(page);
    await page.getByRole('searchbox', { name: text.searchLabel }).fill('micro');
    await page.getByTestId('search-result-MSFT').waitFor();
    expect(await page.getByRole('region', { name: text.importTitle }).count()).toBe(0);
    expect(await page.getByText(text.importChoose).count()).toBe(0);
    expect(await page.locator('input[type=file]').count()).toBe(0);
    await snap(page, 'market-08-advisor-no-import');

    // On a phone the drawer folds away and the watchlist scrolls sideways within its card.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation menu' }).waitFor();
    await snap(page, 'market-09-advisor-phone');
  });
});
