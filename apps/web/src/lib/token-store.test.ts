import { describe, expect, it } from 'vitest';
import { sampleUser } from '../test/test-utils.tsx';
import { parseStoredUser, tokenStore } from './token-store.ts';

const signIn = { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900, user: sampleUser };
const now = 1_700_000_000_000;

describe('token store', () => {
  it("keeps the session in localStorage when 'Remember me' is ticked", () => {
    tokenStore.saveSession(signIn, true, now);
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(localStorage.getItem('token_expiry')).toBe(String(now + 900_000));
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(sampleUser);
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it('keeps the session in sessionStorage otherwise', () => {
    tokenStore.saveSession(signIn, false, now);
    expect(sessionStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(tokenStore.getAccessToken()).toBe('access-1');
    expect(tokenStore.getUser()).toEqual(sampleUser);
  });

  it('replaces a session kept in the other storage', () => {
    tokenStore.saveSession(signIn, true, now);
    tokenStore.saveSession({ ...signIn, access_token: 'access-2' }, false, now);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(tokenStore.getAccessToken()).toBe('access-2');
  });

  it('stores renewed tokens where the session lives, with expiry now + expires_in', () => {
    tokenStore.saveSession(signIn, true, now);
    tokenStore.updateTokens({ access_token: 'access-3', refresh_token: 'refresh-3', expires_in: 600 }, now + 1000);
    expect(localStorage.getItem('access_token')).toBe('access-3');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-3');
    expect(tokenStore.getExpiry()).toBe(now + 1000 + 600_000);
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it('clears the four keys from both storages', () => {
    tokenStore.saveSession(signIn, true, now);
    sessionStorage.setItem('user', JSON.stringify(sampleUser));
    tokenStore.clear();
    for (const key of ['access_token', 'refresh_token', 'token_expiry', 'user']) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
  });

  it.each([null, '', 'undefined', 'null', '{not json', '42', '{"email":"only@example.com"}'])('discards a stored user of %j', (raw) => {
    expect(parseStoredUser(raw)).toBeNull();
  });

  it('removes a bad stored user when reading it', () => {
    sessionStorage.setItem('user', 'undefined');
    expect(tokenStore.getUser()).toBeNull();
    expect(sessionStorage.getItem('user')).toBeNull();
  });

  describe('expiry', () => {
    it('is authenticated only with a token and an expiry still ahead', () => {
      tokenStore.saveSession(signIn, false, now);
      expect(tokenStore.isAuthenticated(now)).toBe(true);
      expect(tokenStore.isAuthenticated(now + 899_999)).toBe(true);
      expect(tokenStore.isAuthenticated(now + 900_000)).toBe(false);
    });

    it('is not authenticated without a token or without a readable expiry', () => {
      expect(tokenStore.isAuthenticated(now)).toBe(false);
      sessionStorage.setItem('access_token', 'a');
      expect(tokenStore.isAuthenticated(now)).toBe(false);
      sessionStorage.setItem('token_expiry', 'soon');
      expect(tokenStore.isAuthenticated(now)).toBe(false);
    });

    it('is expiring when less than 5 minutes remain', () => {
      tokenStore.saveSession(signIn, false, now);
      expect(tokenStore.isExpiring(now + 600_000)).toBe(false);
      expect(tokenStore.isExpiring(now + 600_001)).toBe(true);
    });
  });

  describe('2FA challenge', () => {
    it('holds the challenge token and user under temp keys, where Remember me points', () => {
      tokenStore.holdChallenge('challenge', sampleUser, true);
      expect(localStorage.getItem('temp_access_token')).toBe('challenge');
      expect(tokenStore.getChallenge()).toEqual({ accessToken: 'challenge', user: sampleUser, remember: true });
      expect(tokenStore.getAccessToken()).toBeNull();
      tokenStore.clearChallenge();
      expect(tokenStore.getChallenge()).toBeNull();
    });
  });
});
