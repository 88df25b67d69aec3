import { and, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  metricScore,
  routeScore,
  telemetryLimits,
  webVitalMetrics,
  webVitalTargets,
  type WebVitalsBatch,
  type WebVitalsRouteSummary,
  type WebVitalsSummary,
  type WebVitalsSummaryQuery,
} from '@meridian/domain/telemetry/web-vitals';
import { webVitals } from '../../db/schema/telemetry.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** Stores a beacon's measurements as received now; the beacon names no one, so there is nothing to audit. */
export async function recordWebVitals(app: FastifyInstance, batch: WebVitalsBatch): Promise<void> {
  const receivedAt = app.now();
  await app.db.insert(webVitals).values(batch.entries.map((entry) => ({ ...entry, release: batch.release, receivedAt })));
}

/**
 * Deletes what no summary can ask for any more (older than the longest window), so that a table
 * anyone may write to does not grow for ever. Returns how many rows went.
 */
export async function purgeExpiredWebVitals(app: FastifyInstance): Promise<number> {
  const oldest = new Date(app.now().getTime() - telemetryLimits.summaryDaysMax * dayMs);
  const deleted = await app.db.delete(webVitals).where(lt(webVitals.receivedAt, oldest)).returning({ id: webVitals.id });
  return deleted.length;
}

/**
 * The 75th percentile (percentile_cont: interpolated, as field tools report it) and the sample count
 * of each metric on each route over the last `days` days, of one release or all, with the route's
 * score and grade from its p75 values. Routes by name (the summaryRoutesMax most measured), metrics
 * in the order of webVitalMetrics.
 */
export async function webVitalsSummary(app: FastifyInstance, query: WebVitalsSummaryQuery): Promise<WebVitalsSummary> {
  const to = app.now();
  const from = new Date(to.getTime() - query.days * dayMs);
  const inWindow = and(
    gte(webVitals.receivedAt, from),
    lte(webVitals.receivedAt, to),
    query.release === undefined ? undefined : eq(webVitals.release, query.release),
  );
  // Anyone may send a beacon, so the routes listed are bounded: the most measured.
  const mostMeasured = app.db
    .select({ route: webVitals.route })
    .from(webVitals)
    .where(inWindow)
    .groupBy(webVitals.route)
    .orderBy(desc(count()), webVitals.route)
    .limit(telemetryLimits.summaryRoutesMax);
  const rows = await app.db
    .select({
      route: webVitals.route,
      metric: webVitals.metric,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(Number),
      samples: count(),
    })
    .from(webVitals)
    .where(and(inWindow, inArray(webVitals.route, mostMeasured)))
    .groupBy(webVitals.route, webVitals.metric)
    .orderBy(webVitals.route);

  const routes = new Map<string, typeof rows>();
  for (const row of rows) routes.set(row.route, [...(routes.get(row.route) ?? []), row]);
  const summaries = [...routes].map(([route, metrics]): WebVitalsRouteSummary => {
    const scored = routeScore(Object.fromEntries(metrics.map((row) => [row.metric, row.p75])));
    return {
      route,
      samples: metrics.reduce((sum, row) => sum + row.samples, 0),
      score: scored?.score ?? null,
      grade: scored?.grade ?? null,
      metrics: metrics
        .sort((a, b) => webVitalMetrics.indexOf(a.metric) - webVitalMetrics.indexOf(b.metric))
        .map((row) => ({
          metric: row.metric,
          p75: row.p75,
          samples: row.samples,
          target: webVitalTargets[row.metric],
          score: Math.round(metricScore(row.metric, row.p75)),
        })),
    };
  });
  return { from: from.toISOString(), to: to.toISOString(), days: query.days, release: query.release ?? null, routes: summaries };
}
