/**
 * The public pages the build pre-renders to HTML (scripts/prerender.mjs through src/prerender.tsx):
 * the file each is written to, the addresses the server answers with it (dist/prerendered.json) and
 * the page's chunk, loaded before the browser hydrates over the markup.
 */
import { storageKeys } from '../lib/token-store.ts';

export type PrerenderedPage = {
  file: string;
  paths: string[];
  load: () => Promise<unknown>;
  /** Browser storage the page expects when it is opened (set in the pre-render only). */
  storage?: Record<string, string>;
};

export const prerenderedPages: PrerenderedPage[] = [
  {
    file: 'login.html',
    paths: ['/login'],
    load: () => import('../features/auth/login/login-page.tsx'),
  },
  {
    file: 'register.html',
    paths: ['/register', '/app'],
    load: () => import('../features/auth/register/register-page.tsx'),
  },
  {
    file: 'forgot-password.html',
    paths: ['/forgot-password', '/reset-password'],
    load: () => import('../features/auth/password/password-reset-page.tsx'),
  },
  {
    file: 'two-factor.html',
    paths: ['/two-factor'],
    load: () => import('../features/auth/two-factor/two-factor-page.tsx'),
    // The page is reached with a sign-in's 2FA challenge held in storage; it shows the code form.
    storage: { [storageKeys.tempAccessToken]: 'challenge' },
  },
  {
    file: 'api-token.html',
    paths: ['/api/v1/auth/login'],
    load: () => import('../features/auth/api-token/api-token-page.tsx'),
  },
];

export const prerenderedPage = (pathname: string): PrerenderedPage | undefined =>
  prerenderedPages.find((page) => page.paths.includes(pathname.replace(/(.)\/$/, '$1')));
