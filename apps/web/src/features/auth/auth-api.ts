import type {
  ChangePasswordRequest,
  ConfirmRegistrationRequest,
  LoginResponse,
  RegisterRequest,
  SignInResponse,
  TwoFactorSetupResponse,
  User,
  VerifyTwoFactorRequest,
  VerifyTwoFactorResponse,
} from '@meridian/domain/auth/contracts';
import { api } from '../../app/api.ts';

type Credentials = { email: string; password: string };
type ResetConfirm = { token: string; new_password: string; confirm_password: string };
type Detail = { detail: string };

/** Auth calls of spec §7. Calls whose 401 means "wrong credentials" skip the renewal. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: { skipReauth: true },
    }),
    /** Answers with where the link that creates the account was sent (the same for a taken address). */
    register: build.mutation<Detail, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      extraOptions: { skipReauth: true },
    }),
    /** Opens the e-mailed registration link: creates the account and signs in. */
    confirmRegistration: build.mutation<SignInResponse, ConfirmRegistrationRequest>({
      query: (body) => ({ url: '/auth/confirm-registration', method: 'POST', body }),
      extraOptions: { skipReauth: true },
    }),
    getMe: build.query<User, void>({
      query: () => '/users/me',
      providesTags: ['Me'],
    }),
    changePassword: build.mutation<User, ChangePasswordRequest>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    setupTwoFactor: build.mutation<TwoFactorSetupResponse, void>({
      query: () => ({ url: '/auth/setup-2fa', method: 'POST' }),
    }),
    /** Confirms a pending 2FA setup with the signed-in user's token. */
    confirmTwoFactorSetup: build.mutation<VerifyTwoFactorResponse, VerifyTwoFactorRequest>({
      query: (body) => ({ url: '/auth/verify-2fa', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    /** Completes a 2FA login with the challenge token as bearer. */
    verifyTwoFactorLogin: build.mutation<VerifyTwoFactorResponse, VerifyTwoFactorRequest & { challengeToken: string }>({
      query: ({ challengeToken, ...body }) => ({
        url: '/auth/verify-2fa',
        method: 'POST',
        body,
        headers: { Authorization: `Bearer ${challengeToken}` },
      }),
      extraOptions: { skipReauth: true },
    }),
    requestPasswordReset: build.mutation<Detail, { email: string }>({
      query: (body) => ({ url: '/auth/request-password-reset', method: 'POST', body }),
      extraOptions: { skipReauth: true },
    }),
    confirmPasswordReset: build.mutation<Detail, ResetConfirm>({
      query: (body) => ({ url: '/auth/confirm-password-reset', method: 'POST', body }),
      extraOptions: { skipReauth: true },
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useConfirmRegistrationMutation,
  useChangePasswordMutation,
  useSetupTwoFactorMutation,
  useConfirmTwoFactorSetupMutation,
  useVerifyTwoFactorLoginMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
} = authApi;
