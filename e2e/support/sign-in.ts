import type { Page } from 'playwright-core';
import { webMessages } from '@meridian/domain/shared/web-messages';

export type Account = { email: string; password: string };

/** Demo accounts of the seed (README). */
export const admin: Account = { email: 'admin@summitridge.example', password: 'Admin#2026' };
export const alex: Account = { email: 'alex.chen@summitridge.example', password: 'Advisor#2026' };
export const priya: Account = { email: 'priya.patel@summitridge.example', password: 'Advisor#2026' };
export const jordan: Account = { email: 'client@summitridge.example', password: 'Client#2026' };

/** Signs in through the login screen (Remember me unticked) and waits for the dashboard. */
export async function signIn(target: Page, account: Account): Promise<void> {
  await target.goto('/login');
  await target.getByRole('heading', { name: webMessages.welcomeBack }).waitFor();
  // Typed once the app is live, so a redraw of the pre-rendered form cannot drop it.
  await target.waitForFunction(() => (window as { meridianLive?: boolean }).meridianLive === true);
  await target.locator('#login-email').fill(account.email);
  await target.locator('#login-password').fill(account.password);
  await target.getByRole('button', { name: 'Sign In', exact: true }).click();
  await target.waitForURL('**/dashboard');
}
