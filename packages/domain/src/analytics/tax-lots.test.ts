import { describe, expect, it } from 'vitest';
import { OversellError } from '../portfolios/ledger.ts';
import { buy, sell } from '../test/lot-trades.ts';
import { holdingTerm, openLotsCost, taxLots, unrealizedGains } from './tax-lots.ts';

// Lot A: 10 at 100 (1,000); lot B: 10 at 150 (1,500); 15 sold at 200 (3,000) on 2023-02-01; lot C: 5 at 120 (600).
const trades = [buy('2022-01-10', 10, 100), buy('2022-06-01', 10, 150), sell('2023-02-01', 15, 200), buy('2023-03-01', 5, 120)];

describe('holding term', () => {
  it('is long-term only when sold after the first anniversary of the purchase', () => {
    expect(holdingTerm('2022-06-15', '2023-06-15')).toBe('short'); // exactly one year (365 days)
    expect(holdingTerm('2022-06-15', '2023-06-16')).toBe('long');
    // Across 29 February one year is 366 days, and is still not more than a year.
    expect(holdingTerm('2023-03-01', '2024-03-01')).toBe('short');
    expect(holdingTerm('2023-03-01', '2024-03-02')).toBe('long');
    // Bought on 29 February: its anniversary is 28 February.
    expect(holdingTerm('2024-02-29', '2025-02-28')).toBe('short');
    expect(holdingTerm('2024-02-29', '2025-03-01')).toBe('long');
    expect(holdingTerm('2023-12-31', '2025-01-01')).toBe('long');
  });
});

describe('tax lots', () => {
  it('keeps each buy as a lot', () => {
    expect(taxLots([buy('2022-01-10', 10, 100), buy('2022-06-01', 10, 150)])).toEqual({
      openLots: [
        { acquiredOn: '2022-01-10', quantity: 10, costPerShare: 100, costBasis: 1000 },
        { acquiredOn: '2022-06-01', quantity: 10, costPerShare: 150, costBasis: 1500 },
      ],
      realized: [],
    });
  });

  it('FIFO: a partial sell empties the oldest lot and takes the rest from the next, each piece with its own term', () => {
    // A's 10 shares: 10/15 of 3,000 = 2,000 − 1,000 = 1,000, held past 2023-01-10: long.
    // 5 of B's: 1,000 − 750 = 250, bought 2022-06-01: short.
    expect(taxLots(trades)).toEqual({
      openLots: [
        { acquiredOn: '2022-06-01', quantity: 5, costPerShare: 150, costBasis: 750 },
        { acquiredOn: '2023-03-01', quantity: 5, costPerShare: 120, costBasis: 600 },
      ],
      realized: [
        { acquiredOn: '2022-01-10', soldOn: '2023-02-01', quantity: 10, costBasis: 1000, proceeds: 2000, realizedGain: 1000, term: 'long' },
        { acquiredOn: '2022-06-01', soldOn: '2023-02-01', quantity: 5, costBasis: 750, proceeds: 1000, realizedGain: 250, term: 'short' },
      ],
    });
  });

  it('HIFO: the same sell takes the dearest lot first', () => {
    // All of B (150): 2,000 − 1,500 = 500, short; then 5 of A (100): 1,000 − 500 = 500, long.
    expect(taxLots(trades, 'hifo')).toEqual({
      openLots: [
        { acquiredOn: '2022-01-10', quantity: 5, costPerShare: 100, costBasis: 500 },
        { acquiredOn: '2023-03-01', quantity: 5, costPerShare: 120, costBasis: 600 },
      ],
      realized: [
        { acquiredOn: '2022-06-01', soldOn: '2023-02-01', quantity: 10, costBasis: 1500, proceeds: 2000, realizedGain: 500, term: 'short' },
        { acquiredOn: '2022-01-10', soldOn: '2023-02-01', quantity: 5, costBasis: 500, proceeds: 1000, realizedGain: 500, term: 'long' },
      ],
    });
  });

  it('HIFO takes the older of two equally dear lots', () => {
    const { realized } = taxLots(
      [buy('2023-01-02', 1, 50), buy('2023-01-03', 1, 80), buy('2023-01-04', 1, 80), sell('2023-01-05', 1, 90)],
      'hifo',
    );
    expect(realized.map((piece) => piece.acquiredOn)).toEqual(['2023-01-03']);
  });

  it('selling everything leaves no open lot and realises the losses', () => {
    // 10 at 90 (900): B's 5 (450 − 750 = −300, held past 2023-06-01: long), then C's 5 (450 − 600 = −150, short).
    const { openLots, realized } = taxLots([...trades, sell('2023-08-01', 10, 90)]);
    expect(openLots).toEqual([]);
    expect(realized.slice(2)).toEqual([
      { acquiredOn: '2022-06-01', soldOn: '2023-08-01', quantity: 5, costBasis: 750, proceeds: 450, realizedGain: -300, term: 'long' },
      { acquiredOn: '2023-03-01', soldOn: '2023-08-01', quantity: 5, costBasis: 600, proceeds: 450, realizedGain: -150, term: 'short' },
    ]);
  });

  it('shares cost and proceeds among pieces to the cent, the last piece taking the rest', () => {
    // 3 shares for 20.00 (3 × 6.6667 = 20.0001) sold one then two: a third of the cost is 6.666…, rounded to 6.67; the rest 13.33.
    const thirds = taxLots([buy('2023-01-02', 3, 6.6667), sell('2023-01-03', 1, 10), sell('2023-01-04', 2, 10)]).realized;
    expect(thirds.map((piece) => piece.costBasis)).toEqual([6.67, 13.33]);
    expect(thirds.map((piece) => piece.realizedGain)).toEqual([3.33, 6.67]);
    // One sell of 20.00 across lots of 1 and 2 shares: proceeds 6.67 and 13.33.
    const across = taxLots([buy('2023-01-02', 1, 1), buy('2023-01-03', 2, 1), sell('2023-01-04', 3, 6.6667)]).realized;
    expect(across.map((piece) => piece.proceeds)).toEqual([6.67, 13.33]);
  });

  it('counts fractional shares exactly (0.1 + 0.2 sold as 0.3 empties the lots)', () => {
    const { openLots, realized } = taxLots([buy('2023-01-02', 0.1, 10), buy('2023-01-03', 0.2, 10), sell('2023-01-04', 0.3, 10)]);
    expect(openLots).toEqual([]);
    expect(realized.map((piece) => piece.quantity)).toEqual([0.1, 0.2]);
  });

  it("refuses a sell of more than is held with the ledger's OversellError", () => {
    expect(() => taxLots([buy('2023-01-02', 10, 100), sell('2023-01-03', 11, 100)])).toThrow(OversellError);
    expect(() => taxLots([buy('2023-01-02', 10, 100), sell('2023-01-03', 11, 100)])).toThrow('Cannot sell more than the 10 shares held');
    expect(() => taxLots([sell('2023-01-03', 1, 100)])).toThrow('Cannot sell: no shares are held');
  });

  it('refuses trades out of date order and quantities the ledger refuses', () => {
    expect(() => taxLots([buy('2023-01-03', 1, 100), buy('2023-01-02', 1, 100)])).toThrow(RangeError);
    expect(() => taxLots([buy('2023-01-02', 0, 100)])).toThrow(RangeError);
    expect(() => taxLots([buy('2023-01-02', 0.0000001, 100)])).toThrow(RangeError);
    expect(() => taxLots([buy('2023-01-02', 1, -1)])).toThrow(RangeError);
  });
});

