import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientSummary } from '@meridian/domain/clients/contracts';
import { authApi } from '../features/auth/auth-api.ts';
import { clientsApi } from '../features/clients/clients-api.ts';
import { sampleClient, stubServer, type Call } from '../test/clients.fixtures.ts';
import { marketDataApi } from '../features/market-data/market-data-api.ts';
import { portfoliosApi } from '../features/portfolios/portfolios-api.ts';
import { jsonResponse, sampleUser } from '../test/test-utils.tsx';
import { api } from './api.ts';
import type { PortfolioRef } from './cache-tags.ts';
import { createStore, type AppStore } from './store.ts';

afterEach(() => vi.unstubAllGlobals());

// Dana owns portfolio P; Sam, another client of the book, owns Q; Lee shares Dana's household.
const dana = '11111111-1111-4111-8111-111111111111';
const sam = '44444444-4444-4444-8444-444444444444';
const lee = '55555555-5555-4555-8555-555555555555';
const p: PortfolioRef = { id: '22222222-2222-4222-8222-222222222222', client_id: dana };
const q: PortfolioRef = { id: '33333333-3333-4333-8333-333333333333', client_id: sam };

const summary = (clientId: string, members: string[] = []): ClientSummary => ({
  client_id: clientId,
  portfolio_count: 1,
  aum: 13_500,
  cost_basis: 10_000,
  gain_loss: 2_000,
  gain_loss_percent: 20,
  last_activity_at: '2026-03-14T10:00:00.000Z',
  assessment_status: 'Pending',
  household:
    members.length === 0
      ? null
      : { id: 'h1', name: 'Whitfield', members: members.map((id) => ({ client_id: id, first_name: 'F', last_name: 'L', role: null })) },
});

type ViewSpec = { url: string; open: (store: AppStore) => unknown };

/** Every view the screens show, as the request that fills it. */
const views = {
  'client list': {
    url: '/api/v1/clients?sort=name&order=asc&page=1&per_page=10',
    open: (s) => s.dispatch(clientsApi.endpoints.listClients.initiate({ sort: 'name', order: 'asc', page: 1, per_page: 10 })),
  },
  'client cards': { url: '/api/v1/clients/stats', open: (s) => s.dispatch(clientsApi.endpoints.clientStats.initiate({})) },
  "Dana's record": { url: `/api/v1/clients/${dana}`, open: (s) => s.dispatch(clientsApi.endpoints.getClient.initiate(dana)) },
  "Dana's profile": { url: `/api/v1/clients/${dana}/summary`, open: (s) => s.dispatch(clientsApi.endpoints.clientSummary.initiate(dana)) },
  "Sam's profile": { url: `/api/v1/clients/${sam}/summary`, open: (s) => s.dispatch(clientsApi.endpoints.clientSummary.initiate(sam)) },
  "Dana's portfolios": {
    url: `/api/v1/portfolios?client_id=${dana}&per_page=100`,
    open: (s) => s.dispatch(clientsApi.endpoints.clientPortfolios.initiate(dana)),
  },
  "Dana's recent transactions": {
    url: `/api/v1/portfolios/${p.id}/transactions?per_page=5&include_void=false`,
    open: (s) => s.dispatch(clientsApi.endpoints.clientRecentTransactions.initiate({ portfolioIds: [p.id], perPortfolio: 5, limit: 10 })),
  },
  'portfolio list': {
    url: '/api/v1/portfolios?page=1&per_page=10&sort=name&order=asc',
    open: (s) => s.dispatch(portfoliosApi.endpoints.listPortfolios.initiate({ page: 1, per_page: 10, sort: 'name', order: 'asc' })),
  },
  'portfolio P': { url: `/api/v1/portfolios/${p.id}`, open: (s) => s.dispatch(portfoliosApi.endpoints.getPortfolio.initiate(p.id)) },
  'portfolio Q': { url: `/api/v1/portfolios/${q.id}`, open: (s) => s.dispatch(portfoliosApi.endpoints.getPortfolio.initiate(q.id)) },
  "P's ledger": {
    url: `/api/v1/portfolios/${p.id}/transactions?page=1&per_page=10`,
    open: (s) => s.dispatch(portfoliosApi.endpoints.listTransactions.initiate({ portfolioId: p.id, page: 1, per_page: 10 })),
  },
  'signed-in user': { url: '/api/v1/users/me', open: (s) => s.dispatch(authApi.endpoints.getMe.initiate()) },
} satisfies Record<string, ViewSpec>;
type View = keyof typeof views;

function answer(url: URL, call: Call): Response {
  if (call.method === 'DELETE') return new Response(null, { status: 204 });
  if (call.method !== 'GET') return jsonResponse(url.pathname.endsWith('/prices/import') ? { accepted: 3, rejected: [] } : {});
  if (url.pathname === `/api/v1/clients/${dana}/summary`) return jsonResponse(summary(dana, [dana, lee]));
  if (url.pathname === `/api/v1/clients/${sam}/summary`) return jsonResponse(summary(sam));
  if (url.pathname === `/api/v1/clients/${dana}`) return jsonResponse(sampleClient());
  if (url.pathname === '/api/v1/users/me') return jsonResponse(sampleUser);
  return jsonResponse({});
}

