import type { AppDispatch } from '../../app/store.ts';
import { revokeSession } from '../../lib/refresh-session.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { authApi } from './auth-api.ts';
import { loginSuccess, logout } from '../session/index.ts';

/**
 * The first auth check on start (spec §4 Session): a live stored session restores the stored user,
 * or fetches the current user when none is stored; anything else logs out.
 */
export function restoreSession() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const accessToken = tokenStore.getAccessToken();
    if (!accessToken || !tokenStore.isAuthenticated()) {
      void revokeSession();
      tokenStore.clear();
      dispatch(logout());
      return;
    }
    const user = tokenStore.getUser();
    if (user) {
      dispatch(loginSuccess({ user, accessToken }));
      return;
    }
    const result = await dispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
    if (result.data) {
      tokenStore.setUser(result.data);
      dispatch(loginSuccess({ user: result.data, accessToken: tokenStore.getAccessToken() ?? accessToken }));
    } else {
      tokenStore.clear();
      dispatch(logout());
    }
  };
}
