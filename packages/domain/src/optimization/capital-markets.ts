import { z } from 'zod';
import { riskBandEquityRange, riskBandLabels, riskBands, type RiskBand } from '../model-portfolios/contracts.ts';
import type { AssetClass } from '../securities/contracts.ts';
import { syncVersion } from '../shared/sync-version.ts';

/**
 * The firm's capital-market assumptions: the expected annual return of each market class (the
 * optimiser's expected returns: a security expects its class's figure), and each risk band's range of
 * weight per class and for stocks in all (the optimum stays inside them). Contracts of
 * /api/v1/capital-market-assumptions, shared by server and web.
 */

/** The classes the assumptions and ranges are set for; every security falls in exactly one. */
export const marketClasses = [
  'us_equity',
  'international_equity',
  'emerging_equity',
  'core_bonds',
  'tips',
  'high_yield',
  'real_estate',
  'commodities',
  'cash',
] as const;
export type MarketClass = (typeof marketClasses)[number];

/** Classes with an assumption of their own; cash earns the firm's risk-free rate. */
export const returnClasses = marketClasses.filter((marketClass) => marketClass !== 'cash') as Exclude<MarketClass, 'cash'>[];
export type ReturnClass = Exclude<MarketClass, 'cash'>;

export const marketClassLabels: Record<MarketClass, string> = {
  us_equity: 'US stocks',
  international_equity: 'International developed stocks',
  emerging_equity: 'Emerging-market stocks',
  core_bonds: 'Core bonds',
  tips: 'TIPS (inflation-protected)',
  high_yield: 'High-yield and EM bonds',
  real_estate: 'Real estate (REITs)',
  commodities: 'Gold and commodities',
  cash: 'Cash funds (T-bills)',
};

/** The stock classes: the band's range of stocks in all is on their sum. */
export const stockClasses: readonly MarketClass[] = ['us_equity', 'international_equity', 'emerging_equity'];

/** The fund the optimiser may buy for a class the account holds nothing of: broad, cheap and liquid. */
export const marketClassVehicleSymbols: Record<MarketClass, string> = {
  us_equity: 'VTI',
  international_equity: 'VEA',
  emerging_equity: 'VWO',
  core_bonds: 'AGG',
  tips: 'TIP',
  high_yield: 'HYG',
  real_estate: 'VNQ',
  commodities: 'GLD',
  cash: 'SGOV',
};

/**
 * A security's market class from its asset class and category (the securities master's industry:
 * 'Foreign Large Blend', 'Inflation-Protected Bond', 'High Yield Bond' …). A company's stock or a US
 * index or sector fund is a US stock; a world fund (VT) counts as US, its larger part.
 */
export function marketClassOf(security: { assetClass: AssetClass; industry: string }): MarketClass {
  const { assetClass, industry } = security;
  if (assetClass === 'cash') return 'cash';
  if (assetClass === 'real_estate') return 'real_estate';
  if (assetClass === 'alternative') return 'commodities';
  if (assetClass === 'fixed_income') {
    if (/inflation/i.test(industry)) return 'tips';
    if (/high yield|emerging/i.test(industry)) return 'high_yield';
    return 'core_bonds';
  }
  if (/emerging/i.test(industry)) return 'emerging_equity';
  if (/^foreign/i.test(industry)) return 'international_equity';
  return 'us_equity';
}

/**
 * Long-term assumptions the demo firm starts from. Illustrative only (round figures in the range of
 * published long-term capital-market assumptions), not a forecast: a firm sets its own.
 */
export const defaultExpectedReturns: Record<ReturnClass, number> = {
  us_equity: 0.065,
  international_equity: 0.07,
  emerging_equity: 0.075,
  core_bonds: 0.045,
  tips: 0.042,
  high_yield: 0.055,
  real_estate: 0.06,
  commodities: 0.035,
};

export type WeightRange = { min: number; max: number };
export type BandRanges = { stocks: WeightRange; classes: Record<MarketClass, WeightRange> };

