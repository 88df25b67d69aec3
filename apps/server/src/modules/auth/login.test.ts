import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { api, call, demo, registerUser } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';

describeEachDatabase('sign-in', (t) => {
  it('signs in with email and password (JSON) and returns the session and the user', async () => {
    const { status, body } = await call(t.app, 'POST', api('/auth/login'), { body: demo.admin });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900, two_factor_required: false });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email: demo.admin.email, role_name: 'admin', first_name: 'Morgan', password_must_change: false });
    expect(body.user.last_login_at).not.toBeNull();
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('accepts `username` instead of `email`, with a trailing slash, case-insensitively', async () => {
    const { status, body } = await call(t.app, 'POST', '/api/v1/auth/login/', {
      body: { username: demo.alex.email.toUpperCase(), password: demo.alex.password },
    });
    expect(status).toBe(200);
    expect(body.user.role_name).toBe('advisor');
  });

  it('accepts a form-encoded body', async () => {
    const form = new URLSearchParams({ username: demo.client.email, password: demo.client.password }).toString();
    const { status, body } = await call(t.app, 'POST', api('/auth/login'), {
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(status).toBe(200);
    expect(body.user.email).toBe(demo.client.email);
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const wrong = await call(t.app, 'POST', api('/auth/login'), { body: { email: demo.admin.email, password: 'Wrong#2026' } });
    const unknown = await call(t.app, 'POST', api('/auth/login'), { body: { email: 'nobody@example.com', password: 'Wrong#2026' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: messages.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a login without e-mail or password with 422 and the spec messages', async () => {
    const { status, body } = await call(t.app, 'POST', api('/auth/login'), { body: { password: '' } });
    expect(status).toBe(422);
    const msgs = body.detail.map((issue: { msg: string }) => issue.msg);
    expect(msgs).toContain(messages.passwordRequired);
    expect(msgs).toContain(messages.emailRequired);
    // The issue names the field and its rule, but a password is never echoed back, not even an empty one.
    expect(body.detail).toContainEqual(expect.objectContaining({ type: 'too_small', loc: ['body', 'password'], input: null }));
  });

  it('does not sign in an inactive user', async () => {
    const user = await registerUser(t.app);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.user.id));
    const { status, body } = await call(t.app, 'POST', api('/auth/login'), { body: { email: user.email, password: user.password } });
    expect(status).toBe(403);
    expect(body).toEqual({ detail: messages.accountInactive });
    // and their still-valid access token stops working
    expect((await call(t.app, 'GET', api('/users/me'), { token: user.access_token })).status).toBe(401);
  });

  it('writes audit rows for successful and failed sign-ins with address and user agent', async () => {
    const user = await registerUser(t.app);
    await call(t.app, 'POST', api('/auth/login'), {
      body: { email: user.email, password: 'Nope#2026x' },
      headers: { 'user-agent': 'vitest-agent' },
    });
    await call(t.app, 'POST', api('/auth/login'), {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': 'vitest-agent' },
    });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.user.id)));
    const actions = rows.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['register', 'login failed', 'login ok']));
    const failed = rows.find((row) => row.action === 'login failed');
    expect(failed).toMatchObject({ firmId: user.user.firm_id, ip: '127.0.0.1', userAgent: 'vitest-agent', entity: 'user' });
    expect(failed?.createdAt).toBeInstanceOf(Date);
  });

  it('returns password_must_change for a first-login account and clears it after change-password', async () => {
    const login = await call(t.app, 'POST', api('/auth/login'), { body: demo.newClient });
    expect(login.status).toBe(200);
    expect(login.body.user.password_must_change).toBe(true);
    const changed = await call(t.app, 'POST', api('/auth/change-password'), {
      token: login.body.access_token,
      body: { current_password: demo.newClient.password, new_password: 'Fresh#2026a', confirm_password: 'Fresh#2026a' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: demo.newClient.email, password_must_change: false });
    const again = await call(t.app, 'POST', api('/auth/login'), { body: { email: demo.newClient.email, password: 'Fresh#2026a' } });
    expect(again.body.user.password_must_change).toBe(false);
    const old = await call(t.app, 'POST', api('/auth/login'), { body: demo.newClient });
    expect(old.status).toBe(401);
  });
});

describeEachDatabase('sign-in throttling', (t) => {
  it('locks an (account, address) pair after LOGIN_MAX_FAILURES failures and unlocks after the window', async () => {
    const app = await t.buildApp({ loginMaxFailures: 3, loginLockMinutes: 15 });
    const user = await registerUser(app);
    const attempt = (password: string, remoteAddress = '10.0.0.1') =>
      call(app, 'POST', api('/auth/login'), { body: { email: user.email, password }, remoteAddress });

    for (let i = 0; i < 3; i += 1) expect((await attempt('Wrong#2026x')).status).toBe(401);
    const locked = await attempt(user.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ detail: messages.accountLocked });
    // an unknown account locks the same way, so the answer reveals nothing
    for (let i = 0; i < 3; i += 1)
      await call(app, 'POST', api('/auth/login'), { body: { email: 'ghost@example.com', password: 'x' }, remoteAddress: '10.0.0.1' });
    expect(
      (await call(app, 'POST', api('/auth/login'), { body: { email: 'ghost@example.com', password: 'x' }, remoteAddress: '10.0.0.1' }))
        .body,
    ).toEqual({ detail: messages.accountLocked });

    // another address is not locked out by this one
    expect((await attempt(user.password, '10.0.0.2')).status).toBe(200);

    t.clock.advance(14 * 60_000);
    expect((await attempt(user.password)).status).toBe(429);
    t.clock.advance(2 * 60_000);
    expect((await attempt(user.password)).status).toBe(200);
  });

  it('a success resets the failure count', async () => {
    const app = await t.buildApp({ loginMaxFailures: 3 });
    const user = await registerUser(app);
    const attempt = (password: string) =>
      call(app, 'POST', api('/auth/login'), { body: { email: user.email, password }, remoteAddress: '10.0.0.9' });
    await attempt('Wrong#2026x');
    await attempt('Wrong#2026x');
    expect((await attempt(user.password)).status).toBe(200);
    await attempt('Wrong#2026x');
    await attempt('Wrong#2026x');
    expect((await attempt(user.password)).status).toBe(200);
  });
});
