import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@meridian/domain/shared/messages';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { RegisterPage } from './register-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const fields = {
  'First Name': 'Avery',
  'Last Name': 'Quinn',
  Email: 'avery.quinn@northpeak.example',
  Password: 'Northpeak#2026',
  'Confirm Password': 'Northpeak#2026',
};

function fillAndSubmit(values: Partial<typeof fields> = fields) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

/** A fetch stub answering every call with `response`; returns the JSON bodies it was sent. */
function stubFetch(response: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      bodies.push(await input.clone().json());
      return response();
    }),
  );
  return bodies;
}

describe('register screen', () => {
  it("says 'Check Your Email' with the server's answer instead of signing in", async () => {
    const detail = messages.registrationLinkSent(fields.Email);
    const bodies = stubFetch(() => jsonResponse({ detail }, 202));
    const { store } = renderScreen(<RegisterPage />, { path: '/register' });
    fillAndSubmit();
    expect(await screen.findByText('Check Your Email')).toBeVisible();
    expect(screen.getByRole('alert').textContent).toContain(detail);
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Already have an account? Sign In' }).getAttribute('href')).toBe('/login');
    expect(bodies).toEqual([{ email: fields.Email, password: fields.Password, first_name: 'Avery', last_name: 'Quinn', role: 'client' }]);
    expect(screen.getByTestId('location').textContent).toBe('/register');
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('lists the rules of an empty form without calling the server', async () => {
    const bodies = stubFetch(() => jsonResponse({}, 500));
    renderScreen(<RegisterPage />, { path: '/register' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of [messages.firstNameRequired, messages.lastNameRequired, messages.emailRequired, messages.passwordRequired]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(bodies).toEqual([]);
  });

  it("shows the server's validation messages, else the spec's default", async () => {
    let answer = jsonResponse({ detail: [{ type: 'custom', loc: ['body', 'email'], msg: messages.emailTooLong, input: 'x' }] }, 422);
    stubFetch(() => answer);
    renderScreen(<RegisterPage />, { path: '/register' });
    fillAndSubmit();
    expect(await screen.findByText(messages.emailTooLong)).toBeVisible();
    answer = new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(messages.registerFailed)).toBeVisible();
  });

  it('says the server is unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderScreen(<RegisterPage />, { path: '/register' });
    fillAndSubmit();
    expect(await screen.findByText(messages.networkError)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeVisible());
  });
});
