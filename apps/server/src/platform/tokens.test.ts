import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { TestClock } from '../test/harness.ts';
import { createTokenSigner } from './tokens.ts';

const secret = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const claims = { sub: '5b1d5c0e-0000-4000-8000-000000000001', firm: '5b1d5c0e-0000-4000-8000-0000000000f1', role: 'advisor' } as const;

/** Flips one character of the signature part (never producing the same bytes). */
function tamperSignature(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('token signer (verified-token cache)', () => {
  it('a cached token stops working at its exp, to the second', async () => {
    const clock = new TestClock();
    const signer = createTokenSigner(secret, clock.now);
    const token = await signer.sign({ ...claims, typ: 'access' }, 60);
    const exp = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).exp as number;
    expect(await signer.verify(token, 'access')).toMatchObject({ sub: claims.sub, typ: 'access' });
    expect(signer.cachedTokens).toBe(1);
    // one second before exp (whatever the sub-second part of now) it still works, from the cache
    clock.advance(exp * 1000 - clock.now().getTime() - 1000);
    expect(await signer.verify(token, 'access')).not.toBeNull();
    clock.advance(1000);
    expect(Math.floor(clock.now().getTime() / 1000)).toBe(exp);
    expect(await signer.verify(token, 'access')).toBeNull();
    expect(signer.cachedTokens).toBe(0);
    expect(await signer.verify(token, 'access')).toBeNull(); // and jose agrees once it is out of the cache
  });

  it('keeps refusing a token of the wrong type when it is cached', async () => {
    const signer = createTokenSigner(secret, () => new Date());
    const challenge = await signer.sign({ ...claims, typ: '2fa' }, 300);
    expect(await signer.verify(challenge, '2fa')).toMatchObject({ typ: '2fa' });
    expect(signer.cachedTokens).toBe(1);
    expect(await signer.verify(challenge, 'access')).toBeNull();
    expect(await signer.verifyAny(challenge)).toMatchObject({ typ: '2fa' });
    const access = await signer.sign({ ...claims, typ: 'access' }, 300);
    expect(await signer.verify(access, 'access')).not.toBeNull();
    expect(await signer.verify(access, '2fa')).toBeNull();
  });

  it('refuses a tampered signature, a foreign key and a token without exp, and caches none of them', async () => {
    const signer = createTokenSigner(secret, () => new Date());
    const token = await signer.sign({ ...claims, typ: 'access' }, 300);
    expect(await signer.verify(token, 'access')).not.toBeNull(); // the genuine one is cached…
    expect(await signer.verify(tamperSignature(token), 'access')).toBeNull(); // …which does not help a copy with another signature
    const [header, payload] = token.split('.');
    expect(await signer.verify(`${header}.${payload}.`, 'access')).toBeNull();
    expect(await signer.verify(`${header}.${payload}`, 'access')).toBeNull();

    const foreign = await createTokenSigner('another-secret-that-is-long-enough-for-hs256-xyz', () => new Date()).sign(
      { ...claims, typ: 'access' },
      300,
    );
    expect(await signer.verify(foreign, 'access')).toBeNull();

    const key = new TextEncoder().encode(secret);
    const forever = await new SignJWT({ firm: claims.firm, role: claims.role, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .sign(key);
    expect(await signer.verify(forever, 'access')).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await signer.verify(none, 'access')).toBeNull();
    expect(signer.cachedTokens).toBe(1);
  });

  it('verifies a token once and then answers from memory', async () => {
    const signer = createTokenSigner(secret, () => new Date());
    const token = await signer.sign({ ...claims, typ: 'access' }, 300);
    const subtle = vi.spyOn(globalThis.crypto.subtle, 'verify');
    try {
      for (let i = 0; i < 5; i += 1) expect(await signer.verify(token, 'access')).not.toBeNull();
      expect(subtle).toHaveBeenCalledTimes(1);
    } finally {
      subtle.mockRestore();
    }
  });

  it('remembers at most cacheSize tokens, dropping the least recently used, which still verify afterwards', async () => {
    const clock = new TestClock();
    const signer = createTokenSigner(secret, clock.now, { cacheSize: 3 });
    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1000); // distinct iat, so distinct tokens
      tokens.push(await signer.sign({ ...claims, typ: 'access' }, 300));
    }
    for (const token of tokens.slice(0, 3)) await signer.verify(token, 'access');
    await signer.verify(tokens[0] ?? '', 'access'); // tokens[0] is now the most recently used
    await signer.verify(tokens[3] ?? '', 'access'); // evicts tokens[1]
    await signer.verify(tokens[4] ?? '', 'access'); // evicts tokens[2]
    expect(signer.cachedTokens).toBe(3);
    const subtle = vi.spyOn(globalThis.crypto.subtle, 'verify');
    try {
      expect(await signer.verify(tokens[0] ?? '', 'access')).not.toBeNull();
      expect(subtle).toHaveBeenCalledTimes(0);
      expect(await signer.verify(tokens[1] ?? '', 'access')).not.toBeNull();
      expect(subtle).toHaveBeenCalledTimes(1);
    } finally {
      subtle.mockRestore();
    }
    expect(signer.cachedTokens).toBe(3);
  });
});
