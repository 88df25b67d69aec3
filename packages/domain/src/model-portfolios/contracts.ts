import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { modelMessages } from '../shared/advice-messages.ts';
import { pageOf, pageQuery } from '../shared/pagination.ts';
import { assetClasses, type AssetClass } from '../securities/contracts.ts';
import { syncVersion } from '../shared/sync-version.ts';

/** Risk bands and model portfolios: contracts of /api/v1/model-portfolios, shared by server and web. */

/** Five bands from the least to the most risk a client takes; each has the volatility its optimum aims at. */
export const riskBands = ['conservative', 'moderately_conservative', 'moderate', 'moderately_aggressive', 'aggressive'] as const;
export type RiskBand = (typeof riskBands)[number];

export const riskBandLabels: Record<RiskBand, string> = {
  conservative: 'Conservative',
  moderately_conservative: 'Moderately conservative',
  moderate: 'Moderate',
  moderately_aggressive: 'Moderately aggressive',
  aggressive: 'Aggressive',
};

/** Annual volatility the optimiser targets for a band: the usual steps of a five-model line-up. */
export const riskBandTargetVolatility: Record<RiskBand, number> = {
  conservative: 0.05,
  moderately_conservative: 0.08,
  moderate: 0.11,
  moderately_aggressive: 0.14,
  aggressive: 0.17,
};

/** The share of stocks the optimiser keeps a band's portfolio within, [least, most]. */
export const riskBandEquityRange: Record<RiskBand, readonly [number, number]> = {
  conservative: [0, 0.35],
  moderately_conservative: [0.15, 0.5],
  moderate: [0.3, 0.7],
  moderately_aggressive: [0.5, 0.85],
  aggressive: [0.65, 1],
};

/**
 * The fund an asset-class model buys for a class the portfolio holds nothing of: broad, cheap and
 * liquid. (Cash stays as cash: the cash class needs no purchase.)
 */
export const assetClassVehicleSymbols: Record<Exclude<AssetClass, 'cash'>, string> = {
  equity: 'VTI',
  fixed_income: 'AGG',
  real_estate: 'VNQ',
  alternative: 'GLD',
};

export const modelLimits = {
  nameMax: 100,
  descriptionMax: 1000,
  targetsMax: 60,
  /** A model's drift band when none is given: ±5 percentage points of weight. */
  driftBandDefault: 0.05,
  driftBandMin: 0.005,
  driftBandMax: 0.25,
  perPageDefault: 50,
} as const;

/** Model weights are fractions; the sum may fall short of 1 by this much (rounding of percentages). */
export const weightSumTolerance = 1e-6;

const modelTargetKinds = ['asset_class', 'security'] as const;
export type ModelTargetKind = (typeof modelTargetKinds)[number];

const weight = z.number({ error: modelMessages.weightInvalid }).gt(0, modelMessages.weightInvalid).max(1, modelMessages.weightInvalid);

const targetSchema = z.object({
  asset_class: z.enum(assetClasses, { error: modelMessages.assetClassInvalid }).nullish(),
  security_id: idSchema(modelMessages.securityInvalid).nullish(),
  weight,
});

const name = z
  .string({ error: modelMessages.nameRequired })
  .max(modelLimits.nameMax, { abort: true, error: modelMessages.nameTooLong })
  .trim()
  .min(1, modelMessages.nameRequired);

const modelFields = {
  name,
  description: z.string().max(modelLimits.descriptionMax, { abort: true, error: modelMessages.descriptionTooLong }).trim().nullish(),
  risk_band: z.enum(riskBands, { error: modelMessages.riskBandInvalid }),
  drift_band: z
    .number({ error: modelMessages.driftBandInvalid })
    .min(modelLimits.driftBandMin, modelMessages.driftBandInvalid)
    .max(modelLimits.driftBandMax, modelMessages.driftBandInvalid)
    .default(modelLimits.driftBandDefault),
  targets: z
    .array(targetSchema, { error: modelMessages.targetsRequired })
    .min(1, modelMessages.targetsRequired)
    .max(modelLimits.targetsMax, modelMessages.targetsTooMany),
};

type TargetInput = z.infer<typeof targetSchema>;

/** Targets name asset classes or securities (not both in one model, each once) and their weights sum to 1. */
function checkTargets(targets: readonly TargetInput[], context: z.RefinementCtx) {
  const kinds = new Set(targets.map((target) => (target.security_id ? 'security' : 'asset_class')));
  targets.forEach((target, index) => {
    if (Boolean(target.asset_class) === Boolean(target.security_id)) {
      context.addIssue({ code: 'custom', message: modelMessages.targetKindRequired, path: ['targets', index] });
    }
  });
  if (kinds.size > 1) context.addIssue({ code: 'custom', message: modelMessages.targetKindsMixed, path: ['targets'] });
  const keys = targets.map((target) => target.security_id ?? target.asset_class);
  if (new Set(keys).size !== keys.length) context.addIssue({ code: 'custom', message: modelMessages.targetDuplicate, path: ['targets'] });
  const sum = targets.reduce((total, target) => total + target.weight, 0);
  if (Math.abs(sum - 1) > weightSumTolerance)
    context.addIssue({ code: 'custom', message: modelMessages.weightSum(sum), path: ['targets'] });
}

export const modelCreateSchema = z.object(modelFields).superRefine((body, context) => checkTargets(body.targets, context));
export type ModelCreate = z.infer<typeof modelCreateSchema>;

export const modelUpdateSchema = z
  .object({
    name: name.optional(),
    description: modelFields.description,
    risk_band: modelFields.risk_band.optional(),
    drift_band: modelFields.drift_band.removeDefault().optional(),
    targets: modelFields.targets.optional(),
    sync_version: syncVersion(modelMessages.syncVersionRequired),
  })
  .superRefine((body, context) => body.targets && checkTargets(body.targets, context));
export type ModelUpdate = z.infer<typeof modelUpdateSchema>;

export const modelListQuerySchema = z.object({
  risk_band: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(riskBands, { error: modelMessages.riskBandInvalid }).optional(),
  ),
  ...pageQuery({ perPageDefault: modelLimits.perPageDefault }),
});
export type ModelListQuery = z.infer<typeof modelListQuerySchema>;

const modelTargetSchema = z.object({
  asset_class: z.enum(assetClasses).nullable(),
  security: z.object({ id: z.string(), symbol: z.string(), name: z.string(), asset_class: z.enum(assetClasses) }).nullable(),
  weight: z.number(),
});

export const modelPortfolioSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  risk_band: z.enum(riskBands),
  target_kind: z.enum(modelTargetKinds),
  drift_band: z.number(),
  targets: z.array(modelTargetSchema),
  /** Open portfolios that follow this model. */
  followers: z.number(),
  sync_version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ModelPortfolio = z.infer<typeof modelPortfolioSchema>;

export const modelListResponseSchema = pageOf('models', modelPortfolioSchema);
export type ModelListResponse = z.infer<typeof modelListResponseSchema>;
