import { describe, expect, it } from 'vitest';
import { taxAwareSale } from '../rebalancing/trade-plan.ts';
import { buy, planSecurity, sell } from '../test/lot-trades.ts';
import { lotAccountOf, positionLots, type PositionTrade } from './position-lots.ts';
import { openLotsCost, sellOpenLots, type LotAccount, type LotTrade } from './tax-lots.ts';

const x = 'id-X';
const at = (portfolioId: string, trade: LotTrade, securityId = x): PositionTrade => ({ ...trade, portfolioId, securityId });
const taxable: LotAccount = { method: 'fifo', taxDeferred: false };
const lotsOf = (trades: PositionTrade[], accounts: Record<string, LotAccount>, portfolioId: string, securityId = x) =>
  positionLots(trades, accounts).get(portfolioId)?.get(securityId);

describe('a position’s lots across the client’s accounts', () => {
  // Account A buys 10 X @ 100 on 2024-01-02 (1,000) and sells them @ 85 on 2024-02-01 (850): a loss of 150,
  // held 30 days (2 Jan → 1 Feb). Account B buys 10 X @ 85 on 2024-02-15 (850), 14 days after the sale.
  const example = [at('A', buy('2024-01-02', 10, 100)), at('A', sell('2024-02-01', 10, 85)), at('B', buy('2024-02-15', 10, 85))];

  it('moves the loss sold in one account into the basis and holding period of the replacement in another', () => {
    // All 150 disallowed in A. B's lot: 850 + 150 = 1,000 (100 a share), acquired 2024-02-15 − 30 days = 2024-01-16.
    const accounts = { A: taxable, B: taxable };
    expect(lotsOf(example, accounts, 'A')?.realized[0]).toMatchObject({ realizedGain: -150, disallowedLoss: 150, recognizedGain: 0 });
    expect(lotsOf(example, accounts, 'A')?.openLots).toEqual([]);
    expect(lotsOf(example, accounts, 'B')?.openLots).toEqual([
      {
        acquiredOn: '2024-01-16',
        quantity: 10,
        costPerShare: 100,
        costBasis: 1000,
        washSale: { disallowedLoss: 150, basisAdded: 150, soldOn: '2024-02-01', boughtOn: '2024-02-15', daysAdded: 30 },
      },
    ]);
    expect(openLotsCost(lotsOf(example, accounts, 'B')?.openLots ?? [])).toEqual({ quantity: 10, costBasis: 1000 });
  });

  it('adds nothing to the basis of a replacement bought in an IRA', () => {
    // The 150 is disallowed all the same and lost: the IRA lot keeps its 850 and its purchase date.
    const accounts = { A: taxable, B: lotAccountOf({ lotMethod: 'fifo', accountType: 'ira' }) };
    expect(lotsOf(example, accounts, 'A')?.realized[0]).toMatchObject({ disallowedLoss: 150, recognizedGain: 0 });
    expect(lotsOf(example, accounts, 'B')?.openLots[0]).toMatchObject({ acquiredOn: '2024-02-15', costBasis: 850 });
  });

  it('changes a lot bought earlier in another account when a loss is sold within 30 days after it', () => {
    // B buys 10 @ 85 on 2024-01-20, 12 days before A's loss sale of 2024-02-01: 850 + 150 = 1,000, acquired 2024-01-20 − 30 = 2023-12-21.
    const trades = [at('A', buy('2024-01-02', 10, 100)), at('B', buy('2024-01-20', 10, 85)), at('A', sell('2024-02-01', 10, 85))];
    expect(lotsOf(trades, { A: taxable, B: taxable }, 'B')?.openLots[0]).toMatchObject({ acquiredOn: '2023-12-21', costBasis: 1000 });
  });

  it('follows the lot method of the account that sold', () => {
    // A buys 10 @ 100 (2023-06-01) and 10 @ 120 (2023-07-03), sells 10 @ 110 on 2024-02-01; B buys 10 @ 110 on 2024-02-10.
    // FIFO sells the 100 lot: a gain of 100, no wash sale, B's lot costs 1,100. HIFO sells the 120 lot: a loss of 100,
    // disallowed, B's lot costs 1,100 + 100 = 1,200.
    const trades = [
      at('A', buy('2023-06-01', 10, 100)),
      at('A', buy('2023-07-03', 10, 120)),
      at('A', sell('2024-02-01', 10, 110)),
      at('B', buy('2024-02-10', 10, 110)),
    ];
    expect(lotsOf(trades, { A: taxable, B: taxable }, 'B')?.openLots[0]?.costBasis).toBe(1100);
    expect(lotsOf(trades, { A: { method: 'hifo', taxDeferred: false }, B: taxable }, 'B')?.openLots[0]?.costBasis).toBe(1200);
  });

  it('walks one day’s trades of several accounts by account, whatever order they come in', () => {
    // B and C each buy 10 @ 85 on 2024-02-05, after A's loss of 150: only 10 shares are replaced. Accounts of one day go
    // by id, B before C: B's lot takes the 150 (1,000), C's stays at 850, in whichever order the trades are given.
    const sale = [at('A', buy('2024-01-02', 10, 100)), at('A', sell('2024-02-01', 10, 85))];
    const accounts = { A: taxable, B: taxable, C: taxable };
    for (const buys of [
      [at('B', buy('2024-02-05', 10, 85)), at('C', buy('2024-02-05', 10, 85))],
      [at('C', buy('2024-02-05', 10, 85)), at('B', buy('2024-02-05', 10, 85))],
    ]) {
      const lots = positionLots([...buys, ...sale], accounts);
      expect(lots.get('B')?.get(x)?.openLots[0]?.costBasis).toBe(1000);
      expect(lots.get('C')?.get(x)?.openLots[0]?.costBasis).toBe(850);
    }
  });

  it('keeps each security’s lots apart', () => {
    // B's purchase is of another security: A's loss of 150 stands and B's Y lot costs its 850.
    const trades = [at('A', buy('2024-01-02', 10, 100)), at('A', sell('2024-02-01', 10, 85)), at('B', buy('2024-02-15', 10, 85), 'id-Y')];
    const lots = positionLots(trades, { A: taxable, B: taxable });
    expect(lots.get('A')?.get(x)?.realized[0]).toMatchObject({ disallowedLoss: 0, recognizedGain: -150 });
    expect(lots.get('B')?.get('id-Y')?.openLots[0]).toMatchObject({ costBasis: 850, washSale: null });
  });
});

