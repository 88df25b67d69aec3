import type {
  GenerateResponse,
  Recommendation,
  RecommendationListResponse,
  RecommendationStatus,
} from '@meridian/domain/recommendations/contracts';
import type { ClientTaxSettings, ClientTaxSettingsUpdate } from '@meridian/domain/recommendations/tax-settings';
import { api } from '../../app/api.ts';
import { clientTag, ledgerChanged, portfolioTag, recommendationListTag } from '../../app/cache-tags.ts';

/** The recommendations one panel lists: a client's (all their portfolios) or one portfolio's. */
type RecommendationScope = { client_id: string; portfolio_id?: never } | { portfolio_id: string; client_id?: never };

type RecommendationListArgs = RecommendationScope & { page: number; per_page: number };

type StatusChange = { recommendation: Recommendation; status: RecommendationStatus };

/**
 * Recommendations (GET /recommendations, POST /recommendations/generate, PUT /recommendations/{id}/status).
 * A generation or a status change refetches every list (`Recommendation/LIST`).
 * A list also provides its client's or portfolio's tag: a price import (which invalidates every
 * portfolio and client) may raise a rebalance by itself. Implementing records the trades in the
 * ledger, so it refreshes the portfolio, its holdings and ledger, the client and every analytics figure.
 */
const recommendationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRecommendations: build.query<RecommendationListResponse, RecommendationListArgs>({
      query: (params) => ({ url: '/recommendations', params }),
      providesTags: (_result, _error, { client_id, portfolio_id }) => [
        recommendationListTag,
        portfolio_id === undefined ? clientTag(client_id) : portfolioTag(portfolio_id),
      ],
    }),
    generateRecommendations: build.mutation<GenerateResponse, string>({
      query: (clientId) => ({ url: '/recommendations/generate', method: 'POST', body: { client_id: clientId } }),
      invalidatesTags: (_result, error) => (error ? [] : [recommendationListTag]),
    }),
    /** Sends the version shown, so a decision on a recommendation changed meanwhile is refused (409) rather than applied blind. */
    updateRecommendationStatus: build.mutation<Recommendation, StatusChange>({
      query: ({ recommendation, status }) => ({
        url: `/recommendations/${encodeURIComponent(recommendation.id)}/status`,
        method: 'PUT',
        body: { status, sync_version: recommendation.sync_version },
      }),
      // Refetched on a refusal too: a 409 means the list shows an outdated version.
      invalidatesTags: (_result, error, { recommendation, status }) => [
        recommendationListTag,
        ...(!error && status === 'implemented'
          ? ledgerChanged({ id: recommendation.portfolio_id, client_id: recommendation.client_id })
          : []),
      ],
    }),
    /** GET /clients/{id}/tax-settings: the gain budget, hold and restricted lists, and this year's realised gains. */
    clientTaxSettings: build.query<ClientTaxSettings, string>({
      query: (clientId) => `/clients/${encodeURIComponent(clientId)}/tax-settings`,
      providesTags: (_result, _error, clientId) => [clientTag(clientId)],
    }),
    /** PUT /clients/{id}/tax-settings with the version shown (a 409 refetches the current settings). */
    updateClientTaxSettings: build.mutation<ClientTaxSettings, { clientId: string; body: ClientTaxSettingsUpdate }>({
      query: ({ clientId, body }) => ({ url: `/clients/${encodeURIComponent(clientId)}/tax-settings`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { clientId }) => [clientTag(clientId)],
    }),
  }),
});

export const {
  useListRecommendationsQuery,
  useGenerateRecommendationsMutation,
  useUpdateRecommendationStatusMutation,
  useClientTaxSettingsQuery,
  useUpdateClientTaxSettingsMutation,
} = recommendationsApi;