const r = (min: number, max: number): WeightRange => ({ min, max });
const stocksOf = (band: RiskBand): WeightRange => r(...riskBandEquityRange[band]);

/** Each band's ranges the demo firm starts from: core bonds fall and stocks rise from conservative to aggressive. */
export const defaultBandRanges: Record<RiskBand, BandRanges> = {
  conservative: {
    stocks: stocksOf('conservative'),
    classes: {
      us_equity: r(0.1, 0.25),
      international_equity: r(0, 0.1),
      emerging_equity: r(0, 0.05),
      core_bonds: r(0.35, 0.65),
      tips: r(0, 0.15),
      high_yield: r(0, 0.1),
      real_estate: r(0, 0.05),
      commodities: r(0, 0.05),
      cash: r(0, 0.2),
    },
  },
  moderately_conservative: {
    stocks: stocksOf('moderately_conservative'),
    classes: {
      us_equity: r(0.15, 0.35),
      international_equity: r(0.05, 0.15),
      emerging_equity: r(0, 0.05),
      core_bonds: r(0.3, 0.55),
      tips: r(0, 0.15),
      high_yield: r(0, 0.1),
      real_estate: r(0, 0.07),
      commodities: r(0, 0.05),
      cash: r(0, 0.15),
    },
  },
  moderate: {
    stocks: stocksOf('moderate'),
    classes: {
      us_equity: r(0.25, 0.45),
      international_equity: r(0.08, 0.2),
      emerging_equity: r(0, 0.08),
      core_bonds: r(0.2, 0.45),
      tips: r(0, 0.1),
      high_yield: r(0, 0.1),
      real_estate: r(0, 0.08),
      commodities: r(0, 0.05),
      cash: r(0, 0.1),
    },
  },
  moderately_aggressive: {
    stocks: stocksOf('moderately_aggressive'),
    classes: {
      us_equity: r(0.35, 0.55),
      international_equity: r(0.1, 0.25),
      emerging_equity: r(0, 0.1),
      core_bonds: r(0.08, 0.3),
      tips: r(0, 0.08),
      high_yield: r(0, 0.1),
      real_estate: r(0, 0.1),
      commodities: r(0, 0.05),
      cash: r(0, 0.05),
    },
  },
  aggressive: {
    stocks: stocksOf('aggressive'),
    classes: {
      us_equity: r(0.4, 0.65),
      international_equity: r(0.12, 0.3),
      emerging_equity: r(0, 0.12),
      core_bonds: r(0, 0.15),
      tips: r(0, 0.05),
      high_yield: r(0, 0.1),
      real_estate: r(0, 0.1),
      commodities: r(0, 0.05),
      cash: r(0, 0.05),
    },
  },
};

const capitalMarketLimits = { returnMin: -0.5, returnMax: 0.5 } as const;

/** A fraction as the messages show it: '105 %'. */
const shown = (fraction: number) => `${Number((fraction * 100).toFixed(2))} %`;

export const capitalMarketMessages = {
  returnInvalid: (marketClass: MarketClass) => `${marketClassLabels[marketClass]}: the expected return must be between −50 % and 50 %.`,
  rangeInvalid: (band: RiskBand, what: string) =>
    `${riskBandLabels[band]}, ${what}: the minimum and maximum must be between 0 % and 100 %.`,
  rangeCrossed: (band: RiskBand, what: string, range: WeightRange) =>
    `${riskBandLabels[band]}, ${what}: the minimum (${shown(range.min)}) is above the maximum (${shown(range.max)}).`,
  minimaTooHigh: (band: RiskBand, sum: number) =>
    `${riskBandLabels[band]}: the asset classes' minimums add up to ${shown(sum)}, above 100 %; no portfolio can meet them all.`,
  maximaTooLow: (band: RiskBand, sum: number) =>
    `${riskBandLabels[band]}: the asset classes' maximums add up to ${shown(sum)}, below 100 %; no portfolio can be fully invested within them.`,
  stocksUnreachable: (band: RiskBand, sum: number, stocks: number) =>
    `${riskBandLabels[band]}: the stock classes' maximums add up to ${shown(sum)}, below the least share of stocks (${shown(stocks)}).`,
  stocksExceeded: (band: RiskBand, sum: number, stocks: number) =>
    `${riskBandLabels[band]}: the stock classes' minimums add up to ${shown(sum)}, above the most share of stocks (${shown(stocks)}).`,
  stocksAndOthers: (band: RiskBand) =>
    `${riskBandLabels[band]}: the share of stocks and the other classes' ranges cannot add up to 100 %; widen one of them.`,
  changed: 'The capital-market assumptions were changed by someone else: here they are as they stand now.',
  adminOnly: 'Only an administrator can change the capital-market assumptions.',
  syncVersionRequired: 'sync_version is required: send the version you read.',
} as const;

