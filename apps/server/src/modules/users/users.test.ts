import { expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { api, call, demo, registerUser, signIn } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';

describeEachDatabase('users', (t) => {
  const session = async (account: { email: string; password: string }) => {
    const login = await signIn(t.app, account.email, account.password);
    if (login.two_factor_required) throw new Error('unexpected 2FA');
    return login;
  };

  it('GET /users/me and /auth/me return the signed-in user', async () => {
    const alex = await session(demo.alex);
    for (const path of ['/users/me', '/auth/me', '/users/me/']) {
      const { status, body } = await call(t.app, 'GET', api(path), { token: alex.access_token });
      expect(status, path).toBe(200);
      expect(body).toMatchObject({ id: alex.user.id, email: demo.alex.email, role_name: 'advisor', profile: null });
    }
  });

  it('an admin and an advisor can read any user of their firm', async () => {
    const admin = await session(demo.admin);
    const alex = await session(demo.alex);
    const client = await session(demo.client);
    for (const viewer of [admin, alex]) {
      const { status, body } = await call(t.app, 'GET', api(`/users/${client.user.id}`), { token: viewer.access_token });
      expect(status).toBe(200);
      expect(body.email).toBe(demo.client.email);
    }
  });

  it('a client can read only themselves', async () => {
    const client = await session(demo.client);
    const sam = await session(demo.sam);
    expect((await call(t.app, 'GET', api(`/users/${client.user.id}`), { token: client.access_token })).status).toBe(200);
    const other = await call(t.app, 'GET', api(`/users/${sam.user.id}`), { token: client.access_token });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: messages.notFound });
  });

  it("another firm's user answers 404, never their data", async () => {
    const outsider = await registerUser(t.app, 'advisor');
    const admin = await session(demo.admin);
    const fromDemo = await call(t.app, 'GET', api(`/users/${outsider.user.id}`), { token: admin.access_token });
    expect(fromDemo.status).toBe(404);
    expect(fromDemo.body).toEqual({ detail: messages.notFound });
    const fromOutsider = await call(t.app, 'GET', api(`/users/${admin.user.id}`), { token: outsider.access_token });
    expect(fromOutsider.status).toBe(404);
  });

  it('a malformed or unknown id answers 404', async () => {
    const admin = await session(demo.admin);
    expect((await call(t.app, 'GET', api('/users/not-a-uuid'), { token: admin.access_token })).status).toBe(404);
    expect((await call(t.app, 'GET', api('/users/00000000-0000-4000-8000-000000000000'), { token: admin.access_token })).status).toBe(404);
  });

  it('GET /users/{id} requires a token', async () => {
    const admin = await session(demo.admin);
    expect((await call(t.app, 'GET', api(`/users/${admin.user.id}`))).status).toBe(401);
  });
});