describe('a sale of a position’s open lots', () => {
  it('takes the pieces the ledger will take when the sale is recorded after the trades', () => {
    // Lots 10 @ 100 (2024-01-02) and 10 @ 120 (2024-03-01); 15 sold @ 110 on 2024-06-03, tax_optimized: the 120 lot
    // first (a short-term loss: 1,100 − 1,200 = −100), then 5 of the 100 lot (a short-term gain: 550 − 500 = +50).
    const trades = [buy('2024-01-02', 10, 100), buy('2024-03-01', 10, 120)];
    const openLots =
      lotsOf(
        trades.map((trade) => at('A', trade)),
        { A: taxable },
        'A',
      )?.openLots ?? [];
    const sale = { date: '2024-06-03', quantity: 15, price: 110, lotMethod: 'tax_optimized' as const };
    const pieces = sellOpenLots(openLots, sale);
    expect(pieces.map((piece) => [piece.acquiredOn, piece.quantity, piece.costBasis, piece.proceeds, piece.realizedGain])).toEqual([
      ['2024-03-01', 10, 1200, 1100, -100],
      ['2024-01-02', 5, 500, 550, 50],
    ]);
    const recorded = lotsOf(
      [...trades, { ...sale, type: 'sell' as const }].map((trade) => at('A', trade)),
      { A: taxable },
      'A',
    );
    expect(recorded?.realized).toMatchObject(pieces);
  });

  it('estimates the rebalancer’s sale of a replacement lot on its adjusted basis and holding period', () => {
    // The example's B lot (1,000, acquired 2024-01-16) sold @ 95 on 2025-01-31: 950 − 1,000 = −50, long-term (past
    // 2025-01-16). On the purchase alone (850, 2024-02-15) it would be a short-term gain of 100.
    const trades = [at('A', buy('2024-01-02', 10, 100)), at('A', sell('2024-02-01', 10, 85)), at('B', buy('2024-02-15', 10, 85))];
    const lots = lotsOf(trades, { A: taxable, B: taxable }, 'B')?.openLots ?? [];
    const holding = { ...planSecurity('X', 'equity', 95), securityId: x, quantity: 10, lots };
    expect(taxAwareSale(holding, 10, '2025-01-31')).toMatchObject({ realized_short: 0, realized_long: -50 });
  });
});
