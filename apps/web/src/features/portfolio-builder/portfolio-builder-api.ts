import type { ModelCreate, ModelListResponse, ModelPortfolio, ModelUpdate } from '@meridian/domain/model-portfolios/contracts';
import type { PortfolioDetail, ProposalCreate } from '@meridian/domain/portfolios/contracts';
import type { Statistics } from '@meridian/domain/recommendations/contracts';
import type { SecuritySearchResponse } from '@meridian/domain/securities/contracts';
import { api } from '../../app/api.ts';
import { clientPortfoliosChanged, modelListTag } from '../../app/cache-tags.ts';
import type { SecurityOption } from '../market-data/index.ts';

/**
 * The portfolio builder's calls: the firm's models, the return statistics of a set of securities,
 * and the two saves. A model saved anywhere refetches every model list (`ModelPortfolio/LIST`). A proposal opens a portfolio for a client, so it refreshes the
 * portfolio lists and that client's figures.
 */
const portfolioBuilderApi = api.injectEndpoints({
  endpoints: (build) => ({
    listModelPortfolios: build.query<ModelListResponse, void>({
      query: () => ({ url: '/model-portfolios', params: { per_page: 100 } }),
      providesTags: [modelListTag],
    }),
    /** POST, but a read: the same set of securities answers from the cache. */
    securityStatistics: build.query<Statistics, readonly string[]>({
      query: (ids) => ({ url: '/securities/statistics', method: 'POST', body: { security_ids: ids } }),
      providesTags: ['Security'],
    }),
    /** The securities of some symbols (an asset class's fund), each the exact match of the securities search. */
    securitiesBySymbol: build.query<Record<string, SecurityOption>, readonly string[]>({
      async queryFn(symbols, _api, _options, baseQuery) {
        const answers = await Promise.all(
          symbols.map((symbol) => baseQuery({ url: '/securities/search', params: { q: symbol, limit: 1 } })),
        );
        const failed = answers.find((answer) => answer.error);
        if (failed?.error) return { error: failed.error };
        const found = answers.flatMap((answer) => (answer.data as SecuritySearchResponse).securities);
        return {
          data: Object.fromEntries(
            found.filter((security) => symbols.includes(security.symbol)).map((security) => [security.symbol, security]),
          ),
        };
      },
      providesTags: ['Security'],
    }),
    createModelPortfolio: build.mutation<ModelPortfolio, ModelCreate>({
      query: (body) => ({ url: '/model-portfolios', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [modelListTag]),
    }),
    // Refetched on a refusal too: a 409 means the list shows an outdated version.
    updateModelPortfolio: build.mutation<ModelPortfolio, ModelUpdate & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/model-portfolios/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [modelListTag],
    }),
    createProposal: build.mutation<PortfolioDetail, ProposalCreate>({
      query: (body) => ({ url: '/portfolios/proposals', method: 'POST', body }),
      invalidatesTags: (_result, error, { client_id }) => (error ? [] : clientPortfoliosChanged(client_id)),
    }),
  }),
});

export const {
  useListModelPortfoliosQuery,
  useSecurityStatisticsQuery,
  useSecuritiesBySymbolQuery,
  useCreateModelPortfolioMutation,
  useUpdateModelPortfolioMutation,
  useCreateProposalMutation,
} = portfolioBuilderApi;
