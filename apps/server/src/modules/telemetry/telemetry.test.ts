import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, rateLimitMessage } from '@meridian/domain/shared/messages';
import {
  routeScore,
  telemetryLimits,
  telemetryMessages,
  type WebVitalsBatch,
  type WebVitalsSummary,
} from '@meridian/domain/telemetry/web-vitals';
import { webVitals } from '../../db/schema/telemetry.ts';
import { api, call, demo, signIn } from '../../test/api.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { purgeExpiredWebVitals } from './telemetry.service.ts';

const dayMs = 24 * 60 * 60 * 1000;
const beacon = api('/telemetry/web-vitals');
const summary = (query = '') => api(`/telemetry/web-vitals/summary${query}`);

let releases = 0;
/** A release no other test sends, so each test counts and summarises its own rows. */
const freshRelease = () => `test-${Date.now().toString(36)}-${(releases += 1)}`;

/** percentile_cont(0.75): the value at rank 0.75·(n−1) of the sorted values, interpolated between neighbours. */
function p75Of(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = 0.75 * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (rank - below) * (sorted[above]! - sorted[below]!);
}

describeEachDatabase('web vitals telemetry', (t) => {
  let app: FastifyInstance;
  const rowsOf = async (release: string) =>
    (await t.db.select({ rows: count() }).from(webVitals).where(eq(webVitals.release, release)))[0]!.rows;
  const allRows = async () => (await t.db.select({ rows: count() }).from(webVitals))[0]!.rows;
  const adminToken = async () => (await signIn(app, demo.admin.email, demo.admin.password)).access_token;

  beforeAll(async () => {
    // Many beacons from one address: an app of the same database with room under the rate limit.
    app = await t.buildApp({ rateLimitMax: 10_000 });
  });

  describe('POST /telemetry/web-vitals', () => {
    it('stores a batch sent as JSON, without a sign-in, and answers 204', async () => {
      const release = freshRelease();
      const entries = [
        { metric: 'LCP', value: 1834.2, route: '/login' },
        { metric: 'CLS', value: 0.013, route: '/clients/:clientId/profile' },
        { metric: 'LONG_TASK', value: 72, route: '/portfolios/:portfolioId' },
      ];
      const response = await call(app, 'POST', beacon, { body: { release, entries } });
      expect(response.status).toBe(204);
      const rows = await t.db.select().from(webVitals).where(eq(webVitals.release, release));
      expect(rows.map(({ metric, value, route }) => ({ metric, value, route }))).toEqual(expect.arrayContaining(entries));
      expect(rows).toHaveLength(3);
    });

    it('takes the same JSON sent as text/plain, as navigator.sendBeacon sends a string', async () => {
      const release = freshRelease();
      const body = JSON.stringify({ release, entries: [{ metric: 'TTFB', value: 120, route: '/login' }] });
      const response = await call(app, 'POST', beacon, { body, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
      expect(response.status).toBe(204);
      expect(await rowsOf(release)).toBe(1);
    });

    it('refuses text/plain that is not JSON with 400 and stores nothing', async () => {
      const before = await allRows();
      const response = await call(app, 'POST', beacon, { body: 'LCP=1200', headers: { 'content-type': 'text/plain' } });
      expect(response.status).toBe(400);
      expect(typeof response.body.detail).toBe('string');
      expect(await allRows()).toBe(before);
    });

    it(`refuses a body over ${telemetryLimits.bodyMaxBytes / 1024} kB with 413, as JSON or as text/plain`, async () => {
      const release = freshRelease();
      const body = JSON.stringify({
        release,
        entries: [{ metric: 'LCP', value: 1, route: '/login' }],
        padding: 'x'.repeat(telemetryLimits.bodyMaxBytes),
      });
      for (const type of ['application/json', 'text/plain']) {
        const response = await call(app, 'POST', beacon, { body, headers: { 'content-type': type } });
        expect(response.status, type).toBe(413);
        expect(typeof response.body.detail).toBe('string');
      }
      expect(await rowsOf(release)).toBe(0);
    });

    const good = { metric: 'LCP', value: 1200, route: '/login' };
    const refused: Array<{ rule: string; body: (release: string) => unknown; loc: Array<string | number>; msg: string }> = [
      {
        rule: 'an unknown metric (FID)',
        body: (release) => ({ release, entries: [{ ...good, metric: 'FID' }] }),
        loc: ['entries', 0, 'metric'],
        msg: telemetryMessages.metricInvalid,
      },
      {
        rule: 'a negative value',
        body: (release) => ({ release, entries: [{ ...good, value: -1 }] }),
        loc: ['entries', 0, 'value'],
        msg: telemetryMessages.valueInvalid,
      },
      {
        rule: 'a value beyond an hour',
        body: (release) => ({ release, entries: [good, { ...good, value: telemetryLimits.valueMax + 1 }] }),
        loc: ['entries', 1, 'value'],
        msg: telemetryMessages.valueInvalid,
      },
      {
        rule: 'a value as text',
        body: (release) => ({ release, entries: [{ ...good, value: '1200' }] }),
        loc: ['entries', 0, 'value'],
        msg: telemetryMessages.valueInvalid,
      },
      {
        rule: 'a concrete address with a client id as route',
        body: (release) => ({ release, entries: [{ ...good, route: '/clients/3fa85f64-5717-4562-b3fc-2c963f66afa6/profile' }] }),
        loc: ['entries', 0, 'route'],
        msg: telemetryMessages.routeInvalid,
      },
      {
        rule: 'a route with a query string',
        body: (release) => ({ release, entries: [{ ...good, route: '/clients?search=jane.doe%40example.com' }] }),
        loc: ['entries', 0, 'route'],
        msg: telemetryMessages.routeInvalid,
      },
      {
        rule: 'a full URL as route',
        body: (release) => ({ release, entries: [{ ...good, route: 'https://meridian.example/portfolios/42' }] }),
        loc: ['entries', 0, 'route'],
        msg: telemetryMessages.routeInvalid,
      },
      {
        rule: 'a route longer than the limit',
        body: (release) => ({ release, entries: [{ ...good, route: '/clients'.repeat(30) }] }),
        loc: ['entries', 0, 'route'],
        msg: telemetryMessages.routeInvalid,
      },
      {
        rule: 'a missing route',
        body: (release) => ({ release, entries: [{ metric: 'LCP', value: 1 }] }),
        loc: ['entries', 0, 'route'],
        msg: telemetryMessages.routeInvalid,
      },
      {
        rule: 'a release with spaces',
        body: () => ({ release: 'build 7', entries: [good] }),
        loc: ['release'],
        msg: telemetryMessages.releaseInvalid,
      },
      { rule: 'a missing release', body: () => ({ entries: [good] }), loc: ['release'], msg: telemetryMessages.releaseInvalid },
      { rule: 'an empty batch', body: (release) => ({ release, entries: [] }), loc: ['entries'], msg: telemetryMessages.entriesRequired },
      {
        rule: `a batch of more than ${telemetryLimits.batchMax}`,
        body: (release) => ({ release, entries: Array.from({ length: telemetryLimits.batchMax + 1 }, () => good) }),
        loc: ['entries'],
        msg: telemetryMessages.tooManyEntries,
      },
    ];

    it.each(refused)('refuses $rule with 422 naming the field, and stores nothing', async ({ body, loc, msg }) => {
      const release = freshRelease();
      const before = await allRows();
      const response = await call(app, 'POST', beacon, { body: body(release) });
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc: ['body', ...loc], msg })]));
      expect(await allRows()).toBe(before);
    });

    it('stores a full batch of 50', async () => {
      const release = freshRelease();
      const entries = Array.from({ length: telemetryLimits.batchMax }, (_, index) => ({
        metric: 'INP',
        value: index * 8,
        route: '/clients',
      }));
      expect((await call(app, 'POST', beacon, { body: { release, entries } })).status).toBe(204);
      expect(await rowsOf(release)).toBe(telemetryLimits.batchMax);
    });

    it('takes 20 beacons a minute from one address, then answers 429 with Retry-After; other addresses go on', async () => {
      const limited = await t.buildApp(); // the default limits: 100 requests a minute, so 20 beacons
      const release = freshRelease();
      const body = { release, entries: [{ metric: 'FCP', value: 900, route: '/login' }] };
      for (let sent = 1; sent <= 20; sent += 1) {
        expect((await call(limited, 'POST', beacon, { body, remoteAddress: '198.51.100.7' })).status, `beacon ${sent}`).toBe(204);
      }
      const refusedAnswer = await call(limited, 'POST', beacon, { body, remoteAddress: '198.51.100.7' });
      expect(refusedAnswer.status).toBe(429);
      expect(refusedAnswer.body).toEqual({ detail: rateLimitMessage(20) });
      expect(Number(refusedAnswer.headers['retry-after'])).toBeGreaterThan(0);
      expect(await rowsOf(release)).toBe(20);
      expect((await call(limited, 'POST', beacon, { body, remoteAddress: '198.51.100.8' })).status).toBe(204);
      expect(await rowsOf(release)).toBe(21);
    });
  });

  describe('GET /telemetry/web-vitals/summary', () => {
    it('answers 401 without a sign-in and 403 to an advisor or a client', async () => {
      const anonymous = await call(app, 'GET', summary());
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: messages.notAuthenticated });
      for (const user of [demo.alex, demo.client]) {
        const { access_token: token } = await signIn(app, user.email, user.password);
        const answer = await call(app, 'GET', summary(), { token });
        expect(answer.status, user.email).toBe(403);
        expect(answer.body).toEqual({ detail: messages.accessDenied });
      }
    });

    it('gives the admin the p75 and the samples of each metric of each route, and the route score', async () => {
      const release = freshRelease();
      const sent: WebVitalsBatch['entries'] = [
        ...[1200, 2100, 2600, 3100, 1800, 4200, 2250].map((value) => ({
          metric: 'LCP' as const,
          value,
          route: '/clients/:clientId/profile',
        })),
        ...[40, 320, 96, 180].map((value) => ({ metric: 'INP' as const, value, route: '/clients/:clientId/profile' })),
        ...[0, 0.02, 0.31].map((value) => ({ metric: 'CLS' as const, value, route: '/clients/:clientId/profile' })),
        ...[900, 1400].map((value) => ({ metric: 'FCP' as const, value, route: '/login' })),
        { metric: 'LONG_TASK', value: 130, route: '/login' },
      ];
      // Two beacons, as two page views would send them.
      expect((await call(app, 'POST', beacon, { body: { release, entries: sent.slice(0, 8) } })).status).toBe(204);
      expect((await call(app, 'POST', beacon, { body: { release, entries: sent.slice(8) } })).status).toBe(204);

      const answer = await call(app, 'GET', summary(`?release=${release}`), { token: await adminToken() });
      expect(answer.status).toBe(200);
      const body = answer.body as WebVitalsSummary;
      expect(body).toMatchObject({ days: 7, release });
      expect(Date.parse(body.to) - Date.parse(body.from)).toBe(7 * dayMs);

      const expected = new Map<string, Map<string, number[]>>();
      for (const { route, metric, value } of sent) {
        const metrics = expected.get(route) ?? new Map<string, number[]>();
        metrics.set(metric, [...(metrics.get(metric) ?? []), value]);
        expected.set(route, metrics);
      }
      expect(body.routes.map((route) => route.route)).toEqual(['/clients/:clientId/profile', '/login']);
      for (const route of body.routes) {
        const metrics = expected.get(route.route)!;
        expect(route.metrics.map((metric) => metric.metric).sort()).toEqual([...metrics.keys()].sort());
        for (const metric of route.metrics) {
          const values = metrics.get(metric.metric)!;
          expect(metric.samples, `${route.route} ${metric.metric}`).toBe(values.length);
          expect(metric.p75, `${route.route} ${metric.metric}`).toBeCloseTo(p75Of(values), 6);
        }
        expect(route.samples).toBe([...metrics.values()].reduce((sum, values) => sum + values.length, 0));
        const p75s = Object.fromEntries([...metrics].map(([metric, values]) => [metric, p75Of(values)]));
        expect({ score: route.score, grade: route.grade }).toEqual(routeScore(p75s));
      }
      // LCP p75 2850 (score 88.3), INP p75 215 (97.5), CLS p75 0.165 (78.3), weighted 25/30/25: 88.6 → 89, a B.
      expect(body.routes[0]).toMatchObject({ score: 89, grade: 'B' });
      expect(body.routes[0]!.metrics.find((metric) => metric.metric === 'LCP')).toMatchObject({ p75: 2850, target: 2500, score: 88 });
    });

    it(`lists at most the ${telemetryLimits.summaryRoutesMax} most measured routes, whatever patterns are sent`, async () => {
      const release = freshRelease();
      const letters = (index: number) => String.fromCharCode(97 + Math.floor(index / 26), 97 + (index % 26));
      const routes = Array.from({ length: telemetryLimits.summaryRoutesMax + 20 }, (_, index) => `/made-up-${letters(index)}`);
      const entries = [...routes, '/login', '/login'].map((route) => ({ metric: 'LCP' as const, value: 1000, route }));
      for (let start = 0; start < entries.length; start += telemetryLimits.batchMax) {
        expect(
          (await call(app, 'POST', beacon, { body: { release, entries: entries.slice(start, start + telemetryLimits.batchMax) } })).status,
        ).toBe(204);
      }
      const answer = await call(app, 'GET', summary(`?release=${release}`), { token: await adminToken() });
      expect(answer.status).toBe(200);
      const listed = (answer.body as WebVitalsSummary).routes.map((route) => route.route);
      expect(listed).toHaveLength(telemetryLimits.summaryRoutesMax);
      // The most measured first, then by name: /login and the first 99 made-up ones, listed by name.
      expect(listed).toEqual(['/login', ...routes.slice(0, telemetryLimits.summaryRoutesMax - 1)].sort());
    });

    it('counts only the days asked for (7 by default) and refuses days outside 1..90 naming the field', async () => {
      const release = freshRelease();
      expect(
        (await call(app, 'POST', beacon, { body: { release, entries: [{ metric: 'LCP', value: 5000, route: '/dashboard' }] } })).status,
      ).toBe(204);
      t.clock.advance(8 * dayMs);
      expect(
        (await call(app, 'POST', beacon, { body: { release, entries: [{ metric: 'LCP', value: 1000, route: '/dashboard' }] } })).status,
      ).toBe(204);
      const lcpOf = async (query: string) => {
        const answer = await call(app, 'GET', summary(`?release=${release}${query}`), { token: await adminToken() });
        expect(answer.status).toBe(200);
        return (answer.body as WebVitalsSummary).routes[0]!.metrics[0]!;
      };
      expect(await lcpOf('')).toMatchObject({ samples: 1, p75: 1000 });
      expect(await lcpOf('&days=30')).toMatchObject({ samples: 2, p75: 4000 });
      for (const days of ['0', '91', 'week']) {
        const answer = await call(app, 'GET', summary(`?days=${days}`), { token: await adminToken() });
        expect(answer.status, days).toBe(422);
        expect(answer.body.detail).toEqual([expect.objectContaining({ loc: ['querystring', 'days'], msg: telemetryMessages.daysInvalid })]);
      }
    });

    it('purges what is older than the longest window, and nothing newer', async () => {
      const release = freshRelease();
      expect(
        (await call(app, 'POST', beacon, { body: { release, entries: [{ metric: 'FCP', value: 900, route: '/login' }] } })).status,
      ).toBe(204);
      t.clock.advance((telemetryLimits.summaryDaysMax - 1) * dayMs);
      expect(
        (await call(app, 'POST', beacon, { body: { release, entries: [{ metric: 'FCP', value: 700, route: '/login' }] } })).status,
      ).toBe(204);
      await purgeExpiredWebVitals(app);
      expect(await rowsOf(release)).toBe(2);
      t.clock.advance(2 * dayMs);
      await purgeExpiredWebVitals(app);
      const kept = await t.db.select({ value: webVitals.value }).from(webVitals).where(eq(webVitals.release, release));
      expect(kept).toEqual([{ value: 700 }]);
    });
  });
});
