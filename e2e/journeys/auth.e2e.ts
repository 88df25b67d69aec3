import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultNavigation } from '@meridian/domain/navigation/menu';
import { messages } from '@meridian/domain/shared/messages';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { settled, snap } from '../support/browser.ts';
import { journeyFile } from '../support/journey.ts';

/**
 * Sign-in journeys (spec part 1 §2 public screens, §4 login flow, 2FA, password reset, API token
 * page) in the system Chromium against the real server and built web app. Every journey uses its
 * own demo account, so they do not disturb each other on the one server of this file.
 */

const demo = {
  admin: { email: 'admin@summitridge.example', password: 'Admin#2026' },
  alex: { email: 'alex.chen@summitridge.example', password: 'Advisor#2026', name: 'Alex Chen' },
  priya: { email: 'priya.patel@summitridge.example', password: 'Advisor#2026', name: 'Priya Patel' },
  sam: { email: 'sam.okafor@summitridge.example', password: 'Client#2026', name: 'Sam Okafor' },
  lena: { email: 'lena.novak@summitridge.example', password: 'Client#2026', name: 'Lena Novak' },
  newClient: { email: 'newclient@summitridge.example', password: 'Welcome#2026', name: 'Taylor Brooks' },
} as const;

const sessionKeys = ['access_token', 'refresh_token', 'token_expiry', 'user'] as const;

const journey = journeyFile('auth');
let context: BrowserContext;
let page: Page;

// A fresh browser context (storage, cookies, clipboard) for every journey.
beforeEach(async () => {
  page = await journey.page();
  context = page.context();
  context.setDefaultTimeout(10_000);
});

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

async function signIn(target: Page, email: string, password: string, { remember = false } = {}) {
  await target.goto('/login');
  // Typed once the app is live: a signed-in visitor's login page is drawn again by the app, which would drop what was typed into the pre-rendered one.
  await target.waitForFunction(() => (window as { meridianLive?: boolean }).meridianLive === true);
  await target.locator('#login-email').fill(email);
  await target.locator('#login-password').fill(password);
  if (remember) await target.getByLabel('Remember me').check();
  await target.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Waits for the dashboard of the shell and checks whose welcome it shows. */
async function expectDashboard(target: Page, name: string) {
  await target.waitForURL('**/dashboard');
  await target.getByRole('heading', { name: 'Advisor Dashboard', level: 1 }).waitFor();
  await target.getByText(`Welcome back, ${name}`, { exact: true }).waitFor();
}

/** The error alert of a form shows exactly this text. */
async function expectAlert(target: Page, text: string) {
  const alert = target.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  expect((await alert.innerText()).trim()).toBe(text);
}

/** The page shows this text somewhere (exact match of one element's text). */
async function expectText(target: Page | Locator, text: string) {
  await target.getByText(text, { exact: true }).first().waitFor();
}

async function openUserMenu(target: Page): Promise<Locator> {
  await target.getByRole('button', { name: 'Open user menu' }).click();
  const menu = target.getByRole('menu');
  await menu.waitFor();
  return menu;
}

async function logoutFromUserMenu(target: Page) {
  const menu = await openUserMenu(target);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await target.waitForURL('**/login');
  await target.getByRole('heading', { name: webMessages.welcomeBack }).waitFor();
}

/** A value the journey needs; its absence fails the journey with a clear message. */
function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

type StorageSnapshot = { local: Record<string, string>; session: Record<string, string> };

/** The session keys held in localStorage and sessionStorage. */
async function storedSession(target: Page): Promise<StorageSnapshot> {
  return target.evaluate(
    (keys) => {
      const pick = (storage: Storage) =>
        Object.fromEntries(keys.flatMap((key) => (storage.getItem(key) === null ? [] : [[key, storage.getItem(key) as string]])));
      return { local: pick(localStorage), session: pick(sessionStorage) };
    },
    [...sessionKeys],
  );
}

function expectSessionIn(snapshot: StorageSnapshot, where: 'local' | 'session', email: string) {
  const held = snapshot[where];
  const other = snapshot[where === 'local' ? 'session' : 'local'];
  expect(Object.keys(held).sort()).toEqual([...sessionKeys].sort());
  expect(other).toEqual({});
  expect(present(held.access_token, 'an access token').split('.')).toHaveLength(3); // a JWT
  expect(present(held.refresh_token, 'a refresh token').length).toBeGreaterThan(20);
  // Expiry = now + expires_in (15 minutes).
  const remainingMs = Number(held.token_expiry) - Date.now();
  expect(remainingMs).toBeGreaterThan(13 * 60_000);
  expect(remainingMs).toBeLessThanOrEqual(15 * 60_000);
  expect(JSON.parse(present(held.user, 'a stored user')).email).toBe(email);
}

/** HTTP status of renewing a session with this refresh token. */
async function refreshStatus(target: Page, refreshToken: string): Promise<number> {
  return target.evaluate(async (token) => {
    const response = await fetch('/api/v1/auth/refresh-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: token }),
    });
    return response.status;
  }, refreshToken);
}

