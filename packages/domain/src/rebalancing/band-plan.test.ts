import { describe, expect, it } from 'vitest';
import type { AccountType } from '../portfolios/contracts.ts';
import { accountTypes } from '../portfolios/contracts.ts';
import { planBandRebalance, untaxedProfile, type BandPlanInput, type TaxProfile } from './band-plan.ts';
import { reviewPortfolio, type PortfolioReview, type ReviewModel } from './review.ts';
import { accountTaxTreatment } from './tax-treatment.ts';
import { buy, planHolding as holding, planSecurity as security } from '../test/lot-trades.ts';
import { disallowedLoss, inWashWindow, recentPurchases } from './wash-sales.ts';

const asOf = '2026-11-20';
const vti = security('VTI', 'equity', 100);
const vxus = security('VXUS', 'equity', 100);
const agg = security('AGG', 'fixed_income', 100);
const bnd = security('BND', 'fixed_income', 100);
const gld = security('GLD', 'alternative', 200);
const iau = security('IAU', 'alternative', 50);

const taxed = (fields: Partial<TaxProfile> = {}): TaxProfile => ({
  ...untaxedProfile('taxable'),
  rates: { short: 0.32, long: 0.15 },
  ...fields,
});

const input = (fields: Partial<BandPlanInput>): BandPlanInput => ({
  asOf,
  cash: 0,
  holdings: [],
  classTargets: new Map(),
  funds: [],
  vehicles: new Map(),
  band: 0.05,
  rebalanceTo: 'target',
  tax: taxed(),
  washSales: new Map(),
  replacementShares: () => 0,
  minimumTrade: 100,
  ...fields,
});

const summary = (plan: ReturnType<typeof planBandRebalance>) =>
  plan.trades.map((trade) => [trade.side, trade.symbol, trade.quantity, trade.amount]);

// A 60/40 model of VTI and AGG; the account holds 670 VTI (bought at 50, a long-term gain of 50 a share) and 330 AGG: $100,000.
const sixtyForty = {
  classTargets: new Map([
    ['equity', 0.6],
    ['fixed_income', 0.4],
  ] as const),
  funds: [
    { ...vti, weight: 0.6 },
    { ...agg, weight: 0.4 },
  ],
  holdings: [holding(vti, [buy('2024-01-10', 670, 50)]), holding(agg, [buy('2024-01-10', 330, 100)])],
};

/** The 60/40 model's 670 VTI beside 110 AGG at 300 (33,000): a bond share dearer than the drift's rounding; to the band's edge. */
const dearBondsToEdge = (cash: number) =>
  input({
    ...sixtyForty,
    cash,
    funds: [
      { ...vti, weight: 0.6 },
      { ...agg, price: 300, weight: 0.4 },
    ],
    holdings: [sixtyForty.holdings[0]!, holding({ ...agg, price: 300 }, [buy('2024-01-10', 110, 300)])],
    rebalanceTo: 'band_edge',
  });

