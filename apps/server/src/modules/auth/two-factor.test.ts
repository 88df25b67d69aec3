import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { api, call, registerUser, totpCode } from '../../test/api.ts';
import { describeEachDatabase, type TestContext } from '../../test/harness.ts';

const step = 30_000;

/** A registered user with 2FA switched on; the clock has moved past the step used to confirm it. */
async function userWithTwoFactor(t: TestContext) {
  const user = await registerUser(t.app);
  const setup = await call(t.app, 'POST', api('/auth/setup-2fa'), { token: user.access_token });
  expect(setup.status).toBe(200);
  const confirm = await call(t.app, 'POST', api('/auth/verify-2fa'), {
    token: user.access_token,
    body: { token: totpCode(setup.body.secret, t.clock.now()) },
  });
  expect(confirm.body).toEqual({ success: true });
  t.clock.advance(step);
  return { ...user, secret: setup.body.secret as string, recoveryCodes: setup.body.recovery_codes as string[] };
}

async function challengeFor(t: TestContext, email: string, password: string): Promise<string> {
  const login = await call(t.app, 'POST', api('/auth/login'), { body: { email, password } });
  expect(login.status).toBe(200);
  expect(login.body).toMatchObject({ two_factor_required: true, refresh_token: null, expires_in: 300 });
  return login.body.access_token;
}

describeEachDatabase('two-factor authentication', (t) => {
  it('setup returns a QR data URL, the secret, the otpauth URL and 10 recovery codes; 2FA stays off until verified', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await call(t.app, 'POST', api('/auth/setup-2fa'), { token: user.access_token });
    expect(status).toBe(200);
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(body.otpauth_url).toContain('otpauth://totp/');
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.twoFactorEnabled).toBe(false);
    // the secret is stored encrypted, never in plain text
    expect(row?.twoFactorPendingSecret).toBeTruthy();
    expect(row?.twoFactorPendingSecret).not.toContain(body.secret);
  });

  it('a wrong code does not enable 2FA', async () => {
    const user = await registerUser(t.app);
    const setup = await call(t.app, 'POST', api('/auth/setup-2fa'), { token: user.access_token });
    const good = totpCode(setup.body.secret, t.clock.now());
    const wrong = good === '000000' ? '111111' : '000000';
    const { status, body } = await call(t.app, 'POST', api('/auth/verify-2fa'), { token: user.access_token, body: { token: wrong } });
    expect(status).toBe(400);
    expect(body).toEqual({ detail: messages.twoFactorVerifyFailed });
  });

  it('validates the code format with the spec message', async () => {
    const user = await registerUser(t.app);
    for (const token of ['12345', '1234567', '12a456', '']) {
      const { status, body } = await call(t.app, 'POST', api('/auth/verify-2fa'), { token: user.access_token, body: { token } });
      expect(status, token).toBe(422);
      expect(body.detail[0].msg).toBe(messages.twoFactorCodeInvalid);
    }
  });

  it('setup → verify → sign-in with a challenge and a TOTP code, audited', async () => {
    const user = await userWithTwoFactor(t);
    const me = await call(t.app, 'GET', api('/users/me'), { token: user.access_token });
    expect(me.body.two_factor_enabled).toBe(true);

    const challenge = await challengeFor(t, user.email, user.password);
    const done = await call(t.app, 'POST', api('/auth/verify-2fa'), {
      token: challenge,
      body: { token: totpCode(user.secret, t.clock.now()) },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, token_type: 'bearer', expires_in: 900, user: { id: user.user.id } });
    expect((await call(t.app, 'GET', api('/users/me'), { token: done.body.access_token })).status).toBe(200);
    expect((await call(t.app, 'POST', api('/auth/refresh-token'), { body: { refresh_token: done.body.refresh_token } })).status).toBe(200);

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.userId, user.user.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['2fa enabled', 'login 2fa challenge', 'login ok']));
  });

  it('the challenge token can do nothing but verify-2fa', async () => {
    const user = await userWithTwoFactor(t);
    const challenge = await challengeFor(t, user.email, user.password);
    expect((await call(t.app, 'GET', api('/users/me'), { token: challenge })).status).toBe(401);
    expect((await call(t.app, 'POST', api('/auth/setup-2fa'), { token: challenge })).status).toBe(401);
    expect((await call(t.app, 'GET', api(`/users/${user.user.id}`), { token: challenge })).status).toBe(401);
    t.clock.advance(301_000);
    const late = await call(t.app, 'POST', api('/auth/verify-2fa'), {
      token: challenge,
      body: { token: totpCode(user.secret, t.clock.now()) },
    });
    expect(late.status).toBe(401);
  });

  it('refuses a replayed TOTP code', async () => {
    const user = await userWithTwoFactor(t);
    const code = totpCode(user.secret, t.clock.now());
    const first = await call(t.app, 'POST', api('/auth/verify-2fa'), {
      token: await challengeFor(t, user.email, user.password),
      body: { token: code },
    });
    expect(first.status).toBe(200);
    const replay = await call(t.app, 'POST', api('/auth/verify-2fa'), {
      token: await challengeFor(t, user.email, user.password),
      body: { token: code },
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ detail: messages.twoFactorVerifyFailed });
    // the code of the previous step (still inside the drift window) is older, so refused too
    const previous = totpCode(user.secret, new Date(t.clock.now().getTime() - step));
    const older = await call(t.app, 'POST', api('/auth/verify-2fa'), {
      token: await challengeFor(t, user.email, user.password),
      body: { token: previous },
    });
    expect(older.status).toBe(400);
    t.clock.advance(step);
    const next = await call(t.app, 'POST', api('/auth/verify-2fa'), {
      token: await challengeFor(t, user.email, user.password),
      body: { token: totpCode(user.secret, t.clock.now()) },
    });
    expect(next.status).toBe(200);
  });

  it('a recovery code signs in once', async () => {
    const user = await userWithTwoFactor(t);
    const code = user.recoveryCodes[3] ?? '';
    const first = await call(t.app, 'POST', api('/auth/verify-2fa'), {
      token: await challengeFor(t, user.email, user.password),
      body: { recovery_code: code.toLowerCase() },
    });
    expect(first.status).toBe(200);
    expect(first.body.access_token).toEqual(expect.any(String));
    const again = await call(t.app, 'POST', api('/auth/verify-2fa'), {
      token: await challengeFor(t, user.email, user.password),
      body: { recovery_code: code },
    });
    expect(again.status).toBe(400);
    const used = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.user.id), eq(auditLog.action, 'recovery code used')));
    expect(used).toHaveLength(1);
  });

  it('setup is refused once 2FA is on', async () => {
    const user = await userWithTwoFactor(t);
    const { status, body } = await call(t.app, 'POST', api('/auth/setup-2fa'), { token: user.access_token });
    expect(status).toBe(400);
    expect(body).toEqual({ detail: messages.twoFactorAlreadyEnabled });
  });

  it('verify without a pending setup answers 400', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await call(t.app, 'POST', api('/auth/verify-2fa'), { token: user.access_token, body: { token: '123456' } });
    expect(status).toBe(400);
    expect(body).toEqual({ detail: messages.twoFactorNotSetUp });
  });
});
