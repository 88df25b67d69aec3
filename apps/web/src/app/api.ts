import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { messages } from '@meridian/domain/shared/messages';
import { session } from '@meridian/domain/auth/session';
import { logout, tokenRefreshed } from '../features/session/session-slice.ts';
import { navigateTo } from '../lib/navigate.ts';
import { apiBaseUrl, refreshSession, requestTimeoutMs, revokeSession } from '../lib/refresh-session.ts';
import { tokenStore } from '../lib/token-store.ts';
import { tagTypes } from './cache-tags.ts';

/** Per-endpoint options: `skipReauth` for calls whose 401 means "wrong credentials". */
type ApiExtraOptions = { skipReauth?: boolean };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl,
  timeout: requestTimeoutMs,
  prepareHeaders: (headers) => {
    // A call may bring its own bearer (the 2FA challenge); otherwise the stored token, if any.
    if (!headers.has('Authorization')) {
      const token = tokenStore.getAccessToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    headers.set('Accept', 'application/json');
    return headers;
  },
});

const maxRateLimitRetries = 3;

/** Seconds to wait from a Retry-After header; 5 when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined): number {
  const value = header ? Number(header) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : session.defaultRetryAfterSeconds;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Query = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions>;

/** A call that waits out 429 answers (Retry-After seconds, default 5) and tries again. */
const rateLimitedQuery: Query = async (args, api, extraOptions) => {
  let result = await rawBaseQuery(args, api, extraOptions);
  for (let attempt = 0; attempt < maxRateLimitRetries; attempt += 1) {
    if (result.error?.status !== 429) break;
    await wait(retryAfterSeconds(result.meta?.response?.headers.get('Retry-After')) * 1000);
    result = await rawBaseQuery(args, api, extraOptions);
  }
  return result;
};

/** Ends the session: best-effort server logout, the four keys cleared, and off to /login. */
export async function endSession(dispatch: (action: unknown) => unknown, reason: 'signed-out' | 'expired' = 'signed-out'): Promise<void> {
  await revokeSession();
  tokenStore.clear();
  // An expired session says so on the sign-in page; a chosen logout needs no explanation.
  dispatch(logout(reason === 'expired' ? { notice: messages.sessionExpired } : undefined));
  dispatch(api.util.resetApiState());
  navigateTo('/login', { replace: true });
}

/** On a 401, renew once with the refresh token and retry; if that fails, the session ends. */
const baseQueryWithReauth: Query = async (args, api, extraOptions) => {
  const result = await rateLimitedQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || extraOptions?.skipReauth) return result;
  const accessToken = await refreshSession();
  if (!accessToken) {
    await endSession(api.dispatch, 'expired');
    return result;
  }
  api.dispatch(tokenRefreshed(accessToken));
  const retried = await rateLimitedQuery(args, api, extraOptions);
  if (retried.error?.status === 401) await endSession(api.dispatch, 'expired');
  return retried;
};

/** The one RTK Query API; each feature injects its endpoints, all tagged by one scheme (cache-tags.ts). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes,
  endpoints: () => ({}),
});
