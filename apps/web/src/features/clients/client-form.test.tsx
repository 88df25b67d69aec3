import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientMessages, messages } from '@meridian/domain/messages';
import { clientScreenMessages as text } from '@meridian/domain/client-screen-messages';
import { jsonResponse, renderScreen, sampleUser } from '../../test-utils.tsx';
import { loginSuccess } from '../auth/auth-slice.ts';
import { ClientEditPage } from './client-edit-page.tsx';
import { ClientNewPage } from './client-new-page.tsx';
import { sampleClient, stubServer } from './client-test-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function signIn(result: ReturnType<typeof renderScreen>) {
  act(() => void result.store.dispatch(loginSuccess({ user: sampleUser, accessToken: 'access-1' })));
  return result;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const location = () => screen.getByTestId('location').textContent;

describe('client form', () => {
  it("shows the shared schema's messages under the fields and sends nothing", async () => {
    const calls = stubServer(() => jsonResponse({}));
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }));
    type(/^Email/, 'not-an-address');
    type(/^Net Worth/, '-5');
    type(/^Birth Date/, '2999-01-01');
    fireEvent.click(screen.getByRole('button', { name: text.saveNew }));
    expect(await screen.findByText(messages.firstNameRequired)).toBeDefined();
    expect(screen.getByText(messages.lastNameRequired)).toBeDefined();
    expect(screen.getByText(messages.emailInvalid)).toBeDefined();
    expect(screen.getByText(clientMessages.netWorthNegative)).toBeDefined();
    expect(screen.getByText(clientMessages.birthDateNotPast)).toBeDefined();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates the client with numbers and nulls as the API reads them, then opens its profile', async () => {
    const calls = stubServer((_url, call) => (call.method === 'POST' ? jsonResponse(sampleClient({ id: 'new-id' }), 201) : jsonResponse({})));
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }));
    type(/^First Name/, 'Dana');
    type(/^Last Name/, 'Whitfield');
    type(/^Email/, 'dana@example.com');
    type(/^Net Worth/, '2500000');
    fireEvent.click(screen.getByRole('button', { name: text.saveNew }));
    await waitFor(() => expect(location()).toBe('/clients/new-id/profile'));
    const body = JSON.parse(calls.find((call) => call.method === 'POST')!.body!);
    expect(body).toMatchObject({ first_name: 'Dana', last_name: 'Whitfield', email: 'dana@example.com', net_worth: 2_500_000, phone: null, risk_capacity: null });
    expect(screen.queryByText(text.unsavedTitle)).toBeNull();
  });

  it('asks before leaving with unsaved changes, and stays or leaves as chosen', async () => {
    stubServer(() => jsonResponse({}));
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }));
    // Untouched: Cancel leaves at once.
    type(/^First Name/, 'Dana');
    fireEvent.click(screen.getByRole('button', { name: text.cancel }));
    expect(await screen.findByText(text.unsavedTitle)).toBeDefined();
    expect(location()).toBe('/clients/new');
    fireEvent.click(screen.getByRole('button', { name: text.stay }));
    await waitFor(() => expect(screen.queryByText(text.unsavedTitle)).toBeNull());
    expect(field(/^First Name/).value).toBe('Dana');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: text.cancel }));
    fireEvent.click(await screen.findByRole('button', { name: text.discard }));
    await waitFor(() => expect(location()).toBe('/clients'));
  });

  it('does not ask when nothing changed', async () => {
    stubServer(() => jsonResponse({}));
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }));
    fireEvent.click(screen.getByRole('button', { name: text.cancel }));
    await waitFor(() => expect(location()).toBe('/clients'));
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });

  it('edits with the version read; on 409 shows the current values and reloads them', async () => {
    const current = sampleClient({ first_name: 'Danielle', sync_version: 4, updated_at: '2026-03-15T10:00:00.000Z' });
    const calls = stubServer((url, call) => {
      if (call.method === 'PUT') return jsonResponse({ detail: clientMessages.clientChanged, current }, 409);
      return jsonResponse(sampleClient());
    });
    signIn(renderScreen(<ClientEditPage />, { path: '/clients/:clientId/edit', at: `/clients/${sampleClient().id}/edit` }));
    await waitFor(() => expect(field(/^First Name/).value).toBe('Dana'));
    expect(field(/^Advisor/).value).toBe('Alex Chen');
    type(/^Last Name/, 'Whitfield-Ray');
    fireEvent.click(screen.getByRole('button', { name: text.saveEdit }));
    const alert = await screen.findByTestId('conflict-alert');
    expect(alert.textContent).toContain(text.conflictTitle);
    expect(alert.textContent).toContain('Danielle Whitfield');
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body!)).toMatchObject({ last_name: 'Whitfield-Ray', sync_version: 3 });
    expect(location()).toBe(`/clients/${sampleClient().id}/edit`);

    fireEvent.click(screen.getByRole('button', { name: text.conflictReload }));
    await waitFor(() => expect(field(/^First Name/).value).toBe('Danielle'));
    expect(field(/^Last Name/).value).toBe('Whitfield');
    expect(screen.queryByTestId('conflict-alert')).toBeNull();
  });
});
