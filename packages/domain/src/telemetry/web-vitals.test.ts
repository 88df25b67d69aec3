import { describe, expect, it } from 'vitest';
import {
  gradeOf,
  metricScore,
  routeScore,
  telemetryLimits,
  telemetryMessages,
  webVitalMetrics,
  webVitalsBatchSchema,
  webVitalsSummaryQuerySchema,
  webVitalTargets,
} from './web-vitals.ts';

const entry = (route: string, metric = 'LCP', value = 1200) => ({ metric, value, route });
const issuesOf = (body: unknown) => {
  const result = webVitalsBatchSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the spec monitor targets (part 1 §9)', () => {
  it('are LCP 2.5 s, INP 200 ms in place of FID, CLS 0.1, TTI 3.8 s, FCP 1.8 s and long tasks over 50 ms', () => {
    expect(webVitalTargets).toMatchObject({ LCP: 2500, INP: 200, CLS: 0.1, TTI: 3800, FCP: 1800, LONG_TASK: 50 });
  });
});

describe('metricScore', () => {
  it('is 100 up to the target, 50 at the poor line and 0 as far again beyond it', () => {
    expect(metricScore('LCP', 0)).toBe(100);
    expect(metricScore('LCP', 2500)).toBe(100);
    expect(metricScore('LCP', 3250)).toBe(75);
    expect(metricScore('LCP', 4000)).toBe(50);
    expect(metricScore('LCP', 5500)).toBe(0);
    expect(metricScore('LCP', 60_000)).toBe(0);
    expect(metricScore('CLS', 0.175)).toBeCloseTo(75);
  });
});

describe('gradeOf', () => {
  it('gives A from 90, B from 80, C from 70, D from 60 and F below', () => {
    expect([100, 90, 89.9, 80, 79, 70, 69, 60, 59, 0].map(gradeOf)).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D', 'F', 'F']);
  });
});

describe('routeScore', () => {
  it('weighs LCP 25, INP 30, CLS 25, FCP 10, TTI 10 and leaves TTFB and long tasks out', () => {
    // LCP 75, INP 50, CLS 100, FCP 100, TTI 0: (25·75 + 30·50 + 25·100 + 10·100 + 10·0) / 100 = 68.75
    const values = { LCP: 3250, INP: 500, CLS: 0.05, FCP: 1000, TTI: 10_800, TTFB: 99_999, LONG_TASK: 3_000 };
    expect(routeScore(values)).toEqual({ score: 69, grade: 'D' });
  });

  it('averages over the metrics a route has, and is null without any scored metric', () => {
    expect(routeScore({ LCP: 3250, CLS: 0.05 })).toEqual({ score: 88, grade: 'B' }); // (25·75 + 25·100) / 50 = 87.5
    expect(routeScore({ TTFB: 100, LONG_TASK: 80 })).toBeNull();
    expect(routeScore({})).toBeNull();
  });
});

describe('webVitalsBatchSchema', () => {
  it('takes a batch of route patterns and a release', () => {
    const batch = {
      release: '1.4.0-abc1234',
      entries: [
        entry('/'),
        entry('/clients/:clientId/profile', 'CLS', 0.02),
        entry('/api/v1/auth/login', 'TTFB'),
        entry('/*', 'LONG_TASK', 80),
      ],
    };
    expect(issuesOf(batch)).toEqual([]);
  });

  it('refuses a concrete address, a query string, a fragment or a full URL in route', () => {
    const concrete = [
      '/clients/3fa85f64-5717-4562-b3fc-2c963f66afa6/profile',
      '/clients/abcdefab-cdef-4abc-8def-abcdefabcdef/profile',
      '/portfolios/123',
      '/clients?search=smith',
      '/clients#top',
      'https://meridian.example/clients',
      'clients',
      '/clients/',
      '/reset-password/john.smith@example.com',
      '/x'.repeat(101),
    ];
    for (const route of concrete)
      expect(issuesOf({ release: 'r1', entries: [entry(route)] }), route).toEqual([['entries.0.route', telemetryMessages.routeInvalid]]);
  });

  it('refuses an unknown metric, a value out of bounds, a bad release and an empty or oversized batch', () => {
    expect(issuesOf({ release: 'r1', entries: [entry('/', 'FID')] })).toEqual([['entries.0.metric', telemetryMessages.metricInvalid]]);
    expect(issuesOf({ release: 'r1', entries: [entry('/', 'LCP', -1)] })).toEqual([['entries.0.value', telemetryMessages.valueInvalid]]);
    expect(issuesOf({ release: 'r1', entries: [entry('/', 'LCP', telemetryLimits.valueMax + 1)] })).toEqual([
      ['entries.0.value', telemetryMessages.valueInvalid],
    ]);
    expect(issuesOf({ release: 'build 7', entries: [entry('/')] })).toEqual([['release', telemetryMessages.releaseInvalid]]);
    expect(issuesOf({ release: 'r'.repeat(telemetryLimits.releaseMax + 1), entries: [entry('/')] })).toEqual([
      ['release', telemetryMessages.releaseInvalid],
    ]);
    expect(issuesOf({ release: 'r1', entries: [] })).toEqual([['entries', telemetryMessages.entriesRequired]]);
    const full = Array.from({ length: telemetryLimits.batchMax }, () => entry('/login'));
    expect(issuesOf({ release: 'r1', entries: full })).toEqual([]);
    expect(issuesOf({ release: 'r1', entries: [...full, entry('/login')] })).toEqual([['entries', telemetryMessages.tooManyEntries]]);
  });

  it('names every metric in its message', () => {
    for (const metric of webVitalMetrics) expect(telemetryMessages.metricInvalid).toContain(metric);
  });
});

describe('webVitalsSummaryQuerySchema', () => {
  it('defaults to 7 days of every release and bounds days to 1..90', () => {
    expect(webVitalsSummaryQuerySchema.parse({})).toEqual({ days: 7 });
    expect(webVitalsSummaryQuerySchema.parse({ days: '30', release: '' })).toEqual({ days: 30 });
    expect(webVitalsSummaryQuerySchema.parse({ release: 'r2' })).toEqual({ days: 7, release: 'r2' });
    for (const days of ['0', '91', '1.5', 'week']) expect(webVitalsSummaryQuerySchema.safeParse({ days }).success, days).toBe(false);
  });
});
