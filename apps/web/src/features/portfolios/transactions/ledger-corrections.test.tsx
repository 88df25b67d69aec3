import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { Transaction } from '@meridian/domain/portfolios/transaction-contracts';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { portfolioId, samplePortfolio, stubServer } from '../../../test/portfolios.fixtures.ts';
import { RecordTransactionDialog } from './record-transaction-dialog.tsx';
import { TransactionsPanel } from './transactions-panel.tsx';
import { VoidTransactionDialog } from './void-transaction-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const entry = (overrides: Partial<Transaction> = {}): Transaction => ({
  id: 't-buy',
  portfolio_id: portfolioId,
  type: 'buy',
  trade_date: '2026-11-03',
  security: { id: '44444444-4444-4444-8444-444444444441', symbol: 'AAPL', name: 'Apple Inc.' },
  quantity: 10,
  price: 100,
  amount: -1000,
  notes: 'Rebalance',
  created_by: 'u-alex',
  created_at: '2026-11-03T15:00:00.000Z',
  void: null,
  replaces_id: null,
  sync_version: 1,
  ...overrides,
});

/** Records the request headers too: the Idempotency-Key goes with every void and correction. */
function serve(answer: (url: URL) => Response) {
  const headers: Array<Headers> = [];
  const calls = stubServer((url) => answer(url));
  const stubbed = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request) headers.push(input.headers);
      return stubbed(input, init);
    }),
  );
  return { calls, headers };
}

describe('void entry dialog', () => {
  it('requires a reason and sends nothing without one', async () => {
    const { calls } = serve(() => jsonResponse(entry()));
    renderScreen(<VoidTransactionDialog portfolio={samplePortfolio()} entry={entry()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Void entry' });
    expect(within(dialog).getByText('Buy of 10 AAPL on Nov 3, 2026 (-$1,000.00)')).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void entry' }));
    expect(await within(dialog).findByText(portfolioMessages.voidReasonRequired)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("sends the reason with the entry's version and an Idempotency-Key, and closes", async () => {
    const { calls, headers } = serve(() => jsonResponse(entry({ sync_version: 2 })));
    const onClose = vi.fn();
    renderScreen(<VoidTransactionDialog portfolio={samplePortfolio()} entry={entry()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Void entry' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Entered twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void entry' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/v1/portfolios/${portfolioId}/transactions/t-buy/void`);
    expect(post?.body).toEqual({ reason: 'Entered twice', sync_version: 1 });
    expect(headers.some((sent) => (sent.get('Idempotency-Key') ?? '').length > 8)).toBe(true);
  });

  it("shows the server's refusal (a later sell left uncovered) and stays open", async () => {
    const refusal = 'Voiding this buy would leave the sell of 5 AAPL on 2026-11-10 uncovered: no shares would be held then.';
    serve(() => jsonResponse({ detail: refusal }, 422));
    const onClose = vi.fn();
    renderScreen(<VoidTransactionDialog portfolio={samplePortfolio()} entry={entry()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Void entry' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Wrong account' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void entry' }));
    expect(await within(dialog).findByText(refusal)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('correct entry dialog', () => {
  it('pre-fills the entry, requires a reason, and sends the corrected entry with it', async () => {
    const { calls } = serve(() => jsonResponse({ voided: entry(), replacement: entry({ id: 't-new', quantity: 8 }) }));
    const onClose = vi.fn();
    renderScreen(<RecordTransactionDialog portfolio={samplePortfolio()} correcting={entry()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Correct entry' });
    expect((within(dialog).getByLabelText('Quantity') as HTMLInputElement).value).toBe('10');
    expect((within(dialog).getByLabelText('Price per share') as HTMLInputElement).value).toBe('100');
    expect((within(dialog).getByLabelText('Trade date') as HTMLInputElement).value).toBe('2026-11-03');
    expect((within(dialog).getByLabelText('Notes (optional)') as HTMLInputElement).value).toBe('Rebalance');

    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByText(portfolioMessages.voidReasonRequired)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Bought 8, not 10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe(`/api/v1/portfolios/${portfolioId}/transactions/t-buy/correct`);
    expect(post?.body).toEqual({
      type: 'buy',
      trade_date: '2026-11-03',
      security_id: '44444444-4444-4444-8444-444444444441',
      quantity: 8,
      price: 100,
      amount: null,
      notes: 'Rebalance',
      reason: 'Bought 8, not 10',
      sync_version: 1,
    });
  });

  it('checks the corrected entry as a new one: a withdrawal needs its amount', async () => {
    const { calls } = serve(() => jsonResponse({}));
    const withdrawal = entry({ type: 'withdrawal', security: null, quantity: null, price: null, amount: -500 });
    renderScreen(<RecordTransactionDialog portfolio={samplePortfolio()} correcting={withdrawal} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Correct entry' });
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('500');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Typo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByText(portfolioMessages.amountRequired)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('transactions panel: void entries', () => {
  const voided = entry({
    id: 't-void',
    type: 'fee',
    security: null,
    quantity: null,
    price: null,
    amount: -25,
    void: { at: '2026-11-04T10:00:00.000Z', by: { id: 'u-alex', name: 'Alex Chen' }, reason: 'Entered twice' },
    sync_version: 2,
  });
  const ledger = (url: URL) => {
    const hide = url.searchParams.get('include_void') === 'false';
    const rows = hide ? [entry()] : [voided, entry()];
    return jsonResponse({ transactions: rows, total: rows.length, page: 1, per_page: 10, pages: 1 });
  };

  it('strikes a void entry through with a Void chip saying who, when and why, and offers staff Void… and Correct… on the others', async () => {
    serve(ledger);
    renderScreen(<TransactionsPanel portfolio={samplePortfolio()} readOnly={false} />);
    const chip = await screen.findByTestId('void-chip');
    expect(chip.getAttribute('aria-label')).toBe('Void. Voided by Alex Chen on Nov 4, 2026: Entered twice');
    const rows = screen.getAllByTestId('transaction-row');
    expect(rows[0]?.getAttribute('data-void')).toBe('true');
    expect(within(rows[0]!).queryByRole('button', { name: /Actions for/ })).toBeNull();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Actions for Buy of 10 AAPL on Nov 3, 2026 (-$1,000.00)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Correct…' }));
    expect(await screen.findByRole('dialog', { name: 'Correct entry' })).toBeVisible();
  });

  it('hides voided entries when the switch is off', async () => {
    const { calls } = serve(ledger);
    renderScreen(<TransactionsPanel portfolio={samplePortfolio()} readOnly={false} />);
    await screen.findByTestId('void-chip');
    fireEvent.click(screen.getByRole('switch', { name: 'Show voided entries' }));
    await waitFor(() => expect(screen.queryByTestId('void-chip')).toBeNull());
    expect(calls.some((call) => call.url.searchParams.get('include_void') === 'false')).toBe(true);
  });

  it('gives a client the ledger read-only: void entries shown, no actions', async () => {
    serve(ledger);
    renderScreen(<TransactionsPanel portfolio={samplePortfolio()} readOnly />);
    await screen.findByTestId('void-chip');
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
