import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { api, call, demo, signIn } from '../test/api.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { echoableInput, inputLimits, inputMessages, unsafeInputIssues } from './input-safety.ts';

const newClient = { first_name: 'Ada', last_name: 'Byron', email: 'ada.byron@example.com' };
const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const nested = (levels: number) => JSON.parse(nestedJson(levels));

describe('input safety (pure)', () => {
  it('finds control characters, unpaired surrogates, prototype keys and deep nesting, with their paths', () => {
    expect(unsafeInputIssues({ name: 'tab\tand\r\nline breaks are text', list: ['fine', 42, null] })).toEqual([]);
    expect(unsafeInputIssues({ a: ['ok', 'nul\u0000'] }).map((i) => [i.path, i.message])).toEqual([
      [['a', 1], inputMessages.controlCharacter],
    ]);
    expect(unsafeInputIssues({ bell: '\u0007', del: '\u007f' }).map((i) => i.path)).toEqual(expect.arrayContaining([['bell'], ['del']]));
    expect(unsafeInputIssues({ s: 'half \ud800 a pair' })).toHaveLength(1);
    expect(unsafeInputIssues({ s: 'a pair 😀 is text' })).toEqual([]);
    expect(unsafeInputIssues(JSON.parse('{"x":{"__proto__":{"polluted":1}}}')).map((i) => [i.path, i.message])).toEqual([
      [['x', '__proto__'], inputMessages.fieldName],
    ]);
    const deep = unsafeInputIssues(nested(100_000));
    expect(deep).toHaveLength(1);
    expect(deep[0]!.path).toHaveLength(inputLimits.depth);
    expect(unsafeInputIssues(nested(inputLimits.depth - 1))).toEqual([]);
  });

  it('echoes only short scalars, and nothing of a secret field', () => {
    expect(echoableInput(['first_name'], 'x'.repeat(500))).toBe(`${'x'.repeat(inputLimits.echoedText)}…`);
    expect(echoableInput(['quantity'], 12)).toBe(12);
    expect(echoableInput(['new_password'], 'Hunter2!')).toBeNull();
    expect(echoableInput(['refresh_token'], 'abc')).toBeNull();
    expect(echoableInput([], { password: 'Hunter2!' })).toBeNull();
  });
});

describeEachDatabase('hostile input', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await signIn(t.app, demo.admin.email, demo.admin.password)).access_token;
  });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', api(path), {
      token: admin,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('refuses a control character in any text with 422 naming the field, and stores nothing', async () => {
    const response = await post('/clients', { ...newClient, first_name: 'a\u0000b' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      { type: 'custom', loc: ['body', 'first_name'], msg: inputMessages.controlCharacter, input: 'a\u0000b', ctx: {} },
    ]);
    const search = await call(t.app, 'GET', api('/clients?search=a%00b'), { token: admin });
    expect(search.status).toBe(422);
    expect(search.body.detail[0].loc).toEqual(['querystring', 'search']);
    const path = await call(t.app, 'GET', api('/clients/a%00b'), { token: admin });
    expect(path.status).toBe(422);
    expect(path.body.detail[0].loc).toEqual(['params', 'id']);
    const register = await call(t.app, 'POST', api('/auth/register'), {
      body: { email: 'nul@example.com', password: 'Secret#2026\u0000', first_name: 'N', last_name: 'U' },
    });
    expect(register.status).toBe(422);
    expect(register.body.detail[0]).toMatchObject({ loc: ['body', 'password'], input: null });
    const list = await call(t.app, 'GET', api('/clients?search=byron'), { token: admin });
    expect(list.body.total).toBe(0);
  });

  it('keeps tabs and line breaks of free text as they were sent', async () => {
    const alex = (await signIn(t.app, demo.alex.email, demo.alex.password)).access_token;
    const created = await call(t.app, 'POST', api('/clients'), {
      token: alex,
      body: { ...newClient, email: 'tabs@example.com', notes: 'line one\r\n\tline two' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.notes).toBe('line one\r\n\tline two');
  });

  it('answers a body nested 10,000 levels deep with a 422 that serialises, at once', async () => {
    const started = performance.now();
    const response = await post('/clients', nestedJson(10_000));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ msg: inputMessages.tooDeep, input: null });
    const arrays = await post('/clients', `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    expect(arrays.status).toBe(422);
  });

  it('refuses prototype keys (422 naming them, JSON or form), invalid JSON, a wrong content type and an over-large body in {detail}', async () => {
    for (const [body, key] of [
      ['{"__proto__":{"admin":true}}', '__proto__'],
      ['{"profile":{"constructor":{"prototype":{"admin":true}}}}', 'constructor'],
    ] as const) {
      const response = await post('/clients', body);
      expect(response.status).toBe(422);
      expect(response.body.detail[0]).toMatchObject({
        loc: ['body', ...(key === '__proto__' ? [] : ['profile']), key],
        msg: inputMessages.fieldName,
      });
    }
    const form = await call(t.app, 'POST', api('/clients'), {
      token: admin,
      body: 'first_name=A&last_name=B&__proto__=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.body.detail[0]).toMatchObject({ loc: ['body', '__proto__'], msg: inputMessages.fieldName });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const invalid = await post('/clients', '{"first_name": ');
    expect(invalid.status).toBe(400);
    expect(typeof invalid.body.detail).toBe('string');
    const xml = await post('/clients', '<client/>', { 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);
    expect(typeof xml.body.detail).toBe('string');
    const large = await post('/clients', { ...newClient, notes: 'x'.repeat(1_100_000) });
    expect(large.status).toBe(413);
    expect(typeof large.body.detail).toBe('string');
  });

  it('answers a malformed URL with 400 and an over-long id with 404, both in {detail}', async () => {
    const malformed = await call(t.app, 'GET', api('/clients/%E0%A4%A'), { token: admin });
    expect(malformed).toMatchObject({ status: 400, body: { detail: messages.invalidUrl } });
    const long = await call(t.app, 'GET', api(`/clients/${'a'.repeat(5_000)}`), { token: admin });
    expect(long).toMatchObject({ status: 404, body: { detail: messages.notFound } });
  });

  it('never echoes a rejected password, and cuts long text it echoes', async () => {
    const secret = `Aa1${'s'.repeat(300)}`;
    for (const [path, body] of [
      ['/auth/register', { email: 'not-an-address', password: secret, first_name: 'A', last_name: 'B' }],
      ['/auth/login', { password: secret }],
      ['/auth/confirm-password-reset', { token: '', new_password: secret, confirm_password: `${secret}x` }],
    ] as const) {
      const response = await call(t.app, 'POST', api(path), { body });
      expect(response.status, path).toBe(422);
      expect(JSON.stringify(response.body), path).not.toContain('sssss');
    }
    const long = await post('/clients', { ...newClient, email: `${'e'.repeat(400)}@example.com` });
    expect(long.status).toBe(422);
    expect(String(long.body.detail[0].input).length).toBeLessThanOrEqual(inputLimits.echoedText + 1);
  });
});