describe('a tax-aware rebalance by asset class', () => {
  it('trades a taxable account slightly outside its band only back to the band edge when the firm says so', () => {
    // Equity 67,000 of 100,000 = 67 % against 60 % ± 5: 2 points past the band. To the edge (65 %): sell 2,000 = 20 VTI,
    // buy 20 AGG (33 % → 35 %). Gain 20 × 50 = 1,000 long-term; tax 1,000 × 15 % = 150.
    const plan = planBandRebalance(input({ ...sixtyForty, rebalanceTo: 'band_edge' }));
    expect(summary(plan)).toEqual([
      ['sell', 'VTI', 20, 2000],
      ['buy', 'AGG', 20, 2000],
    ]);
    expect(plan.taxableGain).toEqual({ short: 0, long: 1000 });
    expect(plan.estimatedTax).toBe(150);
    // To the target instead: 7,000 = 70 VTI, a 3,500 gain.
    const toTarget = planBandRebalance(input(sixtyForty));
    expect(summary(toTarget)[0]).toEqual(['sell', 'VTI', 70, 7000]);
    expect(toTarget.taxableGain.long).toBe(3500);
  });

  it('buys one share more where whole shares would leave a class just outside the band, while the money lasts', () => {
    // 670 VTI (67,000), 110 AGG at 300 (33,000), cash 1,000: 101,000. Equity 66.3 % → edge 65 % = 65,650: sell 1,350,
    // ceil(13.5) = 14 VTI = 1,400. Bonds 32.7 % → edge 35 % = 35,350: buy 2,350 with the 1,400 and the 1,000 of cash.
    // floor(2,350 / 300) = 7 AGG (2,100) leaves bonds at 35,100 = 34.75 %, outside; the 300 left buys an 8th: 35.05 %.
    const plan = planBandRebalance(dearBondsToEdge(1000));
    expect(summary(plan)).toEqual([
      ['sell', 'VTI', 14, 1400],
      ['buy', 'AGG', 8, 2400],
    ]);
    expect(plan.cashAfter).toBe(0);
  });

  it('rounds a buy to the band edge up to whole shares and sells enough to pay for it, so the class lands inside its band', () => {
    // 670 VTI at 100 (67,000) and 110 AGG at 300 (33,000), no cash: 100,000. Equity 67 % → edge 65 %: 2,000 to sell.
    // Bonds 33 % → edge 35 %: 2,000 to buy. Rounded down that is 6 AGG (1,800): bonds 34.8 %, still outside the band.
    // Rounded toward the inside: ceil(2,000 / 300) = 7 AGG = 2,100, paid by selling 2,100 = 21 VTI.
    // After: equity 64,900 = 64.9 %, bonds 35,100 = 35.1 %, both inside 60/40 ± 5; cash 0.
    const plan = planBandRebalance(dearBondsToEdge(0));
    expect(summary(plan)).toEqual([
      ['sell', 'VTI', 21, 2100],
      ['buy', 'AGG', 7, 2100],
    ]);
    expect(plan.cashAfter).toBe(0);
  });

  it('does nothing while every class is inside its band', () => {
    // 640 VTI + 360 AGG: 64 % / 36 %, 4 points off, inside ±5.
    const plan = planBandRebalance(
      input({ ...sixtyForty, holdings: [holding(vti, [buy('2024-01-10', 640, 50)]), holding(agg, [buy('2024-01-10', 360, 100)])] }),
    );
    expect(plan.trades).toEqual([]);
  });

  it('keeps a held IAU serving the gold target set with GLD: no fund is swapped for another of its class', () => {
    // Model 60 % VTI, 35 % AGG, 5 % GLD. Held: 700 VTI (70,000), 250 AGG (25,000), 100 IAU at 50 (5,000) = 100,000.
    // Gold is 5 % = its target; equity +10, bonds −10: sell 100 VTI, buy 100 AGG; IAU stays, GLD is not bought.
    const plan = planBandRebalance(
      input({
        classTargets: new Map([
          ['equity', 0.6],
          ['fixed_income', 0.35],
          ['alternative', 0.05],
        ] as const),
        funds: [
          { ...vti, weight: 0.6 },
          { ...agg, weight: 0.35 },
          { ...gld, weight: 0.05 },
        ],
        holdings: [
          holding(vti, [buy('2024-01-10', 700, 50)]),
          holding(agg, [buy('2024-01-10', 250, 100)]),
          holding(iau, [buy('2024-01-10', 100, 30)]),
        ],
      }),
    );
    expect(summary(plan)).toEqual([
      ['sell', 'VTI', 100, 10000],
      ['buy', 'AGG', 100, 10000],
    ]);
    expect(plan.quantitiesAfter.get(iau.securityId)).toBe(100);
  });

  it("caps the realised gains at the client's budget for the year, losses first", () => {
    // Budget 3,000, 1,000 already realised this year: 2,000 of room. VTI: 680 bought at 50 (long-term, +50 a share) and
    // 20 bought 2026-06-01 at 120 (short-term, −20 a share). The 20 loss shares go first (−400: room 2,400), then
    // floor(2,400 / 50) = 48 gain shares (+2,400). Sold: 68 VTI = 6,800 instead of 10,000; net gain 2,000 = the room.
    const plan = planBandRebalance(
      input({
        classTargets: new Map([
          ['equity', 0.6],
          ['fixed_income', 0.4],
        ] as const),
        funds: sixtyForty.funds,
        holdings: [holding(vti, [buy('2024-01-10', 680, 50), buy('2026-06-01', 20, 120)]), holding(agg, [buy('2024-01-10', 300, 100)])],
        tax: taxed({ gainBudget: 3000, gainsYearToDate: 1000 }),
      }),
    );
    expect(summary(plan)).toEqual([
      ['sell', 'VTI', 68, 6800],
      ['buy', 'AGG', 68, 6800],
    ]);
    expect(plan.taxableGain).toEqual({ short: -400, long: 2400 });
    // Tax: 2,400 × 15 % − 400 × 32 % = 360 − 128 = 232.
    expect(plan.estimatedTax).toBe(232);
    expect(plan.heldBack).toEqual([{ security_id: vti.securityId, symbol: 'VTI', side: 'sell', reason: 'gain_budget', amount: 3200 }]);
  });

  it('never sells a security on the hold list nor buys a restricted one', () => {
    // VTI (40,000) on hold, VXUS 30,000, AGG 25,000, IAU 5,000. Equity 70 % against 60 %: the 10,000 comes out of VXUS only.
    // AGG is restricted: the bonds' 10,000 go to BND, the model's other bond fund.
    const plan = planBandRebalance(
      input({
        classTargets: new Map([
          ['equity', 0.6],
          ['fixed_income', 0.35],
          ['alternative', 0.05],
        ] as const),
        funds: [
          { ...vti, weight: 0.4 },
          { ...vxus, weight: 0.2 },
          { ...agg, weight: 0.25 },
          { ...bnd, weight: 0.1 },
          { ...gld, weight: 0.05 },
        ],
        holdings: [
          holding(vti, [buy('2024-01-10', 400, 50)]),
          holding(vxus, [buy('2024-01-10', 300, 90)]),
          holding(agg, [buy('2024-01-10', 250, 100)]),
          holding(iau, [buy('2024-01-10', 100, 30)]),
        ],
        tax: taxed({ holdList: new Set([vti.securityId]), restricted: new Set([agg.securityId]) }),
      }),
    );
    expect(summary(plan)).toEqual([
      ['sell', 'VXUS', 100, 10000],
      ['buy', 'BND', 100, 10000],
    ]);
    expect(plan.heldBack.map((row) => [row.symbol, row.reason])).toEqual([
      ['VTI', 'hold_list'],
      ['AGG', 'restricted'],
    ]);
  });

  it('skips a sale whose tax is too high for the drift it cures', () => {
    // Minimum 20 dollars of drift cured per dollar of tax (tax at most 1/20 = 5 % of a sale): a VTI share at 100 with a
    // long-term gain of 50 costs 50 × 15 % = 7.50 of tax per 100 sold (7.5 %): no sale, and so nothing to buy either.
    const plan = planBandRebalance(input({ ...sixtyForty, tax: taxed({ minBenefitRatio: 20 }) }));
    expect(plan.trades).toEqual([]);
    expect(plan.heldBack.map((row) => [row.symbol, row.reason])).toEqual([['VTI', 'not_worth_tax']]);
    // Bought at 80 (a gain of 20 a share: 3.00 of tax per 100, 3 %), the same threshold lets the sale through.
    const cheap = planBandRebalance(
      input({
        ...sixtyForty,
        holdings: [holding(vti, [buy('2024-01-10', 670, 80)]), sixtyForty.holdings[1]!],
        tax: taxed({ minBenefitRatio: 20 }),
      }),
    );
    expect(summary(cheap)[0]).toEqual(['sell', 'VTI', 70, 7000]);
  });

  it('reports a wash-sale loss: shares bought within 30 days in another account wash as many shares sold at a loss', () => {
    // 670 VTI bought at 120 (long-term loss of 20 a share); 30 VTI bought in the client's IRA last week. Selling 70 VTI
    // realises −1,400; 30 shares of it (30 × 20 = 600) are disallowed: net deductible loss −800, tax −800 × 15 % = −120.
    const plan = planBandRebalance(
      input({
        ...sixtyForty,
        holdings: [holding(vti, [buy('2024-01-10', 670, 120)]), sixtyForty.holdings[1]!],
        replacementShares: (id) => (id === vti.securityId ? 30 : 0),
      }),
    );
    expect(plan.trades[0]).toMatchObject({ symbol: 'VTI', quantity: 70, realized_long: -1400, disallowed_loss: 600 });
    expect(plan.disallowed).toBe(600);
    expect(plan.taxableGain.long).toBe(-800);
    expect(plan.estimatedTax).toBe(-120);
  });
});

