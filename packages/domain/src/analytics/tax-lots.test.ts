import { describe, expect, it } from 'vitest';
import { OversellError } from '../portfolios/ledger.ts';
import { holdingTerm, openLotsCost, taxLots, unrealizedGains, washSaleLots, type AccountTrade, type LotTrade } from './tax-lots.ts';

const buy = (date: string, quantity: number, price: number): LotTrade => ({ type: 'buy', date, quantity, price });
const sell = (date: string, quantity: number, price: number): LotTrade => ({ type: 'sell', date, quantity, price });

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
    expect(openLotsCost(held, 'fifo')).toEqual({ quantity: 10, costBasis: 2000 });
    expect(openLotsCost(held, 'hifo')).toEqual({ quantity: 10, costBasis: 1000 });
  });

  it('is nothing once everything is sold', () => {
    expect(openLotsCost([buy('2024-01-02', 3, 10), sell('2024-01-03', 3, 12)])).toEqual({ quantity: 0, costBasis: 0 });
  });
});

describe('wash sales across a taxpayer’s accounts', () => {
  const taxable = { method: 'fifo', taxDeferred: false } as const;
  const accounts = { taxable, joint: taxable, ira: { method: 'fifo', taxDeferred: true } } as const;
  const at = (account: string, trade: LotTrade): AccountTrade => ({ ...trade, account });
  const lotsOfAccount = (trades: AccountTrade[], account = 'taxable') => washSaleLots(trades, accounts).get(account);

  // Day 0 = 2024-01-02: buy 10 @ 100 (1,000). Day 40 = 2024-02-11: sell 10 @ 80 (800), a loss of 200.
  const lossSale = [at('taxable', buy('2024-01-02', 10, 100)), at('taxable', sell('2024-02-11', 10, 80))];

  it('disallows the loss and carries it and the holding period into the replacement bought 10 days later', () => {
    // Day 50 = 2024-02-21: buy 10 @ 85 (850). All 200 of loss disallowed; recognised 0.
    // Replacement basis 850 + 200 = 1,050 (105 a share); held 40 days before: acquired 2024-02-21 − 40 = 2024-01-12.
    const history = lotsOfAccount([...lossSale, at('taxable', buy('2024-02-21', 10, 85))]);
    expect(history?.realized).toEqual([
      {
        acquiredOn: '2024-01-02',
        soldOn: '2024-02-11',
        quantity: 10,
        costBasis: 1000,
        proceeds: 800,
        realizedGain: -200,
        term: 'short',
        disallowedLoss: 200,
        recognizedGain: 0,
        washSales: [{ account: 'taxable', boughtOn: '2024-02-21', quantity: 10, disallowedLoss: 200, basisAdded: 200, taxDeferred: false }],
      },
    ]);
    expect(history?.openLots).toEqual([
      {
        acquiredOn: '2024-01-12',
        quantity: 10,
        costPerShare: 105,
        costBasis: 1050,
        washSale: { disallowedLoss: 200, basisAdded: 200, soldOn: '2024-02-11', boughtOn: '2024-02-21', daysAdded: 40 },
      },
    ]);
  });

  it('realises the carried loss when the replacement is sold, long-term by the added holding period', () => {
    // Sold 2025-01-20 @ 90: 900 − 1,050 = −150. Acquired (moved back) 2024-01-12: past its anniversary, long-term;
    // the purchase date 2024-02-21 alone would make it short-term.
    const history = lotsOfAccount([...lossSale, at('taxable', buy('2024-02-21', 10, 85)), at('taxable', sell('2025-01-20', 10, 90))]);
    expect(history?.realized[1]).toMatchObject({
      acquiredOn: '2024-01-12',
      costBasis: 1050,
      realizedGain: -150,
      term: 'long',
      disallowedLoss: 0,
    });
    expect(history?.openLots).toEqual([]);
  });

  it('counts a purchase 30 days after the sale, not 31', () => {
    // 2024-02-11 + 30 = 2024-03-12; + 31 = 2024-03-13.
    const wash = lotsOfAccount([...lossSale, at('taxable', buy('2024-03-12', 10, 85))]);
    expect(wash?.realized[0]?.disallowedLoss).toBe(200);
    expect(wash?.openLots[0]?.costBasis).toBe(1050);
    const clean = lotsOfAccount([...lossSale, at('taxable', buy('2024-03-13', 10, 85))]);
    expect(clean?.realized[0]).toMatchObject({ disallowedLoss: 0, recognizedGain: -200, washSales: [] });
    expect(clean?.openLots).toEqual([{ acquiredOn: '2024-03-13', quantity: 10, costPerShare: 85, costBasis: 850, washSale: null }]);
  });

  it('counts a purchase 30 days before the sale, not 31, other than the lot sold', () => {
    // Lot A: 10 @ 100 on 2023-12-01 (sold FIFO 2024-02-11 @ 80: loss 200, held 72 days).
    // Lot B: 10 @ 90 on 2024-01-12 (the sale − 30): basis 900 + 200 = 1,100 (110 a share), acquired 2024-01-12 − 72 = 2023-11-01.
    const before = (boughtOn: string) =>
      lotsOfAccount([
        at('taxable', buy('2023-12-01', 10, 100)),
        at('taxable', buy(boughtOn, 10, 90)),
        at('taxable', sell('2024-02-11', 10, 80)),
      ]);
    const wash = before('2024-01-12');
    expect(wash?.realized[0]).toMatchObject({ acquiredOn: '2023-12-01', realizedGain: -200, disallowedLoss: 200, recognizedGain: 0 });
    expect(wash?.openLots).toEqual([
      {
        acquiredOn: '2023-11-01',
        quantity: 10,
        costPerShare: 110,
        costBasis: 1100,
        washSale: { disallowedLoss: 200, basisAdded: 200, soldOn: '2024-02-11', boughtOn: '2024-01-12', daysAdded: 72 },
      },
    ]);
    // 2024-01-11 is 31 days before: no wash sale.
    const clean = before('2024-01-11');
    expect(clean?.realized[0]).toMatchObject({ disallowedLoss: 0, recognizedGain: -200 });
    expect(clean?.openLots).toEqual([{ acquiredOn: '2024-01-11', quantity: 10, costPerShare: 90, costBasis: 900, washSale: null }]);
  });

  it('disallows only the replaced shares’ loss', () => {
    // 4 of the 10 replaced: 4/10 × 200 = 80 disallowed, 120 allowed. Replacement 4 @ 85 = 340 + 80 = 420 (105 a share).
    const history = lotsOfAccount([...lossSale, at('taxable', buy('2024-02-21', 4, 85))]);
    expect(history?.realized[0]).toMatchObject({ realizedGain: -200, disallowedLoss: 80, recognizedGain: -120 });
    expect(history?.openLots).toEqual([
      {
        acquiredOn: '2024-01-12',
        quantity: 4,
        costPerShare: 105,
        costBasis: 420,
        washSale: { disallowedLoss: 80, basisAdded: 80, soldOn: '2024-02-11', boughtOn: '2024-02-21', daysAdded: 40 },
      },
    ]);
  });

  it('matches replacements in the order bought, each share once, and splits a purchase larger than the loss', () => {
    // Two buys after the sale: 6 on 2024-02-15 and 8 on 2024-02-20. The first 6 shares take 6 × 20 = 120, the
    // next 4 of the 8 take 80; the other 4 of that buy stay a plain lot at 85.
    const history = lotsOfAccount([...lossSale, at('taxable', buy('2024-02-15', 6, 85)), at('taxable', buy('2024-02-20', 8, 85))]);
    expect(history?.realized[0]?.washSales.map((match) => [match.boughtOn, match.quantity, match.disallowedLoss])).toEqual([
      ['2024-02-15', 6, 120],
      ['2024-02-20', 4, 80],
    ]);
    // 6 × 85 + 120 = 630; 4 × 85 + 80 = 420; 4 × 85 = 340.
    expect(history?.openLots.map((lot) => [lot.acquiredOn, lot.quantity, lot.costBasis])).toEqual([
      ['2024-01-06', 6, 630],
      ['2024-01-11', 4, 420],
      ['2024-02-20', 4, 340],
    ]);
  });

  it('finds the replacement in another account of the same taxpayer and adjusts that account’s lot', () => {
    const lots = washSaleLots([...lossSale, at('joint', buy('2024-02-21', 10, 85))], accounts);
    expect(lots.get('taxable')?.realized[0]).toMatchObject({ disallowedLoss: 200, recognizedGain: 0 });
    expect(lots.get('taxable')?.realized[0]?.washSales[0]).toMatchObject({ account: 'joint', basisAdded: 200 });
    expect(lots.get('joint')?.openLots[0]).toMatchObject({ acquiredOn: '2024-01-12', costBasis: 1050, costPerShare: 105 });
  });

  it('disallows the loss of a replacement bought in an IRA and adds it to no basis', () => {
    const lots = washSaleLots([...lossSale, at('ira', buy('2024-02-21', 10, 85))], accounts);
    expect(lots.get('taxable')?.realized[0]).toMatchObject({ realizedGain: -200, disallowedLoss: 200, recognizedGain: 0 });
    expect(lots.get('taxable')?.realized[0]?.washSales[0]).toMatchObject({ account: 'ira', basisAdded: 0, taxDeferred: true });
    // The IRA lot keeps its cost (850) and purchase date.
    expect(lots.get('ira')?.openLots).toEqual([
      {
        acquiredOn: '2024-02-21',
        quantity: 10,
        costPerShare: 85,
        costBasis: 850,
        washSale: { disallowedLoss: 200, basisAdded: 0, soldOn: '2024-02-11', boughtOn: '2024-02-21', daysAdded: 0 },
      },
    ]);
  });

  it('leaves gains, and losses inside an IRA, alone', () => {
    // Sold @ 120: a gain of 200, never a wash sale.
    const gain = washSaleLots(
      [at('taxable', buy('2024-01-02', 10, 100)), at('taxable', sell('2024-02-11', 10, 120)), at('taxable', buy('2024-02-21', 10, 85))],
      accounts,
    );
    expect(gain.get('taxable')?.realized[0]).toMatchObject({ realizedGain: 200, disallowedLoss: 0, recognizedGain: 200 });
    const inIra = washSaleLots(
      [at('ira', buy('2024-01-02', 10, 100)), at('ira', sell('2024-02-11', 10, 80)), at('taxable', buy('2024-02-21', 10, 85))],
      accounts,
    );
    expect(inIra.get('ira')?.realized[0]).toMatchObject({ disallowedLoss: 0 });
    expect(inIra.get('taxable')?.openLots[0]).toMatchObject({ costBasis: 850, washSale: null });
  });

  it('leaves taxLots of one account as it was: no wash sale is looked for there', () => {
    expect(taxLots([buy('2024-01-02', 10, 100), sell('2024-02-11', 10, 80), buy('2024-02-21', 10, 85)]).openLots).toEqual([
      { acquiredOn: '2024-02-21', quantity: 10, costPerShare: 85, costBasis: 850 },
    ]);
  });
});
