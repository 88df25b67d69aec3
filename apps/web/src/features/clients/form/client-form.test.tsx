import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdvisorListResponse } from '@meridian/domain/users/advisors';
import type { User } from '@meridian/domain/auth/contracts';
import { clientMessages, messages } from '@meridian/domain/shared/messages';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { loginSuccess } from '../../session/index.ts';
import { sampleClient, stubServer } from '../../../test/clients.fixtures.ts';
import { ClientEditPage } from './client-edit-page.tsx';
import { ClientNewPage } from './client-new-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function signIn(result: ReturnType<typeof renderScreen>, user: User = sampleUser) {
  act(() => void result.store.dispatch(loginSuccess({ user, accessToken: 'access-1' })));
  return result;
}

const alexId = '22222222-2222-4222-8222-222222222222';
const priyaId = '33333333-3333-4333-8333-333333333333';
const adminUser: User = {
  ...sampleUser,
  id: '44444444-4444-4444-8444-444444444444',
  email: 'admin@summitridge.example',
  first_name: 'Morgan',
  last_name: 'Reyes',
  role_name: 'admin',
};
const firmAdvisors: AdvisorListResponse = {
  advisors: [
    { id: alexId, first_name: 'Alex', last_name: 'Chen', email: 'alex.chen@summitridge.example', client_count: 12 },
    { id: priyaId, first_name: 'Priya', last_name: 'Patel', email: 'priya.patel@summitridge.example', client_count: 1 },
  ],
  total: 2,
  page: 1,
  per_page: 100,
  pages: 1,
};
const isAdvisorList = (url: URL) => url.pathname.endsWith('/users/advisors');
const advisorSelect = () => screen.getByRole('combobox', { name: /^Advisor/ });
const chooseAdvisor = async (name: RegExp) => {
  fireEvent.mouseDown(advisorSelect());
  fireEvent.click(await screen.findByRole('option', { name }));
};

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
    expect(await screen.findByText(messages.firstNameRequired)).toBeVisible();
    expect(screen.getByText(messages.lastNameRequired)).toBeVisible();
    expect(screen.getByText(messages.emailInvalid)).toBeVisible();
    expect(screen.getByText(clientMessages.netWorthNegative)).toBeVisible();
    expect(screen.getByText(clientMessages.birthDateNotPast)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates the client with numbers and nulls as the API reads them, then opens its profile', async () => {
    const calls = stubServer((_url, call) =>
      call.method === 'POST' ? jsonResponse(sampleClient({ id: 'new-id' }), 201) : jsonResponse({}),
    );
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }));
    type(/^First Name/, 'Dana');
    type(/^Last Name/, 'Whitfield');
    type(/^Email/, 'dana@example.com');
    type(/^Net Worth/, '2500000');
    fireEvent.click(screen.getByRole('button', { name: text.saveNew }));
    await waitFor(() => expect(location()).toBe('/clients/new-id/profile'));
    const body = JSON.parse(calls.find((call) => call.method === 'POST')!.body!);
    expect(body).toMatchObject({
      first_name: 'Dana',
      last_name: 'Whitfield',
      email: 'dana@example.com',
      net_worth: 2_500_000,
      phone: null,
      // A new client is not assessed: no band is sent, never Moderate by default.
      risk_band: null,
    });
    expect(body).not.toHaveProperty('risk_capacity');
    expect(screen.queryByText(text.unsavedTitle)).toBeNull();
  });

  it('sets the band only with a reason: refused under the field without one, sent with it', async () => {
    const calls = stubServer((_url, call) =>
      call.method === 'POST' ? jsonResponse(sampleClient({ id: 'new-id' }), 201) : jsonResponse({}),
    );
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }));
    type(/^First Name/, 'Dana');
    type(/^Last Name/, 'Whitfield');
    type(/^Email/, 'dana@example.com');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Risk Band' }));
    expect(await screen.findByRole('option', { name: 'Not assessed', selected: true })).toBeVisible();
    fireEvent.click(await screen.findByRole('option', { name: 'Moderately aggressive' }));
    fireEvent.click(screen.getByRole('button', { name: text.saveNew }));
    expect(await screen.findByText(clientMessages.riskBandReasonRequired)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    type(/^Reason for the band/, 'Long horizon; questionnaire booked.');
    fireEvent.click(screen.getByRole('button', { name: text.saveNew }));
    await waitFor(() => expect(location()).toBe('/clients/new-id/profile'));
    const body = JSON.parse(calls.find((call) => call.method === 'POST')!.body!);
    expect(body).toMatchObject({ risk_band: 'moderately_aggressive', risk_band_reason: 'Long horizon; questionnaire booked.' });
  });

  it('asks before leaving with unsaved changes, and stays or leaves as chosen', async () => {
    stubServer(() => jsonResponse({}));
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }));
    // Untouched: Cancel leaves at once.
    type(/^First Name/, 'Dana');
    fireEvent.click(screen.getByRole('button', { name: text.cancel }));
    expect(await screen.findByText(text.unsavedTitle)).toBeVisible();
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

  it("lets an admin choose among the firm's advisors and sends the chosen advisor_id", async () => {
    const calls = stubServer((url, call) => {
      if (isAdvisorList(url)) return jsonResponse(firmAdvisors);
      return call.method === 'POST' ? jsonResponse(sampleClient({ id: 'new-id', advisor_id: priyaId }), 201) : jsonResponse({});
    });
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }), adminUser);
    type(/^First Name/, 'Dana');
    type(/^Last Name/, 'Whitfield');
    type(/^Email/, 'dana@example.com');
    fireEvent.click(screen.getByRole('button', { name: text.saveNew }));
    expect(await screen.findByText(clientMessages.advisorRequired)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.mouseDown(advisorSelect());
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Alex Chen (12 clients)', 'Priya Patel (1 client)']);
    // The whole firm on one page.
    expect(calls.find((call) => isAdvisorList(call.url))?.url.searchParams.get('per_page')).toBe('100');
    fireEvent.click(options[1]!);
    await waitFor(() => expect(screen.queryByText(clientMessages.advisorRequired)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: text.saveNew }));
    await waitFor(() => expect(location()).toBe('/clients/new-id/profile'));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body!)).toMatchObject({ first_name: 'Dana', advisor_id: priyaId });
  });

  it("shows the server's advisor_id message under the advisor field", async () => {
    stubServer((url, call) => {
      if (isAdvisorList(url)) return jsonResponse(firmAdvisors);
      if (call.method !== 'POST') return jsonResponse({});
      const issue = { type: 'custom', loc: ['body', 'advisor_id'], msg: clientMessages.advisorNotInFirm, input: priyaId, ctx: {} };
      return jsonResponse({ detail: [issue] }, 422);
    });
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }), adminUser);
    type(/^First Name/, 'Dana');
    type(/^Last Name/, 'Whitfield');
    type(/^Email/, 'dana@example.com');
    await chooseAdvisor(/^Priya Patel/);
    fireEvent.click(screen.getByRole('button', { name: text.saveNew }));
    const message = await screen.findByText(clientMessages.advisorNotInFirm);
    expect(message.id).toBe('client-advisor-helper-text');
    expect(location()).toBe('/clients/new');
  });

  it("preselects the client's advisor for an admin editing, and sends the new choice", async () => {
    const client = sampleClient({ advisor_id: alexId });
    const calls = stubServer((url, call) => {
      if (isAdvisorList(url)) return jsonResponse(firmAdvisors);
      return jsonResponse(call.method === 'PUT' ? { ...client, advisor_id: priyaId, sync_version: 4 } : client);
    });
    signIn(renderScreen(<ClientEditPage />, { path: '/clients/:clientId/edit', at: `/clients/${client.id}/edit` }), adminUser);
    await waitFor(() => expect(advisorSelect().textContent).toBe('Alex Chen (12 clients)'));
    await chooseAdvisor(/^Priya Patel/);
    fireEvent.click(screen.getByRole('button', { name: text.saveEdit }));
    await waitFor(() => expect(location()).toBe(`/clients/${client.id}/profile`));
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body!)).toMatchObject({ advisor_id: priyaId, sync_version: 3 });
  });

  it('shows an advisor their own name, read-only, and sends no advisor_id', async () => {
    const calls = stubServer((_url, call) =>
      call.method === 'POST' ? jsonResponse(sampleClient({ id: 'new-id' }), 201) : jsonResponse({}),
    );
    signIn(renderScreen(<ClientNewPage />, { path: '/clients/new' }));
    expect(field(/^Advisor/).value).toBe('Alex Chen');
    expect(field(/^Advisor/).readOnly).toBe(true);
    expect(screen.queryByRole('combobox', { name: /^Advisor/ })).toBeNull();
    type(/^First Name/, 'Dana');
    type(/^Last Name/, 'Whitfield');
    type(/^Email/, 'dana@example.com');
    fireEvent.click(screen.getByRole('button', { name: text.saveNew }));
    await waitFor(() => expect(location()).toBe('/clients/new-id/profile'));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body!)).not.toHaveProperty('advisor_id');
    expect(calls.some((call) => isAdvisorList(call.url))).toBe(false);
  });
});
