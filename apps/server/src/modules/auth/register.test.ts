import { and, eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { firms } from '../../db/schema/firms.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { pendingRegistrations } from '../../db/schema/pending-registrations.ts';
import { users } from '../../db/schema/users.ts';
import { removedSecret } from '../../platform/mail.ts';
import { api, call, registerUser } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { linkToken } from '../../test/mail-sink.ts';
import { registrationMailSubjects } from './registration.service.ts';

let counter = 0;
const valid = () => {
  counter += 1;
  return {
    email: `reg${counter}.${Date.now().toString(36)}@example.com`,
    password: 'Strong#Pass1',
    first_name: 'Avery',
    last_name: 'Lane',
  };
};
const messagesOf = (body: { detail: { msg: string; loc: (string | number)[] }[] }) => body.detail.map((issue) => issue.msg);

describeEachDatabase('registration', (t) => {
  const register = (body: unknown) => call(t.app, 'POST', api('/auth/register'), { body });
  const confirm = (token: unknown) => call(t.app, 'POST', api('/auth/confirm-registration'), { body: { token } });
  /** The token of the newest registration link e-mailed to this address. */
  const mailedToken = async (email: string) =>
    linkToken(await t.mail.waitFor(email, { subject: registrationMailSubjects.confirm }), '/register/confirm');
  const actionsAbout = async (email: string) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.after}->>'email' = ${email}`)
    ).map((row) => row.action);

  it('answers 202 and e-mails a link; the link creates a client with a personal firm and signs them in (201)', async () => {
    const input = valid();
    const started = await register({ ...input, phone: '+1 (555) 010-2030' });
    expect(started).toMatchObject({ status: 202, body: { detail: messages.registrationLinkSent(input.email) } });
    // Nothing exists until the link is opened.
    expect(await t.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
    const mail = await t.mail.waitFor(input.email, { subject: registrationMailSubjects.confirm });
    expect(mail.text).toContain('http://meridian.test/register/confirm?token=');

    const { status, body } = await confirm(await mailedToken(input.email));
    expect(status).toBe(201);
    expect(body).toMatchObject({
      token_type: 'bearer',
      two_factor_required: false,
      user: { email: input.email, role_name: 'client', phone: '+1 (555) 010-2030' },
    });
    const [firm] = await t.db.select().from(firms).where(eq(firms.id, body.user.firm_id));
    expect(firm).toMatchObject({ kind: 'personal', name: 'Avery Lane' });
    const me = await call(t.app, 'GET', api('/users/me'), { token: body.access_token });
    expect(me.body.id).toBe(body.user.id);
    expect((await call(t.app, 'POST', api('/auth/login'), { body: { email: input.email, password: input.password } })).status).toBe(200);
    expect(await actionsAbout(input.email)).toEqual(expect.arrayContaining(['registration requested', 'register']));
    expect(await t.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, input.email))).toHaveLength(0);
  });

  it('keeps the link out of the outbox: the recipient alone gets it', async () => {
    const input = valid();
    await register(input);
    const token = await mailedToken(input.email);
    // Delivered, then stamped as sent.
    const stored = await vi.waitFor(async () => {
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, input.email));
      expect(row?.sentAt).toBeInstanceOf(Date);
      return row;
    });
    expect(stored?.subject).toBe(registrationMailSubjects.confirm);
    expect(stored?.text).toContain(`open this link within 24 hours:\n\n${removedSecret}\n`);
    expect(stored?.text).not.toContain(token);
    expect(stored?.text).not.toContain('token=');
    expect((await confirm(token)).status).toBe(201);
  });

  it('an advisor who registers gets a new firm of their own', async () => {
    const input = valid();
    await register({ ...input, role: 'advisor' });
    const { status, body } = await confirm(await mailedToken(input.email));
    expect(status).toBe(201);
    expect(body.user.role_name).toBe('advisor');
    const [firm] = await t.db.select().from(firms).where(eq(firms.id, body.user.firm_id));
    expect(firm).toMatchObject({ kind: 'firm', name: 'Avery Lane Advisory' });
  });

  it('accepts role_name in place of role', async () => {
    const input = valid();
    expect((await register({ ...input, role_name: 'advisor' })).status).toBe(202);
    expect((await confirm(await mailedToken(input.email))).body.user.role_name).toBe('advisor');
  });

  it('refuses admin as a role with 422', async () => {
    expect((await register({ ...valid(), role: 'admin' })).status).toBe(422);
    const viaRoleName = await register({ ...valid(), role_name: 'admin' });
    expect(viaRoleName.status).toBe(422);
    expect(viaRoleName.body.detail[0].loc).toEqual(['body', 'role_name']);
  });

  it('answers a taken address (any case) as it answers a new one, and tells the owner instead', async () => {
    const owner = await registerUser(t.app);
    const taken = owner.email.toUpperCase();
    const fresh = valid().email;
    const [takenAnswer, freshAnswer] = [await register({ ...valid(), email: taken }), await register({ ...valid(), email: fresh })];
    expect(takenAnswer).toMatchObject({ status: 202, body: { detail: messages.registrationLinkSent(taken) } });
    expect(freshAnswer).toMatchObject({ status: 202, body: { detail: messages.registrationLinkSent(fresh) } });
    expect(Object.keys(takenAnswer.headers).sort()).toEqual(Object.keys(freshAnswer.headers).sort());

    const notice = await t.mail.waitFor(owner.email, { subject: registrationMailSubjects.accountExists });
    expect(notice.text).toContain('Someone tried to create a Meridian account with this address. You already have one');
    expect(notice.text).toContain('http://meridian.test/forgot-password');
    expect(notice.text).not.toContain('token=');
    expect(await t.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, owner.email))).toHaveLength(0);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, owner.user.id), eq(auditLog.action, 'registration requested')));
    expect(rows.map((row) => row.after)).toEqual([expect.objectContaining({ existing_account: true })]);
    // The owner's account is as it was.
    expect((await call(t.app, 'POST', api('/auth/login'), { body: { email: owner.email, password: owner.password } })).status).toBe(200);
  });

  it('a link works once; the other links to the same address are spent with it', async () => {
    const input = valid();
    await register(input);
    const first = await mailedToken(input.email);
    await register({ ...input, first_name: 'Second' });
    const links = await vi.waitFor(() => {
      const sent = t.mail.received.filter((mail) => mail.to.includes(input.email));
      expect(sent).toHaveLength(2);
      return sent.map((mail) => linkToken(mail, '/register/confirm'));
    });
    expect(links[0]).toBe(first);

    const used = await confirm(links[1]);
    expect(used.status).toBe(201);
    expect(used.body.user.first_name).toBe('Second');
    for (const token of links) {
      expect(await confirm(token)).toMatchObject({ status: 400, body: { detail: messages.invalidRegistrationLink } });
    }
  });

  it('a link expires after 24 hours', async () => {
    const input = valid();
    await register(input);
    const token = await mailedToken(input.email);
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect(await confirm(token)).toMatchObject({ status: 400, body: { detail: messages.invalidRegistrationLink } });
  });

  it('refuses the link of an address that got an account after it was sent', async () => {
    const input = valid();
    await register(input);
    const token = await mailedToken(input.email);
    const other = await registerUser(t.app);
    await t.db.update(users).set({ email: input.email }).where(eq(users.id, other.user.id));
    expect(await confirm(token)).toMatchObject({ status: 400, body: { detail: messages.invalidRegistrationLink } });
  });

  it('refuses an unknown, empty or over-long token', async () => {
    expect(await confirm('made-up-token')).toMatchObject({ status: 400, body: { detail: messages.invalidRegistrationLink } });
    for (const token of ['', 'x'.repeat(513), undefined]) {
      const { status, body } = await confirm(token);
      expect(status).toBe(422);
      expect(messagesOf(body)).toEqual([messages.invalidRegistrationLink]);
    }
  });

  it('reports each spec validation message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '' }, 'email', messages.emailRequired],
      [{ email: 'not-an-address' }, 'email', messages.emailInvalid],
      [{ password: '' }, 'password', messages.passwordRequired],
      [{ password: 'Ab1' }, 'password', messages.passwordTooShort],
      [{ password: 'alllowercase1' }, 'password', messages.passwordComplexity],
      [{ first_name: '   ' }, 'first_name', messages.firstNameRequired],
      [{ last_name: '' }, 'last_name', messages.lastNameRequired],
      [{ phone: 'call me' }, 'phone', messages.phoneInvalid],
    ];
    for (const [override, field, message] of cases) {
      const { status, body } = await register({ ...valid(), ...override });
      expect(status, field).toBe(422);
      expect(messagesOf(body), field).toContain(message);
      expect(body.detail.find((issue: { msg: string }) => issue.msg === message).loc).toEqual(['body', field]);
    }
  });

  it('reports a missing required field with its message and the input', async () => {
    const { first_name: _omit, ...rest } = valid();
    const { status, body } = await register(rest);
    expect(status).toBe(422);
    expect(body.detail[0]).toMatchObject({ loc: ['body', 'first_name'], msg: messages.firstNameRequired, input: null });
  });
});
