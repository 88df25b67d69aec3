import { z } from 'zod';
import { ipqMessages as m } from './messages.ts';
import {
  beliefItems,
  demographicsLimits as d,
  drawdownReactions,
  employmentStabilities,
  expectedReturnLimits,
  gambleGainMultiples,
  ipqInvestmentExperiences,
  liquidityNeeds,
  personalityItems,
  totalEquityShare,
  type LikertItem,
} from './instrument.ts';
import { type IpqModule } from './module-list.ts';

/** The data of each questionnaire module as the API takes it, validated per question. */

const agreement = z
  .number({ error: m.agreementRequired })
  .int({ error: m.agreementRequired })
  .min(1, { error: m.agreementRequired })
  .max(5, { error: m.agreementRequired });

/** Every item of the list answered, and nothing else. */
const likertAnswers = (items: readonly LikertItem[]) =>
  z.strictObject(Object.fromEntries(items.map((item) => [item.id, agreement])) as Record<string, typeof agreement>);

export const personalitySchema = z.object({ answers: likertAnswers(personalityItems) });
export type PersonalityData = { answers: Record<string, number> };

const amount = (message: string, max = 1e12) =>
  z.number({ error: message }).finite({ error: message }).min(0, { error: message }).max(max, { error: message });

export const beliefsSchema = z.object({
  reference_amount: z
    .number({ error: m.referenceAmount })
    .min(100, { error: m.referenceAmount })
    .max(100_000_000, { error: m.referenceAmount }),
  gamble_accepts: z
    .array(z.boolean({ error: m.gamblesRequired }), { error: m.gamblesRequired })
    .length(gambleGainMultiples.length, { error: m.gamblesRequired }),
  drawdown_reaction: z.enum(drawdownReactions, { error: m.drawdownReaction }),
  expected_return: z
    .number({ error: m.expectedReturn })
    .min(expectedReturnLimits.min, { error: m.expectedReturn })
    .max(expectedReturnLimits.max, { error: m.expectedReturn }),
  answers: likertAnswers(beliefItems),
});
export type BeliefsData = z.infer<typeof beliefsSchema>;

const equityPercentage = z
  .number({ error: m.equityPercentage })
  .min(0, { error: m.equityPercentage })
  .max(100, { error: m.equityPercentage });

/** The spec's fields and defaults; the total equity share is derived from the two pots, never taken as typed. */
export const assetAllocationSchema = z
  .object({
    /** Asked, never assumed: no default. */
    investment_experience: z.enum(ipqInvestmentExperiences, { error: m.experience }),
    retirement_wealth: amount(m.wealth).default(0),
    non_retirement_wealth: amount(m.wealth).default(0),
    retirement_equity_percentage: equityPercentage.default(0),
    non_retirement_equity_percentage: equityPercentage.default(0),
    total_equity_share: z.unknown().optional(),
  })
  .transform((data) => ({ ...data, total_equity_share: totalEquityShare(data) }));
export type AssetAllocationData = z.output<typeof assetAllocationSchema>;

export const demographicsSchema = z.object({
  age: z.number({ error: m.age }).int({ error: m.age }).min(d.ageMin, { error: m.age }).max(d.ageMax, { error: m.age }),
  annual_income: amount(m.income),
  dependants: z
    .number({ error: m.dependants })
    .int({ error: m.dependants })
    .min(0, { error: m.dependants })
    .max(d.dependantsMax, { error: m.dependants }),
  employment_stability: z.enum(employmentStabilities, { error: m.employment }),
  time_horizon_years: z
    .number({ error: m.horizon })
    .int({ error: m.horizon })
    .min(d.horizonMin, { error: m.horizon })
    .max(d.horizonMax, { error: m.horizon }),
  liquidity_needs: z.enum(liquidityNeeds, { error: m.liquidity }),
  emergency_fund_months: z
    .number({ error: m.emergencyFund })
    .min(0, { error: m.emergencyFund })
    .max(d.emergencyFundMax, { error: m.emergencyFund }),
});
export type DemographicsData = z.infer<typeof demographicsSchema>;

export const ipqModuleSchemas = {
  personality: personalitySchema,
  beliefs: beliefsSchema,
  asset_allocation: assetAllocationSchema,
  demographics: demographicsSchema,
} as const satisfies Record<IpqModule, z.ZodType>;

export type IpqAnswers = {
  personality?: PersonalityData;
  beliefs?: BeliefsData;
  asset_allocation?: AssetAllocationData;
  demographics?: DemographicsData;
};