/** A store with every view open (subscribed, as a mounted screen holds it). */
async function openEveryView(): Promise<{ store: AppStore; calls: Call[] }> {
  const calls = stubServer(answer);
  const store = createStore();
  for (const view of Object.values(views)) view.open(store);
  await settled(store);
  expect(calls.map((call) => call.url.pathname + call.url.search).sort()).toEqual(
    Object.values(views)
      .map((view) => view.url)
      .sort(),
  );
  return { store, calls };
}

/** Waits for the refetches a write started. */
async function settled(store: AppStore): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
}

/** The views fetched again after `write`. */
async function refetchedBy(write: (store: AppStore) => Promise<unknown>): Promise<View[]> {
  const { store, calls } = await openEveryView();
  const before = calls.length;
  await write(store);
  await settled(store);
  const again = new Set(
    calls
      .slice(before)
      .filter((call) => call.method === 'GET')
      .map((call) => call.url.pathname + call.url.search),
  );
  return (Object.keys(views) as View[]).filter((name) => again.has(views[name].url));
}

const danasFigures: View[] = ['client list', 'client cards', "Dana's record", "Dana's profile", "Dana's portfolios", 'portfolio list'];
const trade: View[] = [...danasFigures, "Dana's recent transactions", 'portfolio P', "P's ledger"];
const danasRecord: View[] = [...danasFigures, 'portfolio P', 'portfolio Q'];
const everyValue: View[] = [...danasFigures, "Sam's profile", 'portfolio P', 'portfolio Q'];

describe('the cache tells the truth after each write', () => {
  it.each<[string, (store: AppStore) => Promise<unknown>, View[]]>([
    [
      'recording a transaction in P',
      (s) =>
        s.dispatch(
          portfoliosApi.endpoints.recordTransaction.initiate({ portfolio: p, type: 'deposit', trade_date: '2026-03-14', amount: 2500 }),
        ),
      trade,
    ],
    [
      'buying a holding in P',
      (s) => s.dispatch(portfoliosApi.endpoints.addHolding.initiate({ portfolio: p, security_id: 'sec', quantity: 10 })),
      trade,
    ],
    [
      'changing a holding of P',
      (s) => s.dispatch(portfoliosApi.endpoints.updateHolding.initiate({ portfolio: p, holdingId: 'h', quantity: 5, sync_version: 1 })),
      trade,
    ],
    ['removing a holding of P', (s) => s.dispatch(portfoliosApi.endpoints.removeHolding.initiate({ portfolio: p, holdingId: 'h' })), trade],
    [
      'editing P',
      (s) => s.dispatch(portfoliosApi.endpoints.updatePortfolio.initiate({ portfolio: p, status: 'closed', sync_version: 3 })),
      [...danasFigures, 'portfolio P'],
    ],
    ['deleting P', (s) => s.dispatch(portfoliosApi.endpoints.deletePortfolio.initiate(p)), danasFigures],
    [
      'opening a portfolio for Dana',
      (s) =>
        s.dispatch(
          portfoliosApi.endpoints.createPortfolio.initiate({
            client_id: dana,
            name: 'New',
            account_type: 'taxable',
            status: 'active',
            benchmark_symbol: 'SPY',
            initial_deposit: 1000,
          }),
        ),
      danasFigures,
    ],
    [
      'adding a client',
      (s) => s.dispatch(clientsApi.endpoints.createClient.initiate({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' })),
      ['client list', 'client cards'],
    ],
    [
      'editing Dana',
      (s) => s.dispatch(clientsApi.endpoints.updateClient.initiate({ id: dana, body: { last_name: 'Whitmore', sync_version: 3 } })),
      danasRecord,
    ],
    ['deleting Dana', (s) => s.dispatch(clientsApi.endpoints.deleteClient.initiate({ id: dana, syncVersion: 3 })), danasRecord],
    [
      'importing closes',
      (s) => s.dispatch(marketDataApi.endpoints.importPrices.initiate('symbol,date,close\nAAPL,2026-03-13,200')),
      everyValue,
    ],
    [
      'changing the password',
      (s) => s.dispatch(authApi.endpoints.changePassword.initiate({ current_password: 'a', new_password: 'b', confirm_password: 'b' })),
      ['signed-in user'],
    ],
  ])('%s refetches exactly the views it changes', async (_write, write, expected) => {
    expect(await refetchedBy(write)).toEqual((Object.keys(views) as View[]).filter((name) => expected.includes(name)));
  });

  it("editing a household member refetches the profile that lists them, and only the member's views", async () => {
    const refetched = await refetchedBy((s) =>
      s.dispatch(clientsApi.endpoints.updateClient.initiate({ id: lee, body: { first_name: 'Leigh', sync_version: 1 } })),
    );
    expect(refetched).toEqual([
      'client list',
      'client cards',
      "Dana's profile",
      "Dana's portfolios",
      'portfolio list',
      'portfolio P',
      'portfolio Q',
    ]);
  });
});
