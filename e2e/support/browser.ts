import { existsSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** The system Chromium, headless. A missing browser fails the run: journeys are never skipped. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: install Debian's chromium (.ci/run does)`);
  }
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot to e2e/artifacts/<name>.png for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** Waits until transitions (fades, ripples, label moves) have finished; endless spinners may go on. */
export async function settled(target: Page): Promise<void> {
  await target.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * A full-page screenshot of a settled page, taken from the top (where the fixed top bar and drawer
 * belong) with the pointer moved away, so no tooltip of the last click is left open.
 */
export async function snap(target: Page, name: string): Promise<void> {
  await target.mouse.move(0, 0);
  await target.evaluate(() => window.scrollTo(0, 0));
  await settled(target);
  await screenshot(target, name);
}

/** The visible window only: a dialog with its backdrop, as the user sees it. */
export async function snapDialog(target: Page, name: string): Promise<void> {
  await settled(target);
  mkdirSync(artifactsDir, { recursive: true });
  await target.screenshot({ path: join(artifactsDir, `${name}.png`) });
}
