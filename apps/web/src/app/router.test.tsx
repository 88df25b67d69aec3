import { afterEach, describe, expect, it } from 'vitest';
import { stubServer } from '../test/clients.fixtures.ts';
import { tokenStore } from '../lib/token-store.ts';
import { jsonResponse, sampleUser } from '../test/test-utils.tsx';
import { preloadScreen } from './router.tsx';
import { createStore } from './store.ts';

const emptyPage = { clients: [], total: 0, page: 1, per_page: 10, pages: 0 };
const signIn = () => tokenStore.saveSession({ access_token: 'a', refresh_token: 'r', expires_in: 900, user: sampleUser }, false);

describe('preloadScreen', () => {
  afterEach(() => tokenStore.clear());

  it('asks for the first page of /clients at start-up, with the arguments the screen starts with', async () => {
    signIn();
    const calls = stubServer(() => jsonResponse(emptyPage));
    const store = createStore();
    let ready = false;
    const preloaded = preloadScreen('/clients', store.dispatch).then(() => {
      ready = true;
    });
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.url.pathname).toBe('/api/v1/clients');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      sort: 'name',
      order: 'asc',
      page: '1',
      per_page: '10',
      performance_period: '1Y',
    });
    // It resolves once the shell's and the screen's chunks are loaded and the page is answered: the
    // first render waits for that (main.tsx).
    await preloaded;
    expect(ready).toBe(true);
    expect(Object.values(store.getState().api.queries)).toEqual([
      expect.objectContaining({ endpointName: 'listClients', status: 'fulfilled', data: emptyPage }),
    ]);
  });

  it('resolves at once with nothing to preload, and even when the first page fails', async () => {
    const calls = stubServer(() => jsonResponse({ detail: 'Internal Server Error' }, 500));
    await expect(preloadScreen('/clients', createStore().dispatch)).resolves.toBeUndefined();
    expect(calls).toEqual([]);
    signIn();
    await expect(preloadScreen('/clients', createStore().dispatch)).resolves.toBeUndefined();
    expect(calls.length).toBeGreaterThan(0);
  });

  it('asks for nothing when nobody is signed in, or for an address it does not know', async () => {
    const calls = stubServer(() => jsonResponse(emptyPage));
    // Each promise settles once what it preloads is answered (the first test): settled, and nothing asked.
    await preloadScreen('/clients', createStore().dispatch);
    signIn();
    await preloadScreen('/tasks', createStore().dispatch);
    expect(calls).toEqual([]);
  });
});
