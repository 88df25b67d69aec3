import { afterEach, describe, expect, it } from 'vitest';
import { stubServer } from '../features/clients/client-test-fixtures.ts';
import { tokenStore } from '../lib/token-store.ts';
import { jsonResponse, sampleUser } from '../test-utils.tsx';
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
    preloadScreen('/clients', store.dispatch);
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.url.pathname).toBe('/api/v1/clients');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ sort: 'name', order: 'asc', page: '1', per_page: '10' });
    // The shell's and the screen's chunks were asked for too: let them finish loading inside the test.
    await Promise.all([import('../features/shell/app-layout.tsx'), import('../features/clients/list/client-list-page.tsx')]);
  });

  it('asks for nothing when nobody is signed in, or for an address it does not know', async () => {
    const calls = stubServer(() => jsonResponse(emptyPage));
    preloadScreen('/clients', createStore().dispatch);
    signIn();
    preloadScreen('/tasks', createStore().dispatch);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual([]);
  });
});
