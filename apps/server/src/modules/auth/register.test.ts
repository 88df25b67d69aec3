import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@meridian/domain/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { firms } from '../../db/schema/firms.ts';
import { api, call } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';

let counter = 0;
const valid = () => {
  counter += 1;
  return { email: `reg${counter}.${Date.now().toString(36)}@example.com`, password: 'Strong#Pass1', first_name: 'Avery', last_name: 'Lane' };
};
const messagesOf = (body: { detail: { msg: string; loc: (string | number)[] }[] }) => body.detail.map((issue) => issue.msg);

describeEachDatabase('registration', (t) => {
  const register = (body: unknown) => call(t.app, 'POST', api('/auth/register'), { body });

  it('registers a client by default, signs them in (201) and gives them a personal firm', async () => {
    const input = valid();
    const { status, body } = await register({ ...input, phone: '+1 (555) 010-2030' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ token_type: 'bearer', two_factor_required: false, user: { email: input.email, role_name: 'client', phone: '+1 (555) 010-2030' } });
    const [firm] = await t.db.select().from(firms).where(eq(firms.id, body.user.firm_id));
    expect(firm).toMatchObject({ kind: 'personal', name: 'Avery Lane' });
    const me = await call(t.app, 'GET', api('/users/me'), { token: body.access_token });
    expect(me.body.id).toBe(body.user.id);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.userId, body.user.id));
    expect(audit.map((row) => row.action)).toContain('register');
  });

  it('an advisor who registers gets a new firm of their own', async () => {
    const { status, body } = await register({ ...valid(), role: 'advisor' });
    expect(status).toBe(201);
    expect(body.user.role_name).toBe('advisor');
    const [firm] = await t.db.select().from(firms).where(eq(firms.id, body.user.firm_id));
    expect(firm?.kind).toBe('firm');
  });

  it('accepts role_name in place of role', async () => {
    const { status, body } = await register({ ...valid(), role_name: 'advisor' });
    expect(status).toBe(201);
    expect(body.user.role_name).toBe('advisor');
  });

  it('refuses admin as a role with 422', async () => {
    expect((await register({ ...valid(), role: 'admin' })).status).toBe(422);
    const viaRoleName = await register({ ...valid(), role_name: 'admin' });
    expect(viaRoleName.status).toBe(422);
    expect(viaRoleName.body.detail[0].loc).toEqual(['body', 'role_name']);
  });

  it('answers 409 for an e-mail already registered (any case)', async () => {
    const input = valid();
    expect((await register(input)).status).toBe(201);
    const again = await register({ ...input, email: input.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: messages.emailTaken });
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
