/**
 * The accessibility check of the journey frame (support/axe.ts) on pages made for it: it must see
 * a known violation on a page a journey loads, on a client-side route and in a dialog that opens
 * later, name the rule, the element and the fix, and let a clean page pass.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, expectAccessible, type AccessibilityWatch } from '../support/axe.ts';
import { launchBrowser, newPage, snap } from '../support/browser.ts';

// A secure origin (clipboard permissions are granted to it); every request to it is answered here.
const origin = 'http://localhost:9';

const clean = `<main><h1>Statements</h1><label for="q">Search</label><input id="q"><button type="button">Find</button></main>`;
const unlabelledInput = `<main><h1>Statements</h1><input id="q"><button type="button">Find</button></main>`;
const faintText = `<main><h1>Statements</h1><p id="faint" style="color:#bbbbbb;background:#ffffff">Quarterly statement</p></main>`;

function document(body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><title>Check</title></head><body>${body}<script>${script}</script></body></html>`;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let accessibility: AccessibilityWatch;

/** A fresh audited page whose addresses under `origin` answer with `pages[path]`. */
async function open(pages: Record<string, string>): Promise<void> {
  ({ context, page, accessibility } = await newPage(browser, origin));
  await context.route(`${origin}/**`, (route) => {
    const body = pages[new URL(route.request().url()).pathname];
    return body ? route.fulfill({ contentType: 'text/html', body }) : route.fulfill({ status: 404, body: '' });
  });
}

/** The rules found so far, once every audit the page started has finished. */
async function rulesFound(): Promise<string[]> {
  await accessibility.settle();
  return [...new Set(accessibility.findings.flatMap((finding) => finding.violations.map((violation) => violation.rule)))];
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
});

describe('the journey frame checks accessibility with axe-core', () => {
  it('lets a clean page through, on load and at a screenshot', async () => {
    await open({ '/': document(clean) });
    await page.goto('/');
    expect(await rulesFound()).toEqual([]);
    await snap(page, 'axe-check-clean');
  });

  it('reports an unlabelled field on a page a journey loads, naming the rule, the element and the fix', async () => {
    await open({ '/': document(unlabelledInput) });
    await page.goto('/');
    expect(await rulesFound()).toContain('label');
    const violation = accessibility.findings.flatMap((finding) => finding.violations).find((found) => found.rule === 'label')!;
    expect(violation).toMatchObject({ impact: 'critical', selector: '#q', html: '<input id="q">' });
    expect(violation.fix).toMatch(/Fix any of the following/);
    expect(violation.helpUrl).toMatch(/^https:\/\/dequeuniversity\.com\/rules\/axe\/4\.14\/label/);
    const message = describeFindings(accessibility.findings);
    expect(message).toContain('label (critical)');
    expect(message).toContain('element: #q');
    expect(message).toContain(`where: ${origin}/ (page on load)`);
  });

  it('reports low-contrast text shown after a client-side route change', async () => {
    const route = `document.querySelector('button').onclick = () => { history.pushState({}, '', '/statements'); document.querySelector('main').outerHTML = ${JSON.stringify(faintText)}; };`;
    await open({ '/': document(`${clean}`, route) });
    await page.goto('/');
    expect(await rulesFound()).toEqual([]);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL('**/statements');
    expect(await rulesFound()).toEqual(['color-contrast']);
    expect(accessibility.findings[0]).toMatchObject({ url: `${origin}/statements`, scope: 'page after a route change' });
    expect(accessibility.findings[0]!.violations[0]!.selector).toBe('#faint');
  });

  it('reports a dialog that opens later without a name', async () => {
    const dialog = `<div role="dialog" aria-modal="true"><button type="button">Close</button></div>`;
    const opens = `document.querySelector('button').onclick = () => setTimeout(() => document.body.insertAdjacentHTML('beforeend', ${JSON.stringify(dialog)}), 100);`;
    await open({ '/': document(clean, opens) });
    await page.goto('/');
    expect(await rulesFound()).toEqual([]);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await rulesFound()).toEqual(['aria-dialog-name']);
    expect(accessibility.findings[0]!.scope).toBe('dialog ""');
  });

  it('fails a screenshot of a page with a violation at once', async () => {
    await open({ '/': document(faintText) });
    await page.goto('/');
    await expect(snap(page, 'axe-check-faint')).rejects.toThrow(
      /color-contrast \(serious\)[\s\S]*element: #faint[\s\S]*fix: Fix any of the following/,
    );
  });

  it('audits on demand a page that was not watched from its start', async () => {
    page = await browser.newPage();
    context = page.context();
    await page.setContent(document(unlabelledInput));
    await expect(expectAccessible(page, 'set content')).rejects.toThrow(/label \(critical\)/);
  });
});
