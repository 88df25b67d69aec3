import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { Portfolio } from '@meridian/domain/portfolios/contracts';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { EditPortfolioDialog } from './edit-portfolio-dialog.tsx';
import { portfolioId, samplePortfolio, stubServer } from '../../../test/portfolios.fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

/** Someone else moved the portfolio to 'proposed' and renamed nothing: version 4. */
const theirs = samplePortfolio({ status: 'proposed', sync_version: 4, updated_at: '2026-02-01T00:00:00.000Z' });

/** The first save answers 409 with their version; later saves succeed. */
function conflictingServer() {
  let saves = 0;
  return stubServer((url, init) => {
    if (url.pathname.endsWith(`/portfolios/${portfolioId}`) && init.method === 'PUT') {
      saves += 1;
      if (saves === 1) return jsonResponse({ detail: portfolioMessages.portfolioChanged, current: theirs }, 409);
      return jsonResponse({ ...theirs, ...(init.body as Partial<Portfolio>), sync_version: 5 });
    }
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

async function editName(name: string, onClose = vi.fn()) {
  renderScreen(<EditPortfolioDialog portfolio={samplePortfolio()} onClose={onClose} />);
  const dialog = screen.getByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Portfolio name'), { target: { value: name } });
  fireEvent.click(within(dialog).getByText('Save'));
  await within(dialog).findByTestId('portfolio-conflict');
  return dialog;
}

describe('edit portfolio dialog: a stale version', () => {
  it('shows the current version, keeps the typed name, takes their status and saves on top of their version', async () => {
    const calls = conflictingServer();
    const onClose = vi.fn();
    const dialog = await editName('Lopez Income', onClose);
    const alert = within(dialog).getByTestId('portfolio-conflict');
    expect(alert.textContent).toContain(portfolioMessages.portfolioChanged);
    expect(within(alert).getByTestId('portfolio-conflict-current').textContent).toContain('StatusProposed');
    expect((within(dialog).getByLabelText('Portfolio name') as HTMLInputElement).value).toBe('Lopez Income');
    expect(within(dialog).getByText('Current version: Lopez Retirement')).toBeVisible();
    expect(within(dialog).getByText('Proposed', { selector: '#edit-portfolio-status' })).toBeVisible();

    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const saves = calls.filter((call) => call.method === 'PUT').map((call) => call.body);
    expect(saves).toEqual([
      {
        name: 'Lopez Income',
        account_type: 'roth_ira',
        status: 'active',
        benchmark_symbol: 'SPY',
        lot_method: 'fifo',
        margin_limit: null,
        sync_version: 3,
      },
      {
        name: 'Lopez Income',
        account_type: 'roth_ira',
        status: 'proposed',
        benchmark_symbol: 'SPY',
        lot_method: 'fifo',
        margin_limit: null,
        sync_version: 4,
      },
    ]);
  });

  it('starts again from the current version on request', async () => {
    conflictingServer();
    const dialog = await editName('Lopez Income');
    fireEvent.click(within(dialog).getByText('Use current version'));
    expect(within(dialog).queryByTestId('portfolio-conflict')).toBeNull();
    expect((within(dialog).getByLabelText('Portfolio name') as HTMLInputElement).value).toBe('Lopez Retirement');
    expect(within(dialog).getByText('Proposed', { selector: '#edit-portfolio-status' })).toBeVisible();
  });
});

describe('edit portfolio dialog: tax lots', () => {
  it('shows the lot method and saves highest cost first when chosen', async () => {
    const calls = stubServer((_url, init) => jsonResponse({ ...samplePortfolio(), ...(init.body as Partial<Portfolio>), sync_version: 4 }));
    const onClose = vi.fn();
    renderScreen(<EditPortfolioDialog portfolio={samplePortfolio()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('First in, first out (FIFO)')).toBeVisible();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Tax lots sold' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Highest cost first (HIFO)' }));
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => (call.body as { lot_method: string }).lot_method)).toEqual(['hifo']);
  });
});

describe('edit portfolio dialog: margin', () => {
  const open = (portfolio = samplePortfolio()) => {
    const calls = stubServer((_url, init) => jsonResponse({ ...samplePortfolio(), ...(init.body as Partial<Portfolio>), sync_version: 4 }));
    const onClose = vi.fn();
    renderScreen(<EditPortfolioDialog portfolio={portfolio} onClose={onClose} />);
    return { calls, onClose, dialog: screen.getByRole('dialog') };
  };
  const saved = (calls: Array<{ method: string; body: unknown }>) =>
    calls.filter((call) => call.method === 'PUT').map((call) => (call.body as { margin_limit: number | null }).margin_limit);

  it('saves a margin limit typed with dollars and commas', async () => {
    const { calls, onClose, dialog } = open(samplePortfolio({ margin_limit: 5000 }));
    const field = within(dialog).getByLabelText('Margin limit') as HTMLInputElement;
    expect(field.value).toBe('5000');
    fireEvent.change(field, { target: { value: '$25,000.50' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved(calls)).toEqual([25_000.5]);
  });

  it('saves an emptied margin limit as no margin (null)', async () => {
    const { calls, onClose, dialog } = open(samplePortfolio({ margin_limit: 5000 }));
    fireEvent.change(within(dialog).getByLabelText('Margin limit'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved(calls)).toEqual([null]);
  });

  it.each([['-1'], ['100000001'], ['lots']])('refuses %s with the shared message and sends nothing', async (typed) => {
    const { calls, onClose, dialog } = open();
    fireEvent.change(within(dialog).getByLabelText('Margin limit'), { target: { value: typed } });
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText(portfolioMessages.marginLimitInvalid)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(saved(calls)).toEqual([]);
  });
});