/** Texts of the visible sidebar menu, in order. */
async function drawerLabels(target: Page): Promise<string[]> {
  const nav = target.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  return nav.locator('.MuiListItemText-primary').allInnerTexts();
}

function drawerItem(target: Page, label: string): Locator {
  return target.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label, exact: true });
}

// TOTP as an authenticator app computes it (RFC 6238, SHA1, 6 digits, 30 s).
const totpPeriodMs = 30_000;
const currentStep = () => Math.floor(Date.now() / totpPeriodMs);
const totpCode = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: step * totpPeriodMs,
  });

/** A 6-digit code that matches none of the steps the server accepts around now. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((delta) => totpCode(secret, currentStep() + delta)));
  for (let candidate = 100_000; ; candidate += 7_919) {
    const code = String(candidate % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

async function enterTwoFactorCode(target: Page, code: string, submitLabel: string) {
  await target.locator('#two-factor-code').fill(code);
  await target.getByRole('button', { name: submitLabel, exact: true }).click();
}

async function fillChangePassword(dialog: Locator, current: string, next: string, confirm: string) {
  await dialog.locator('#change-current_password').fill(current);
  await dialog.locator('#change-new_password').fill(next);
  await dialog.locator('#change-confirm_password').fill(confirm);
  await dialog.getByRole('button', { name: 'Change Password', exact: true }).click();
}

/** The problems listed in the change-password dialog's alert. */
async function dialogProblems(dialog: Locator): Promise<string[]> {
  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  return alert.locator('li').allInnerTexts();
}

// ---------------------------------------------------------------------------------------------
// Journeys
// ---------------------------------------------------------------------------------------------

