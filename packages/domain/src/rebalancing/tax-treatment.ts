import type { AccountType } from '../portfolios/contracts.ts';

/**
 * How an account's gains are taxed, from its type: taxable, joint and trust accounts pay tax on gains
 * when they are realised; traditional IRAs and 401(k)/403(b) plans defer it to withdrawal; a Roth IRA
 * and a 529 plan never tax qualified withdrawals (tax-free, not tax-deferred). Realised gains are
 * estimated, and budgeted, only for taxable accounts.
 */

export const taxTreatments = ['taxable', 'tax_deferred', 'tax_free'] as const;
export type TaxTreatment = (typeof taxTreatments)[number];

export const accountTaxTreatment: Record<AccountType, TaxTreatment> = {
  taxable: 'taxable',
  joint: 'taxable',
  trust: 'taxable',
  ira: 'tax_deferred',
  '401k': 'tax_deferred',
  '403b': 'tax_deferred',
  roth_ira: 'tax_free',
  education_529: 'tax_free',
};

/** Gains realised in this account are taxed in the year they are realised. */
export const isTaxable = (accountType: AccountType): boolean => accountTaxTreatment[accountType] === 'taxable';
