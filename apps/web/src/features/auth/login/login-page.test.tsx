import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { messages } from '@meridian/domain/shared/messages';
import { logout } from '../../session/index.ts';
import { LoginPage } from './login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const signIn = (user = sampleUser) => ({
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 900,
  user,
  two_factor_required: false,
});

describe('login screen', () => {
  it('shows its texts and links', () => {
    renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.getByText('Meridian')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    // Not remembered unless asked for.
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: "Don't have an account? Sign Up" }).getAttribute('href')).toBe('/register');
  });

  it('says why when the app signed the user out, until the next sign-in attempt', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Incorrect email or password' }, 401)),
    );
    const { store } = renderScreen(<LoginPage />, { path: '/login' });
    act(() => void store.dispatch(logout({ notice: messages.sessionExpired })));
    expect(screen.getByRole('alert').textContent).toBe('Session expired. Please log in again.');
    fillAndSubmit('alex.chen@summitridge.example', 'wrong');
    expect(await screen.findByText('Incorrect email or password')).toBeVisible();
    expect(screen.queryByText('Session expired. Please log in again.')).toBeNull();
    expect(store.getState().auth.notice).toBeNull();
  });

  it("says 'Email is required' and 'Password is required' on an empty submit", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('signs in, keeps the session in sessionStorage without Remember me, and goes to /dashboard', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(signIn())),
    );
    const { store } = renderScreen(<LoginPage />, { path: '/login' });
    fillAndSubmit('alex.chen@summitridge.example', 'Advisor#2026');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(sessionStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, accessToken: 'access-1' });
  });

  it('shows the server message when the credentials are wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Incorrect email or password' }, 401)),
    );
    renderScreen(<LoginPage />, { path: '/login' });
    fillAndSubmit('alex.chen@summitridge.example', 'wrong');
    expect(await screen.findByText('Incorrect email or password')).toBeVisible();
  });

  it('says the server is unreachable instead of signing in with fake data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderScreen(<LoginPage />, { path: '/login' });
    fillAndSubmit('alex.chen@summitridge.example', 'Advisor#2026');
    expect(await screen.findByText('Network error: Unable to reach the server')).toBeVisible();
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it('holds the challenge token and shows the 2FA verify screen when 2FA is on', async () => {
    const challenge = { ...signIn(), access_token: 'challenge', refresh_token: null, expires_in: 300, two_factor_required: true };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(challenge)),
    );
    renderScreen(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByLabelText('Remember me'));
    fillAndSubmit('alex.chen@summitridge.example', 'Advisor#2026');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/two-factor?mode=verify'));
    expect(localStorage.getItem('temp_access_token')).toBe('challenge');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('opens a change-password dialog that Escape does not close when the password must change', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(signIn({ ...sampleUser, password_must_change: true }))),
    );
    renderScreen(<LoginPage />, { path: '/login' });
    fillAndSubmit('newclient@summitridge.example', 'Welcome#2026');
    const dialog = await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeVisible();
    expect(screen.getByText('New password is required')).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