describe('the tax treatment of an account', () => {
  it('taxes taxable, joint and trust accounts; defers IRAs and 401(k)/403(b); never taxes a Roth or a 529', () => {
    const byTreatment = (treatment: string) => accountTypes.filter((type) => accountTaxTreatment[type] === treatment);
    expect(byTreatment('taxable')).toEqual(['taxable', 'joint', 'trust']);
    expect(byTreatment('tax_deferred')).toEqual(['ira', '401k', '403b']);
    expect(byTreatment('tax_free')).toEqual(['roth_ira', 'education_529']);
  });

  const model: ReviewModel = {
    id: 'm',
    name: 'Balanced',
    riskBand: 'moderate',
    driftBand: 0.05,
    kind: 'security',
    targets: [
      { assetClass: null, security: vti, weight: 0.6 },
      { assetClass: null, security: agg, weight: 0.4 },
    ],
  };
  const review = (accountType: AccountType): PortfolioReview => ({
    asOf,
    portfolioName: 'Roth',
    cash: 0,
    tax: accountTaxTreatment[accountType] === 'taxable' ? taxed() : untaxedProfile(accountTaxTreatment[accountType]),
    rebalanceTo: 'target',
    holdings: sixtyForty.holdings,
    model,
    clientBand: 'moderate',
    bandModel: null,
    vehicles: new Map(),
    washSales: new Map(),
    replacementShares: () => 0,
  });

  it('shows no tax for a Roth and never calls it tax-deferred', () => {
    const outcome = reviewPortfolio(review('roth_ira'))!;
    expect(outcome.details.tax).toMatchObject({ treatment: 'tax_free', estimated_tax: 0, gain_budget: null });
    expect(outcome.details.tax_deferred).toBe(false);
    expect(outcome.rationale).toContain('Tax-free account: these sales owe no tax.');
    expect(outcome.rationale).not.toMatch(/tax-deferred/i);
  });

  it('shows the tax of a taxable account against the drift it cures', () => {
    // 70 VTI sold at a 50 gain: 3,500 long-term, 525 of tax, drift 7.0 → 0.0 points.
    const outcome = reviewPortfolio(review('joint'))!;
    expect(outcome.details.tax?.estimated_tax).toBe(525);
    expect(outcome.rationale).toContain('estimated tax $525, to cure 7.0 pts of drift');
  });
});

