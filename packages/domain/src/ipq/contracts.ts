import { z } from 'zod';
import { responseStatuses } from '../assessments/template-definition.ts';
import { idSchema } from '../shared/ids.ts';
import { ipqMessages } from './messages.ts';
import { riskBands } from '../model-portfolios/contracts.ts';
import { bigFiveTraits, ipqInvestmentExperiences } from './instrument.ts';
import { ipqModules } from './module-list.ts';

/** Contracts of /api/v1/ipq: start or resume a questionnaire, submit a module, read results and the prediction. */

/** The built-in questionnaire's template row, the same in every database (migration 0012). */
export const ipqTemplateId = '00000000-0000-4000-8000-000000000001';

export const ipqStartSchema = z.object({
  clientId: idSchema(ipqMessages.clientIdRequired),
  metadata: z
    .object({
      source: z.string().max(40).optional(),
      startTime: z.string().max(40).optional(),
    })
    .optional(),
});
export type IpqStartRequest = z.infer<typeof ipqStartSchema>;

const moduleData = z.record(z.string(), z.unknown()).nullable();

export const ipqSessionSchema = z.object({
  session_id: z.string(),
  /** The same id: the spec's front end reads either name. */
  assessment_id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  status: z.enum(responseStatuses),
  /** The first module not yet completed (1-4); null once all four are. */
  resume_at_module: z.number().int().min(1).max(4).nullable(),
  progress: z.number(),
  completed_modules: z.array(z.enum(ipqModules)),
  modules: z.object(
    Object.fromEntries(ipqModules.map((module) => [module, moduleData])) as Record<(typeof ipqModules)[number], typeof moduleData>,
  ),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /**
   * Until module 3 is answered: what the client's accounts here say (retirement and other wealth with
   * their share in stocks, and the experience on their profile), to start the module from.
   */
  asset_allocation_prefill: z
    .object({
      /** Null when the profile does not say: the question is asked, never assumed. */
      investment_experience: z.enum(ipqInvestmentExperiences).nullable(),
      retirement_wealth: z.number(),
      retirement_equity_percentage: z.number(),
      non_retirement_wealth: z.number(),
      non_retirement_equity_percentage: z.number(),
    })
    .nullable(),
  /** Until module 4 is answered: the age (from the birth date) and income on the client's record, to start it from. */
  demographics_prefill: z.object({ age: z.number().int().nullable(), annual_income: z.number().nullable() }).nullable(),
  sync_version: z.number().int(),
  updated_at: z.string(),
});
export type IpqSession = z.infer<typeof ipqSessionSchema>;

const factorSchema = z.object({
  key: z.string(),
  label: z.string(),
  score: z.number(),
  weight: z.number(),
  points: z.number(),
  explanation: z.string(),
});
const factorScoreSchema = z.object({ score: z.number(), factors: z.array(factorSchema) });

const predictionSchema = z.object({
  risk_tolerance: factorScoreSchema,
  risk_capacity: factorScoreSchema,
  profile: z.object({
    score: z.number(),
    limited_by: z.enum(['tolerance', 'capacity']),
    band: z.enum(riskBands),
    level: z.enum(['low', 'medium', 'high']),
  }),
  base_equity_share: z.number(),
  glide_path_cap: z.number(),
  recommended_equity_share: z.number(),
  recommended_band: z.enum(riskBands),
  current_equity_share: z.number().nullable(),
  equity_gap: z.number().nullable(),
  explanation: z.array(z.string()),
  /** Answers the scores do not take at face value (an unrealistic return, contradicting 50/50 choices). */
  points_to_discuss: z.array(z.string()),
});

const modelRefSchema = z.object({ id: z.string(), name: z.string(), risk_band: z.enum(riskBands) }).nullable();

export const predictionResponseSchema = predictionSchema.extend({
  /** The client the prediction is for (the spec's prediction service answers with user_id). */
  user_id: z.string(),
  session_id: z.string(),
  recommended_model: modelRefSchema,
  cached: z.boolean(),
  computed_at: z.string(),
  expires_at: z.string(),
});
export type PredictionResponse = z.infer<typeof predictionResponseSchema>;

/** applied: the band did not change; awaiting_confirmation → confirmed | kept by the advisor; superseded by a later questionnaire. */
export const bandStatuses = ['applied', 'awaiting_confirmation', 'confirmed', 'kept', 'superseded'] as const;
export type BandStatus = (typeof bandStatuses)[number];

export const ipqResultsSchema = z.object({
  session_id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  completed_at: z.string(),
  traits: z.object(
    Object.fromEntries(bigFiveTraits.map((trait) => [trait, z.number()])) as Record<(typeof bigFiveTraits)[number], z.ZodNumber>,
  ),
  /** λ; null when the 50/50 choices contradict each other (loss aversion then counts as neutral). */
  loss_aversion: z.number().nullable(),
  prediction: predictionSchema,
  recommended_model: modelRefSchema,
  /** The client's band now (null: not assessed); the proposal and what became of it. */
  current_band: z.enum(riskBands).nullable(),
  band: z.object({
    proposed: z.enum(riskBands),
    status: z.enum(bandStatuses),
    note: z.string().nullable(),
    decided_by: z.string().nullable(),
    decided_at: z.string().nullable(),
  }),
});
export type IpqResults = z.infer<typeof ipqResultsSchema>;

const bandDecisions = ['confirm', 'keep'] as const;
export const bandDecisionSchema = z.object({
  decision: z.enum(bandDecisions, { error: 'decision must be confirm or keep' }),
  note: z
    .string({ error: ipqMessages.bandNoteRequired })
    .trim()
    .min(1, { error: ipqMessages.bandNoteRequired })
    .max(1000, { error: ipqMessages.bandNoteTooLong }),
});
export type BandDecision = z.infer<typeof bandDecisionSchema>;

export const ipqSessionListSchema = z.object({
  assessments: z.array(
    z.object({
      session_id: z.string(),
      status: z.enum(responseStatuses),
      progress: z.number(),
      started_at: z.string().nullable(),
      completed_at: z.string().nullable(),
      proposed_band: z.enum(riskBands).nullable(),
      band_status: z.enum(bandStatuses).nullable(),
    }),
  ),
});
export type IpqSessionList = z.infer<typeof ipqSessionListSchema>;

/** The results after the decision, and what the review under the new band did to the recommendations. */
export const bandDecisionResponseSchema = ipqResultsSchema.extend({
  recommendations: z.object({ reviewed: z.boolean(), created: z.number().int(), refreshed: z.number().int(), withdrawn: z.number().int() }),
});
export type BandDecisionResponse = z.infer<typeof bandDecisionResponseSchema>;
