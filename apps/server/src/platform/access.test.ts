import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { api, call, demo, signIn } from '../test/api.ts';
import { describeEachDatabase, testConfig } from '../test/harness.ts';
import { accessControl, accessPolicies } from './access.ts';
import { authGuard } from './auth-guard.ts';
import { core } from './core.ts';

type Operation = { security?: unknown[]; responses: Record<string, unknown> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

describeEachDatabase('access policies', (t) => {
  it('refuses to start when a route under /api/v1 declares no access policy', async () => {
    const app = Fastify({ logger: false });
    await app.register(core, { config: testConfig(), db: t.db, now: t.clock.now });
    await app.register(authGuard);
    await app.register(accessControl);
    app.register(
      async (scope) => {
        scope.get('/reports', async () => ({ ok: true }));
      },
      { prefix: '/api/v1' },
    );
    await expect(app.ready()).rejects.toThrow(
      `GET /api/v1/reports declares no access policy: set config.access to one of ${accessPolicies.join(', ')}`,
    );
    await app.close();
  });

  it('documents in OpenAPI what follows from each policy: security, 401, 403, 422 and 429', async () => {
    const doc = t.app.swagger() as unknown as OpenApi;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(30);
    const find = (method: string, path: string) => operations.find((o) => o.method === method && o.path === path)!.op;

    const login = find('post', '/api/v1/auth/login');
    // Public, and says so: no credentials (an empty list), not an unstated requirement.
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '422', '429']));

    const clients = find('get', '/api/v1/clients');
    expect(clients.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(clients.responses)).toEqual(expect.arrayContaining(['200', '401', '422', '429']));
    expect(clients.responses).not.toHaveProperty('403');

    const importPrices = find('post', '/api/v1/securities/prices/import');
    expect(Object.keys(importPrices.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '413', '422', '429']));

    // Every operation that is not public says so, and each says how it is refused.
    for (const { path, method, op } of operations.filter((o) => o.path.startsWith('/api/v1'))) {
      expect(op.security, `${method} ${path}`).toBeDefined();
      if (op.security?.length) expect(op.responses, `${method} ${path}`).toHaveProperty('401');
      expect(op.responses, `${method} ${path}`).toHaveProperty('429');
    }
  });

  it('refuses a client user every staff route with 403, before reading the body', async () => {
    const client = (await signIn(t.app, demo.client.email, demo.client.password)).access_token;
    for (const [method, path] of [
      ['POST', '/clients'],
      ['PUT', '/households/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/clients/not-even-an-id'],
      ['GET', '/users/advisors'],
    ] as const) {
      const response = await call(t.app, method, api(path), {
        token: client,
        body: method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true },
      });
      expect(response, `${method} ${path}`).toMatchObject({ status: 403, body: { detail: messages.accessDenied } });
    }
  });
});
