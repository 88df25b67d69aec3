import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { taxSettingsMessages, type FirmRebalanceSettingsRecord } from '@meridian/domain/recommendations/tax-settings';
import { jsonResponse, renderScreen, sampleUser } from '../../test/test-utils.tsx';
import { stubServer } from '../../test/portfolios.fixtures.ts';
import { loginSuccess } from '../session/index.ts';
import { RebalanceSettingsSection } from './rebalance-settings-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const defaults: FirmRebalanceSettingsRecord = {
  rebalance_to: 'band_edge',
  min_benefit_ratio: 0,
  short_term_rate: 0.32,
  long_term_rate: 0.15,
  sync_version: 0,
  updated_at: null,
};

function open(role: 'admin' | 'advisor', answer: (body: unknown) => Response = () => jsonResponse(defaults)) {
  const calls = stubServer((url, { method, body }) =>
    url.pathname.endsWith('/recommendations/settings')
      ? method === 'PUT'
        ? answer(body)
        : jsonResponse(defaults)
      : jsonResponse({ detail: 'Not found' }, 404),
  );
  const { store } = renderScreen(<RebalanceSettingsSection readOnly={role !== 'admin'} />, { path: '/investment-policy' });
  act(() => void store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: role }, accessToken: 'access-1' })));
  return calls;
}

const puts = (calls: ReturnType<typeof open>) => calls.filter((call) => call.method === 'PUT');
const field = (label: string) => screen.getByRole('textbox', { name: label });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save rebalancing settings' }));

describe("the firm's rebalancing settings", () => {
  it('shows an advisor the settings without inputs', async () => {
    open('advisor');
    const section = within(await screen.findByTestId('rebalancing'));
    await waitFor(() => expect(section.getByText('To the edge of its band')).toBeInTheDocument());
    expect(section.getByText('No minimum')).toBeInTheDocument();
    expect(section.getByText('32 %')).toBeInTheDocument();
    expect(section.queryByRole('textbox')).toBeNull();
    expect(section.queryByRole('button', { name: 'Save rebalancing settings' })).toBeNull();
  });

  it("checks an admin's rate with the API's own message at the field, and sends nothing", async () => {
    const calls = open('admin');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tax rate on short-term gains' }), { target: { value: '70' } });
    save();
    await waitFor(() => expect(field('Tax rate on short-term gains')).toHaveAccessibleDescription(taxSettingsMessages.rateInvalid));
    expect(field('Tax rate on short-term gains')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Tax rate on long-term gains')).toHaveAttribute('aria-invalid', 'false');
    expect(puts(calls)).toEqual([]);
  });

  it("shows the server's 422 message under the field it names", async () => {
    const calls = open('admin', () =>
      jsonResponse({ detail: [{ loc: ['body', 'min_benefit_ratio'], msg: taxSettingsMessages.benefitRatioInvalid, type: 'custom' }] }, 422),
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Least drift cured per dollar of tax' }), { target: { value: '5' } });
    save();
    await waitFor(() =>
      expect(field('Least drift cured per dollar of tax')).toHaveAccessibleDescription(taxSettingsMessages.benefitRatioInvalid),
    );
    expect(puts(calls)).toHaveLength(1);
  });

  it("saves an admin's edits as fractions at the version read; after a 409 keeps them on the current version", async () => {
    // Someone else saved meanwhile: back to the target, long-term rate 20 %, version 1.
    const current: FirmRebalanceSettingsRecord = { ...defaults, rebalance_to: 'target', long_term_rate: 0.2, sync_version: 1 };
    const answers = [
      () => jsonResponse({ detail: taxSettingsMessages.firmChanged, current }, 409),
      (body: unknown) => jsonResponse({ ...(body as object), sync_version: 2, updated_at: '2026-03-02T10:00:00.000Z' }),
    ];
    const calls = open('admin', (body) => answers.shift()!(body));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tax rate on short-term gains' }), { target: { value: '35' } });
    fireEvent.change(field('Least drift cured per dollar of tax'), { target: { value: '2.5' } });
    save();
    const conflict = await screen.findByTestId('rebalancing-conflict');
    expect(conflict.textContent).toContain(taxSettingsMessages.firmChanged);
    expect(within(screen.getByTestId('rebalancing-conflict-current')).getByText('Back to its target')).toBeInTheDocument();
    // The user's two edits stay; the fields they left take the current version.
    expect(field('Tax rate on short-term gains')).toHaveValue('35');
    expect(field('Least drift cured per dollar of tax')).toHaveValue('2.5');
    expect(field('Tax rate on long-term gains')).toHaveValue('20');
    save();
    await screen.findByText('The rebalancing settings are saved.');
    const [first, second] = puts(calls).map((call) => call.body as Record<string, number | string>);
    expect(first).toMatchObject({ rebalance_to: 'band_edge', min_benefit_ratio: 2.5, long_term_rate: 0.15, sync_version: 0 });
    expect(first!.short_term_rate).toBeCloseTo(0.35, 12);
    expect(second).toMatchObject({ rebalance_to: 'target', min_benefit_ratio: 2.5, long_term_rate: 0.2, sync_version: 1 });
    expect(second!.short_term_rate).toBeCloseTo(0.35, 12);
  });
});