describe('the wash-sale window (calendar days, both sides of the sale)', () => {
  // A loss sale on 2026-11-20. Before: 2026-10-21 is 10 days (to 31 Oct) + 20 days = 30 days earlier; 2026-10-20 is 31.
  // After: 2026-12-20 is 10 days (to 30 Nov) + 20 days = 30 days later; 2026-12-21 is 31.
  it('counts a purchase 30 days before or after the sale, not 31', () => {
    expect(inWashWindow('2026-10-21', asOf, 30)).toBe(true);
    expect(inWashWindow('2026-10-20', asOf, 30)).toBe(false);
    expect(inWashWindow('2026-12-20', asOf, 30)).toBe(true);
    expect(inWashWindow('2026-12-21', asOf, 30)).toBe(false);
  });

  it("finds the purchases before a sale in any of the client's accounts", () => {
    const histories = [
      { securityId: 'a', portfolioId: 'ira', trades: [buy('2026-10-20', 5, 90), buy('2026-10-21', 7, 90)] },
      { securityId: 'a', portfolioId: 'taxable', trades: [buy('2026-11-20', 3, 90)] },
    ];
    expect(recentPurchases(histories, asOf, 30).get('a')).toEqual([
      { portfolioId: 'ira', date: '2026-10-21', quantity: 7, price: 90 },
      { portfolioId: 'taxable', date: '2026-11-20', quantity: 3, price: 90 },
    ]);
  });

  it('disallows the loss of as many shares as were bought, pieces in order', () => {
    // Pieces: 10 shares at −5 a share (−50), then 10 at −2 (−20). 15 replacement shares wash 10 × 5 + 5 × 2 = 60.
    expect(
      disallowedLoss(
        [
          { quantity: 10, gain: -50 },
          { quantity: 10, gain: -20 },
        ],
        15,
      ),
    ).toEqual({ amount: 60, shares: 15 });
    expect(disallowedLoss([{ quantity: 10, gain: 40 }], 15)).toEqual({ amount: 0, shares: 0 });
  });
});
