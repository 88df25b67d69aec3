import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { users } from '../../db/schema/users.ts';
import { removedSecret } from '../../platform/mail.ts';
import { api, call, registerUser } from '../../test/api.ts';
import { describeEachDatabase, type TestContext } from '../../test/harness.ts';
import { linkToken } from '../../test/mail-sink.ts';

/** Requests a reset and reads the token from the link in the e-mail the user received. */
async function resetTokenFor(t: TestContext, email: string): Promise<string> {
  const { status, body } = await call(t.app, 'POST', api('/auth/request-password-reset'), { body: { email } });
  expect(status).toBe(200);
  expect(body).toEqual({ detail: messages.resetRequested });
  const mail = await t.mail.waitFor(email, { subject: 'Reset your Meridian password' });
  expect(mail.text).toContain('http://meridian.test/reset-password?token=');
  return linkToken(mail, '/reset-password');
}

const confirm = (t: TestContext, token: string, password = 'Brand#New2026') =>
  call(t.app, 'POST', api('/auth/confirm-password-reset'), { body: { token, new_password: password, confirm_password: password } });

describeEachDatabase('change password', (t) => {
  const change = (token: string, body: Record<string, string>) => call(t.app, 'POST', api('/auth/change-password'), { token, body });

  it('lists every problem of the form, as the spec words them', async () => {
    const user = await registerUser(t.app);
    const empty = await change(user.access_token, { current_password: '', new_password: '', confirm_password: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail.map((i: { loc: string[]; msg: string }) => [i.loc, i.msg])).toEqual([
      [['body', 'current_password'], messages.currentPasswordRequired],
      [['body', 'new_password'], messages.newPasswordRequired],
      [['body', 'confirm_password'], messages.passwordConfirmationRequired],
    ]);
    const weak = await change(user.access_token, { current_password: 'x', new_password: 'abc', confirm_password: 'abd' });
    expect(weak.body.detail.map((i: { msg: string }) => i.msg)).toEqual([
      messages.newPasswordTooShort,
      messages.newPasswordUppercase,
      messages.newPasswordNumber,
      messages.newPasswordsDoNotMatch,
    ]);
    const upper = await change(user.access_token, { current_password: 'x', new_password: 'ABCDEFGH1', confirm_password: 'ABCDEFGH1' });
    expect(upper.body.detail.map((i: { msg: string }) => i.msg)).toEqual([messages.newPasswordLowercase]);
    const same = await change(user.access_token, {
      current_password: 'Same#Pass1',
      new_password: 'Same#Pass1',
      confirm_password: 'Same#Pass1',
    });
    expect(same.body.detail.map((i: { msg: string }) => i.msg)).toEqual([messages.newPasswordSameAsCurrent]);
  });

  it('refuses a wrong current password with 400', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await change(user.access_token, {
      current_password: 'Wrong#2026x',
      new_password: 'Other#2026x',
      confirm_password: 'Other#2026x',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ detail: messages.currentPasswordWrong });
  });

  it('changes the password, bumps sync_version and audits it', async () => {
    const user = await registerUser(t.app);
    const [before] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    const { status } = await change(user.access_token, {
      current_password: user.password,
      new_password: 'Other#2026x',
      confirm_password: 'Other#2026x',
    });
    expect(status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.user.id));
    expect(after?.syncVersion).toBe((before?.syncVersion ?? 0) + 1);
    const login = await call(t.app, 'POST', api('/auth/login'), { body: { email: user.email, password: 'Other#2026x' } });
    expect(login.status).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.user.id), eq(auditLog.action, 'password changed')));
    expect(rows).toHaveLength(1);
  });
});

describeEachDatabase('password reset', (t) => {
  it('answers the same for unknown addresses and sends no mail', async () => {
    const { status, body } = await call(t.app, 'POST', api('/auth/request-password-reset'), { body: { email: 'nobody@example.com' } });
    expect(status).toBe(200);
    expect(body).toEqual({ detail: messages.resetRequested });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@example.com'))).toHaveLength(0);
  });

  it('records the reset e-mail in the outbox without its link', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    const [stored] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.subject, 'Reset your Meridian password')));
    expect(stored?.text).toContain(`choose a new one:\n\n${removedSecret}\n`);
    expect(stored?.text).not.toContain(token);
    expect((await confirm(t, token)).status).toBe(200);
  });

  it('validates the e-mail of a reset request', async () => {
    const { status, body } = await call(t.app, 'POST', api('/auth/request-password-reset'), { body: { email: 'nope' } });
    expect(status).toBe(422);
    expect(body.detail[0].msg).toBe(messages.emailInvalid);
  });

  it('a reset token works once, signs out every session and is audited', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    const first = await confirm(t, token);
    expect(first.status).toBe(200);
    expect((await call(t.app, 'POST', api('/auth/login'), { body: { email: user.email, password: 'Brand#New2026' } })).status).toBe(200);
    expect((await call(t.app, 'POST', api('/auth/refresh-token'), { body: { refresh_token: user.refresh_token } })).status).toBe(401);

    const second = await confirm(t, token, 'Another#2026');
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ detail: messages.invalidResetToken });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.userId, user.user.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['password reset requested', 'password reset confirmed']));
  });

  it('a reset token expires after 30 minutes', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    t.clock.advance(31 * 60_000);
    const { status, body } = await confirm(t, token);
    expect(status).toBe(400);
    expect(body).toEqual({ detail: messages.invalidResetToken });
  });

  it('refuses an unknown token', async () => {
    expect((await confirm(t, 'made-up-token')).status).toBe(400);
  });

  it('reports the spec validation messages of the reset form', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ token: '', new_password: 'Good#Pass1', confirm_password: 'Good#Pass1' }, messages.resetTokenMissing],
      [{ token: 'x', new_password: 'Ab1', confirm_password: 'Ab1' }, messages.passwordTooShort],
      [{ token: 'x', new_password: 'lowercase1', confirm_password: 'lowercase1' }, messages.passwordComplexity],
      [{ token: 'x', new_password: 'Good#Pass1', confirm_password: 'Good#Pass2' }, messages.passwordsDoNotMatch],
    ];
    for (const [body, message] of cases) {
      const response = await call(t.app, 'POST', api('/auth/confirm-password-reset'), { body });
      expect(response.status, message).toBe(422);
      expect(
        response.body.detail.map((i: { msg: string }) => i.msg),
        message,
      ).toContain(message);
    }
    const missing = await call(t.app, 'POST', api('/auth/confirm-password-reset'), {
      body: { new_password: 'Good#Pass1', confirm_password: 'Good#Pass1' },
    });
    expect(missing.body.detail[0].msg).toBe(messages.resetTokenMissing);
  });
});
