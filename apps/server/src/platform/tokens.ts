import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@meridian/domain/auth/roles';

export type TokenType = 'access' | '2fa';
export type TokenClaims = { sub: string; firm: string; role: Role; typ: TokenType };

/** How many verified tokens the signer remembers (~0.5 KB each): a few MB at most. */
export const verifiedTokenCacheSize = 10_000;

type Verified = { claims: TokenClaims; /** `exp` in seconds since the epoch. */ exp: number };

/**
 * Signs and checks the HS256 JWTs; `now` is injectable so tests can move the clock.
 *
 * Verification is the hot path of every authenticated request, so:
 * - the HMAC key is imported once as a WebCrypto CryptoKey, which jose uses as it is (given bytes
 *   or a node KeyObject, jose 6 re-imports the key on every call: ~65 µs per verify instead of ~30);
 * - tokens that passed jose's full check are remembered (token → claims and `exp`, at most
 *   `cacheSize`, least recently used evicted first). A hit is only a lookup of the *whole* token
 *   string, signature included, so only a byte-identical copy of a token this process verified
 *   itself can hit; forged, altered or unknown tokens always go through jose and are never
 *   cached. `exp` is re-checked against `now()` on every hit with jose's rule (expired once
 *   `exp <= now` in whole seconds), so a cached token stops working at the same second an
 *   uncached one would. The token type is checked on every call as before: a cached 2FA
 *   challenge token is still refused where an access token is required.
 */
export function createTokenSigner(secret: string, now: () => Date, { cacheSize = verifiedTokenCacheSize } = {}) {
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  key.catch(() => {}); // a failure surfaces where the key is awaited, not as an unhandled rejection
  const verified = new Map<string, Verified>();
  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  function remember(token: string, entry: Verified): void {
    if (verified.size >= cacheSize) {
      // Map iterates in insertion order and a hit re-inserts its entry: the first key is the least recently used.
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, entry);
  }

  /** The claims of a validly signed, unexpired token of either type, or null. */
  async function verifyAny(token: string): Promise<TokenClaims | null> {
    const hit = verified.get(token);
    if (hit) {
      verified.delete(token);
      if (hit.exp <= nowSeconds()) return null; // expired: forget it for good
      verified.set(token, hit);
      return hit.claims;
    }
    try {
      const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: now(), requiredClaims: ['exp'] });
      const { sub, firm, role, typ, exp } = payload;
      if (typ !== 'access' && typ !== '2fa') return null;
      if (typeof sub !== 'string' || typeof firm !== 'string' || typeof exp !== 'number') return null;
      if (role !== 'admin' && role !== 'advisor' && role !== 'client') return null;
      const claims: TokenClaims = Object.freeze({ sub, firm, role, typ });
      // We never set `nbf`; a token carrying one is checked by jose every time rather than cached.
      if (payload.nbf === undefined) remember(token, { claims, exp });
      return claims;
    } catch {
      return null;
    }
  }

  return {
    async sign(claims: TokenClaims, ttlSeconds: number): Promise<string> {
      const issuedAt = nowSeconds();
      return new SignJWT({ firm: claims.firm, role: claims.role, typ: claims.typ })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(await key);
    },
    verifyAny,
    /** The claims of a valid token of the expected type, or null. */
    async verify(token: string, expected: TokenType): Promise<TokenClaims | null> {
      const claims = await verifyAny(token);
      return claims?.typ === expected ? claims : null;
    },
    /** Number of remembered tokens (for tests and diagnostics). */
    get cachedTokens(): number {
      return verified.size;
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
