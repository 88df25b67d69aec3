import { expect } from 'vitest';
import type { Account } from './sign-in.ts';

/** The API as one signed-in account sees it, to compare a screen with or to set a scene up. */
export type ApiSession = {
  /** GET that must answer 200; the parsed body. */
  get: <T>(path: string) => Promise<T>;
  /** Any call; the raw response, for the test to judge. */
  send: (method: string, path: string, body?: unknown) => Promise<Response>;
};

/** Signs `account` in through POST /auth/login and calls /api/v1 with its access token. */
export async function apiSession(baseUrl: string, account: Account): Promise<ApiSession> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(login.status, `sign-in of ${account.email}`).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    send,
    get: async <T>(path: string) => {
      const response = await send('GET', path);
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    },
  };
}
