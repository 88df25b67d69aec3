import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/auth-api.ts';
import { loginSuccess } from '../features/session/session-slice.ts';
import { registerNavigate } from '../lib/navigate.ts';
import { tokenStore } from '../lib/token-store.ts';
import { jsonResponse, requestUrl, sampleUser } from '../test/test-utils.tsx';
import { retryAfterSeconds } from './api.ts';
import { createStore } from './store.ts';

type Call = { url: string; authorization: string | null; body: string | null };

function stubServer(answer: (url: string, call: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(requestUrl(request), 'http://localhost').pathname;
      calls.push({
        url,
        authorization: request.headers.get('Authorization'),
        body: request.method === 'POST' ? await request.clone().text() : null,
      });
      return answer(url, calls.filter((call) => call.url === url).length);
    }),
  );
  return calls;
}

function signedIn() {
  tokenStore.saveSession({ access_token: 'old-access', refresh_token: 'old-refresh', expires_in: 900, user: sampleUser }, false);
  const store = createStore();
  store.dispatch(loginSuccess({ user: sampleUser, accessToken: 'old-access' }));
  return store;
}

const navigations: string[] = [];

beforeEach(() => {
  navigations.length = 0;
  registerNavigate((path) => navigations.push(path));
});
afterEach(() => vi.unstubAllGlobals());

describe('API base query', () => {
  it('adds the bearer header from the token store', async () => {
    const store = signedIn();
    const calls = stubServer(() => jsonResponse(sampleUser));
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(calls[0]).toMatchObject({ url: '/api/v1/users/me', authorization: 'Bearer old-access' });
  });

  it('never sends a missing token', async () => {
    const store = createStore();
    const calls = stubServer(() => jsonResponse({ detail: 'If an account exists…' }));
    await store.dispatch(authApi.endpoints.requestPasswordReset.initiate({ email: 'a@b.co' }));
    expect(calls[0]?.authorization).toBeNull();
  });

  it('on 401 renews once with the refresh token, stores the new tokens and retries', async () => {
    const store = signedIn();
    const before = Date.now();
    const calls = stubServer((url, call) => {
      if (url === '/api/v1/auth/refresh-token') {
        return jsonResponse({ access_token: 'new-access', refresh_token: 'new-refresh', token_type: 'bearer', expires_in: 600 });
      }
      return call === 1 ? jsonResponse({ detail: 'Not authenticated' }, 401) : jsonResponse(sampleUser);
    });
    const result = await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(result.data).toEqual(sampleUser);
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/users/me', '/api/v1/auth/refresh-token', '/api/v1/users/me']);
    expect(JSON.parse(calls[1]?.body ?? '{}')).toEqual({ refresh_token: 'old-refresh' });
    expect(calls[2]?.authorization).toBe('Bearer new-access');
    expect(tokenStore.getAccessToken()).toBe('new-access');
    expect(tokenStore.getRefreshToken()).toBe('new-refresh');
    expect(tokenStore.getExpiry()).toBeGreaterThanOrEqual(before + 600_000);
    expect(store.getState().auth.accessToken).toBe('new-access');
  });

  it('logs out when renewal fails: logout call, four keys cleared, /login', async () => {
    const store = signedIn();
    const calls = stubServer((url) => {
      if (url === '/api/v1/auth/refresh-token') return jsonResponse({ detail: 'Invalid or expired refresh token' }, 401);
      if (url === '/api/v1/auth/logout') return new Response(null, { status: 204 });
      return jsonResponse({ detail: 'Not authenticated' }, 401);
    });
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/users/me', '/api/v1/auth/refresh-token', '/api/v1/auth/logout']);
    expect(JSON.parse(calls[2]?.body ?? '{}')).toEqual({ refresh_token: 'old-refresh' });
    expect(tokenStore.getAccessToken()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(navigations).toEqual(['/login']);
  });

  it('does not renew on a 401 from the login call (wrong credentials)', async () => {
    const store = createStore();
    const calls = stubServer(() => jsonResponse({ detail: 'Incorrect email or password' }, 401));
    const result = await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'x' }));
    expect(calls).toHaveLength(1);
    expect(result.error).toMatchObject({ status: 401 });
    expect(navigations).toEqual([]);
  });

  it('on 429 waits Retry-After seconds and tries again', async () => {
    const store = signedIn();
    const calls = stubServer((_url, call) =>
      call === 1
        ? jsonResponse({ detail: 'Maximum 100 requests per minute allowed' }, 429, { 'Retry-After': '0' })
        : jsonResponse(sampleUser),
    );
    const result = await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(calls).toHaveLength(2);
    expect(result.data).toEqual(sampleUser);
  });

  it('does not retry a 429 on the renewal call', async () => {
    const store = signedIn();
    const calls = stubServer((url) => {
      if (url === '/api/v1/auth/refresh-token') return jsonResponse({ detail: 'slow down' }, 429, { 'Retry-After': '0' });
      if (url === '/api/v1/auth/logout') return new Response(null, { status: 204 });
      return jsonResponse({ detail: 'Not authenticated' }, 401);
    });
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(calls.filter((call) => call.url === '/api/v1/auth/refresh-token')).toHaveLength(1);
    expect(navigations).toEqual(['/login']);
  });

  it('reads Retry-After in seconds, 5 by default', () => {
    expect(retryAfterSeconds('3')).toBe(3);
    expect(retryAfterSeconds(null)).toBe(5);
    expect(retryAfterSeconds('soon')).toBe(5);
  });
});