/** The stocks row's name in messages and on screen. */
export const stocksLabel = 'Stocks in all';

const expectedReturn = (marketClass: MarketClass) =>
  z
    .number({ error: capitalMarketMessages.returnInvalid(marketClass) })
    .min(capitalMarketLimits.returnMin, capitalMarketMessages.returnInvalid(marketClass))
    .max(capitalMarketLimits.returnMax, capitalMarketMessages.returnInvalid(marketClass));

const rangeSchema = (band: RiskBand, what: string) => {
  const bound = z
    .number({ error: capitalMarketMessages.rangeInvalid(band, what) })
    .min(0, capitalMarketMessages.rangeInvalid(band, what))
    .max(1, capitalMarketMessages.rangeInvalid(band, what));
  return z.object({ min: bound, max: bound }).refine((range) => range.min <= range.max, {
    error: (issue) => capitalMarketMessages.rangeCrossed(band, what, issue.input as WeightRange),
  });
};

/** Ranges a fully invested portfolio can meet: Σmin ≤ 100 % ≤ Σmax, and the stock classes able to meet the stocks' range. */
function checkBand(band: RiskBand, ranges: BandRanges, context: z.RefinementCtx) {
  const values = marketClasses.map((marketClass) => ranges.classes[marketClass]);
  if (values.some((range) => range.min > range.max)) return; // said per class already
  const sum = (pick: (range: WeightRange) => number, classes: readonly MarketClass[] = marketClasses) =>
    classes.reduce((total, marketClass) => total + pick(ranges.classes[marketClass]), 0);
  const tolerance = 1e-9;
  const minSum = sum((range) => range.min);
  const maxSum = sum((range) => range.max);
  if (minSum > 1 + tolerance)
    context.addIssue({ code: 'custom', message: capitalMarketMessages.minimaTooHigh(band, minSum), path: ['classes'] });
  if (maxSum < 1 - tolerance)
    context.addIssue({ code: 'custom', message: capitalMarketMessages.maximaTooLow(band, maxSum), path: ['classes'] });
  if (ranges.stocks.min > ranges.stocks.max) return;
  const stockMax = sum((range) => range.max, stockClasses);
  const stockMin = sum((range) => range.min, stockClasses);
  if (stockMax < ranges.stocks.min - tolerance)
    context.addIssue({
      code: 'custom',
      message: capitalMarketMessages.stocksUnreachable(band, stockMax, ranges.stocks.min),
      path: ['stocks'],
    });
  if (stockMin > ranges.stocks.max + tolerance)
    context.addIssue({
      code: 'custom',
      message: capitalMarketMessages.stocksExceeded(band, stockMin, ranges.stocks.max),
      path: ['stocks'],
    });
  if (
    minSum > 1 + tolerance ||
    maxSum < 1 - tolerance ||
    stockMax < ranges.stocks.min - tolerance ||
    stockMin > ranges.stocks.max + tolerance
  )
    return;
  // The stocks' share s must fit both the stocks' range and what the other classes leave: 1 − Σmax(others) ≤ s ≤ 1 − Σmin(others).
  const others = marketClasses.filter((marketClass) => !stockClasses.includes(marketClass));
  const least = Math.max(ranges.stocks.min, stockMin, 1 - sum((range) => range.max, others));
  const most = Math.min(ranges.stocks.max, stockMax, 1 - sum((range) => range.min, others));
  if (least > most + tolerance)
    context.addIssue({ code: 'custom', message: capitalMarketMessages.stocksAndOthers(band), path: ['stocks'] });
}

