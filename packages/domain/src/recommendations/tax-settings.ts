import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { wholeNumber } from '../shared/pagination.ts';
import { syncVersionMax } from '../shared/sync-version.ts';

/**
 * A client's tax settings for rebalancing (a realised-gain budget for the tax year, a hold list of
 * securities never sold and a restricted list of securities never bought) and the firm's rebalancing
 * settings (back to the target or to the band's edge; the tax a sale may cost for the drift it cures;
 * the rates estimated tax is worked at).
 */

const taxSettingsLimits = {
  /** Dollars: far above any client's budget, low enough to stay a sensible figure. */
  gainBudgetMax: 100_000_000,
  securitiesMax: 100,
  benefitRatioMax: 1000,
} as const;

export const taxSettingsMessages = {
  gainBudgetInvalid: 'annual_gain_budget must be a number of dollars from 0 to 100,000,000, or null for no budget',
  securityIdsInvalid: 'List the ids of securities from the securities list',
  securityIdsTooMany: 'At most 100 securities in a list',
  securityDuplicate: 'Each security can appear only once in a list',
  securityInBoth: 'A security cannot be both on the hold list and restricted',
  securityUnknown: 'This security is not in the securities list',
  changed: "This client's tax settings were changed by someone else. Review the current version and save again.",
  syncVersionInvalid: 'sync_version must be a whole number of at least 0 (0 before the first save)',
  rebalanceToInvalid: 'rebalance_to must be one of target, band_edge',
  benefitRatioInvalid: 'min_benefit_ratio must be a number from 0 to 1000 (dollars of drift cured per dollar of tax; 0 for no minimum)',
  rateInvalid: 'Tax rates must be fractions from 0 to 0.6',
  readOnly: 'Clients can view their tax settings but not change them',
  adminOnly: "Only a firm administrator can change the firm's rebalancing settings",
  firmChanged: "The firm's rebalancing settings were changed by someone else. Review the current version and save again.",
} as const;

const securityIds = z
  .array(idSchema(taxSettingsMessages.securityIdsInvalid), { error: taxSettingsMessages.securityIdsInvalid })
  .max(taxSettingsLimits.securitiesMax, taxSettingsMessages.securityIdsTooMany)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, taxSettingsMessages.securityDuplicate);

export const clientTaxSettingsUpdateSchema = z.object({
  /** Net realised gains the client accepts in a tax year, in dollars; null for no budget. */
  annual_gain_budget: z
    .number({ error: taxSettingsMessages.gainBudgetInvalid })
    .min(0, taxSettingsMessages.gainBudgetInvalid)
    .max(taxSettingsLimits.gainBudgetMax, taxSettingsMessages.gainBudgetInvalid)
    .nullable(),
  /** Securities never sold for this client. */
  hold_security_ids: securityIds,
  /** Securities never bought for this client. */
  restricted_security_ids: securityIds,
  /** When sent, must be the current version (0 before the first save; 409 otherwise). */
  sync_version: wholeNumber(taxSettingsMessages.syncVersionInvalid, 0, syncVersionMax).nullish(),
});
export type ClientTaxSettingsUpdate = z.infer<typeof clientTaxSettingsUpdateSchema>;

const listedSecuritySchema = z.object({ security_id: z.string(), symbol: z.string(), name: z.string() });

export const clientTaxSettingsSchema = z.object({
  client_id: z.string(),
  annual_gain_budget: z.number().nullable(),
  hold_list: z.array(listedSecuritySchema),
  restricted: z.array(listedSecuritySchema),
  /** Net gains realised so far this tax year in the client's taxable accounts (they count against the budget). */
  gains_year_to_date: z.number(),
  tax_year: z.number(),
  /** 0 until the settings are first saved. */
  sync_version: z.number(),
  updated_at: z.string().nullable(),
});
export type ClientTaxSettings = z.infer<typeof clientTaxSettingsSchema>;

export const rebalanceTargets = ['target', 'band_edge'] as const;

/** How a screen names each choice: where an out-of-band asset class is traded to. */
export const rebalanceTargetLabels: Record<(typeof rebalanceTargets)[number], string> = {
  target: 'Back to its target',
  band_edge: 'To the edge of its band',
};

const rate = z
  .number({ error: taxSettingsMessages.rateInvalid })
  .min(0, taxSettingsMessages.rateInvalid)
  .max(0.6, taxSettingsMessages.rateInvalid);

const firmRebalanceSettingsSchema = z.object({
  /** Trades take an out-of-band class back to its target, or only to the band's edge. */
  rebalance_to: z.enum(rebalanceTargets, { error: taxSettingsMessages.rebalanceToInvalid }),
  /** Dollars of drift a sale must cure per dollar of its estimated tax; 0: no minimum. */
  min_benefit_ratio: z
    .number({ error: taxSettingsMessages.benefitRatioInvalid })
    .min(0, taxSettingsMessages.benefitRatioInvalid)
    .max(taxSettingsLimits.benefitRatioMax, taxSettingsMessages.benefitRatioInvalid),
  short_term_rate: rate,
  long_term_rate: rate,
});
export type FirmRebalanceSettings = z.infer<typeof firmRebalanceSettingsSchema>;

export const firmRebalanceSettingsUpdateSchema = firmRebalanceSettingsSchema.extend({
  /** When sent, must be the current version (0 before the first save; 409 otherwise). */
  sync_version: wholeNumber(taxSettingsMessages.syncVersionInvalid, 0, syncVersionMax).nullish(),
});
export type FirmRebalanceSettingsUpdate = z.infer<typeof firmRebalanceSettingsUpdateSchema>;

/** The settings as read: the figures and the version they are at (0 until the firm first saves its own). */
export const firmRebalanceSettingsRecordSchema = firmRebalanceSettingsSchema.extend({
  sync_version: z.number(),
  updated_at: z.string().nullable(),
});
export type FirmRebalanceSettingsRecord = z.infer<typeof firmRebalanceSettingsRecordSchema>;

/** What a firm that never changed them works with. */
export const defaultRebalanceSettings: FirmRebalanceSettings = {
  rebalance_to: 'band_edge',
  min_benefit_ratio: 0,
  short_term_rate: 0.32,
  long_term_rate: 0.15,
};
