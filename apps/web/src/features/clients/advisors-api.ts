import type { AdvisorListResponse } from '@meridian/domain/users/advisors';
import { perPageMax } from '@meridian/domain/shared/pagination';
import { api } from '../../app/api.ts';
import { clientListTag } from '../../app/cache-tags.ts';

/**
 * The firm's active advisors (GET /users/advisors), for choosing a client's advisor: one full page,
 * far more than a firm has. Their client counts follow the client list, so a client write refreshes them.
 */
const advisorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    advisors: build.query<AdvisorListResponse, void>({
      query: () => ({ url: '/users/advisors', params: { per_page: perPageMax } }),
      providesTags: [clientListTag],
    }),
  }),
});

export const { useAdvisorsQuery } = advisorsApi;