const bandRangesSchema = (band: RiskBand) =>
  z
    .object({
      stocks: rangeSchema(band, stocksLabel),
      classes: z.object(
        Object.fromEntries(marketClasses.map((marketClass) => [marketClass, rangeSchema(band, marketClassLabels[marketClass])])) as Record<
          MarketClass,
          ReturnType<typeof rangeSchema>
        >,
      ),
    })
    .superRefine((ranges, context) => checkBand(band, ranges, context));

const settingsFields = {
  /** Expected annual return per market class, a fraction (cash: the firm's risk-free rate). */
  expected_returns: z.object(
    Object.fromEntries(returnClasses.map((marketClass) => [marketClass, expectedReturn(marketClass)])) as Record<
      ReturnClass,
      ReturnType<typeof expectedReturn>
    >,
  ),
  band_ranges: z.object(
    Object.fromEntries(riskBands.map((band) => [band, bandRangesSchema(band)])) as Record<RiskBand, ReturnType<typeof bandRangesSchema>>,
  ),
};

/** PUT /capital-market-assumptions: every figure, with the version read (0 while the firm still has the defaults). */
export const capitalMarketUpdateSchema = z.object({
  ...settingsFields,
  sync_version: syncVersion(capitalMarketMessages.syncVersionRequired),
});
export type CapitalMarketUpdate = z.infer<typeof capitalMarketUpdateSchema>;

const rangeOut = z.object({ min: z.number(), max: z.number() });
export const capitalMarketSettingsSchema = z.object({
  expected_returns: z.object(Object.fromEntries(returnClasses.map((c) => [c, z.number()])) as Record<ReturnClass, z.ZodNumber>),
  band_ranges: z.object(
    Object.fromEntries(
      riskBands.map((band) => [
        band,
        z.object({
          stocks: rangeOut,
          classes: z.object(Object.fromEntries(marketClasses.map((c) => [c, rangeOut])) as Record<MarketClass, typeof rangeOut>),
        }),
      ]),
    ) as Record<RiskBand, z.ZodObject<{ stocks: typeof rangeOut; classes: z.ZodObject<Record<MarketClass, typeof rangeOut>> }>>,
  ),
  /** What cash expects: the firm's risk-free rate (set with the analytics settings). */
  risk_free_rate: z.number(),
  /** Whether the figures are the seeded, illustrative ones the firm has not changed yet. */
  defaults: z.boolean(),
  sync_version: z.number(),
  updated_at: z.string().nullable(),
});
export type CapitalMarketSettings = z.infer<typeof capitalMarketSettingsSchema>;

export type CapitalMarketAssumptions = { expectedReturns: Record<ReturnClass, number>; bandRanges: Record<RiskBand, BandRanges> };

/**
 * Each asset's expected return: the risk-free rate for cash; otherwise the risk-free rate plus its
 * beta to its class's fund (classBeta) times the class's premium over it, the class's assumption as
 * it stands for a beta of 1 or when no beta is given.
 */
export function expectedReturnsOf(
  classes: readonly MarketClass[],
  expectedReturns: Record<ReturnClass, number>,
  riskFreeRate: number,
  betas?: ArrayLike<number>,
): Float64Array {
  return Float64Array.from(classes, (marketClass, i) => {
    if (marketClass === 'cash') return riskFreeRate;
    const beta = betas?.[i] ?? 1;
    return beta === 1 ? expectedReturns[marketClass] : riskFreeRate + beta * (expectedReturns[marketClass] - riskFreeRate);
  });
}
