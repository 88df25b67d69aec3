import { describe, expect, it } from 'vitest';
import { taxLots } from '../analytics/tax-lots.ts';
import type { ModelTargetInput } from './targets.ts';
import { largestDrift, securityTargets, washSaleBlocks, weightRows } from './targets.ts';
import { planTrades, taxAwareSale } from './trade-plan.ts';
import { buy, planHolding as holding, planSecurity as security, sell } from '../test/lot-trades.ts';
import { reviewPortfolio, type PortfolioReview, type ReviewModel } from './review.ts';
import { untaxedProfile } from './band-plan.ts';

const asOf = '2026-11-20';
const vti = security('VTI', 'equity', 300);
const agg = security('AGG', 'fixed_income', 100);

describe('the tax_optimized lot order', () => {
  it('sells short-term losses, then long-term losses, then long-term gains, then short-term gains, dearest first within each', () => {
    const trades = [
      buy('2024-01-10', 10, 200), // long-term gain at 300 (100/share)
      buy('2024-02-10', 10, 320), // long-term loss (20/share)
      buy('2024-03-10', 10, 260), // long-term gain (40/share): before the 100/share one
      buy('2026-06-01', 10, 350), // short-term loss (50/share)
      buy('2026-07-01', 10, 250), // short-term gain (50/share)
    ];
    const sale = taxAwareSale(holding(vti, trades), 50, asOf);
    expect(sale.lots.map((lot) => lot.acquired_on)).toEqual(['2026-06-01', '2024-02-10', '2024-03-10', '2024-01-10', '2026-07-01']);
    expect(sale.realized_short).toBe(-500 + 500);
    expect(sale.realized_long).toBe(-200 + 400 + 1000);
  });

  it('is recorded on the sell, so the ledger replays the same lots as the proposal', () => {
    const trades = [
      buy('2024-01-10', 10, 200),
      buy('2026-06-01', 10, 350),
      { ...sell(asOf, 10, 300), lotMethod: 'tax_optimized' as const },
    ];
    expect(taxLots(trades, 'fifo').openLots).toEqual([{ acquiredOn: '2024-01-10', quantity: 10, costPerShare: 200, costBasis: 2000 }]);
    // The portfolio's own method still governs sells that name none.
    expect(taxLots(trades.slice(0, 2).concat(sell(asOf, 10, 300)), 'fifo').openLots[0]?.acquiredOn).toBe('2026-06-01');
  });
});

