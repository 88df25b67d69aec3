import { describe, expect, it } from 'vitest';
import { portfolioMessages } from './messages.ts';
import {
  accountTypeLabels,
  accountTypes,
  portfolioCreateSchema,
  portfolioListQuerySchema,
  portfolioSortFields,
  portfolioUpdateSchema,
  transactionTypes,
} from './contracts.ts';
import { holdingCreateSchema } from './holding-contracts.ts';
import { portfolioLimits } from './contract-fields.ts';
import { transactionCreateSchema } from './transaction-contracts.ts';
import { syncVersionMax } from '../shared/sync-version.ts';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('portfolio messages', () => {
  it('name every choice and limit the schemas use (the texts are written out once, in messages.ts)', () => {
    for (const type of accountTypes) expect(portfolioMessages.accountTypeInvalid).toContain(type);
    for (const type of transactionTypes) expect(portfolioMessages.typeInvalid).toContain(type);
    for (const field of portfolioSortFields) expect(portfolioMessages.sortInvalid).toContain(field);
    expect(portfolioMessages.perPageInvalid).toContain(String(portfolioLimits.perPageMax));
    expect(portfolioMessages.nameTooLong).toContain(String(portfolioLimits.nameMax));
    expect(portfolioMessages.notesTooLong).toContain(String(portfolioLimits.notesMax));
    expect(portfolioMessages.quantityTooLarge).toContain(portfolioLimits.quantityMax.toLocaleString('en-US'));
    expect(portfolioMessages.priceTooLarge).toContain(portfolioLimits.priceMax.toLocaleString('en-US'));
    expect(portfolioMessages.amountTooLarge).toContain(portfolioLimits.amountMax.toLocaleString('en-US'));
    expect(portfolioMessages.tradeAmountTooLarge).toContain(portfolioLimits.amountMax.toLocaleString('en-US'));
    expect(Object.keys(accountTypeLabels).sort()).toEqual([...accountTypes].sort());
  });

  it('words the missing close for the form', () => {
    expect(portfolioMessages.noClose('AAPL', '2020-01-04')).toBe('No close of AAPL on or before 2020-01-04; enter the price');
  });
});

describe('portfolio contracts', () => {
  it('defaults a new portfolio to active with the SPY benchmark, upper-casing a symbol given', () => {
    const parsed = portfolioCreateSchema.parse({
      client_id: '0b7f8a52-7c61-4a8e-9d8f-0a0a0a0a0a0a',
      name: ' Growth ',
      account_type: 'roth_ira',
    });
    expect(parsed).toMatchObject({ name: 'Growth', status: 'active', benchmark_symbol: 'SPY' });
    expect(portfolioCreateSchema.parse({ ...parsed, benchmark_symbol: ' agg ' }).benchmark_symbol).toBe('AGG');
  });

  it('reads list parameters from a query string, an empty filter meaning none', () => {
    expect(portfolioListQuerySchema.parse({})).toEqual({ page: 1, per_page: 50, sort: 'name', order: 'asc' });
    expect(portfolioListQuerySchema.parse({ status: '', page: '2', per_page: '100', sort: 'total_value', order: 'desc' })).toEqual({
      page: 2,
      per_page: 100,
      sort: 'total_value',
      order: 'desc',
    });
    expect(messagesOf(portfolioListQuerySchema.safeParse({ per_page: '101' }))).toEqual([['per_page', portfolioMessages.perPageInvalid]]);
  });

  it('asks each transaction type for what it needs', () => {
    const date = '2025-01-02';
    expect(transactionCreateSchema.safeParse({ type: 'buy', trade_date: date, symbol: 'AAPL', quantity: 1, price: 2 }).success).toBe(true);
    expect(messagesOf(transactionCreateSchema.safeParse({ type: 'sell', trade_date: date }))).toEqual([
      ['security_id', portfolioMessages.securityRequired],
      ['quantity', portfolioMessages.quantityRequired],
      ['price', portfolioMessages.priceRequired],
    ]);
    expect(transactionCreateSchema.safeParse({ type: 'dividend', trade_date: date, symbol: 'KO', amount: 1.5 }).success).toBe(true);
    expect(messagesOf(transactionCreateSchema.safeParse({ type: 'dividend', trade_date: date, amount: 1.5 }))).toEqual([
      ['security_id', portfolioMessages.securityRequired],
    ]);
    expect(transactionCreateSchema.safeParse({ type: 'fee', trade_date: date, amount: 5 }).success).toBe(true);
    expect(transactionCreateSchema.safeParse({ type: 'interest', trade_date: date, amount: 5, symbol: 'AGG' }).success).toBe(true);
    expect(messagesOf(transactionCreateSchema.safeParse({ type: 'withdrawal', trade_date: date, amount: 5, symbol: 'AGG' }))).toEqual([
      ['security_id', portfolioMessages.securityNotForCash],
    ]);
    expect(messagesOf(transactionCreateSchema.safeParse({ type: 'deposit', trade_date: '2025-02-29', amount: 5 }))).toEqual([
      ['trade_date', portfolioMessages.dateInvalid],
    ]);
    expect(messagesOf(transactionCreateSchema.safeParse({ type: 'deposit', amount: 5 }))).toEqual([
      ['trade_date', portfolioMessages.tradeDateRequired],
    ]);
  });

  it('refuses a trade whose quantity × price is more than an amount may be', () => {
    const trade = { symbol: 'AAPL', quantity: portfolioLimits.quantityMax, price: portfolioLimits.priceMax };
    expect(messagesOf(holdingCreateSchema.safeParse(trade))).toEqual([['quantity', portfolioMessages.tradeAmountTooLarge]]);
    expect(messagesOf(transactionCreateSchema.safeParse({ ...trade, type: 'buy', trade_date: '2025-01-02' }))).toEqual([
      ['quantity', portfolioMessages.tradeAmountTooLarge],
    ]);
    expect(holdingCreateSchema.safeParse({ ...trade, quantity: portfolioLimits.amountMax / portfolioLimits.priceMax }).success).toBe(true);
  });

  it('refuses over-long text before reading it, and a sync_version no integer column holds', () => {
    expect(
      messagesOf(holdingCreateSchema.safeParse({ symbol: 'x'.repeat(100_000), quantity: 1, trade_date: '2025-01-02'.repeat(1000) })),
    ).toEqual([
      ['symbol', portfolioMessages.securityRequired],
      ['trade_date', portfolioMessages.dateInvalid],
    ]);
    expect(messagesOf(portfolioUpdateSchema.safeParse({ sync_version: syncVersionMax + 1 }))).toEqual([
      ['sync_version', portfolioMessages.syncVersionRequired],
    ]);
  });

  it('needs a security (by id or symbol) and a positive quantity to add a holding', () => {
    expect(holdingCreateSchema.safeParse({ symbol: 'AAPL', quantity: 0.5 }).success).toBe(true);
    expect(messagesOf(holdingCreateSchema.safeParse({ quantity: 0 }))).toEqual([
      ['quantity', portfolioMessages.quantityPositive],
      ['security_id', portfolioMessages.securityRequired],
    ]);
  });
});
