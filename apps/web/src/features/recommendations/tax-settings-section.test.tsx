import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientTaxSettings } from '@meridian/domain/recommendations/tax-settings';
import { taxSettingsMessages } from '@meridian/domain/recommendations/tax-settings';
import { stubServer } from '../../test/portfolios.fixtures.ts';
import { clientId, sampleDetails, sampleRecommendation } from '../../test/recommendations.fixtures.ts';
import { jsonResponse, renderScreen } from '../../test/test-utils.tsx';
import { RecommendationDetails } from './recommendation-details.tsx';
import { TaxSettingsSection } from './tax-settings-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const settings: ClientTaxSettings = {
  client_id: clientId,
  annual_gain_budget: 10_000,
  hold_list: [{ security_id: 'sec-iau', symbol: 'IAU', name: 'iShares Gold Trust' }],
  restricted: [],
  gains_year_to_date: 2500,
  tax_year: 2026,
  sync_version: 3,
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('tax settings on the recommendations panel', () => {
  it('shows the gain budget with this year’s realised gains and the lists, and saves them with the version shown', async () => {
    const calls = stubServer((url, init) => {
      if (init.method === 'PUT') return jsonResponse({ ...settings, ...(init.body as object), hold_list: [], sync_version: 4 });
      return jsonResponse(settings);
    });
    renderScreen(<TaxSettingsSection clientId={clientId} readOnly={false} />);
    expect((await screen.findByTestId('tax-settings')).textContent).toContain(
      'Tax settings: gain budget $10,000 a year ($2,500 realised in 2026) · hold: IAU · restricted: none',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit tax settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tax settings' });
    const budget = within(dialog).getByLabelText('Realised-gain budget per tax year ($)');
    // A negative budget is refused with the server's message, and nothing is sent.
    fireEvent.change(budget, { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(taxSettingsMessages.gainBudgetInvalid)).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    fireEvent.change(budget, { target: { value: '12,500' } });
    fireEvent.click(within(within(dialog).getByTestId(/hold-chips$/)).getByTestId('CancelIcon'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      annual_gain_budget: 12_500,
      hold_security_ids: [],
      restricted_security_ids: [],
      sync_version: 3,
    });
  });

  it('offers no editing to a client user', async () => {
    stubServer(() => jsonResponse({ ...settings, annual_gain_budget: null }));
    renderScreen(<TaxSettingsSection clientId={clientId} readOnly />);
    expect((await screen.findByTestId('tax-settings')).textContent).toContain('no gain budget');
    expect(screen.queryByRole('button', { name: 'Edit tax settings' })).toBeNull();
  });
});

describe("a proposal's tax against its drift", () => {
  it('says what the trades cost in tax, the drift they cure, the budget left, what was held back and any disallowed loss', () => {
    const recommendation = sampleRecommendation({
      details: sampleDetails({
        drift: { before: 0.4, after: 0.35, band: 0.05 },
        tax: {
          treatment: 'taxable',
          estimated_tax: 150,
          rates: { short: 0.32, long: 0.15 },
          gain_budget: 1000,
          gains_year_to_date: 0,
          budget_left: 0,
          disallowed_loss: 600,
          rebalance_to: 'band_edge',
        },
        held_back: [{ security_id: 'sec-vti', symbol: 'VTI', side: 'sell', reason: 'gain_budget', amount: 30_000 }],
      }),
    });
    renderScreen(<RecommendationDetails recommendation={recommendation} />);
    expect(screen.getByTestId('tax-versus-drift').textContent).toBe(
      'Estimated tax $150.00 to bring the largest drift from 40.00% to 35.00% (at 15.00% long-term, 32.00% short-term). ' +
        "Gain budget $1,000.00 a year: $0.00 already used (realised this year or in the client's other open proposals), $0.00 left after these trades. Trades stop at the edge of the band.",
    );
    expect(screen.getByTestId('held-back').textContent).toContain(
      'VTI: $30,000.00 of its overweight kept within the gain budget ($0.00 left this year)',
    );
    expect(screen.getByTestId('wash-sale-disallowed').textContent).toContain('$600.00 of the losses is disallowed');
  });

  it('calls a Roth tax-free, never tax-deferred, and shows no tax figure', () => {
    const recommendation = sampleRecommendation({
      details: sampleDetails({
        tax_deferred: false,
        tax: {
          treatment: 'tax_free',
          estimated_tax: 0,
          rates: { short: 0, long: 0 },
          gain_budget: null,
          gains_year_to_date: 0,
          budget_left: null,
          disallowed_loss: 0,
          rebalance_to: 'target',
        },
      }),
    });
    renderScreen(<RecommendationDetails recommendation={recommendation} />);
    expect(screen.getByText('Tax-free account: the realised gains are never taxed.')).toBeVisible();
    expect(screen.queryByText(/tax-deferred/i)).toBeNull();
    expect(screen.queryByTestId('tax-versus-drift')).toBeNull();
  });
});
