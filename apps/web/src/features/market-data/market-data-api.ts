import type { HistoryPeriod, PriceImportResponse, SecurityDetail, SecuritySearchResponse } from '@meridian/domain/securities/contracts';
import { api } from '../../app/api.ts';

export type SecurityDetailArgs = { symbol: string; period: HistoryPeriod };
/** Without a limit the API answers its default, the spec's 20. */
export type SecuritySearchArgs = { q: string; limit?: number };

/** An import may carry up to 100,000 rows: it gets more time than the 10 s of ordinary calls. */
const importTimeoutMs = 60_000;

/**
 * Securities calls of spec part 2 §7 (search, one security with its closes) and the admins' price
 * import. Every answer about prices provides 'Security'; new closes also revalue every portfolio and
 * so every client's figures, so an import refreshes those too (cache-tags.ts).
 */
export const marketDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchSecurities: build.query<SecuritySearchResponse, SecuritySearchArgs>({
      query: ({ q, limit }) => ({ url: '/securities/search', params: limit === undefined ? { q } : { q, limit } }),
      providesTags: ['Security'],
    }),
    /** A security by symbol (or id) with its daily closes over the period, oldest first. */
    getSecurity: build.query<SecurityDetail, SecurityDetailArgs>({
      query: ({ symbol, period }) => ({ url: `/securities/${encodeURIComponent(symbol)}`, params: { period } }),
      providesTags: ['Security'],
    }),
    /** The security pickers (a holding, a benchmark, a transaction, a model's weights): the first matches of the search. */
    securityOptions: build.query<SecuritySearchResponse, string>({
      query: (q) => ({ url: '/securities/search', params: { q, limit: 10 } }),
      providesTags: ['Security'],
    }),
    /** Admins only: a CSV (symbol,date,close) sent as text/csv. */
    importPrices: build.mutation<PriceImportResponse, string>({
      query: (csv) => ({
        url: '/securities/prices/import',
        method: 'POST',
        body: csv,
        headers: { 'Content-Type': 'text/csv' },
        timeout: importTimeoutMs,
      }),
      invalidatesTags: (result) => (result && result.accepted > 0 ? ['Security', 'Portfolio', 'Client', 'Analytics'] : []),
    }),
  }),
});

export const { useSearchSecuritiesQuery, useGetSecurityQuery, useImportPricesMutation, useSecurityOptionsQuery } = marketDataApi;
