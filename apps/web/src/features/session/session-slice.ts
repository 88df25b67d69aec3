import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@meridian/domain/auth/contracts';

type AuthState = {
  user: User | null;
  isAuthenticated: boolean;
  /** True until the first auth check completes, and while a sign-in is in progress. */
  isLoading: boolean;
  error: string | null;
  accessToken: string | null;
  /** Why the app signed the user out (e.g. the session expired), shown on the sign-in page. */
  notice: string | null;
};

const initialState: AuthState = {
  user: null,
  isAuthenticated: false,
  isLoading: true,
  error: null,
  accessToken: null,
  notice: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loginStart(state) {
      state.isLoading = true;
      state.error = null;
      state.notice = null;
    },
    loginSuccess(state, action: PayloadAction<{ user: User; accessToken: string }>) {
      state.isAuthenticated = true;
      state.isLoading = false;
      state.user = action.payload.user;
      state.accessToken = action.payload.accessToken;
      state.error = null;
    },
    loginFailure(state, action: PayloadAction<string>) {
      state.user = null;
      state.accessToken = null;
      state.isAuthenticated = false;
      state.isLoading = false;
      state.error = action.payload;
    },
    /** The password step passed but a 2FA code is still needed: nobody is signed in yet. */
    twoFactorPending(state) {
      state.isLoading = false;
      state.error = null;
    },
    logout(state, action: PayloadAction<{ notice: string } | undefined>) {
      state.notice = action.payload?.notice ?? null;
      state.user = null;
      state.accessToken = null;
      state.error = null;
      state.isAuthenticated = false;
      state.isLoading = false;
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    tokenRefreshed(state, action: PayloadAction<string>) {
      state.accessToken = action.payload;
    },
    clearAuthError(state) {
      state.error = null;
    },
  },
});

export const { loginStart, loginSuccess, loginFailure, twoFactorPending, logout, userUpdated, tokenRefreshed, clearAuthError } =
  authSlice.actions;
