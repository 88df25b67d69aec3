import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { expectNoFindings, type AccessibilityWatch } from './axe.ts';
import { launchBrowser, newPage, screenshot } from './browser.ts';
import { startJourneyServer, type JourneyServer } from './server.ts';

/**
 * The frame of a journey file: the real product on a demo-seeded database of its own and the system
 * Chromium, started once for the file; a fresh browser profile for each page a test opens (15 s
 * default timeout), all closed after the test; and, when a test fails, a screenshot of the last
 * page it opened (e2e/artifacts/<name>-failed-<test number>.png). Every page is audited by axe on
 * each route and dialog it shows (./axe.ts): a serious or critical violation fails the test.
 */
export function journeyFile(name: string) {
  let server: JourneyServer | undefined;
  let browser: Browser | undefined;
  let lastPage: Page | undefined;
  const open: Array<{ close: () => Promise<void> }> = [];
  const watches: AccessibilityWatch[] = [];

  beforeAll(async () => {
    server = await startJourneyServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && lastPage) await screenshot(lastPage, `${name}-failed-${task.name.split('.')[0]}`).catch(() => {});
    lastPage = undefined;
    try {
      await expectNoFindings(watches.splice(0));
    } finally {
      await Promise.all(open.splice(0).map((context) => context.close()));
    }
  });

  const started = () => {
    if (!server || !browser) throw new Error('the journey file has not started: use it inside a test or a hook');
    return { server, browser };
  };

  return {
    get server(): JourneyServer {
      return started().server;
    },
    async page(): Promise<Page> {
      const { server, browser } = started();
      const fresh = await newPage(browser, server.url);
      fresh.context.setDefaultTimeout(15_000);
      open.push(fresh.context);
      watches.push(fresh.accessibility);
      lastPage = fresh.page;
      return fresh.page;
    },
  };
}
