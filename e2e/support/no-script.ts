import type { Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';

/**
 * Opens `path` of the product at `baseURL` in a fresh Chromium with JavaScript turned off, as a
 * visitor whose scripts have not loaded (yet) sees it, and hands the page to `look`.
 */
export async function withoutScript<T>(baseURL: string, path: string, look: (page: Page) => Promise<T>): Promise<T> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const response = await page.goto(path);
    if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
    return await look(page);
  } finally {
    await browser.close();
  }
}
