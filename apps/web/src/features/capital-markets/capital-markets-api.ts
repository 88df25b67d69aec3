import type { CapitalMarketSettings, CapitalMarketUpdate } from '@meridian/domain/optimization/capital-markets';
import { api } from '../../app/api.ts';
import { analyticsTag } from '../../app/cache-tags.ts';

/**
 * The firm's capital-market assumptions and band ranges. A save moves every optimum (they are
 * figures computed with the assumptions), so it refreshes the analytics and itself.
 */
const capitalMarketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    capitalMarketAssumptions: build.query<CapitalMarketSettings, void>({
      query: () => ({ url: '/capital-market-assumptions' }),
      providesTags: [{ type: 'ModelPortfolio', id: 'ASSUMPTIONS' }],
    }),
    updateCapitalMarketAssumptions: build.mutation<CapitalMarketSettings, CapitalMarketUpdate>({
      query: (body) => ({ url: '/capital-market-assumptions', method: 'PUT', body }),
      // Refetched on a refusal too: a 409 means the page shows an outdated version.
      invalidatesTags: [{ type: 'ModelPortfolio', id: 'ASSUMPTIONS' }, analyticsTag],
    }),
  }),
});

export const { useCapitalMarketAssumptionsQuery, useUpdateCapitalMarketAssumptionsMutation } = capitalMarketsApi;
