import type { PerformancePeriod } from '@meridian/domain/analytics/returns';
import type {
  AumResponse,
  BookPerformanceResponse,
  ClientCountResponse,
  CompletedAssessmentsResponse,
  DashboardPeriod,
  PerformanceMetricsResponse,
} from '@meridian/domain/dashboard/contracts';
import { api } from '../../app/api.ts';
import { analyticsTag } from '../../app/cache-tags.ts';

/** The headline cards compare the quarter to date with the close of the quarter before. */
const cardPeriod: DashboardPeriod = 'current';
/** The Portfolio Performance card: the book's time-weighted return over a year. */
const bookPerformancePeriod: PerformancePeriod = '1Y';

/**
 * The advisor dashboard's calls (spec part 1 §7 "Analytics"). Every figure is computed over
 * portfolios, ledgers and clients, so every query provides `Analytics` (trades, price imports and
 * client writes invalidate it). The client table asks through the clients API (features/clients/clients-api.ts).
 */
const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardAum: build.query<AumResponse, void>({
      query: () => ({ url: '/analytics/aum', params: { period: cardPeriod } }),
      providesTags: [analyticsTag],
    }),
    dashboardClientCount: build.query<ClientCountResponse, void>({
      query: () => ({ url: '/analytics/clients/count', params: { period: cardPeriod } }),
      providesTags: [analyticsTag],
    }),
    dashboardCompletedAssessments: build.query<CompletedAssessmentsResponse, void>({
      query: () => ({ url: '/analytics/assessments/completed', params: { period: cardPeriod } }),
      providesTags: [analyticsTag],
    }),
    dashboardBookPerformance: build.query<BookPerformanceResponse, void>({
      query: () => ({ url: '/analytics/performance', params: { period: bookPerformancePeriod } }),
      providesTags: [analyticsTag],
    }),
    dashboardPerformanceMetrics: build.query<PerformanceMetricsResponse, void>({
      query: () => '/analytics/performance-metrics',
      providesTags: [analyticsTag],
    }),
  }),
});

export const {
  useDashboardAumQuery,
  useDashboardClientCountQuery,
  useDashboardCompletedAssessmentsQuery,
  useDashboardBookPerformanceQuery,
  useDashboardPerformanceMetricsQuery,
} = dashboardApi;
