import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@meridian/domain/roles';

export type TokenType = 'access' | '2fa';
export type TokenClaims = { sub: string; firm: string; role: Role; typ: TokenType };

/** Signs and checks the HS256 JWTs; `now` is injectable so tests can move the clock. */
export function createTokenSigner(secret: string, now: () => Date) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims, ttlSeconds: number): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ firm: claims.firm, role: claims.role, typ: claims.typ })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /** The claims of a valid token of the expected type, or null. */
    async verify(token: string, expected: TokenType): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        if (payload.typ !== expected || typeof payload.sub !== 'string' || typeof payload.firm !== 'string') return null;
        const role = payload.role;
        if (role !== 'admin' && role !== 'advisor' && role !== 'client') return null;
        return { sub: payload.sub, firm: payload.firm, role, typ: expected };
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
