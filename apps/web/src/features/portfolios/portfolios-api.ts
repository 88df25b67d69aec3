import type { Client } from '@meridian/domain/clients/contracts';
import type { Holding, HoldingCreate, HoldingUpdate } from '@meridian/domain/portfolios/holding-contracts';
import type {
  Portfolio,
  PortfolioCreate,
  PortfolioDetail,
  PortfolioListResponse,
  PortfolioSortField,
  PortfolioStatus,
  AccountType,
  PortfolioUpdate,
  TransactionType,
} from '@meridian/domain/portfolios/contracts';
import type {
  Transaction,
  TransactionCorrect,
  TransactionCorrection,
  TransactionCreate,
  TransactionListResponse,
  TransactionVoid,
} from '@meridian/domain/portfolios/transaction-contracts';
import { api } from '../../app/api.ts';
import {
  clientPortfoliosChanged,
  clientTag,
  ledgerChanged,
  ledgerTag,
  portfolioChanged,
  portfolioListTag,
  portfolioTag,
  type PortfolioRef,
} from '../../app/cache-tags.ts';

export type PortfolioListArgs = {
  page: number;
  per_page: number;
  sort: PortfolioSortField;
  order: 'asc' | 'desc';
  status?: PortfolioStatus | undefined;
  account_type?: AccountType | undefined;
  client_id?: string | undefined;
};

export type TransactionListArgs = {
  portfolioId: string;
  page: number;
  per_page: number;
  type?: TransactionType | undefined;
  /** 'false' hides void entries (listed, marked void, by default). */
  include_void?: 'false' | undefined;
};

/** A void or correction of one entry: the key makes a replayed request (a retry after a dropped answer) apply once. */
type EntryChange = { portfolio: PortfolioRef; transactionId: string; idempotencyKey: string };
const entryUrl = (portfolio: PortfolioRef, transactionId: string, action: 'void' | 'correct') =>
  `/portfolios/${encodeURIComponent(portfolio.id)}/transactions/${encodeURIComponent(transactionId)}/${action}`;

/** Leaves out filters that are not set, so the address carries only what was chosen. */
const definedParams = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/**
 * Portfolios, holdings and the ledger (spec part 2 §7 "Portfolio service"), tagged by the scheme of
 * cache-tags.ts. Every write names its portfolio with the owning client, so a trade refreshes the
 * portfolio, its ledger and the lists, and the client's AUM wherever it is shown (spec §4
 * "Portfolio store": holding changes refetch).
 */
export const portfoliosApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPortfolios: build.query<PortfolioListResponse, PortfolioListArgs>({
      query: (args) => ({ url: '/portfolios', params: definedParams(args) }),
      providesTags: [portfolioListTag],
    }),
    getPortfolio: build.query<PortfolioDetail, string>({
      query: (id) => `/portfolios/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [portfolioTag(id), 'Security'],
    }),
    createPortfolio: build.mutation<Portfolio, PortfolioCreate>({
      query: (body) => ({ url: '/portfolios', method: 'POST', body }),
      invalidatesTags: (_result, _error, { client_id }) => clientPortfoliosChanged(client_id),
    }),
    updatePortfolio: build.mutation<Portfolio, PortfolioUpdate & { portfolio: PortfolioRef }>({
      query: ({ portfolio, ...body }) => ({ url: `/portfolios/${encodeURIComponent(portfolio.id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { portfolio }) => portfolioChanged(portfolio),
    }),
    /** Not the deleted portfolio itself: its page leaves rather than fetch a 404. */
    deletePortfolio: build.mutation<void, PortfolioRef>({
      query: ({ id }) => ({ url: `/portfolios/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { client_id }) => clientPortfoliosChanged(client_id),
    }),
    addHolding: build.mutation<Holding, HoldingCreate & { portfolio: PortfolioRef }>({
      query: ({ portfolio, ...body }) => ({ url: `/portfolios/${encodeURIComponent(portfolio.id)}/holdings`, method: 'POST', body }),
      invalidatesTags: (_result, error, { portfolio }) => (error ? [] : ledgerChanged(portfolio)),
    }),
    updateHolding: build.mutation<Holding, HoldingUpdate & { portfolio: PortfolioRef; holdingId: string }>({
      query: ({ portfolio, holdingId, ...body }) => ({
        url: `/portfolios/${encodeURIComponent(portfolio.id)}/holdings/${encodeURIComponent(holdingId)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error, { portfolio }) => (error ? [] : ledgerChanged(portfolio)),
    }),
    removeHolding: build.mutation<void, { portfolio: PortfolioRef; holdingId: string }>({
      query: ({ portfolio, holdingId }) => ({
        url: `/portfolios/${encodeURIComponent(portfolio.id)}/holdings/${encodeURIComponent(holdingId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { portfolio }) => (error ? [] : ledgerChanged(portfolio)),
    }),
    listTransactions: build.query<TransactionListResponse, TransactionListArgs>({
      query: ({ portfolioId, ...params }) => ({
        url: `/portfolios/${encodeURIComponent(portfolioId)}/transactions`,
        params: definedParams(params),
      }),
      providesTags: (_result, _error, { portfolioId }) => [ledgerTag(portfolioId)],
    }),
    recordTransaction: build.mutation<Transaction, TransactionCreate & { portfolio: PortfolioRef }>({
      query: ({ portfolio, ...body }) => ({ url: `/portfolios/${encodeURIComponent(portfolio.id)}/transactions`, method: 'POST', body }),
      invalidatesTags: (_result, error, { portfolio }) => (error ? [] : ledgerChanged(portfolio)),
    }),
    voidTransaction: build.mutation<Transaction, TransactionVoid & EntryChange>({
      query: ({ portfolio, transactionId, idempotencyKey, ...body }) => ({
        url: entryUrl(portfolio, transactionId, 'void'),
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_result, error, { portfolio }) => (error ? [] : ledgerChanged(portfolio)),
    }),
    correctTransaction: build.mutation<TransactionCorrection, TransactionCorrect & EntryChange>({
      query: ({ portfolio, transactionId, idempotencyKey, ...body }) => ({
        url: entryUrl(portfolio, transactionId, 'correct'),
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_result, error, { portfolio }) => (error ? [] : ledgerChanged(portfolio)),
    }),
    /** The client a new portfolio is opened for (/portfolios/new?client_id=…). */
    portfolioClient: build.query<Client, string>({
      query: (id) => `/clients/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [clientTag(id)],
    }),
  }),
});

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
  useVoidTransactionMutation,
  useCorrectTransactionMutation,
  usePortfolioClientQuery,
} = portfoliosApi;
