import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
