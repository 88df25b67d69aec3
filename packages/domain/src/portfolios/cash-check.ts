import { formatDollars } from '../shared/format.ts';
import type { TransactionType } from './ledger.ts';

/**
 * Cash never goes below zero, or below −margin limit when the account has a margin allowance
 * (DESIGN decision 17). A write (new entries, a void, a correction) is checked over the running cash
 * of the whole ledger in ledger order, not only its final balance: a back-dated buy must not take an
 * earlier day below the floor, and a void must not leave a later withdrawal unfunded.
 *
 * Only what the write makes worse is refused: a point is a shortfall when its cash is below the
 * floor and the write lowered it (a ledger that was already short from older records is not
 * blocked from being funded or corrected).
 */

/** One entry of the ledger in ledger order: `added` by this write, `removed` (voided) by it, or `kept`. */
export type CashCheckEntry = {
  type: TransactionType;
  tradeDate: string;
  /** The signed cash effect. */
  amount: number;
  status: 'kept' | 'added' | 'removed';
  quantity?: number | null;
  symbol?: string | null;
};

export type CashShortfall = {
  /** The entry at which cash first falls below the floor (for a removed entry: the point where it stood). */
  entry: CashCheckEntry;
  /** Cash just before that entry and just after it, as the write leaves the ledger. */
  cashBefore: number;
  cashAfter: number;
  /** How far below the floor cash goes there. */
  short: number;
};

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The first point where the write takes cash below −marginLimit (0 without margin), or null. Entries
 * must be in ledger order (trade date, then the order recorded), removed ones where they stood.
 */
export function firstCashShortfall(entries: readonly CashCheckEntry[], marginLimit: number | null): CashShortfall | null {
  const floor = -cents(marginLimit ?? 0);
  let cash = 0;
  let change = 0;
  for (const entry of entries) {
    const amount = cents(entry.amount);
    const before = cash;
    if (entry.status !== 'removed') cash += amount;
    if (entry.status === 'added') change += amount;
    if (entry.status === 'removed') change -= amount;
    if (cash < floor && change < 0) {
      return { entry, cashBefore: before / 100, cashAfter: cash / 100, short: (floor - cash) / 100 };
    }
  }
  return null;
}

/** 'the buy of 10 AAPL', 'the withdrawal of $500.00'. */
export function describeEntry(entry: Pick<CashCheckEntry, 'type' | 'amount' | 'quantity' | 'symbol'>): string {
  if ((entry.type === 'buy' || entry.type === 'sell') && entry.quantity != null) {
    return `the ${entry.type} of ${quantityText(entry.quantity)} ${entry.symbol ?? 'shares'}`;
  }
  return `the ${entry.type} of ${formatDollars(Math.abs(entry.amount))}`;
}

const quantityText = (quantity: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(quantity);

const allowance = (marginLimit: number | null) => (marginLimit ? ` and a ${formatDollars(marginLimit)} margin allowance` : '');

/**
 * The refusal of a write that a shortfall stops. `subject` is what the user did: 'This buy',
 * 'Voiding this deposit'. When the shortfall is at the new entry itself: 'This buy needs
 * $23,300,000.00 but the account has $309,412.18 of cash: $22,990,587.82 short.' (with 'on
 * 2026-01-05' when the entry is back-dated before later ones); otherwise the day and the entry where
 * cash falls short.
 */
export function cashShortfallMessage(
  subject: string,
  shortfall: CashShortfall,
  marginLimit: number | null,
  options: { atOwnEntry: boolean; backDated: boolean },
): string {
  const short = formatDollars(shortfall.short);
  if (options.atOwnEntry) {
    const on = options.backDated ? ` on ${shortfall.entry.tradeDate}` : '';
    return (
      `${subject} needs ${formatDollars(Math.abs(shortfall.entry.amount))} but the account has ` +
      `${formatDollars(shortfall.cashBefore)} of cash${on}${allowance(marginLimit)}: ${short} short.`
    );
  }
  const beyond = marginLimit ? `, beyond the ${formatDollars(marginLimit)} margin allowance` : '';
  const at = shortfall.entry.status === 'removed' ? '' : `, at ${describeEntry(shortfall.entry)}`;
  return `${subject} would take cash to ${formatDollars(shortfall.cashAfter)} on ${shortfall.entry.tradeDate}${at}${beyond}: ${short} short.`;
}
