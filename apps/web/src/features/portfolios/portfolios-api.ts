import type { Client, ClientListResponse } from '@meridian/domain/clients';
import type {
  Holding,
  HoldingCreate,
  HoldingUpdate,
  Portfolio,
  PortfolioCreate,
  PortfolioDetail,
  PortfolioListResponse,
  PortfolioSortField,
  PortfolioStatus,
  AccountType,
  PortfolioUpdate,
  Transaction,
  TransactionCreate,
  TransactionListResponse,
  TransactionType,
} from '@meridian/domain/portfolios';
import type { SecuritySearchResponse } from '@meridian/domain/securities';
import { api } from '../../app/api.ts';

export type PortfolioListArgs = {
  page: number;
  per_page: number;
  sort: PortfolioSortField;
  order: 'asc' | 'desc';
  status?: PortfolioStatus | undefined;
  account_type?: AccountType | undefined;
  client_id?: string | undefined;
};

export type TransactionListArgs = { portfolioId: string; page: number; per_page: number; type?: TransactionType | undefined };

/** Leaves out filters that are not set, so the address carries only what was chosen. */
const definedParams = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/**
 * Portfolios, holdings and the ledger (spec part 2 §7 "Portfolio service"). Every change to a
 * portfolio's holdings or ledger invalidates that portfolio, its transactions and the list, so the
 * values on screen follow each change (spec §4 "Portfolio store": holding changes refetch).
 */
export const portfoliosApi = api.enhanceEndpoints({ addTagTypes: ['Portfolio', 'PortfolioTransactions'] }).injectEndpoints({
  endpoints: (build) => ({
    listPortfolios: build.query<PortfolioListResponse, PortfolioListArgs>({
      query: (args) => ({ url: '/portfolios', params: definedParams(args) }),
      providesTags: (result) => [
        { type: 'Portfolio', id: 'LIST' },
        ...(result?.portfolios.map((portfolio) => ({ type: 'Portfolio' as const, id: portfolio.id })) ?? []),
      ],
    }),
    getPortfolio: build.query<PortfolioDetail, string>({
      query: (id) => `/portfolios/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Portfolio', id }, 'Security'],
    }),
    createPortfolio: build.mutation<Portfolio, PortfolioCreate>({
      query: (body) => ({ url: '/portfolios', method: 'POST', body }),
      invalidatesTags: [{ type: 'Portfolio', id: 'LIST' }],
    }),
    updatePortfolio: build.mutation<Portfolio, PortfolioUpdate & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/portfolios/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Portfolio', id }, { type: 'Portfolio', id: 'LIST' }],
    }),
    deletePortfolio: build.mutation<void, string>({
      query: (id) => ({ url: `/portfolios/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Portfolio', id: 'LIST' }],
    }),
    addHolding: build.mutation<Holding, HoldingCreate & { portfolioId: string }>({
      query: ({ portfolioId, ...body }) => ({ url: `/portfolios/${encodeURIComponent(portfolioId)}/holdings`, method: 'POST', body }),
      invalidatesTags: (_result, error, { portfolioId }) => (error ? [] : changed(portfolioId)),
    }),
    updateHolding: build.mutation<Holding, HoldingUpdate & { portfolioId: string; holdingId: string }>({
      query: ({ portfolioId, holdingId, ...body }) => ({
        url: `/portfolios/${encodeURIComponent(portfolioId)}/holdings/${encodeURIComponent(holdingId)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error, { portfolioId }) => (error ? [] : changed(portfolioId)),
    }),
    removeHolding: build.mutation<void, { portfolioId: string; holdingId: string }>({
      query: ({ portfolioId, holdingId }) => ({
        url: `/portfolios/${encodeURIComponent(portfolioId)}/holdings/${encodeURIComponent(holdingId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { portfolioId }) => (error ? [] : changed(portfolioId)),
    }),
    listTransactions: build.query<TransactionListResponse, TransactionListArgs>({
      query: ({ portfolioId, ...params }) => ({
        url: `/portfolios/${encodeURIComponent(portfolioId)}/transactions`,
        params: definedParams(params),
      }),
      providesTags: (_result, _error, { portfolioId }) => [{ type: 'PortfolioTransactions', id: portfolioId }],
    }),
    recordTransaction: build.mutation<Transaction, TransactionCreate & { portfolioId: string }>({
      query: ({ portfolioId, ...body }) => ({ url: `/portfolios/${encodeURIComponent(portfolioId)}/transactions`, method: 'POST', body }),
      invalidatesTags: (_result, error, { portfolioId }) => (error ? [] : changed(portfolioId)),
    }),
    /** The client picker of a new portfolio: the first matches of the client search. */
    portfolioClientOptions: build.query<ClientListResponse, string>({
      query: (search) => ({ url: '/clients', params: definedParams({ search, per_page: 20, sort: 'name', order: 'asc' }) }),
    }),
    /** The client a new portfolio is opened for (/portfolios/new?client_id=…). */
    portfolioClient: build.query<Client, string>({
      query: (id) => `/clients/${encodeURIComponent(id)}`,
    }),
    /** The security pickers (holding, benchmark, transaction): the first matches of the securities search. */
    portfolioSecurityOptions: build.query<SecuritySearchResponse, string>({
      query: (q) => ({ url: '/securities/search', params: { q, limit: 10 } }),
      providesTags: ['Security'],
    }),
  }),
});

/** What a holding or ledger change makes stale: the portfolio, its transactions and the list. */
function changed(portfolioId: string) {
  return [
    { type: 'Portfolio' as const, id: portfolioId },
    { type: 'Portfolio' as const, id: 'LIST' },
    { type: 'PortfolioTransactions' as const, id: portfolioId },
  ];
}

export const {
  useListPortfoliosQuery,
  useGetPortfolioQuery,
  useCreatePortfolioMutation,
  useUpdatePortfolioMutation,
  useDeletePortfolioMutation,
  useAddHoldingMutation,
  useUpdateHoldingMutation,
  useRemoveHoldingMutation,
  useListTransactionsQuery,
  useRecordTransactionMutation,
  usePortfolioClientOptionsQuery,
  usePortfolioClientQuery,
  usePortfolioSecurityOptionsQuery,
} = portfoliosApi;
