import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { api, call, demo, signIn } from '../test/api.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { moderateModules } from '../test/fixtures/ipq.fixtures.ts';
import { operationIdOf } from './operation-ids.ts';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema> };
};

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, operation })),
  );

describe('operationIdOf', () => {
  it('names a route by REST habit from its method and path, singular where a segment names one record', () => {
    // Worked by hand: verb (list a plural collection, get/update/delete a record, create in a collection)
    // followed by each literal segment in PascalCase, singular when an {id} follows it or it is created.
    expect(operationIdOf('GET', '/api/v1/clients')).toBe('listClients');
    expect(operationIdOf('POST', '/api/v1/clients')).toBe('createClient');
    expect(operationIdOf('GET', '/api/v1/portfolios/{id}')).toBe('getPortfolio');
    expect(operationIdOf('DELETE', '/api/v1/model-portfolios/{id}')).toBe('deleteModelPortfolio');
    expect(operationIdOf('GET', '/api/v1/securities/{id}')).toBe('getSecurity');
    expect(operationIdOf('PUT', '/api/v1/portfolios/{id}/holdings/{holdingId}')).toBe('updatePortfolioHolding');
    expect(operationIdOf('POST', '/api/v1/portfolios/{id}/holdings')).toBe('createPortfolioHolding');
    expect(operationIdOf('GET', '/api/v1/ipq/clients/{clientId}/assessments')).toBe('listIpqClientAssessments');
    expect(operationIdOf('PUT', '/api/v1/households/{id}/members')).toBe('updateHouseholdMembers');
    // Not plural, or not a collection: get.
    expect(operationIdOf('GET', '/api/v1/clients/{id}/summary')).toBe('getClientSummary');
    expect(operationIdOf('GET', '/api/v1/analytics/performance-metrics')).toBe('getAnalyticsPerformanceMetrics');
    expect(operationIdOf('GET', '/api/v1/health')).toBe('getHealth');
  });

  it('names actions by their table, and a route that names itself keeps its name', () => {
    expect(operationIdOf('POST', '/api/v1/auth/login')).toBe('login');
    expect(operationIdOf('POST', '/api/v1/portfolios/{id}/optimize')).toBe('optimizePortfolio');
    expect(operationIdOf('GET', '/health')).toBe('getLoadBalancerHealth');
    expect(operationIdOf('POST', '/api/v1/ipq/assessments/{sessionId}/modules/1', 'saveIpqPersonalityModule')).toBe(
      'saveIpqPersonalityModule',
    );
  });
});

