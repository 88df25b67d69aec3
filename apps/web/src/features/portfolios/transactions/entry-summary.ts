import type { Transaction } from '@meridian/domain/portfolios/transaction-contracts';
import { formatDollars, formatShortDate } from '@meridian/domain/shared/format';
import { formatQuantity } from '../../../lib/format-quantity.ts';
import { transactionTypeLabels } from '../../../lib/transaction-type-labels.ts';

/** 'Buy of 10 AAPL on Nov 3, 2026 (-$1,000.00)': which entry a void or correction is about. */
export function entrySummary(entry: Transaction): string {
  const what =
    entry.quantity !== null && entry.security
      ? `${formatQuantity(entry.quantity)} ${entry.security.symbol}`
      : entry.security
        ? entry.security.symbol
        : formatDollars(Math.abs(entry.amount));
  return `${transactionTypeLabels[entry.type]} of ${what} on ${formatShortDate(entry.trade_date)} (${formatDollars(entry.amount)})`;
}

/** A key for one void or correction, kept while its dialog is open: a retried request is applied once. */
export const newIdempotencyKey = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
