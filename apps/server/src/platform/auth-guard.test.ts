import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { users } from '../db/schema/users.ts';
import { api, call, registerUser, signIn } from '../test/api.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { linkToken } from '../test/mail-sink.ts';
import { userCacheTtlMs } from './user-cache.ts';

const me = api('/users/me');
const newPassword = 'Other#2026x';

describeEachDatabase('auth guard', (t) => {
  it('verifies the bearer token once per request, shared by the rate limit and the guard', async () => {
    const app = await t.buildApp();
    const user = await registerUser(app);
    const verifyAny = vi.spyOn(app.tokens, 'verifyAny');
    expect((await call(app, 'GET', me, { token: user.access_token })).status).toBe(200);
    expect(verifyAny).toHaveBeenCalledTimes(1);
    expect((await call(app, 'POST', api('/auth/setup-2fa'), { token: user.access_token })).status).toBe(200);
    expect(verifyAny).toHaveBeenCalledTimes(2);
    verifyAny.mockRestore();
  });

  it('reads the users row once per TTL for reads, and on every request that changes something', async () => {
    const app = await t.buildApp();
    const user = await registerUser(app);
    const load = vi.spyOn(app.userCache, 'load');
    for (let i = 0; i < 3; i += 1) expect((await call(app, 'GET', me, { token: user.access_token })).status).toBe(200);
    expect(load).toHaveBeenCalledTimes(1);
    t.clock.advance(userCacheTtlMs);
    expect((await call(app, 'GET', me, { token: user.access_token })).status).toBe(200);
    expect(load).toHaveBeenCalledTimes(2);
    const wrong = await call(app, 'POST', api('/auth/change-password'), {
      token: user.access_token,
      body: { current_password: 'Wrong#2026x', new_password: newPassword, confirm_password: newPassword },
    });
    expect(wrong.status).toBe(400);
    expect(load).toHaveBeenCalledTimes(3);
    load.mockRestore();
  });

  it('deactivation in this process takes effect at once, even for a cached user', async () => {
    const user = await registerUser(t.app);
    expect((await call(t.app, 'GET', me, { token: user.access_token })).status).toBe(200); // now cached
    // What a deactivation does: write the row, then forget the cached copy.
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.user.id));
    t.app.userCache.invalidate(user.user.id);
    const refused = await call(t.app, 'GET', me, { token: user.access_token });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: messages.notAuthenticated });
  });

  it('a write by another process is seen by reads within the TTL, and by writes at once', async () => {
    const user = await registerUser(t.app);
    expect((await call(t.app, 'GET', me, { token: user.access_token })).status).toBe(200); // now cached
    // Another API process deactivates the user: this process is not told.
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.user.id));
    // A request that changes something checks the current row.
    expect((await call(t.app, 'POST', api('/auth/setup-2fa'), { token: user.access_token })).status).toBe(401);
    // Reads may use the cached row, for less than userCacheTtlMs.
    t.clock.advance(userCacheTtlMs - 1);
    await call(t.app, 'GET', me, { token: user.access_token }); // 200 or 401: both within the documented bound
    t.clock.advance(1);
    expect((await call(t.app, 'GET', me, { token: user.access_token })).status).toBe(401);
  });

  it('a password change takes effect at once: the new row is served and the old password is refused', async () => {
    const user = await registerUser(t.app);
    await t.db.update(users).set({ passwordMustChange: true }).where(eq(users.id, user.user.id));
    t.app.userCache.invalidate(user.user.id);
    expect((await call(t.app, 'GET', me, { token: user.access_token })).body.password_must_change).toBe(true); // now cached
    const change = (current: string, next: string) =>
      call(t.app, 'POST', api('/auth/change-password'), {
        token: user.access_token,
        body: { current_password: current, new_password: next, confirm_password: next },
      });
    expect((await change(user.password, newPassword)).status).toBe(200);
    expect((await call(t.app, 'GET', me, { token: user.access_token })).body.password_must_change).toBe(false);
    const stale = await change(user.password, 'Third#2026x');
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ detail: messages.currentPasswordWrong });
    expect((await change(newPassword, 'Third#2026x')).status).toBe(200);
  });

  it('a password reset and a new sign-in are seen at once by a cached user', async () => {
    const user = await registerUser(t.app);
    const before = (await call(t.app, 'GET', me, { token: user.access_token })).body; // now cached
    await call(t.app, 'POST', api('/auth/request-password-reset'), { body: { email: user.email } });
    const token = linkToken(await t.mail.waitFor(user.email, { subject: 'Reset your Meridian password' }), '/reset-password');
    t.clock.advance(2000);
    const reset = await call(t.app, 'POST', api('/auth/confirm-password-reset'), {
      body: { token, new_password: newPassword, confirm_password: newPassword },
    });
    expect(reset.status).toBe(200);
    const afterReset = (await call(t.app, 'GET', me, { token: user.access_token })).body;
    expect(afterReset.updated_at).not.toBe(before.updated_at);

    t.clock.advance(2000);
    const login = await signIn(t.app, user.email, newPassword);
    const afterLogin = (await call(t.app, 'GET', me, { token: user.access_token })).body;
    expect(afterLogin.last_login_at).toBe(login.user.last_login_at);
    expect(afterLogin.last_login_at).not.toBe(afterReset.last_login_at);
  });

  it('a cached access token stops working at its exp', async () => {
    const app = await t.buildApp({ accessTokenTtlSeconds: 60 });
    const user = await registerUser(app);
    expect((await call(app, 'GET', me, { token: user.access_token })).status).toBe(200); // token and row cached
    t.clock.advance(59_000 - 1000); // safely before exp, whatever the sub-second part of the clock
    expect((await call(app, 'GET', me, { token: user.access_token })).status).toBe(200);
    t.clock.advance(2000);
    const expired = await call(app, 'GET', me, { token: user.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ detail: messages.notAuthenticated });
  });
});

/**
 * The users cache is only as good as its invalidation: every source file that writes the users
 * table must also call userCache.invalidate (seed data is written before any app starts).
 */
it('every module that writes the users table invalidates the auth guard cache', () => {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(join('db', 'seed')) && !file.startsWith('test'),
    )
    .map((file) => join(src, file));
  // An insert is left out: a user just created is in no cache yet.
  const writers = files.filter((file) => /\.(update|delete)\(\s*users\s*\)/.test(readFileSync(file, 'utf8')));
  expect(writers.length).toBeGreaterThan(0);
  for (const file of writers) expect(readFileSync(file, 'utf8'), relative(src, file)).toContain('userCache.invalidate(');
});
