import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PerformancePeriod } from '@meridian/domain/analytics/returns';
import {
  defaultMetricTargets,
  metricKeys,
  metricLabels,
  metricUnitOf,
  quarterLabel,
  type AnalyticsSettings,
  type AnalyticsSettingsUpdate,
  type AumResponse,
  type BookPerformanceResponse,
  type ClientCountResponse,
  type CompletedAssessmentsResponse,
  type DashboardPeriod,
  type MetricKey,
  type PerformanceMetric,
  type PerformanceMetricsResponse,
} from '@meridian/domain/dashboard/contracts';
import { addDays, lastTradingDayOnOrBefore, marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { assessmentResponses } from '../../db/schema/assessments.ts';
import { clients } from '../../db/schema/clients.ts';
import { firms } from '../../db/schema/firms.ts';
import { clientReach, type Viewer } from '../../platform/reach.ts';
import { clientListStats } from '../clients/clients.service.ts';
import { bookReturn, booksByDay } from '../valuations/book-valuations.service.ts';

/**
 * The advisor dashboard's figures over the caller's reach (an advisor's own clients, an admin's
 * firm): today's values beside those at the close of the previous period, read from the stored
 * portfolio valuations and the clients table, never estimated.
 */

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Quarters shown in the Trends tab: the current one and the four before it. */
const trendQuarters = 5;

type PeriodWindow = { period: DashboardPeriod; period_label: string; start_date: string; as_of: string; previous_as_of: string };

/** The first day of the quarter holding a date. */
const quarterStart = (date: string) =>
  `${date.slice(0, 4)}-${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;

/** The period to date as of today, and the last day of the period before it. */
export function periodWindow(period: DashboardPeriod, today: string): PeriodWindow {
  const start = period === 'month' ? `${today.slice(0, 7)}-01` : period === 'year' ? `${today.slice(0, 4)}-01-01` : quarterStart(today);
  const label =
    period === 'month'
      ? `${monthNames[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`
      : period === 'year'
        ? today.slice(0, 4)
        : quarterLabel(today);
  return { period, period_label: label, start_date: start, as_of: today, previous_as_of: addDays(start, -1) };
}

const change = (value: number, previous: number) => ({
  change: Math.round((value - previous) * 100) / 100,
  change_percent: previous === 0 ? null : (value - previous) / previous,
});

/** The book's value at the close of each of some days (the last trading day on or before each). */
async function bookValuesAt(db: Db, viewer: Viewer, days: readonly string[]): Promise<Map<string, number>> {
  const rows = await booksByDay(db, viewer, { on: [...new Set(days.map(lastTradingDayOnOrBefore))] });
  const byDate = new Map(rows.map((row) => [row.date, row.value]));
  return new Map(days.map((day) => [day, byDate.get(lastTradingDayOnOrBefore(day)) ?? 0]));
}

/** Clients in reach that existed at the end of each day. */
async function clientCountsAt(db: Db, viewer: Viewer, days: readonly string[]): Promise<Map<string, number>> {
  const [row] = await db
    .select(
      Object.fromEntries(
        days.map((day, index) => [
          `d${index}`,
          sql<number>`count(*) filter (where ${clients.createdAt} < ${addDays(day, 1)}::date)`.mapWith(Number),
        ]),
      ),
    )
    .from(clients)
    .where(clientReach(viewer));
  return new Map(days.map((day, index) => [day, Number(row?.[`d${index}`] ?? 0)]));
}

async function activeClients(db: Db, viewer: Viewer): Promise<number> {
  const [row] = await db.select({ total: count() }).from(clients).where(clientReach(viewer));
  return row?.total ?? 0;
}

export async function aum(app: FastifyInstance, viewer: Viewer, period: DashboardPeriod): Promise<AumResponse> {
  const window = periodWindow(period, marketDate(app.now()));
  const [stats, previous] = await Promise.all([clientListStats(app, viewer, {}), bookValuesAt(app.db, viewer, [window.previous_as_of])]);
  const before = previous.get(window.previous_as_of) ?? 0;
  return { data: { total_aum: stats.total_aum, previous_total_aum: before, ...change(stats.total_aum, before), ...window } };
}

export async function clientCount(app: FastifyInstance, viewer: Viewer, period: DashboardPeriod): Promise<ClientCountResponse> {
  const window = periodWindow(period, marketDate(app.now()));
  const [now, previous] = await Promise.all([activeClients(app.db, viewer), clientCountsAt(app.db, viewer, [window.previous_as_of])]);
  const before = previous.get(window.previous_as_of) ?? 0;
  return { data: { active_clients: now, previous_active_clients: before, ...change(now, before), ...window } };
}

/** Assessments completed by the clients in reach, counted per range of (New York) dates, both ends included. */
async function completionsIn(db: Db, viewer: Viewer, ranges: ReadonlyArray<readonly [string, string]>): Promise<number[]> {
  const day = sql`(${assessmentResponses.completedAt} at time zone 'America/New_York')::date`;
  const counts = Object.fromEntries(
    ranges.map(([from, to], index) => [
      `r${index}`,
      sql<number>`count(*) filter (where ${day} between ${from}::date and ${to}::date)`.mapWith(Number),
    ]),
  );
  const [row] = await db
    .select(counts)
    .from(assessmentResponses)
    .innerJoin(clients, eq(clients.id, assessmentResponses.clientId))
    .where(and(clientReach(viewer), eq(assessmentResponses.status, 'complete'), isNull(assessmentResponses.deletedAt)));
  return ranges.map((_, index) => (row?.[`r${index}`] as number | undefined) ?? 0);
}

/** Since before any record: a cumulative count's lower bound. */
const beginning = '1900-01-01';

/** Completions in the period so far, against the whole period before it. */
export async function completedAssessments(
  app: FastifyInstance,
  viewer: Viewer,
  period: DashboardPeriod,
): Promise<CompletedAssessmentsResponse> {
  const window = periodWindow(period, marketDate(app.now()));
  const before = periodWindow(period, window.previous_as_of);
  const [now, previous] = await completionsIn(app.db, viewer, [
    [window.start_date, window.as_of],
    [before.start_date, window.previous_as_of],
  ]);
  return {
    data: {
      completed_assessments: now!,
      previous_completed_assessments: previous!,
      ...change(now!, previous!),
      ...window,
      available: true,
      note: null,
    },
  };
}

export async function bookPerformance(app: FastifyInstance, viewer: Viewer, period: PerformancePeriod): Promise<BookPerformanceResponse> {
  return { data: await bookReturn(app.db, viewer, period, marketDate(app.now())) };
}

export async function analyticsSettings(db: Db, firmId: string): Promise<AnalyticsSettings> {
  const [firm] = await db
    .select({ riskFreeRate: firms.riskFreeRate, targets: firms.metricTargets })
    .from(firms)
    .where(eq(firms.id, firmId));
  return { targets: { ...defaultMetricTargets, ...(firm?.targets ?? {}) }, risk_free_rate: firm?.riskFreeRate ?? 0 };
}

export async function updateAnalyticsSettings(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: Viewer,
  body: AnalyticsSettingsUpdate,
): Promise<AnalyticsSettings> {
  return app.db.transaction(async (tx) => {
    const before = await analyticsSettings(tx, viewer.firmId);
    const after: AnalyticsSettings = {
      targets: { ...before.targets, ...body.targets },
      risk_free_rate: body.risk_free_rate ?? before.risk_free_rate,
    };
    await tx
      .update(firms)
      .set({ metricTargets: after.targets, riskFreeRate: after.risk_free_rate, updatedAt: app.now() })
      .where(eq(firms.id, viewer.firmId));
    await app.audit(request, { action: 'analytics settings changed', entity: 'firm', entityId: viewer.firmId, before, after }, tx);
    return after;
  });
}

/** The last day of each of the last `trendQuarters` quarters, the current one ending today; oldest first. */
function quarterEnds(today: string): string[] {
  const ends = [today];
  let start = quarterStart(today);
  while (ends.length < trendQuarters) {
    ends.unshift(addDays(start, -1));
    start = quarterStart(addDays(start, -1));
  }
  return ends;
}

export async function performanceMetrics(app: FastifyInstance, viewer: Viewer): Promise<PerformanceMetricsResponse> {
  const now = app.now();
  const today = marketDate(now);
  const ends = quarterEnds(today);
  const previousEnd = ends.at(-2) as string;
  const [settings, stats, clientsNow, aumAt, clientsAt, completedBy] = await Promise.all([
    analyticsSettings(app.db, viewer.firmId),
    clientListStats(app, viewer, {}),
    activeClients(app.db, viewer),
    bookValuesAt(app.db, viewer, ends.slice(0, -1)),
    clientCountsAt(app.db, viewer, ends.slice(0, -1)),
    // Completed to date at each quarter's end, like the other metrics' levels.
    completionsIn(
      app.db,
      viewer,
      ends.map((end) => [beginning, end] as const),
    ),
  ]);
  aumAt.set(today, stats.total_aum);
  clientsAt.set(today, clientsNow);
  const versus = `vs ${quarterLabel(previousEnd)}`;
  const metric = (key: MetricKey, value: number | null, previous: number | null, periodText: string): PerformanceMetric => ({
    key,
    label: metricLabels[key],
    value,
    target: settings.targets[key],
    unit: metricUnitOf[key],
    ...(value === null || previous === null ? { change: null, change_percent: null } : change(value, previous)),
    period_text: periodText,
  });
  const values: Record<MetricKey, PerformanceMetric> = {
    total_aum: metric('total_aum', stats.total_aum, aumAt.get(previousEnd) ?? 0, versus),
    active_clients: metric('active_clients', clientsNow, clientsAt.get(previousEnd) ?? 0, versus),
    completed_assessments: metric('completed_assessments', completedBy.at(-1)!, completedBy.at(-2)!, versus),
    client_satisfaction: metric('client_satisfaction', null, null, 'no feedback yet'),
  };
  return {
    data: {
      period: quarterLabel(today),
      last_updated: now.toISOString(),
      metrics: metricKeys.map((key) => values[key]),
      trends: ends.map((end, index) => ({
        quarter: quarterLabel(end),
        end_date: end,
        total_aum: aumAt.get(end) ?? 0,
        active_clients: clientsAt.get(end) ?? 0,
        completed_assessments: completedBy[index]!,
        client_satisfaction: null,
      })),
    },
  };
}
