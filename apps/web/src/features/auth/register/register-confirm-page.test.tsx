import { configure, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { jsonResponse, renderScreen, requestUrl, sampleUser } from '../../../test/test-utils.tsx';
import { RegisterConfirmPage } from './register-confirm-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const signIn = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 900,
  user: sampleUser,
  two_factor_required: false,
};

/** A fetch stub answering every call with `response`; records the address and JSON body of each. */
function stubFetch(response: () => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      calls.push({ url: requestUrl(input), body: await input.clone().json() });
      return response();
    }),
  );
  return calls;
}

// Under StrictMode, as in the app, development runs effects twice: the one-use token must still be sent once.
beforeAll(() => configure({ reactStrictMode: true }));
afterAll(() => configure({ reactStrictMode: false }));

const renderAt = (at: string) => renderScreen(<RegisterConfirmPage />, { path: '/register/confirm', at });

describe('registration link screen', () => {
  it('sends the token once, signs the new user in and goes to /dashboard', async () => {
    const calls = stubFetch(() => jsonResponse(signIn, 201));
    const { store } = renderAt('/register/confirm?token=abc-123_x');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(calls).toEqual([{ url: expect.stringMatching(/\/api\/v1\/auth\/confirm-registration$/), body: { token: 'abc-123_x' } }]);
    expect(sessionStorage.getItem('access_token')).toBe('access-1');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, accessToken: 'access-1' });
  });

  it("shows the server's refusal with a way back to /register", async () => {
    stubFetch(() => jsonResponse({ detail: messages.invalidRegistrationLink }, 400));
    renderAt('/register/confirm?token=used');
    expect(await screen.findByText(messages.invalidRegistrationLink)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('location').textContent).toBe('/register/confirm?token=used');
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it("falls back to the spec's registration message when the server gives none", async () => {
    stubFetch(() => new Response('', { status: 500 }));
    renderAt('/register/confirm?token=abc');
    expect(await screen.findByText(messages.registerFailed)).toBeVisible();
  });

  it('refuses a link without a token without calling the server', () => {
    const calls = stubFetch(() => jsonResponse(signIn, 201));
    renderAt('/register/confirm');
    expect(screen.getByText(messages.invalidRegistrationLink)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Register again' })).toBeVisible();
    expect(calls).toEqual([]);
  });
});
