import { z } from 'zod';
import { emailSchema, phoneSchema, requiredName } from '../auth/contracts.ts';
import { ageFrom } from '../shared/format.ts';
import { idSchema } from '../shared/ids.ts';
import { clientMessages, messages } from '../shared/messages.ts';
import { syncVersion } from '../shared/sync-version.ts';
import { isIsoDate, isoDateLength } from '../shared/trading-calendar.ts';
import { riskBands } from '../model-portfolios/contracts.ts';
import { clientLimits, investmentExperiences, riskCapacities, todayIso } from './contracts.ts';

// The client form names its advisor with it.
export { idSchema } from '../shared/ids.ts';

/** The bodies of POST and PUT /clients and the version a DELETE may name: what a write of a client takes. */

/** An empty text means "no value" (a cleared form field sends ''). */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull, z.string().max(max, { abort: true, error: message }).trim().nullish());

/** An amount of money ≥ 0; a numeric string from a form is read as its number. */
const amount = (invalid: string, negative: string) =>
  z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(blank) ? Number(blank) : blank;
    },
    z.number({ error: invalid }).min(0, negative).max(clientLimits.maxAmount, clientMessages.amountTooLarge).nullish(),
  );

/**
 * risk_capacity: low, medium or high; the spec's 'moderate' is read as medium. It follows from the
 * risk band: a body may repeat the value the record shows, never set another (the service refuses).
 */
const riskCapacityInputSchema = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    if (typeof blank !== 'string') return blank;
    const lower = blank.trim().toLowerCase();
    return lower === 'moderate' ? 'medium' : lower;
  },
  z.enum(riskCapacities, { error: clientMessages.riskCapacityInvalid }).nullish(),
);

const investmentExperienceInput = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? blank.trim().toLowerCase() : blank;
  },
  z.enum(investmentExperiences, { error: clientMessages.investmentExperienceInvalid }).nullish(),
);

/** A real date in the past, at most 120 years ago (checked against today's date, UTC). */
const birthDate = z.preprocess(
  blankToNull,
  z
    .string({ error: clientMessages.birthDateInvalid })
    .max(isoDateLength, { abort: true, error: clientMessages.birthDateInvalid })
    .trim()
    .superRefine((value, ctx) => {
      if (!isIsoDate(value)) {
        ctx.addIssue({ code: 'custom', message: clientMessages.birthDateInvalid });
        return;
      }
      const now = new Date();
      if (value >= todayIso(now)) ctx.addIssue({ code: 'custom', message: clientMessages.birthDateNotPast });
      else if ((ageFrom(value, todayIso(now)) ?? 0) > clientLimits.maxAgeYears)
        ctx.addIssue({ code: 'custom', message: clientMessages.birthDateTooOld });
    })
    .nullish(),
);

/** The five-level band an advisor sets by hand (null clears it to "Not assessed"); a change needs risk_band_reason. */
const riskBandInput = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? blank.trim().toLowerCase() : blank;
  },
  z.enum(riskBands, { error: clientMessages.riskBandInvalid }).nullish(),
);

const bandFields = {
  risk_band: riskBandInput,
  risk_band_reason: optionalText(1000, clientMessages.riskBandReasonTooLong),
};

const profileFields = {
  net_worth: amount(clientMessages.netWorthInvalid, clientMessages.netWorthNegative),
  annual_income: amount(clientMessages.annualIncomeInvalid, clientMessages.annualIncomeNegative),
  risk_capacity: riskCapacityInputSchema,
  investment_experience: investmentExperienceInput,
  financial_goals: optionalText(clientLimits.goalsMaxLength, clientMessages.goalsTooLong),
};

/** The profile figures may come flat or nested under `profile` (the shape the API answers with). */
const clientProfileInputSchema = z.object(profileFields);
export type ClientProfileInput = Partial<z.infer<typeof clientProfileInputSchema>>;

const clientFields = {
  first_name: requiredName(messages.firstNameRequired, messages.firstNameTooLong),
  last_name: requiredName(messages.lastNameRequired, messages.lastNameTooLong),
  email: emailSchema,
  phone: z.preprocess(blankToNull, phoneSchema.nullish()),
  birth_date: birthDate,
  address: optionalText(clientLimits.addressMaxLength, clientMessages.addressTooLong),
  notes: optionalText(clientLimits.notesMaxLength, clientMessages.notesTooLong),
  /** Admins choose the advisor; an advisor's clients are their own (they may name themselves). */
  advisor_id: idSchema(clientMessages.advisorIdInvalid).optional(),
  ...profileFields,
  ...bandFields,
  profile: clientProfileInputSchema.partial().nullish(),
};

/**
 * POST /clients. Unknown keys are ignored, so a record as the API answers it (with `profile`)
 * can be sent back as it is. Flat profile fields win over nested ones.
 */
export const createClientBodySchema = z.object(clientFields);
export type CreateClientBody = z.infer<typeof createClientBodySchema>;

/**
 * PUT /clients/{id}: any subset of the fields (a full record works too) plus the `sync_version`
 * last read. A field left out stays as it is; null (or '') clears an optional one.
 */
export const updateClientBodySchema = z.object({
  first_name: clientFields.first_name.optional(),
  last_name: clientFields.last_name.optional(),
  email: emailSchema.optional(),
  phone: clientFields.phone,
  birth_date: clientFields.birth_date,
  address: clientFields.address,
  notes: clientFields.notes,
  advisor_id: clientFields.advisor_id,
  ...profileFields,
  ...bandFields,
  profile: clientFields.profile,
  sync_version: syncVersion(clientMessages.syncVersionRequired),
});
export type UpdateClientBody = z.infer<typeof updateClientBodySchema>;

/** DELETE may name the version last read (a stale one is refused); without it the delete is unconditional. */
export const deleteClientQuerySchema = z.object({
  sync_version: syncVersion(clientMessages.syncVersionInvalid).optional(),
});
