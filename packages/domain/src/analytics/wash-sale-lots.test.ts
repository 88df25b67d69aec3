import { describe, expect, it } from 'vitest';
import { buy, sell } from '../test/lot-trades.ts';
import { taxLots, type AccountTrade, type LotTrade } from './tax-lots.ts';
import { washSaleLots } from './wash-sale-lots.ts';

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
