import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Lots } from '@meridian/domain/analytics/contracts';
import { renderScreen } from '../../../test/test-utils.tsx';
import { LotsTables } from './lots-tables.tsx';

const aapl = { security_id: 'sec-aapl', symbol: 'AAPL', name: 'Apple Inc.', asset_class: 'equity' as const };

// 10 bought @ 100 on 2024-01-02, sold @ 80 on 2024-02-11 (loss 200); 10 bought back @ 85 on 2024-02-21:
// all 200 disallowed, the replacement's basis 850 + 200 = 1,050, held from 2024-02-21 − 40 days = 2024-01-12.
const washed: Lots = {
  method: 'fifo',
  open: [
    {
      ...aapl,
      portfolio_id: 'p1',
      acquired_on: '2024-01-12',
      quantity: 10,
      cost_per_share: 105,
      cost_basis: 1050,
      price: 90,
      market_value: 900,
      unrealized_gain: -150,
      term: 'short',
      wash_sale: { disallowed_loss: 200, basis_added: 200, sold_on: '2024-02-11', bought_on: '2024-02-21', days_added: 40 },
    },
  ],
  realized: [
    {
      ...aapl,
      portfolio_id: 'p1',
      acquired_on: '2024-01-02',
      sold_on: '2024-02-11',
      quantity: 10,
      cost_basis: 1000,
      proceeds: 800,
      realized_gain: -200,
      term: 'short',
      disallowed_loss: 200,
      recognized_gain: 0,
      wash_sales: [
        { portfolio_id: 'p1', bought_on: '2024-02-21', quantity: 10, disallowed_loss: 200, basis_added: 200, tax_deferred: false },
      ],
    },
  ],
  totals: { unrealized_short: -150, unrealized_long: 0, realized_short: 0, realized_long: 0, realized_disallowed: 200 },
};

describe('lots tables: wash sales', () => {
  it('notes the disallowed loss under the sale and the adjusted basis under the replacement lot', () => {
    renderScreen(<LotsTables lots={washed} />);
    expect(screen.getByTestId('realized-lot-wash-AAPL').textContent).toBe(
      'Wash sale: $200.00 loss disallowed, added to the basis of the lot bought Feb 21, 2024.',
    );
    expect(screen.getByTestId('open-lot-wash-AAPL').textContent).toBe(
      "Wash sale: $200.00 loss disallowed on the sale of Feb 11, 2024, added to this lot's basis; bought Feb 21, 2024, held from Jan 12, 2024 (40 days carried over).",
    );
    expect(screen.getByTestId('open-lot-AAPL').textContent).toContain('$1,050.00');
    // The realised total counts only the allowed loss (none); the disallowed 200 is shown beside it.
    expect(screen.getByText(/Realised short term/).textContent).toBe('Realised short term: +$0.00');
    expect(screen.getByText(/Loss disallowed/).textContent).toBe('Loss disallowed (wash sales, not counted): -$200.00');
  });

  it('says when the replacement was bought in an IRA and the loss went into no basis', () => {
    const inIra: Lots = {
      ...washed,
      open: [],
      realized: [
        {
          ...washed.realized[0]!,
          disallowed_loss: 200,
          wash_sales: [
            { portfolio_id: 'p1', bought_on: '2024-02-21', quantity: 4, disallowed_loss: 80, basis_added: 80, tax_deferred: false },
            { portfolio_id: 'p3', bought_on: '2024-02-22', quantity: 6, disallowed_loss: 120, basis_added: 0, tax_deferred: true },
          ],
        },
      ],
    };
    renderScreen(<LotsTables lots={inIra} />);
    expect(screen.getByTestId('realized-lot-wash-AAPL').textContent).toBe(
      'Wash sale: $200.00 loss disallowed: $80.00 added to the basis of the lot bought Feb 21, 2024; $120.00 not added to any basis: the replacement was bought Feb 22, 2024 in a tax-advantaged account (IRA).',
    );
  });

  it('shows no note and no disallowed total without a wash sale', () => {
    renderScreen(<LotsTables lots={{ ...washed, open: [], realized: [], totals: { ...washed.totals, realized_disallowed: 0 } }} />);
    expect(screen.queryByTestId('realized-lot-wash-AAPL')).toBeNull();
    expect(screen.queryByText(/Loss disallowed/)).toBeNull();
  });
});
