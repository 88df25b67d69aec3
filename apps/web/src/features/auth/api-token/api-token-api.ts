import { api } from '../../../app/api.ts';

type TestAccount = { role: string; email: string; password: string; name: string };

/** The demo seed's default accounts; the server lists them outside production (404 there). */
const apiTokenApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTestAccounts: build.query<TestAccount[], void>({
      query: () => '/auth/test-accounts',
      extraOptions: { skipReauth: true },
    }),
  }),
});

export const { useGetTestAccountsQuery } = apiTokenApi;
