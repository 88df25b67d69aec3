import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { samplePortfolio, stubServer } from '../../../test/portfolios.fixtures.ts';
import { RecordTransactionDialog } from './record-transaction-dialog.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('record transaction dialog: trade date', () => {
  it.each([
    // 01:30 UTC on the 24th is still the evening of the 23rd in New York: the server's "today".
    ['an evening in Europe', '2026-11-24T01:30:00Z', '2026-11-23'],
    ['a morning in New York', '2026-11-24T14:00:00Z', '2026-11-24'],
  ])('defaults to the market date and allows nothing later (%s)', async (_when, instant, marketDay) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
    const calls = stubServer(() => jsonResponse({ id: 't-1' }, 201));
    const onClose = vi.fn();
    renderScreen(<RecordTransactionDialog portfolio={samplePortfolio()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Record Transaction' });
    const date = within(dialog).getByLabelText('Trade date') as HTMLInputElement;
    expect(date.value).toBe(marketDay);
    expect(date.max).toBe(marketDay);

    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ type: 'deposit', trade_date: marketDay, amount: 250 });
  });
});

// Each test searches and picks in the dialog several times: more than the default 15 s on a loaded machine.
describe('record transaction dialog: the price of a trade', { timeout: 30_000 }, () => {
  const ids: Record<string, string> = {
    AAPL: '44444444-4444-4444-8444-444444444441',
    MSFT: '44444444-4444-4444-8444-444444444442',
    NEWCO: '44444444-4444-4444-8444-444444444443',
  };
  const security = (symbol: string, last_close: number | null) => ({ id: ids[symbol], symbol, name: `${symbol} Inc.`, last_close });

  /** Serves the search with AAPL (last close 187.25), MSFT (400) and NEWCO (no close yet); a recording succeeds. */
  function serve() {
    return stubServer((url) =>
      url.pathname === '/api/v1/securities/search'
        ? jsonResponse({ securities: [security('AAPL', 187.25), security('MSFT', 400), security('NEWCO', null)], total: 3 })
        : jsonResponse({ id: 't-1' }, 201),
    );
  }

  async function openBuy() {
    renderScreen(<RecordTransactionDialog portfolio={samplePortfolio()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Record Transaction' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Buy' }));
    return dialog;
  }

  /** Types in the picker (it keeps what is typed only while focused) and picks the option. */
  async function pick(dialog: HTMLElement, symbol: string) {
    const picker = within(dialog).getByRole('combobox', { name: 'Security' });
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: symbol } });
    fireEvent.click(await screen.findByTestId(`security-option-${symbol}`));
  }

  it("starts at the security's last close and sends it", async () => {
    const calls = serve();
    const dialog = await openBuy();
    const price = within(dialog).getByLabelText('Price per share');
    expect(price).toHaveValue('');
    await pick(dialog, 'AAPL');
    expect(price).toHaveValue('187.25');
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      type: 'buy',
      security_id: ids.AAPL,
      quantity: 10,
      price: 187.25,
    });
  });

  it('follows another security until the user types a price, which then stays and is sent', async () => {
    const calls = serve();
    const dialog = await openBuy();
    const price = within(dialog).getByLabelText('Price per share');
    await pick(dialog, 'AAPL');
    await pick(dialog, 'MSFT');
    expect(price).toHaveValue('400');
    await pick(dialog, 'NEWCO');
    expect(price).toHaveValue('');

    fireEvent.change(price, { target: { value: '395.5' } });
    await pick(dialog, 'AAPL');
    expect(price).toHaveValue('395.5');
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ security_id: ids.AAPL, price: 395.5 });
  });
});
