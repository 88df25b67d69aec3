import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponseSchema } from '@meridian/domain/auth/contracts';
import {
  analyticsSettingsSchema,
  analyticsSettingsUpdateSchema,
  aumResponseSchema,
  bookPerformanceQuerySchema,
  bookPerformanceResponseSchema,
  clientCountResponseSchema,
  completedAssessmentsResponseSchema,
  dashboardPeriodQuerySchema,
  performanceMetricsResponseSchema,
} from '@meridian/domain/dashboard/contracts';
import { pathId } from '@meridian/domain/shared/ids';
import { analyticsQuerySchema, portfolioAnalyticsSchema } from '@meridian/domain/analytics/contracts';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import {
  aum,
  analyticsSettings,
  bookPerformance,
  clientCount,
  completedAssessments,
  performanceMetrics,
  updateAnalyticsSettings,
} from './dashboard.service.ts';
import { householdAnalytics, portfolioAnalytics } from './portfolio-analytics.service.ts';
import { bookFoldIntervalMs, foldBookChanges } from './books.ts';
import { extendValuations } from '../valuations/valuations.service.ts';

const tags = ['analytics'];
const detail = detailResponseSchema;
const staff = { access: 'staff' } as const;
const reachNote = 'Over what the caller reaches: an advisor their own clients, an admin the whole firm. Client users are refused (403).';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A new trading day extends every portfolio's daily valuations (at start and hourly, on every
  // process: the rewrite locks each portfolio's row, so processes never write a series twice), and
  // the books' changes are folded in every minute (safe from several processes at once).
  const extend = () =>
    extendValuations(app.db, marketDate(app.now())).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not extend daily valuations'),
    );
  const fold = () => foldBookChanges(app.db).catch((error: unknown) => app.log.warn({ err: error }, "could not fold the books' changes"));
  const extending = setInterval(extend, 60 * 60 * 1000).unref();
  const folding = setInterval(fold, bookFoldIntervalMs).unref();
  // Start-up's pass runs in the background; closing waits for it, so it never meets a closed pool.
  let startup: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    startup = extend().then(fold);
  });
  app.addHook('onClose', async () => {
    clearInterval(extending);
    clearInterval(folding);
    await startup;
  });

  const dashboardCall = <T extends z.ZodType>(path: string, summary: string, response: T) =>
    ({
      path,
      schema: { tags, summary, description: reachNote, querystring: dashboardPeriodQuerySchema, response: { 200: response } },
      config: staff,
    }) as const;

  const aumCall = dashboardCall('/analytics/aum', 'Assets under management now and at the close of the previous period', aumResponseSchema);
  app.get(aumCall.path, aumCall, async (request) => aum(app, app.currentUser(request), request.query.period));

  const countCall = dashboardCall(
    '/analytics/clients/count',
    'Active clients now and at the close of the previous period',
    clientCountResponseSchema,
  );
  app.get(countCall.path, countCall, async (request) => clientCount(app, app.currentUser(request), request.query.period));

  const assessmentsCall = dashboardCall(
    '/analytics/assessments/completed',
    'Completed assessments in the period (0, with `available: false`, until assessments are recorded)',
    completedAssessmentsResponseSchema,
  );
  app.get(assessmentsCall.path, assessmentsCall, async (request) =>
    completedAssessments(app, app.currentUser(request), request.query.period),
  );

  app.get(
    '/analytics/performance',
    {
      schema: {
        tags,
        summary: "The book's time-weighted return over a period, against the period before it",
        description: `${reachNote} Values and flows of the open portfolios summed per day, then linked daily (GIPS).`,
        querystring: bookPerformanceQuerySchema,
        response: { 200: bookPerformanceResponseSchema },
      },
      config: staff,
    },
    async (request) => bookPerformance(app, app.currentUser(request), request.query.period),
  );

  app.get(
    '/analytics/performance-metrics',
    {
      schema: {
        tags,
        summary: "The dashboard's metrics with their targets, and their values at the end of the last quarters",
        description: `${reachNote} Client satisfaction has no source yet: its value is null with 'no feedback yet'.`,
        response: { 200: performanceMetricsResponseSchema },
      },
      config: staff,
    },
    async (request) => performanceMetrics(app, app.currentUser(request)),
  );

  app.get(
    '/analytics/settings',
    {
      schema: { tags, summary: "The firm's metric targets and risk-free rate", response: { 200: analyticsSettingsSchema } },
      config: staff,
    },
    async (request) => analyticsSettings(app.db, app.currentUser(request).firmId),
  );

  app.put(
    '/analytics/settings',
    {
      schema: {
        tags,
        summary: "Change the firm's metric targets or risk-free rate (admins)",
        description: 'Targets not named keep their value; a target defaults to the specification until the firm sets it.',
        body: analyticsSettingsUpdateSchema,
        response: { 200: analyticsSettingsSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => updateAnalyticsSettings(app, request, app.currentUser(request), request.body),
  );

  const analyticsDescription =
    'The chosen period (default 1Y) sets the value series, the risk figures and the realised lots; the returns table has every period. ' +
    'Read from the stored daily valuations. Out of reach (another advisor, another firm, deleted) answers 404.';

  const scopes = [
    {
      path: '/portfolios/:id/analytics',
      summary: 'Value against benchmark, returns by period (TWR and MWR), risk, allocations and tax lots of a portfolio',
      id: 'The portfolio id',
      answer: portfolioAnalytics,
    },
    {
      path: '/households/:id/analytics',
      summary: "The same for a household: its members' open portfolios taken together by money",
      id: 'The household id',
      answer: householdAnalytics,
    },
  ] as const;
  for (const scope of scopes) {
    app.get(
      scope.path,
      {
        schema: {
          tags,
          summary: scope.summary,
          description: analyticsDescription,
          params: z.object({ id: pathId(scope.id) }),
          querystring: analyticsQuerySchema,
          response: { 200: portfolioAnalyticsSchema, 404: detail },
        },
        config: { access: 'signedIn' },
      },
      async (request) => scope.answer(app, app.currentUser(request), request.params.id, request.query.period),
    );
  }
};
