import { tokenPairSchema } from '@meridian/domain/auth/signed-in';
import { tokenStore } from './token-store.ts';

const apiBase = '/api/v1';

/** The API's absolute base address (absolute so that it also works under a test DOM). */
export const apiBaseUrl = typeof window === 'undefined' ? apiBase : `${window.location.origin}${apiBase}`;
export const requestTimeoutMs = 10_000;

let inFlight: Promise<string | null> | null = null;

async function renew(): Promise<string | null> {
  const refreshToken = tokenStore.getRefreshToken();
  if (!refreshToken) return null;
  try {
    const response = await fetch(`${apiBaseUrl}/auth/refresh-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    // A 429 here is not retried: the renewal simply fails.
    if (!response.ok) return null;
    const tokens = tokenPairSchema.safeParse(await response.json());
    if (!tokens.success) return null;
    tokenStore.updateTokens(tokens.data);
    return tokens.data.access_token;
  } catch {
    return null;
  }
}

/**
 * Renews the session with the stored refresh token; the new tokens and expiry (now + expires_in)
 * are stored. Concurrent callers share one renewal, since a refresh token is single use.
 * Resolves to the new access token, or null when renewal is impossible or fails.
 */
export function refreshSession(): Promise<string | null> {
  inFlight ??= renew().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Best-effort server-side logout with the stored refresh token; errors are ignored. */
export async function revokeSession(): Promise<void> {
  const refreshToken = tokenStore.getRefreshToken();
  const accessToken = tokenStore.getAccessToken();
  if (!refreshToken && !accessToken) return;
  try {
    await fetch(`${apiBaseUrl}/auth/logout`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(refreshToken ? { refresh_token: refreshToken } : {}),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch {
    // ignored: the local session is cleared regardless
  }
}
