import { userSchema, type User } from '@meridian/domain/auth/signed-in';
import { session } from '@meridian/domain/auth/session';

/** Browser storage keys (contract "Browser storage"). */
export const storageKeys = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  expiry: 'token_expiry',
  user: 'user',
  tempAccessToken: 'temp_access_token',
  tempUser: 'temp_user',
} as const;

const sessionKeys = [storageKeys.accessToken, storageKeys.refreshToken, storageKeys.expiry, storageKeys.user] as const;

export type StoredTokens = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
};

export type SignedInSession = StoredTokens & { user: User };

const storages = (): Storage[] => [sessionStorage, localStorage];

function read(key: string): string | null {
  for (const storage of storages()) {
    const value = storage.getItem(key);
    if (value !== null) return value;
  }
  return null;
}

/** The storage holding the current session: localStorage when 'Remember me' was ticked. */
function currentStorage(): Storage {
  return localStorage.getItem(storageKeys.accessToken) !== null ? localStorage : sessionStorage;
}

/** A stored user that is missing, 'undefined', 'null', unparsable or malformed is discarded. */
export function parseStoredUser(raw: string | null): User | null {
  if (!raw || raw === 'undefined' || raw === 'null') return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readUser(key: string): User | null {
  const user = parseStoredUser(read(key));
  if (!user) for (const storage of storages()) storage.removeItem(key);
  return user;
}

/** The one token store every call reads (DESIGN "Where we differ" 6). */
export const tokenStore = {
  getAccessToken: (): string | null => read(storageKeys.accessToken) || null,
  getRefreshToken: (): string | null => read(storageKeys.refreshToken) || null,

  /** Expiry of the access token in epoch ms, or null when absent or not a number. */
  getExpiry(): number | null {
    const raw = read(storageKeys.expiry);
    if (raw === null) return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  },

  getUser: (): User | null => readUser(storageKeys.user),

  /** After sign-in: tokens, user and expiry (now + expires_in) in the chosen storage. */
  saveSession(signIn: SignedInSession, remember: boolean, now = Date.now()): void {
    tokenStore.clear();
    const storage = remember ? localStorage : sessionStorage;
    storage.setItem(storageKeys.accessToken, signIn.access_token);
    storage.setItem(storageKeys.refreshToken, signIn.refresh_token);
    storage.setItem(storageKeys.expiry, String(now + signIn.expires_in * 1000));
    storage.setItem(storageKeys.user, JSON.stringify(signIn.user));
  },

  /** After a renewal: the new tokens and expiry, in the storage the session already uses. */
  updateTokens(tokens: StoredTokens, now = Date.now()): void {
    const storage = currentStorage();
    storage.setItem(storageKeys.accessToken, tokens.access_token);
    storage.setItem(storageKeys.refreshToken, tokens.refresh_token);
    storage.setItem(storageKeys.expiry, String(now + tokens.expires_in * 1000));
  },

  setUser(user: User): void {
    currentStorage().setItem(storageKeys.user, JSON.stringify(user));
  },

  /** Removes the four session keys from both storages. */
  clear(): void {
    for (const storage of storages()) for (const key of sessionKeys) storage.removeItem(key);
  },

  /** Authenticated only if an access token exists and the stored expiry has not passed. */
  isAuthenticated(now = Date.now()): boolean {
    const expiry = tokenStore.getExpiry();
    return Boolean(tokenStore.getAccessToken()) && expiry !== null && expiry > now;
  },

  /** Less than 5 minutes remain (or the session is already over). */
  isExpiring(now = Date.now()): boolean {
    const expiry = tokenStore.getExpiry();
    return expiry === null || expiry - now < session.warningMs;
  },

  /** During a 2FA login: the challenge token and user, kept where 'Remember me' points. */
  holdChallenge(accessToken: string, user: User, remember: boolean): void {
    tokenStore.clearChallenge();
    const storage = remember ? localStorage : sessionStorage;
    storage.setItem(storageKeys.tempAccessToken, accessToken);
    storage.setItem(storageKeys.tempUser, JSON.stringify(user));
  },

  getChallenge(): { accessToken: string; user: User | null; remember: boolean } | null {
    const accessToken = read(storageKeys.tempAccessToken);
    if (!accessToken) return null;
    return {
      accessToken,
      user: readUser(storageKeys.tempUser),
      remember: localStorage.getItem(storageKeys.tempAccessToken) !== null,
    };
  },

  clearChallenge(): void {
    for (const storage of storages()) {
      storage.removeItem(storageKeys.tempAccessToken);
      storage.removeItem(storageKeys.tempUser);
    }
  },
};
