// The signed-in session as other features see it: the store's `auth` slice and its actions.
export { clearAuthError, loginFailure, loginStart, loginSuccess, logout, twoFactorPending, userUpdated } from './session-slice.ts';
