import { describe, expect, it } from 'vitest';
import { cashShortfallMessage, firstCashShortfall, type CashCheckEntry } from './cash-check.ts';

const entry = (
  type: CashCheckEntry['type'],
  tradeDate: string,
  amount: number,
  status: CashCheckEntry['status'] = 'kept',
): CashCheckEntry => ({
  type,
  tradeDate,
  amount,
  status,
});

describe('firstCashShortfall', () => {
  it('refuses a buy beyond the cash and names the figures', () => {
    // 309,412.18 of cash; a buy of 100,000 × 233.00 = 23,300,000.00; short 23,300,000.00 − 309,412.18 = 22,990,587.82.
    const shortfall = firstCashShortfall(
      [entry('deposit', '2026-01-02', 309_412.18), entry('buy', '2026-03-02', -23_300_000, 'added')],
      null,
    );
    expect(shortfall).toMatchObject({ cashBefore: 309_412.18, cashAfter: -22_990_587.82, short: 22_990_587.82 });
    expect(cashShortfallMessage('This buy', shortfall!, null, { atOwnEntry: true, backDated: false })).toBe(
      'This buy needs $23,300,000.00 but the account has $309,412.18 of cash: $22,990,587.82 short.',
    );
  });

  it('allows cash down to exactly −limit with margin and refuses one cent more', () => {
    const ledger = (amount: number) => [entry('deposit', '2026-01-02', 1000), entry('withdrawal', '2026-01-05', amount, 'added')];
    // 1,000 − 1,500 = −500: exactly the 500 allowance.
    expect(firstCashShortfall(ledger(-1500), 500)).toBeNull();
    // 1,000 − 1,500.01 = −500.01: a cent past it.
    expect(firstCashShortfall(ledger(-1500.01), 500)).toMatchObject({ short: 0.01 });
    expect(firstCashShortfall(ledger(-1000), null)).toBeNull();
    expect(firstCashShortfall(ledger(-1000.01), null)).toMatchObject({ short: 0.01 });
  });

  it('checks the running cash, so a back-dated buy cannot leave an earlier day short', () => {
    // Cash 0 until a deposit of 10,000 on 03-01; a buy of 4,000 dated 02-01 leaves 02-01 at −4,000 though the end is +6,000.
    const shortfall = firstCashShortfall([entry('buy', '2026-02-01', -4000, 'added'), entry('deposit', '2026-03-01', 10_000)], null);
    expect(shortfall).toMatchObject({ cashBefore: 0, cashAfter: -4000, short: 4000 });
  });

  it('finds a later withdrawal left unfunded by a removed deposit', () => {
    const shortfall = firstCashShortfall(
      [entry('deposit', '2026-01-02', 1000, 'removed'), entry('deposit', '2026-01-03', 200), entry('withdrawal', '2026-01-05', -700)],
      null,
    );
    // Without the 1,000: 200 − 700 = −500 on 01-05.
    expect(shortfall).toMatchObject({ cashAfter: -500, short: 500 });
    expect(cashShortfallMessage('Voiding this deposit', shortfall!, null, { atOwnEntry: false, backDated: false })).toBe(
      'Voiding this deposit would take cash to -$500.00 on 2026-01-05, at the withdrawal of $700.00: $500.00 short.',
    );
  });

  it('does not block a write that leaves an already-short ledger no worse', () => {
    expect(firstCashShortfall([entry('buy', '2026-01-02', -500), entry('deposit', '2026-01-05', 100, 'added')], null)).toBeNull();
  });
});