describe('planTrades', () => {
  const base = { asOf, washSales: new Map(), minimumTrade: 100 };

  it('sells the overweight in whole shares, tax-aware, and buys the underweight with the proceeds', () => {
    const plan = planTrades({
      ...base,
      cash: 0,
      holdings: [holding(vti, [buy('2024-01-10', 100, 250)]), holding(agg, [buy('2024-01-10', 100, 100)])],
      targets: [
        { ...vti, weight: 0.5 },
        { ...agg, weight: 0.5 },
      ],
    });
    // Total 40,000: VTI 30,000 → 20,000 (sell 33 shares), AGG 10,000 → 20,000 (buy with 9,900 of proceeds: 99 shares).
    expect(plan.trades.map((trade) => [trade.side, trade.symbol, trade.quantity, trade.amount])).toEqual([
      ['sell', 'VTI', 33, 9900],
      ['buy', 'AGG', 99, 9900],
    ]);
    expect(plan.trades[0]!.realized_long).toBe(33 * 50);
    expect(plan.cashAfter).toBe(0);
  });

  it('leaves alone an overweight worth more than the minimum trade but less than one share', () => {
    // Total 100 × 300 + 100 × 100 = 40,000. VTI's target 74.5 % is 29,800: 200 over, at or above the
    // 100 minimum but under one 300 share, so there is nothing whole to sell (it used to throw).
    const plan = planTrades({
      ...base,
      cash: 0,
      holdings: [holding(vti, [buy('2024-01-10', 100, 250)]), holding(agg, [buy('2024-01-10', 100, 100)])],
      targets: [
        { ...vti, weight: 0.745 },
        { ...agg, weight: 0.255 },
      ],
    });
    expect(plan.trades).toEqual([]);
    expect(plan.cashAfter).toBe(0);
  });

  it('never spends more cash than it has: buys shrink alike', () => {
    const plan = planTrades({
      ...base,
      cash: 1000,
      holdings: [],
      targets: [
        { ...vti, weight: 0.6 },
        { ...agg, weight: 0.4 },
      ],
    });
    const spent = plan.trades.reduce((sum, trade) => sum + trade.amount, 0);
    expect(spent).toBeLessThanOrEqual(1000);
    // Largest first: VTI's 600 buys 2 shares, AGG's 400 buys 4.
    expect(plan.trades.map((trade) => [trade.symbol, trade.quantity])).toEqual([
      ['VTI', 2],
      ['AGG', 4],
    ]);
    expect(plan.cashAfter).toBe(1000 - spent);
  });

  it('does not buy back a security sold at a loss within the wash-sale window; its money stays in cash', () => {
    const block = { security_id: agg.securityId, symbol: 'AGG', sold_on: '2026-11-10', until: '2026-12-10' };
    const plan = planTrades({
      ...base,
      cash: 10_000,
      holdings: [],
      targets: [{ ...agg, weight: 1 }],
      washSales: new Map([[agg.securityId, block]]),
    });
    expect(plan.trades).toEqual([]);
    expect(plan.blocked).toEqual([block]);
    expect(plan.cashAfter).toBe(10_000);
  });

  it('says what the client’s settings held back: a held security, gains over the budget, a restricted buy', () => {
    const bnd = security('BND', 'fixed_income', 50);
    const gld = security('GLD', 'alternative', 200);
    // Total 100 × 300 + 100 × 100 + 100 × 50 = 45,000; targets VTI 20 % (9,000), AGG 20 % (9,000), GLD 60 % (27,000).
    // VTI is held: its 21,000 over stays, held back. AGG is 1,000 over: 10 shares with a 40 gain each,
    // 400 of gains, but only 100 of budget room: 2 shares (80) are sold, 8 (800) held back. BND is
    // dropped and sold whole at a loss (100 × 10 = −1,000, no room needed). GLD is restricted: its
    // 27,000 buy is held back, and nothing else is wanted, so the proceeds stay in cash.
    const plan = planTrades({
      ...base,
      cash: 0,
      holdings: [
        holding(vti, [buy('2024-01-10', 100, 250)]),
        holding(agg, [buy('2024-01-10', 100, 60)]),
        holding(bnd, [buy('2024-01-10', 100, 60)]),
      ],
      targets: [
        { ...vti, weight: 0.2 },
        { ...agg, weight: 0.2 },
        { ...gld, weight: 0.6 },
      ],
      holdList: new Set([vti.securityId]),
      restricted: new Set([gld.securityId]),
      gainRoom: 100,
    });
    expect(plan.trades.map((trade) => [trade.side, trade.symbol, trade.quantity])).toEqual([
      ['sell', 'AGG', 2],
      ['sell', 'BND', 100],
    ]);
    expect(plan.heldBack.map((row) => [row.symbol, row.side, row.reason, row.amount])).toEqual([
      ['VTI', 'sell', 'hold_list', 21_000],
      ['AGG', 'sell', 'gain_budget', 800],
      ['GLD', 'buy', 'restricted', 27_000],
    ]);
  });

  it('closes a position the targets drop entirely, fractions included', () => {
    const plan = planTrades({ ...base, cash: 0, holdings: [holding(vti, [buy('2024-01-10', 10.5, 250)])], targets: [] });
    expect(plan.trades.map((trade) => [trade.side, trade.quantity])).toEqual([['sell', 10.5]]);
    expect(plan.quantitiesAfter.get(vti.securityId)).toBe(0);
  });

  it('sells only what it may: a concentration plan leaves the other holdings alone', () => {
    const plan = planTrades({
      ...base,
      cash: 0,
      holdings: [holding(vti, [buy('2024-01-10', 100, 250)]), holding(agg, [buy('2024-01-10', 100, 100)])],
      targets: [{ ...vti, weight: 0.1 }],
      sellable: new Set([vti.securityId]),
    });
    expect(plan.trades.map((trade) => trade.symbol)).toEqual(['VTI']);
  });
});

describe('targets', () => {
  const vehicles = new Map([
    ['equity', vti],
    ['fixed_income', agg],
  ] as const);

  it('gives an asset class weight to the holdings of that class by value, else to its vehicle', () => {
    const spy = security('SPY', 'equity', 600);
    const holdings = [holding(spy, [buy('2024-01-10', 10, 500)]), holding(vti, [buy('2024-01-10', 10, 250)])];
    const classTargets: ModelTargetInput[] = [
      { assetClass: 'equity', security: null, weight: 0.6 },
      { assetClass: 'fixed_income', security: null, weight: 0.35 },
      { assetClass: 'cash', security: null, weight: 0.05 },
    ];
    const targets = securityTargets(classTargets, holdings, 1000, vehicles);
    expect(targets.map((target) => [target.symbol, Number(target.weight.toFixed(4))])).toEqual([
      ['SPY', 0.4],
      ['VTI', 0.2],
      ['AGG', 0.35],
    ]);
  });

  it('reports weights by class, cash counted as cash, and the largest drift', () => {
    const classTargets: ModelTargetInput[] = [
      { assetClass: 'equity', security: null, weight: 0.6 },
      { assetClass: 'fixed_income', security: null, weight: 0.4 },
    ];
    const rows = weightRows(
      'asset_class',
      classTargets,
      new Map([[vti.securityId, vti]]),
      { cash: 1000, quantities: new Map([[vti.securityId, 30]]) },
      { cash: 1000, quantities: new Map([[vti.securityId, 30]]) },
    );
    expect(rows.map((row) => [row.label, row.current, row.target])).toEqual([
      ['Equity', 0.9, 0.6],
      ['Fixed income', 0, 0.4],
      ['Cash', 0.1, 0],
    ]);
    expect(largestDrift(rows)).toBeCloseTo(0.4, 12);
  });

  it('finds wash-sale windows from losses in any account, not from gains or old losses', () => {
    const histories = [
      { securityId: 'a', symbol: 'A', realized: taxLots([buy('2026-01-05', 10, 100), sell('2026-11-02', 10, 80)]).realized },
      { securityId: 'b', symbol: 'B', realized: taxLots([buy('2026-01-05', 10, 100), sell('2026-11-02', 10, 120)]).realized },
      { securityId: 'c', symbol: 'C', realized: taxLots([buy('2026-01-05', 10, 100), sell('2026-10-20', 10, 80)]).realized },
    ];
    expect([...washSaleBlocks(histories, asOf, 30).values()]).toEqual([
      { security_id: 'a', symbol: 'A', sold_on: '2026-11-02', until: '2026-12-02' },
    ]);
    // The 30th day after the sale is still inside the window; the 31st is not.
    expect(washSaleBlocks(histories, '2026-12-02', 30).has('a')).toBe(true);
    expect(washSaleBlocks(histories, '2026-12-03', 30).has('a')).toBe(false);
  });
});

