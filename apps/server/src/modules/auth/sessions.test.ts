import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { api, call, registerUser } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';

describeEachDatabase('sessions', (t) => {
  const refresh = (token: string) => call(t.app, 'POST', api('/auth/refresh-token'), { body: { refresh_token: token } });

  it('rotates the refresh token on every use', async () => {
    const user = await registerUser(t.app);
    const first = await refresh(user.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(first.body.refresh_token).not.toBe(user.refresh_token);
    expect((await call(t.app, 'GET', api('/users/me'), { token: first.body.access_token })).status).toBe(200);
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
  });

  it('a reused refresh token revokes its whole family and is audited', async () => {
    const user = await registerUser(t.app);
    const rotated = await refresh(user.refresh_token);
    expect(rotated.status).toBe(200);

    const reuse = await refresh(user.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ detail: messages.invalidRefreshToken });
    // the legitimate holder's newer token is dead too: the session is over
    expect((await refresh(rotated.body.refresh_token)).status).toBe(401);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.user.id), eq(auditLog.action, 'token reuse detected')));
    expect(rows).toHaveLength(1);
  });

  it('reuse revokes only that family, not the user’s other sessions', async () => {
    const user = await registerUser(t.app);
    const other = await call(t.app, 'POST', api('/auth/login'), { body: { email: user.email, password: user.password } });
    await refresh(user.refresh_token);
    await refresh(user.refresh_token);
    expect((await refresh(other.body.refresh_token)).status).toBe(200);
  });

  it('logout revokes the refresh token and answers 204', async () => {
    const user = await registerUser(t.app);
    const out = await call(t.app, 'POST', api('/auth/logout'), { body: { refresh_token: user.refresh_token }, token: user.access_token });
    expect(out.status).toBe(204);
    expect(out.raw.body).toBe('');
    expect((await refresh(user.refresh_token)).status).toBe(401);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.user.id), eq(auditLog.action, 'logout')));
    expect(rows).toHaveLength(1);
  });

  it('logout without a body or with an unknown token still answers 204', async () => {
    expect((await call(t.app, 'POST', api('/auth/logout'))).status).toBe(204);
    expect((await call(t.app, 'POST', api('/auth/logout'), { body: { refresh_token: 'unknown' } })).status).toBe(204);
  });

  it('refuses unknown, empty and expired refresh tokens', async () => {
    expect((await refresh('not-a-token')).status).toBe(401);
    expect((await call(t.app, 'POST', api('/auth/refresh-token'), { body: {} })).status).toBe(422);
    const app = await t.buildApp({ refreshTokenTtlDays: 1 });
    const user = await registerUser(app);
    t.clock.advance(86_400_000 + 1000);
    expect((await call(app, 'POST', api('/auth/refresh-token'), { body: { refresh_token: user.refresh_token } })).status).toBe(401);
  });

  it('an access token stops working after its lifetime', async () => {
    const user = await registerUser(t.app);
    expect((await call(t.app, 'GET', api('/users/me'), { token: user.access_token })).status).toBe(200);
    t.clock.advance(901_000);
    const expired = await call(t.app, 'GET', api('/users/me'), { token: user.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ detail: messages.notAuthenticated });
  });

  it('refuses requests without a token or with a forged one', async () => {
    expect((await call(t.app, 'GET', api('/users/me'))).status).toBe(401);
    const user = await registerUser(t.app);
    const [header, payload] = user.access_token.split('.');
    expect((await call(t.app, 'GET', api('/users/me'), { token: `${header}.${payload}.forged` })).status).toBe(401);
  });
});