describeEachDatabase('the OpenAPI document', (t) => {
  let document: Document;
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? resolve(document.components.schemas?.[schema.$ref.replace('#/components/schemas/', '')] ?? {}) : schema;

  beforeAll(async () => {
    const { status, body } = await call(t.app, 'GET', '/docs/json');
    expect(status).toBe(200);
    document = body as Document;
  });

  it("passes Redocly's recommended lint with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const described = problems.map(
      ({ severity, ruleId, message, location }) => `${severity} ${ruleId} ${location[0]?.pointer}: ${message}`,
    );
    expect(described.filter((problem) => problem.startsWith('error'))).toEqual([]);
    // The warnings left, each for a reason: the API is published under no licence, so none is named;
    // the load balancers' /health takes no input and is outside the rate limit, so it has no 4xx answer.
    expect(described.map((problem) => problem.split(':')[0])).toEqual([
      'warn info-license #/info',
      'warn operation-4xx-response #/paths/~1health/get/responses',
    ]);
  });

  it('names the server and marks every public operation as needing no credentials', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const security = (name: string) => operationsOf(document).find((operation) => operation.name === name)?.operation.security;
    for (const name of [
      'GET /health',
      'GET /api/v1/health',
      'POST /api/v1/auth/login',
      'POST /api/v1/auth/register',
      'POST /api/v1/auth/request-password-reset',
      'POST /api/v1/auth/confirm-password-reset',
    ]) {
      expect(security(name), name).toEqual([]);
    }
    expect(security('GET /api/v1/clients')).toEqual([{ bearerAuth: [] }]);
    expect(
      operationsOf(document)
        .filter(({ operation }) => !Array.isArray(operation.security))
        .map(({ name }) => name),
    ).toEqual([]);
  });

  it('gives every operation a readable operationId, unique across the document, from its method and path', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(80);
    const unnamed = operations.filter(({ operation }) => !/^[a-z][A-Za-z0-9]*$/.test(operation.operationId ?? ''));
    expect(unnamed.map(({ name }) => name)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    // Stable: each id follows from the method and path alone (or the route's own name), so the order of registration cannot move it.
    // (The questionnaire's module routes name themselves: a number in a path says nothing.)
    for (const { name, method, path, operation } of operations) {
      const declared = /\/modules\/\d$/.test(path) ? operation.operationId : undefined;
      expect(operation.operationId, name).toBe(operationIdOf(method, path, declared));
    }
    const byName = Object.fromEntries(operations.map(({ name, operation }) => [name, operation.operationId]));
    expect(byName).toMatchObject({
      'GET /api/v1/clients': 'listClients',
      'GET /api/v1/portfolios/{id}': 'getPortfolio',
      'POST /api/v1/auth/login': 'login',
      'GET /api/v1/users/me': 'getCurrentUser',
      'POST /api/v1/ipq/assessments/{sessionId}/modules/4': 'saveIpqDemographicsModule',
    });
  });

  it('types every request body: no operation takes an object without properties or a schema for them', () => {
    const untyped = operationsOf(document).flatMap(({ name, operation }) =>
      Object.entries(operation.requestBody?.content ?? {}).flatMap(([mediaType, { schema }]) => {
        const body = resolve(schema);
        const isObject = body.type === undefined || body.type === 'object';
        const described =
          Object.keys(body.properties ?? {}).length > 0 ||
          Boolean(body.oneOf ?? body.anyOf ?? body.allOf) ||
          (typeof body.additionalProperties === 'object' && Object.keys(body.additionalProperties).length > 0);
        return isObject && !described ? [`${name} (${mediaType})`] : [];
      }),
    );
    expect(untyped).toEqual([]);
  });

  it("documents each questionnaire module's fields as its own operation at the path the web app calls", () => {
    // The fields of each module as the spec's questionnaire lists them.
    const expected = {
      1: { fields: ['answers'], required: ['answers'] },
      2: {
        fields: ['answers', 'drawdown_reaction', 'expected_return', 'gamble_accepts', 'reference_amount'],
        required: ['answers', 'drawdown_reaction', 'expected_return', 'gamble_accepts', 'reference_amount'],
      },
      3: {
        fields: [
          'investment_experience',
          'non_retirement_equity_percentage',
          'non_retirement_wealth',
          'retirement_equity_percentage',
          'retirement_wealth',
          'total_equity_share',
        ],
        // The experience is asked, never assumed; every other field has a default (or is derived).
        required: ['investment_experience'],
      },
      4: {
        fields: [
          'age',
          'annual_income',
          'dependants',
          'emergency_fund_months',
          'employment_stability',
          'liquidity_needs',
          'time_horizon_years',
        ],
        required: [
          'age',
          'annual_income',
          'dependants',
          'emergency_fund_months',
          'employment_stability',
          'liquidity_needs',
          'time_horizon_years',
        ],
      },
    };
    expect(Object.keys(document.paths).filter((path) => path.includes('/modules/'))).toEqual(
      [1, 2, 3, 4].map((n) => `/api/v1/ipq/assessments/{sessionId}/modules/${n}`),
    );
    for (const [n, { fields, required }] of Object.entries(expected)) {
      const operation = document.paths[`/api/v1/ipq/assessments/{sessionId}/modules/${n}`]?.post;
      const body = resolve(operation?.requestBody?.content['application/json']?.schema ?? {});
      expect(Object.keys(body.properties ?? {}).sort(), `module ${n}`).toEqual(fields);
      expect([...(body.required ?? [])].sort(), `module ${n}`).toEqual(required);
    }
    const personality = resolve(
      document.paths['/api/v1/ipq/assessments/{sessionId}/modules/1']?.post?.requestBody?.content['application/json']?.schema ?? {},
    );
    // The personality module's answers are named items, each required.
    expect(Object.keys(resolve(personality.properties?.answers ?? {}).properties ?? {}).length).toBeGreaterThan(5);
  });

  it("validates each module's body by its operation, and still answers any other module number with 422", async () => {
    const admin = await signIn(t.app, demo.admin.email, demo.admin.password);
    const clients = await call(t.app, 'GET', api('/clients?per_page=1'), { token: admin.access_token });
    const clientId = (clients.body as { clients: Array<{ id: string }> }).clients[0]!.id;
    const started = await call(t.app, 'POST', api('/ipq/start'), { token: admin.access_token, body: { clientId } });
    expect([200, 201]).toContain(started.status);
    const sessionId = (started.body as { session_id: string }).session_id;
    const submit = (moduleNumber: number | string, body: unknown) =>
      call(t.app, 'POST', api(`/ipq/assessments/${sessionId}/modules/${moduleNumber}`), { token: admin.access_token, body });

    const saved = await submit(1, moderateModules[1]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const badAge = await submit(4, { ...moderateModules[4], age: 'forty' });
    expect(badAge.status).toBe(422);
    expect((badAge.body as { detail: Array<{ loc: unknown[] }> }).detail.map(({ loc }) => loc)).toEqual([['body', 'age']]);
    const fifth = await submit(5, {});
    expect(fifth.status).toBe(422);
    expect(JSON.stringify(fifth.body)).toContain(ipqMessages.moduleNumberInvalid);
  });
});