describe('reviewPortfolio', () => {
  const model = (fields: Partial<ReviewModel> = {}): ReviewModel => ({
    id: 'm',
    name: 'Balanced',
    riskBand: 'moderate',
    driftBand: 0.05,
    kind: 'security',
    targets: [
      { assetClass: null, security: vti, weight: 0.6 },
      { assetClass: null, security: agg, weight: 0.4 },
    ],
    ...fields,
  });
  const review = (fields: Partial<PortfolioReview>): PortfolioReview => ({
    asOf,
    portfolioName: 'Growth account',
    cash: 0,
    tax: { ...untaxedProfile('taxable'), rates: { short: 0.32, long: 0.15 } },
    rebalanceTo: 'target',
    holdings: [],
    model: model(),
    clientBand: 'moderate',
    bandModel: null,
    vehicles: new Map(),
    washSales: new Map(),
    replacementShares: () => 0,
    ...fields,
  });

  it('recommends a rebalance past the drift band, with a rationale from the numbers', () => {
    const outcome = reviewPortfolio(
      review({ holdings: [holding(vti, [buy('2024-01-10', 100, 250)]), holding(agg, [buy('2024-01-10', 100, 100)])] }),
    );
    expect(outcome?.type).toBe('rebalance');
    expect(outcome?.rationale).toContain('Equity is 75.0% against 60.0%');
    expect(outcome?.details.drift?.before).toBeCloseTo(0.15, 10);
    expect(outcome?.details.drift?.after).toBeLessThan(0.05);
  });

  it('recommends nothing within the band', () => {
    expect(
      reviewPortfolio(review({ holdings: [holding(vti, [buy('2024-01-10', 80, 250)]), holding(agg, [buy('2024-01-10', 160, 100)])] })),
    ).toBeNull();
  });

  it('deploys idle cash without selling when only cash is past the band', () => {
    const outcome = reviewPortfolio(
      review({ cash: 10_000, holdings: [holding(vti, [buy('2024-01-10', 60, 250)]), holding(agg, [buy('2024-01-10', 120, 100)])] }),
    );
    expect(outcome?.type).toBe('deploy_cash');
    expect(outcome?.details.trades.every((trade) => trade.side === 'buy')).toBe(true);
  });

  it("flags a model of another band than the client's and moves to the band's model", () => {
    const conservative = model({
      id: 'c',
      name: 'Conservative',
      riskBand: 'conservative',
      targets: [{ assetClass: null, security: agg, weight: 1 }],
    });
    const outcome = reviewPortfolio(
      review({
        clientBand: 'conservative',
        bandModel: conservative,
        holdings: [holding(vti, [buy('2024-01-10', 60, 250)]), holding(agg, [buy('2024-01-10', 120, 100)])],
      }),
    );
    expect(outcome?.type).toBe('risk_mismatch');
    expect(outcome?.model.id).toBe('c');
    expect(outcome?.details.trades.find((trade) => trade.side === 'sell')?.symbol).toBe('VTI');
  });

  it('trims a single holding above 20 % that the model does not call for', () => {
    const aapl = security('AAPL', 'equity', 200);
    const classModel = model({ kind: 'asset_class', targets: [{ assetClass: 'equity', security: null, weight: 1 }] });
    const outcome = reviewPortfolio(
      review({
        model: classModel,
        vehicles: new Map([['equity', vti]]),
        holdings: [holding(aapl, [buy('2024-01-10', 100, 150)]), holding(vti, [buy('2024-01-10', 10, 250)])],
      }),
    );
    expect(outcome?.type).toBe('reduce_concentration');
    expect(outcome?.title).toBe('Reduce AAPL from 87.0% to 10.0%');
    expect(outcome?.details.trades.map((trade) => [trade.side, trade.symbol])).toEqual([
      ['sell', 'AAPL'],
      ['buy', 'VTI'],
    ]);
  });
});
