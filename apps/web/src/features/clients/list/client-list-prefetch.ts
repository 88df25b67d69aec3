import type { AppDispatch } from '../../../app/store.ts';
import { clientsApi } from '../clients-api.ts';
import { initialListState, listArgs } from './client-list-state.ts';

/**
 * Asks for the first page of /clients with exactly the arguments the screen starts with, so when
 * the screen mounts it finds it in flight (or answered) instead of asking then; resolves once
 * answered. The cards, which
 * add up the whole book, are left to the screen: asked for at once, they would compete with the
 * page for the database and delay the first rows.
 */
export async function prefetchClientList(dispatch: AppDispatch): Promise<void> {
  // Not subscribed: the answer stays cached for the screen, which subscribes when it mounts.
  await dispatch(clientsApi.endpoints.listClients.initiate(listArgs(initialListState, ''), { subscribe: false }));
}
