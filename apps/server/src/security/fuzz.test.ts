import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { api, call, demo, signIn } from '../test/api.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { createOneOfEach } from '../test/one-of-each.ts';
import { describeExchange, issuesOf, send, shapeProblem, type Answer } from './answer-rules.ts';
import { fuzzCases, type FuzzCase } from './fuzz-cases.ts';
import { apiOperations } from './openapi-operations.ts';
import { acceptedBody, idSourceOf, urlOf, withCurrentVersion } from './sample-request.ts';

/**
 * Hostile requests to every operation of the OpenAPI document, so an endpoint added later is fuzzed
 * without an edit here. Writes land on records this file creates (its database is its own copy).
 */

const slowestAllowedMs = 2_000;

type Exchange = { request: FuzzCase; answer: Answer };

describeEachDatabase('hostile requests to every operation', (t) => {
  const exchanges: Exchange[] = [];

  beforeAll(async () => {
    // Thousands of requests from one user: far past the per-user rate limit, which is not under test here.
    const app: FastifyInstance = await t.buildApp({ rateLimitMax: 1_000_000 });
    const admin = await signIn(app, demo.admin.email, demo.admin.password);
    const alex = await signIn(app, demo.alex.email, demo.alex.password);
    const shared = await createOneOfEach(app, admin.access_token, alex.user.id);
    const operations = apiOperations(app);
    const started = performance.now();
    for (const operation of operations) {
      // Each write works on records of its own: what one deletes or sells, the next still finds.
      const records = operation.method === 'GET' ? shared : await createOneOfEach(app, admin.access_token, alex.user.id);
      const url = urlOf(operation, records.ids);
      const accepted = await acceptedBody(app, operation, url, admin.access_token, idSourceOf(records.ids));
      const body = await withCurrentVersion(app, url, admin.access_token, accepted);
      for (const request of fuzzCases(operation, { ids: records.ids, token: admin.access_token, body })) {
        // The case before may have been a write that moved the record's sync_version on.
        const current = request.versioned
          ? JSON.stringify(await withCurrentVersion(app, url, admin.access_token, JSON.parse(request.payload ?? '{}')))
          : request.payload;
        const sent = { ...request, payload: current };
        exchanges.push({ request: sent, answer: await send(app, sent) });
      }
    }
    const slowest = exchanges.reduce((a, b) => (b.answer.ms > a.answer.ms ? b : a));
    const count = (test: (exchange: Exchange) => boolean) => exchanges.filter(test).length;
    console.log(
      `[${t.kind}] fuzz: ${operations.length} operations, ${exchanges.length} requests in ${Math.round(performance.now() - started)} ms; ` +
        `5xx: ${count(({ answer }) => answer.status >= 500)}; outside the error shape: ${count(({ answer }) => shapeProblem(answer) !== null)}; ` +
        `slowest: ${Math.round(slowest.answer.ms)} ms (${slowest.request.label})`,
    );
    // The admin's session must have lasted the run, or the later answers were only 401s.
    expect((await call(app, 'GET', api('/users/me'), { token: admin.access_token })).status).toBe(200);
  }, 300_000);

  const offending = (test: (exchange: Exchange) => string | null | false) =>
    exchanges.flatMap((exchange) => {
      const problem = test(exchange);
      return problem ? [describeExchange(exchange.request, exchange.answer, `${exchange.request.label}: ${problem}`)] : [];
    });

  it('never answers 5xx', () => {
    expect(offending(({ answer }) => answer.status >= 500 && 'server error')).toEqual([]);
  });

  it('answers every error as {detail: text} or a 422 list of {type, loc, msg, input, ctx}, and any JSON as valid JSON', () => {
    expect(offending(({ answer }) => shapeProblem(answer))).toEqual([]);
  });

  it('refuses what breaks a schema or an input rule with 4xx, a 422 naming the bad field', () => {
    const problems = offending(({ request, answer }) => {
      if (request.status !== undefined && answer.status !== request.status) return `expected ${request.status}`;
      if (!request.refuse) return null;
      if (answer.status < 400 || answer.status >= 500) return 'accepted';
      const { loc } = request;
      if (!loc || answer.status !== 422) return null;
      const named = issuesOf(answer).some(({ loc: at }) => Array.isArray(at) && loc.every((part, index) => at[index] === part));
      return !named && `no issue at ${loc.join('.')}`;
    });
    expect(problems).toEqual([]);
  });

  it('names the field in every 422 issue, unless the body as a whole has the wrong type', () => {
    const isObject = (payload: string | undefined) => {
      try {
        const value: unknown = JSON.parse(payload ?? '');
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      } catch {
        return false;
      }
    };
    const problems = offending(({ request, answer }) => {
      const bare = issuesOf(answer).find(
        ({ loc }) => Array.isArray(loc) && loc.length === 1 && (loc[0] !== 'body' || isObject(request.payload)),
      );
      return bare ? `"${String(bare.msg)}" names no field` : null;
    });
    expect(problems).toEqual([]);
  });

  it('never echoes a password', () => {
    const cases = exchanges.filter(({ request }) => request.secret);
    expect(cases.length).toBeGreaterThan(0);
    expect(
      offending(({ request, answer }) => request.secret !== undefined && answer.text.includes(request.secret) && 'password echoed'),
    ).toEqual([]);
  });

  it(`answers every request within ${slowestAllowedMs} ms`, () => {
    expect(offending(({ answer }) => answer.ms > slowestAllowedMs && `${Math.round(answer.ms)} ms`)).toEqual([]);
  });
});
