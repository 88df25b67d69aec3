import type { User } from '@meridian/domain/auth/contracts';
import type { AppDispatch } from '../../app/store.ts';
import { tokenStore, type SignedInSession } from '../../lib/token-store.ts';
import { loginSuccess, userUpdated } from '../session/index.ts';

/** Stores the tokens, user and expiry, drops any 2FA challenge, and marks the user signed in. */
export function completeSignIn(dispatch: AppDispatch, signIn: SignedInSession, remember: boolean): void {
  tokenStore.saveSession(signIn, remember);
  tokenStore.clearChallenge();
  dispatch(loginSuccess({ user: signIn.user, accessToken: signIn.access_token }));
}

/** Keeps the stored user and the state's user in step after a change (password, 2FA). */
export function storeUser(dispatch: AppDispatch, user: User): void {
  tokenStore.setUser(user);
  dispatch(userUpdated(user));
}
