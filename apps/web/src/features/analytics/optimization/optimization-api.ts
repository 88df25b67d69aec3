import type { Optimization, Recommendation } from '@meridian/domain/recommendations/contracts';
import { api } from '../../../app/api.ts';
import { analyticsTag, portfolioTag, recommendationListTag } from '../../../app/cache-tags.ts';

/**
 * A portfolio's optimum (POST /portfolios/{id}/optimize: a computation, no body, read as a query so
 * the page caches it like the analytics it sits with) and the recommendation made from it.
 */
const optimizationApi = api.injectEndpoints({
  endpoints: (build) => ({
    optimizePortfolio: build.query<Optimization, string>({
      query: (id) => ({ url: `/portfolios/${encodeURIComponent(id)}/optimize`, method: 'POST' }),
      providesTags: (_result, _error, id) => [analyticsTag, portfolioTag(id)],
    }),
    recommendOptimum: build.mutation<Recommendation, string>({
      query: (id) => ({ url: `/portfolios/${encodeURIComponent(id)}/optimize/recommendation`, method: 'POST' }),
      invalidatesTags: [recommendationListTag],
    }),
  }),
});

export const { useOptimizePortfolioQuery, useRecommendOptimumMutation } = optimizationApi;