describe('unrealised gains', () => {
  it('values each open lot at the price and gives the term it would have if sold that day', () => {
    const { openLots } = taxLots(trades);
    // At 140 on 2023-12-29: B 5 × 140 = 700 − 750 = −50, held past 2023-06-01: long; C 700 − 600 = 100, short.
    expect(unrealizedGains(openLots, 140, '2023-12-29')).toEqual([
      { acquiredOn: '2022-06-01', quantity: 5, costPerShare: 150, costBasis: 750, marketValue: 700, unrealizedGain: -50, term: 'long' },
      { acquiredOn: '2023-03-01', quantity: 5, costPerShare: 120, costBasis: 600, marketValue: 700, unrealizedGain: 100, term: 'short' },
    ]);
  });

  it('is nothing without open lots', () => {
    expect(unrealizedGains([], 140, '2023-12-29')).toEqual([]);
  });
});

describe('cost of the shares held', () => {
  // 10 at 100 and 10 at 200, then 10 sold at 150: 10 shares left, now at 180 (1,800).
  const held = [buy('2024-01-02', 10, 100), buy('2024-02-01', 10, 200), sell('2024-03-01', 10, 150)];

  it('takes the cost of the open lots of the method, not the average cost', () => {
    // Average cost: 3,000 / 20 = 150 a share, 10 left cost 1,500: gain 1,800 − 1,500 = +300.
    // FIFO sold the 100 lot: the 200 lot is left, 2,000: gain 1,800 − 2,000 = −200.
    // HIFO sold the 200 lot: the 100 lot is left, 1,000: gain +800.
    expect(openLotsCost(taxLots(held, 'fifo').openLots)).toEqual({ quantity: 10, costBasis: 2000 });
    expect(openLotsCost(taxLots(held, 'hifo').openLots)).toEqual({ quantity: 10, costBasis: 1000 });
  });

  it('is nothing once everything is sold', () => {
    expect(openLotsCost(taxLots([buy('2024-01-02', 3, 10), sell('2024-01-03', 3, 12)]).openLots)).toEqual({ quantity: 0, costBasis: 0 });
  });
});
