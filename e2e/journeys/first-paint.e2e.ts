/**
 * First paint from HTML (issue 9, item 4) in the system Chromium against the real product and the
 * full web build (npm run build -w apps/web: vite build, pre-render, precompress):
 *
 * 1. With JavaScript off, the public pages show their heading, fields with their labels and their
 *    button: the markup is the build's, not the app's.
 * 2. With JavaScript on, /login hydrates over that markup: the server's nodes are kept (none is
 *    replaced), no error reaches the console, the form is React's (an empty submit shows the
 *    form's own messages, not a browser round trip) and nothing shifts (layout-shift entries ≈ 0).
 * 3. A Sign In pressed before the app's script has run is held by the page, not sent by the browser
 *    (which would put the password in the address), and goes through once the app is live.
 * 4. A signed-in address shows the shell skeleton's top bar while the app's script is held back,
 *    the real top bar replaces it once the app mounts; a visitor with no session sees no skeleton.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { journeyFile } from '../support/journey.ts';
import { withoutScript } from '../support/no-script.ts';
import { admin } from '../support/sign-in.ts';

const journey = journeyFile('first-paint');

type PublicPage = { path: string; heading: string; fields: string[]; button: string };

const publicPages: PublicPage[] = [
  { path: '/login', heading: webMessages.welcomeBack, fields: ['Email', 'Password'], button: 'Sign In' },
  {
    path: '/register',
    heading: webMessages.createAccount,
    fields: ['First Name', 'Last Name', 'Email', 'Phone (optional)', 'Password', 'Confirm Password'],
    button: 'Create Account',
  },
  { path: '/forgot-password', heading: 'Reset Password', fields: ['Email'], button: 'Send Reset Link' },
];

/** The heading, every text field by its label (its accessible name) and the button are visible. */
async function expectForm(page: Page, { heading, fields, button }: PublicPage): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading }).isVisible()).resolves.toBe(true);
  for (const label of fields) {
    await expect(page.getByRole('textbox', { name: label, exact: true }).isVisible(), `field "${label}"`).resolves.toBe(true);
  }
  await expect(page.getByRole('button', { name: button, exact: true }).isVisible()).resolves.toBe(true);
}

/** Holds the app's entry script back until the returned function is called: the page as it is before the app runs. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('without JavaScript', () => {
  for (const publicPage of publicPages) {
    it(`${publicPage.path} shows its title, labelled fields and button from the HTML`, async () => {
      await withoutScript(journey.server.url, publicPage.path, async (page) => {
        await expectForm(page, publicPage);
        // The critical CSS came with the page: the card is laid out, not unstyled HTML.
        const paper = await page
          .locator('.MuiPaper-root')
          .first()
          .evaluate((card) => getComputedStyle(card).borderRadius);
        expect(paper).toBe('8px');
      });
    });
  }
});

describe('with JavaScript', () => {
  it('/login hydrates over the pre-rendered markup without errors or layout shift', async () => {
    const page = await journey.page();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const seen = { shift: 0, replaced: 0 };
      Object.assign(window, { firstPaint: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) seen.shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      // A failed hydration renders the page again on the client, removing the server's nodes.
      new MutationObserver((changes) => {
        for (const change of changes) {
          for (const node of Array.from(change.removedNodes))
            if (node instanceof Element && (node.matches('main') || node.querySelector('main'))) seen.replaced += 1;
        }
      }).observe(document, { childList: true, subtree: true });
    });

    await page.goto('/login');
    expect(await page.locator('#root[data-prerendered] main').count()).toBe(1);
    // The e-mail field, focused by the markup before the app ran, has its label lifted once the app is live.
    await page.locator('label[for="login-email"][data-shrink="true"]').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email');
    // An empty submit shows the form's messages only once React owns the form.
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText(messages.emailRequired).waitFor();
    await expectForm(page, publicPages[0]!);
    expect(page.url()).toMatch(/\/login$/);
    await page.waitForLoadState('networkidle');

    const { shift, replaced } = await page.evaluate(
      () => (window as unknown as { firstPaint: { shift: number; replaced: number } }).firstPaint,
    );
    expect(replaced, 'server-rendered nodes replaced by the client').toBe(0);
    expect(errors, 'console errors').toEqual([]);
    expect(shift, 'cumulative layout shift').toBeLessThan(0.01);
  });

  it('a Sign In pressed before the app is live is held, never sent by the browser, and signs in once the app is', async () => {
    const page = await journey.page();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(`${request.method()} ${request.url()}`));
    const release = await holdAppScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(admin.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The browser's own submit would have left for /login?email=…&password=… (or posted the form).
    expect(page.url()).toMatch(/\/login$/);

    release();
    await page.waitForURL('**/dashboard');
    const password = encodeURIComponent(admin.password);
    expect(requested.filter((line) => line.includes(password) || line.includes('password='))).toEqual([]);
    expect(requested.filter((line) => line.startsWith('POST') && line.endsWith('/api/v1/auth/login'))).toHaveLength(1);
    expect(requested.filter((line) => line.startsWith('POST') && !line.includes('/api/'))).toEqual([]);
  });

  it('a signed-in address shows the shell skeleton until the app mounts; a visitor with no session does not', async () => {
    const login = await fetch(`${journey.server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    const signIn = (await login.json()) as { access_token: string; refresh_token: string; expires_in: number; user: unknown };

    // No stored session: the address redirects to /login; no signed-in shell shows on the way.
    const visitor = await journey.page();
    await visitor.route('**/assets/index-*.js', (route) => route.abort());
    await visitor.goto('/clients');
    expect(await visitor.locator('.shell-bar').isVisible()).toBe(false);

    const page = await journey.page();
    await page.addInitScript((stored) => {
      localStorage.setItem('access_token', stored.access_token);
      localStorage.setItem('refresh_token', stored.refresh_token);
      localStorage.setItem('token_expiry', String(Date.now() + stored.expires_in * 1000));
      localStorage.setItem('user', JSON.stringify(stored.user));
    }, signIn);
    const release = await holdAppScript(page);
    const loaded = page.goto('/clients');
    const bar = page.locator('#shell-skeleton .shell-bar');
    await bar.waitFor({ state: 'visible' });
    expect(await bar.textContent()).toBe(webMessages.platformTitle);
    expect(await page.locator('#root').innerHTML()).toBe('');
    const skeletonBar = await bar.boundingBox();

    release();
    await loaded;
    const appBar = page.locator('#root header');
    await appBar.waitFor({ state: 'visible' });
    await bar.waitFor({ state: 'hidden' });
    // The skeleton's bar stood where the app's top bar now is.
    expect(await appBar.boundingBox()).toEqual(skeletonBar);
    await page.getByRole('heading', { name: 'Clients' }).first().waitFor();
  });
});
