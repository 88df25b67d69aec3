import type { HouseholdListResponse } from '@meridian/domain/households/contracts';
import type { PerformancePeriod, PortfolioAnalytics } from '@meridian/domain/analytics/contracts';
import type { PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import { api } from '../../app/api.ts';
import { analyticsTag, householdListTag, householdTag, portfolioListTag, portfolioTag } from '../../app/cache-tags.ts';

export type AnalyticsScopeKind = 'portfolio' | 'household';
type AnalyticsArgs = { kind: AnalyticsScopeKind; id: string; period: PerformancePeriod };

/** How many matches each picker shows. */
const scopeOptionsPageSize = 20;

/**
 * Portfolio and household analytics (one definition for both scopes). They provide `Analytics`,
 * which every portfolio, ledger, client, price and household write invalidates, so a trade
 * refreshes the open analytics page without a reload.
 */
const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalytics: build.query<PortfolioAnalytics, AnalyticsArgs>({
      query: ({ kind, id, period }) => ({ url: `/${kind}s/${encodeURIComponent(id)}/analytics`, params: { period } }),
      providesTags: (_result, _error, { kind, id }) => [analyticsTag, kind === 'portfolio' ? portfolioTag(id) : householdTag(id)],
    }),
    /** The portfolio picker: the first matches of the portfolio search (name or client). */
    analyticsPortfolioOptions: build.query<PortfolioListResponse, string>({
      query: (search) => ({
        url: '/portfolios',
        params: { ...(search ? { search } : {}), page: 1, per_page: scopeOptionsPageSize, sort: 'name', order: 'asc' },
      }),
      providesTags: [portfolioListTag],
    }),
    /** The household picker: the first matches of the household search. */
    analyticsHouseholdOptions: build.query<HouseholdListResponse, string>({
      query: (search) => ({
        url: '/households',
        params: search ? { search, per_page: scopeOptionsPageSize } : { per_page: scopeOptionsPageSize },
      }),
      providesTags: [householdListTag],
    }),
  }),
});

export const { useGetAnalyticsQuery, useAnalyticsPortfolioOptionsQuery, useAnalyticsHouseholdOptionsQuery } = analyticsApi;
