import type { CapitalMarketSettings, CapitalMarketUpdate } from '@meridian/domain/optimization/capital-markets';
import type { FirmRebalanceSettingsRecord, FirmRebalanceSettingsUpdate } from '@meridian/domain/recommendations/tax-settings';
import { api } from '../../app/api.ts';
import { analyticsTag } from '../../app/cache-tags.ts';

/**
 * The firm's capital-market assumptions and band ranges, and its rebalancing settings. A save of the
 * assumptions moves every optimum (they are figures computed with the assumptions), so it refreshes
 * the analytics and itself; the rebalancing settings apply to recommendations made from then on.
 */
const rebalancingTag = { type: 'ModelPortfolio' as const, id: 'REBALANCING' };

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
    firmRebalanceSettings: build.query<FirmRebalanceSettingsRecord, void>({
      query: () => ({ url: '/recommendations/settings' }),
      providesTags: [rebalancingTag],
    }),
    /** Sent with the version shown. A 409 is not refetched: the form keeps the user's edits on the current version it brings. */
    updateFirmRebalanceSettings: build.mutation<FirmRebalanceSettingsRecord, FirmRebalanceSettingsUpdate>({
      query: (body) => ({ url: '/recommendations/settings', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : [rebalancingTag]),
    }),
  }),
});

export const {
  useCapitalMarketAssumptionsQuery,
  useUpdateCapitalMarketAssumptionsMutation,
  useFirmRebalanceSettingsQuery,
  useUpdateFirmRebalanceSettingsMutation,
} = capitalMarketsApi;
