import type { RiskBandFilterValue } from '@meridian/domain/clients/risk-band';
import type {
  AssessmentStatus,
  Client,
  ClientListResponse,
  ClientSortField,
  ClientStats,
  ClientSummary,
  InvestmentExperience,
  RiskCapacity,
} from '@meridian/domain/clients/contracts';
import type { CreateClientBody, UpdateClientBody } from '@meridian/domain/clients/client-body';
import type { PerformancePeriod } from '@meridian/domain/analytics/returns';
import type { PortfolioDetail, PortfolioListResponse } from '@meridian/domain/portfolios/contracts';
import type { Transaction, TransactionListResponse } from '@meridian/domain/portfolios/transaction-contracts';
import { api } from '../../app/api.ts';
import {
  analyticsTag,
  clientListTag,
  clientRecordChanged,
  clientTag,
  ledgerTag,
  portfolioListTag,
  portfolioTag,
} from '../../app/cache-tags.ts';

/** The filters the list, its cards and /client-profiles send (the server applies the spec's local-filter rules). */
export type ClientFilterArgs = {
  search?: string;
  /** The three levels, read from the band on the server. */
  risk_capacity?: RiskCapacity[];
  /** The five bands and not_assessed. */
  risk_band?: RiskBandFilterValue[];
  investment_experience?: InvestmentExperience[];
  assessment_status?: AssessmentStatus[];
  min_net_worth?: number;
  max_net_worth?: number;
};

export type ClientListArgs = ClientFilterArgs & {
  sort: ClientSortField;
  order: 'asc' | 'desc';
  page: number;
  per_page: number;
  /** The period of each row's `performance`; the server's default (1Y) when not given. */
  performance_period?: PerformancePeriod;
};

/** Query parameters without the empty ones; lists are sent comma-separated. */
function toParams(args: ClientFilterArgs | ClientListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params[key] = Array.isArray(value) ? value.join(',') : (value as string | number);
  }
  return params;
}

export type UpdateClientArgs = { id: string; body: UpdateClientBody };

export type RecentTransactionsArgs = { portfolioIds: string[]; perPortfolio: number; limit: number };

/** Newest trade date first; within a day the latest recorded first. */
function newestFirst(transactions: Transaction[]): Transaction[] {
  return [...transactions].sort((a, b) => b.trade_date.localeCompare(a.trade_date) || b.created_at.localeCompare(a.created_at));
}

/**
 * Client calls (spec part 1 §7, part 2 §7) and the portfolio reads the client pages need, tagged
 * by the scheme of cache-tags.ts: a client write refreshes that client, every client list and every
 * portfolio view (they name the client); the portfolio writes of portfolios-api.ts refresh the figures here.
 */
export const clientsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Each row's performance is a figure over its ledgers and prices, so the list provides `Analytics` too. */
    listClients: build.query<ClientListResponse, ClientListArgs>({
      query: (args) => ({ url: '/clients', params: toParams(args) }),
      providesTags: [clientListTag, analyticsTag],
    }),
    clientStats: build.query<ClientStats, ClientFilterArgs>({
      query: (args) => ({ url: '/clients/stats', params: toParams(args) }),
      providesTags: [clientListTag],
    }),
    getClient: build.query<Client, string>({
      query: (id) => `/clients/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [clientTag(id)],
    }),
    /** Shows the household's members too, so a change to one of them refreshes it. */
    clientSummary: build.query<ClientSummary, string>({
      query: (id) => `/clients/${encodeURIComponent(id)}/summary`,
      providesTags: (result, _error, id) => [
        clientTag(id),
        ...(result?.household?.members.map((member) => clientTag(member.client_id)) ?? []),
      ],
    }),
    createClient: build.mutation<Client, CreateClientBody>({
      query: (body) => ({ url: '/clients', method: 'POST', body }),
      invalidatesTags: [clientListTag],
    }),
    updateClient: build.mutation<Client, UpdateClientArgs>({
      query: ({ id, body }) => ({ url: `/clients/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => clientRecordChanged(id),
    }),
    deleteClient: build.mutation<void, { id: string; syncVersion: number }>({
      query: ({ id, syncVersion }) => ({
        url: `/clients/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: { sync_version: syncVersion },
      }),
      invalidatesTags: (_result, _error, { id }) => clientRecordChanged(id),
    }),
    /** The client's portfolios (at most 100; an advisor's client rarely has more than a few). */
    clientPortfolios: build.query<PortfolioListResponse, string>({
      query: (clientId) => ({ url: '/portfolios', params: { client_id: clientId, per_page: 100 } }),
      providesTags: [portfolioListTag],
    }),
    /** Each portfolio with its holdings and allocation (the report), fetched in parallel. */
    clientPortfolioDetails: build.query<PortfolioDetail[], string[]>({
      async queryFn(ids, _api, _extra, baseQuery) {
        const results = await Promise.all(ids.map((id) => baseQuery(`/portfolios/${encodeURIComponent(id)}`)));
        const failed = results.find((result) => result.error);
        if (failed?.error) return { error: failed.error };
        return { data: results.map((result) => result.data as PortfolioDetail) };
      },
      providesTags: (_result, _error, ids) => ids.map(portfolioTag),
    }),
    /** The latest few transactions of each portfolio that are not void, merged newest first. */
    clientRecentTransactions: build.query<Transaction[], RecentTransactionsArgs>({
      async queryFn({ portfolioIds, perPortfolio, limit }, _api, _extra, baseQuery) {
        const results = await Promise.all(
          portfolioIds.map((id) =>
            // Recent activity is what counts: void entries stay on the portfolio's own ledger.
            baseQuery({
              url: `/portfolios/${encodeURIComponent(id)}/transactions`,
              params: { per_page: perPortfolio, include_void: 'false' },
            }),
          ),
        );
        const failed = results.find((result) => result.error);
        if (failed?.error) return { error: failed.error };
        const all = results.flatMap((result) => (result.data as TransactionListResponse).transactions);
        return { data: newestFirst(all).slice(0, limit) };
      },
      providesTags: (_result, _error, { portfolioIds }) => portfolioIds.map(ledgerTag),
    }),
    /** The client pickers (a new portfolio, a proposal, a household's members): the first matches of the client search. */
    clientOptions: build.query<ClientListResponse, string>({
      query: (search) => ({ url: '/clients', params: toParams({ search, per_page: 20, sort: 'name', order: 'asc' }) }),
      providesTags: [clientListTag],
    }),
  }),
});

export const {
  useListClientsQuery,
  useClientStatsQuery,
  useGetClientQuery,
  useClientSummaryQuery,
  useCreateClientMutation,
  useUpdateClientMutation,
  useDeleteClientMutation,
  useClientPortfoliosQuery,
  useClientPortfolioDetailsQuery,
  useClientRecentTransactionsQuery,
  useClientOptionsQuery,
} = clientsApi;