describe('sign-in journeys', () => {
  it('1. registers a new advisor who opens the e-mailed link and lands in the shell: top bar, drawer, user menu, unbuilt area', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: "Don't have an account? Sign Up" }).click();
    await page.waitForURL('**/register');
    await page.getByRole('heading', { name: webMessages.createAccount, level: 1 }).waitFor();
    await snap(page, 'auth-01-register-form');

    // Every rule of the form shows its own message (spec §5 Register).
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      messages.firstNameRequired,
      messages.lastNameRequired,
      messages.emailRequired,
      messages.passwordRequired,
      messages.confirmPasswordRequired,
    ]) {
      await expectText(page, message);
    }
    await page.locator('#register-email').fill('not-an-address');
    await page.locator('#register-phone').fill('call me');
    await page.locator('#register-password').fill('lowercase1');
    await page.locator('#register-confirm-password').fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectText(page, messages.emailInvalid);
    await expectText(page, messages.phoneInvalid);
    await expectText(page, messages.passwordComplexity);
    await expectText(page, messages.passwordsDoNotMatch);
    await snap(page, 'auth-01-register-validation');

    await page.locator('#register-first-name').fill('Avery');
    await page.locator('#register-last-name').fill('Quinn');
    await page.locator('#register-email').fill('avery.quinn@northpeak.example');
    await page.locator('#register-phone').fill('+1 (415) 555-0199');
    await page.locator('#register-password').fill('Northpeak#2026');
    await page.locator('#register-confirm-password').fill('Northpeak#2026');
    await page.locator('#register-role').click();
    await page.getByRole('option', { name: 'Advisor' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();

    // The account is created by the link e-mailed to the address, which signs the advisor in.
    await expectText(page, webMessages.checkYourEmail);
    await page.getByText(messages.registrationLinkSent('avery.quinn@northpeak.example')).waitFor();
    await snap(page, 'auth-01-register-check-your-email');
    const mail = await journey.server.lastMailTo('avery.quinn@northpeak.example');
    expect(mail?.subject).toBe('Finish creating your Meridian account');
    const link = present(mail?.text.match(/https?:\/\/\S+\/register\/confirm\?token=\S+/)?.[0], 'a registration link in the e-mail');
    expect(link.startsWith(`${journey.server.url}/register/confirm?token=`)).toBe(true);
    await page.goto(link);
    await expectDashboard(page, 'Avery Quinn');

    // Top bar: the platform title, linking to the dashboard.
    const topBar = page.getByRole('banner');
    const title = topBar.getByRole('link', { name: webMessages.platformTitle, exact: true });
    expect(await title.getAttribute('href')).toBe('/dashboard');
    // Drawer: the spec's menu in order, the dashboard highlighted.
    expect(await drawerLabels(page)).toEqual(defaultNavigation.map((item) => item.label));
    await expect.poll(() => drawerItem(page, 'Dashboard').getAttribute('class')).toContain('Mui-selected');
    await snap(page, 'auth-01-dashboard-shell');

    // User menu: initials, full name, e-mail, role.
    expect(await page.getByRole('button', { name: 'Open user menu' }).innerText()).toBe('AQ');
    const menu = await openUserMenu(page);
    await expectText(menu, 'Avery Quinn');
    await expectText(menu, 'avery.quinn@northpeak.example');
    await expectText(menu, 'advisor');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Profile',
      'Settings',
      // Staff only: the firm's capital-market assumptions and rebalancing policy.
      'Investment policy',
      'Change password',
      'Two-factor authentication',
      'Help',
      'Logout',
    ]);
    await snap(page, 'auth-01-user-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // A menu entry opens its screen, highlighted in the drawer.
    await drawerItem(page, 'Clients').click();
    await page.waitForURL('**/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await expect.poll(() => drawerItem(page, 'Clients').getAttribute('class')).toContain('Mui-selected');
    expect(await drawerItem(page, 'Dashboard').getAttribute('class')).not.toContain('Mui-selected');
    await snap(page, 'auth-01-clients');

    // The messaging group opens on click and shows its sub-pages.
    await drawerItem(page, 'MeridianTalk').click();
    await page.waitForURL('**/meridiantalk');
    await drawerItem(page, 'Core Messaging').waitFor();
    await drawerItem(page, 'Performance Monitoring').waitFor();

    // The title in the top bar leads back to the dashboard.
    await title.click();
    await expectDashboard(page, 'Avery Quinn');

    // The registration link is single use.
    await page.goto(link);
    await expectAlert(page, messages.invalidRegistrationLink);
    expect(await page.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/register');
    await snap(page, 'auth-01-register-link-used-twice');
  });

  it('2. logs out, keeps a remembered session in localStorage and a plain one in sessionStorage', async () => {
    // Signed out, a protected address leads to /login.
    await page.goto('/portfolios');
    await page.waitForURL('**/login');

    await signIn(page, demo.alex.email, demo.alex.password, { remember: true });
    await expectDashboard(page, demo.alex.name);
    expectSessionIn(await storedSession(page), 'local', demo.alex.email);

    // A reload and a second tab both find the remembered session.
    await page.reload();
    await expectDashboard(page, demo.alex.name);
    const secondTab = await context.newPage();
    await secondTab.goto('/dashboard');
    await expectDashboard(secondTab, demo.alex.name);
    await secondTab.close();

    const refreshToken = present((await storedSession(page)).local.refresh_token, 'a refresh token');
    await logoutFromUserMenu(page);
    expect(await storedSession(page)).toEqual({ local: {}, session: {} });
    await snap(page, 'auth-02-after-logout');
    // Logout revoked the session on the server: its refresh token no longer renews.
    expect(await refreshStatus(page, refreshToken)).toBe(401);
    await page.goto('/clients');
    await page.waitForURL('**/login');

    // Without 'Remember me' the session lives in this tab only.
    await signIn(page, demo.alex.email, demo.alex.password);
    await expectDashboard(page, demo.alex.name);
    expectSessionIn(await storedSession(page), 'session', demo.alex.email);
    await page.reload();
    await expectDashboard(page, demo.alex.name);
    const otherTab = await context.newPage();
    await otherTab.goto('/dashboard');
    await otherTab.waitForURL('**/login');
    await otherTab.getByRole('heading', { name: webMessages.welcomeBack }).waitFor();
    await snap(otherTab, 'auth-02-other-tab-signed-out');
    await otherTab.close();

    // /logout ends the session too.
    await page.goto('/logout');
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toEqual({ local: {}, session: {} });
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });

  it('3. login screen: its content, required fields and the wrong-password message', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: webMessages.welcomeBack, level: 1 }).waitFor();
    await expectText(page, webMessages.platformTitle);
    await expectText(page, webMessages.tagline);
    expect(await page.getByLabel('Remember me').isChecked()).toBe(false);
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByRole('link', { name: "Don't have an account? Sign Up" }).getAttribute('href')).toBe('/register');
    expect(await page.title()).toBe('Meridian');
    await snap(page, 'auth-03-login');

    // E-mail and password are required.
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectText(page, messages.emailRequired);
    await expectText(page, messages.passwordRequired);
    await snap(page, 'auth-03-login-required-fields');
    await page.locator('#login-email').fill(demo.sam.email);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectText(page, messages.passwordRequired);
    expect(await page.getByText(messages.emailRequired, { exact: true }).count()).toBe(0);

    // The server's message is shown; an unknown account gets the same words (nothing revealed).
    await signIn(page, demo.sam.email, 'Wrong#2026');
    await expectAlert(page, messages.invalidCredentials);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedSession(page)).toEqual({ local: {}, session: {} });
    await snap(page, 'auth-03-login-wrong-password');
    await signIn(page, 'nobody@summitridge.example', 'Wrong#2026');
    await expectAlert(page, messages.invalidCredentials);

    // The right password still works afterwards and the alert is gone.
    await signIn(page, demo.sam.email, demo.sam.password);
    await expectDashboard(page, demo.sam.name);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('4. sets up 2FA with a TOTP code, then signs in with a code (wrong, replayed, right, recovery)', async () => {
    await signIn(page, demo.priya.email, demo.priya.password);
    await expectDashboard(page, demo.priya.name);

    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Two-factor authentication' }).click();
    await page.waitForURL('**/two-factor?mode=setup');
    await page.getByRole('heading', { name: 'Set Up Two-Factor Authentication', level: 1 }).waitFor();
    expect(await page.locator('.MuiStepLabel-label').allInnerTexts()).toEqual(['Prepare', 'Scan QR Code', 'Verify', 'Complete']);
    await snap(page, 'auth-04-2fa-prepare');

    // Scan step: QR code, the secret for manual entry and ten recovery codes.
    await page.getByRole('button', { name: 'Get Started' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const recoveryCodes = await page.locator('ul li').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await snap(page, 'auth-04-2fa-scan-qr-code');

    // Verify step: the code field keeps digits only and wants exactly six.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('#two-factor-code').fill('12ab3');
    expect(await page.locator('#two-factor-code').inputValue()).toBe('123');
    await page.getByRole('button', { name: 'Verify and Enable' }).click();
    await expectText(page, messages.twoFactorCodeInvalid);
    await snap(page, 'auth-04-2fa-verify-invalid-code');
    const setupStep = currentStep();
    await enterTwoFactorCode(page, totpCode(secret, setupStep), 'Verify and Enable');
    await expectText(page, webMessages.twoFactorSetupComplete);
    await snap(page, 'auth-04-2fa-setup-complete');
    await expectDashboard(page, demo.priya.name); // after 2 seconds

    // Signing in now asks for a code.
    await logoutFromUserMenu(page);
    await signIn(page, demo.priya.email, demo.priya.password);
    await page.waitForURL('**/two-factor?mode=verify');
    await page.getByRole('heading', { name: 'Two-Factor Authentication', level: 1 }).waitFor();
    await expectText(page, 'Enter the 6-digit code from your authenticator app.');
    // Only the challenge is held: no session yet.
    expect(await storedSession(page)).toEqual({ local: {}, session: {} });
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await signIn(page, demo.priya.email, demo.priya.password);
    await page.waitForURL('**/two-factor?mode=verify');
    await snap(page, 'auth-04-2fa-login-code');

    await enterTwoFactorCode(page, wrongCode(secret), 'Verify');
    await expectAlert(page, messages.twoFactorVerifyFailed);
    await snap(page, 'auth-04-2fa-login-wrong-code');
    // The code used for setup is spent (single use): replaying it is refused.
    await enterTwoFactorCode(page, totpCode(secret, setupStep), 'Verify');
    await expectAlert(page, messages.twoFactorVerifyFailed);

    // A code of a later step than the spent one (the server accepts ±1 step).
    const loginStep = Math.max(setupStep + 1, currentStep());
    await enterTwoFactorCode(page, totpCode(secret, loginStep), 'Verify');
    await expectDashboard(page, demo.priya.name);
    expectSessionIn(await storedSession(page), 'session', demo.priya.email);

    // A recovery code works once instead of a code.
    await logoutFromUserMenu(page);
    await signIn(page, demo.priya.email, demo.priya.password);
    await page.waitForURL('**/two-factor?mode=verify');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.locator('#two-factor-recovery-code').fill(present(recoveryCodes[0], 'a recovery code'));
    await snap(page, 'auth-04-2fa-login-recovery-code');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectDashboard(page, demo.priya.name);
  });

  it('5. resets a forgotten password through the e-mailed link, then signs in with the new one', async () => {
    const newPassword = 'Novak#Reset2026';
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Reset Password', level: 1 }).waitFor();
    expect(await page.locator('.MuiStepLabel-label').allInnerTexts()).toEqual(['Request Reset', 'Set New Password', 'Complete']);
    expect(await page.locator('.MuiStepLabel-label.Mui-active').innerText()).toBe('Request Reset');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectText(page, messages.emailRequired);
    await snap(page, 'auth-05-reset-request');

    await page.locator('#reset-email').fill(demo.lena.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectText(page, webMessages.checkYourEmail);
    await page.getByText(messages.resetRequested).waitFor();
    await snap(page, 'auth-05-reset-check-your-email');

    const mail = await journey.server.lastMailTo(demo.lena.email);
    expect(mail?.subject).toBe('Reset your Meridian password');
    const link = present(mail?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0], 'a reset link in the e-mail');
    expect(link.startsWith(`${journey.server.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    expect(await page.locator('.MuiStepLabel-label.Mui-active').innerText()).toBe('Set New Password');
    await page.locator('#reset-new-password').fill('short');
    await page.locator('#reset-confirm-password').fill('other');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectText(page, messages.passwordTooShort);
    await page.locator('#reset-new-password').fill(newPassword);
    await page.locator('#reset-confirm-password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectText(page, messages.passwordsDoNotMatch);
    await snap(page, 'auth-05-reset-new-password-validation');

    await page.locator('#reset-confirm-password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectText(page, 'Password Reset Complete');
    const completedAt = Date.now();
    // complete: every step shows as done
    expect(await page.locator('.MuiStepLabel-label.Mui-completed').allInnerTexts()).toEqual([
      'Request Reset',
      'Set New Password',
      'Complete',
    ]);
    await snap(page, 'auth-05-reset-complete');
    await page.waitForURL('**/login', { timeout: 8_000 });
    const redirectMs = Date.now() - completedAt;
    expect(redirectMs).toBeGreaterThan(2_500);
    expect(redirectMs).toBeLessThan(6_000);

    await signIn(page, demo.lena.email, demo.lena.password);
    await expectAlert(page, messages.invalidCredentials);
    await signIn(page, demo.lena.email, newPassword);
    await expectDashboard(page, demo.lena.name);

    // The link is single use.
    await page.goto(link);
    await page.locator('#reset-new-password').fill('Another#2026');
    await page.locator('#reset-confirm-password').fill('Another#2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectAlert(page, messages.invalidResetToken);
    await snap(page, 'auth-05-reset-link-used-twice');
  });

  it('6. forces a first-login password change in a dialog that cannot be dismissed', async () => {
    const newPassword = 'Brooks#2026';
    await signIn(page, demo.newClient.email, demo.newClient.password);
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    await expectText(dialog, 'You must change your password before continuing.');
    expect(await dialog.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await snap(page, 'auth-06-first-login-dialog');

    // Neither Escape nor a click on the backdrop closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    // A closing dialog fades out: once every transition the key or the click started has finished, it would be gone.
    await settled(page);
    expect(await dialog.isVisible()).toBe(true);

    // Going to the app directly does not get round it either.
    await page.goto('/dashboard');
    await page.getByRole('dialog', { name: 'Change Password' }).waitFor();

    // All problems are listed at once.
    await signIn(page, demo.newClient.email, demo.newClient.password);
    await dialog.waitFor();
    await fillChangePassword(dialog, demo.newClient.password, 'short', 'shorter');
    expect(await dialogProblems(dialog)).toEqual([
      messages.newPasswordTooShort,
      messages.newPasswordUppercase,
      messages.newPasswordNumber,
      messages.newPasswordsDoNotMatch,
    ]);
    await snap(page, 'auth-06-first-login-dialog-problems');
    await fillChangePassword(dialog, demo.newClient.password, demo.newClient.password, demo.newClient.password);
    expect(await dialogProblems(dialog)).toEqual([messages.newPasswordSameAsCurrent]);
    await fillChangePassword(dialog, 'Wrong#2026', newPassword, newPassword);
    await dialog.getByText(messages.currentPasswordWrong).waitFor();

    await fillChangePassword(dialog, demo.newClient.password, newPassword, newPassword);
    await expectDashboard(page, demo.newClient.name);
    await dialog.waitFor({ state: 'hidden' });
    const storedUser = present((await storedSession(page)).session.user, 'a stored user');
    expect(JSON.parse(storedUser).password_must_change).toBe(false);
    await snap(page, 'auth-06-first-login-changed');

    // Next time: the new password, no dialog; the old one is refused.
    await logoutFromUserMenu(page);
    await signIn(page, demo.newClient.email, demo.newClient.password);
    await expectAlert(page, messages.invalidCredentials);
    await signIn(page, demo.newClient.email, newPassword);
    await expectDashboard(page, demo.newClient.name);
    // The shell draws the dialog in the same render as itself, before the dashboard inside it loads:
    // with the dashboard on screen, a dialog still wanted would already be there.
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('7. API token page: signs in, shows the token with its countdown, copies it, lists test accounts', async () => {
    await page.goto(`${journey.server.url}/api/v1/auth/login`);
    await page.getByRole('heading', { name: 'API Authentication', level: 1 }).waitFor();

    // NODE_ENV=test is not production, so the demo accounts are listed (one per role at least).
    const accounts = page.getByRole('table', { name: 'Default test accounts' });
    await accounts.waitFor();
    const rows = accounts.locator('tbody tr');
    expect(await rows.count()).toBe(7);
    const roles = await rows.locator('td:first-child').allInnerTexts();
    expect(new Set(roles)).toEqual(new Set(['admin', 'advisor', 'client']));
    const adminRow = rows.filter({ hasText: demo.admin.email });
    expect(await adminRow.locator('td').allTextContents()).toEqual(['admin', 'Morgan Hale', demo.admin.email, demo.admin.password, 'Use']);

    // Links: back to /login, and the docs in a new tab.
    expect(await page.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/login');
    await snap(page, 'auth-07-api-token-page');
    const [docs] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open API Documentation' }).click()]);
    await docs.waitForURL('**/docs**');
    expect(new URL(docs.url()).pathname.replace(/\/$/, '')).toBe('/docs');
    await docs.close();

    // Wrong credentials.
    await page.locator('#api-email').fill(demo.admin.email);
    await page.locator('#api-password').fill('Wrong#2026');
    await page.getByRole('button', { name: 'Get Token' }).click();
    await expectAlert(page, messages.apiTokenAuthFailed);

    // 'Use' fills the form with the account.
    await adminRow.getByRole('button', { name: 'Use' }).click();
    expect(await page.locator('#api-email').inputValue()).toBe(demo.admin.email);
    expect(await page.locator('#api-password').inputValue()).toBe(demo.admin.password);
    await page.getByRole('button', { name: 'Get Token' }).click();

    const tokenField = page.getByRole('textbox', { name: 'Access token' });
    await tokenField.waitFor();
    const token = await tokenField.inputValue();
    expect(token.split('.')).toHaveLength(3);
    const chip = page.locator('.MuiChip-root').filter({ hasText: /^Expires in / });
    await chip.waitFor();
    expect(await chip.innerText()).toMatch(/^Expires in 1[45]:\d{2}$/);
    expect(await chip.getAttribute('class')).toContain('MuiChip-colorSuccess');
    expect(await accounts.count()).toBe(0); // the list gives way to the token

    // The countdown moves.
    const before = await chip.innerText();
    await expect.poll(() => chip.innerText(), { timeout: 3_000 }).not.toBe(before);

    await page.getByRole('button', { name: 'Copy Token' }).click();
    await expectAlert(page, webMessages.tokenCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await snap(page, 'auth-07-api-token-copied');
    // The notice goes after 2 seconds.
    await page.getByRole('alert').filter({ hasText: webMessages.tokenCopied }).waitFor({ state: 'hidden', timeout: 4_000 });

    // The token works against the API.
    const me = await page.evaluate(async (bearer) => {
      const response = await fetch('/api/v1/users/me', { headers: { Authorization: `Bearer ${bearer}` } });
      return { status: response.status, body: await response.json() };
    }, token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(demo.admin.email);
    expect(me.body.role_name).toBe('admin');

    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: webMessages.welcomeBack }).waitFor();
  });
});
