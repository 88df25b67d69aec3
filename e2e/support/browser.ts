import { existsSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expectAccessible, watchAccessibility, type AccessibilityWatch } from './axe.ts';

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

/** The two widths every screen must serve (issue 9): a laptop and a phone. */
export const viewports = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** A fresh profile on the desktop viewport whose pages are audited by axe as they go (./axe.ts). */
export async function newPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; accessibility: AccessibilityWatch }> {
  const context = await browser.newContext({ baseURL, viewport: viewports.desktop });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const accessibility = await watchAccessibility(context);
  const page = await context.newPage();
  return { context, page, accessibility };
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
 * belong) with the pointer moved away, so no tooltip of the last click is left open. The page as
 * shown must pass axe (./axe.ts).
 */
export async function snap(target: Page, name: string): Promise<void> {
  await target.mouse.move(0, 0);
  await target.evaluate(() => window.scrollTo(0, 0));
  await settled(target);
  await screenshot(target, name);
  await expectAccessible(target, `screenshot ${name}`);
}

/** The visible window only: a dialog with its backdrop, as the user sees it; it must pass axe too. */
export async function snapDialog(target: Page, name: string): Promise<void> {
  await settled(target);
  mkdirSync(artifactsDir, { recursive: true });
  await target.screenshot({ path: join(artifactsDir, `${name}.png`) });
  await expectAccessible(target, `screenshot ${name}`);
}
