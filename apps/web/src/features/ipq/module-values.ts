import type { IpqSession } from '@meridian/domain/ipq/contracts';
import {
  assetAllocationDefaults,
  beliefItems,
  gambleGainMultiples,
  personalityItems,
  type LikertItem,
} from '@meridian/domain/ipq/instrument';
import { ipqModules, type IpqModule } from '@meridian/domain/ipq/module-list';

/**
 * The questionnaire's forms hold every answer as typed or chosen (text); the shared module schemas
 * (packages/domain/src/ipq/modules.ts) take numbers and booleans. These convert both ways: to the
 * API's data before validation, and from a saved module back into the form.
 */

type AgreementValues = Record<string, string>;
type GambleValue = '' | 'accept' | 'decline';

type PersonalityValues = { answers: AgreementValues };
type BeliefsValues = {
  reference_amount: string;
  gamble_accepts: GambleValue[];
  drawdown_reaction: string;
  expected_return: string;
  answers: AgreementValues;
};
export type AssetAllocationValues = {
  investment_experience: string;
  retirement_wealth: string;
  retirement_equity_percentage: string;
  non_retirement_wealth: string;
  non_retirement_equity_percentage: string;
};
type DemographicsValues = {
  age: string;
  annual_income: string;
  dependants: string;
  employment_stability: string;
  time_horizon_years: string;
  liquidity_needs: string;
  emergency_fund_months: string;
};

export type IpqModuleValues = {
  personality: PersonalityValues;
  beliefs: BeliefsValues;
  asset_allocation: AssetAllocationValues;
  demographics: DemographicsValues;
};

/** Typed text as a number: blank is no answer; spaces, commas, $ and % are ignored; anything else stays NaN for the schema to refuse. */
export function parseNumber(text: string | undefined): number | undefined {
  const cleaned = (text ?? '').replace(/[\s,$%]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const emptyAnswers = (items: readonly LikertItem[]) => Object.fromEntries(items.map((item) => [item.id, '']));
const answersData = (items: readonly LikertItem[], answers: AgreementValues) =>
  Object.fromEntries(items.map((item) => [item.id, parseNumber(answers[item.id])]));
const answersValues = (items: readonly LikertItem[], answers: unknown) =>
  Object.fromEntries(items.map((item) => [item.id, text(record(answers)[item.id])]));
const optional = (value: string) => (value === '' ? undefined : value);

type ModuleForm<V> = {
  /** A module nobody has answered yet (asset allocation starts at the spec's defaults). */
  empty: () => V;
  /** The form's values as the API takes them, for the shared schema to validate. */
  toData: (values: V) => Record<string, unknown>;
  /** A saved module (the server's copy) as form values. */
  fromData: (data: Record<string, unknown>) => V;
};

export const moduleForms: { [M in IpqModule]: ModuleForm<IpqModuleValues[M]> } = {
  personality: {
    empty: () => ({ answers: emptyAnswers(personalityItems) }),
    toData: (values) => ({ answers: answersData(personalityItems, values.answers) }),
    fromData: (data) => ({ answers: answersValues(personalityItems, data.answers) }),
  },
  beliefs: {
    empty: () => ({
      reference_amount: '',
      gamble_accepts: gambleGainMultiples.map(() => ''),
      drawdown_reaction: '',
      expected_return: '',
      answers: emptyAnswers(beliefItems),
    }),
    toData: (values) => ({
      reference_amount: parseNumber(values.reference_amount),
      gamble_accepts: gambleGainMultiples.map((_, index) =>
        values.gamble_accepts[index] === '' ? undefined : values.gamble_accepts[index] === 'accept',
      ),
      drawdown_reaction: optional(values.drawdown_reaction),
      expected_return: parseNumber(values.expected_return),
      answers: answersData(beliefItems, values.answers),
    }),
    fromData: (data) => ({
      reference_amount: text(data.reference_amount),
      gamble_accepts: gambleGainMultiples.map((_, index) => {
        const accepted = Array.isArray(data.gamble_accepts) ? data.gamble_accepts[index] : undefined;
        return accepted === true ? 'accept' : accepted === false ? 'decline' : '';
      }),
      drawdown_reaction: text(data.drawdown_reaction),
      expected_return: text(data.expected_return),
      answers: answersValues(beliefItems, data.answers),
    }),
  },
  asset_allocation: {
    empty: () => ({
      // Asked, never assumed: empty until answered (or started from the client's profile).
      investment_experience: '',
      retirement_wealth: String(assetAllocationDefaults.retirement_wealth),
      retirement_equity_percentage: String(assetAllocationDefaults.retirement_equity_percentage),
      non_retirement_wealth: String(assetAllocationDefaults.non_retirement_wealth),
      non_retirement_equity_percentage: String(assetAllocationDefaults.non_retirement_equity_percentage),
    }),
    toData: (values) => ({
      investment_experience: optional(values.investment_experience),
      retirement_wealth: parseNumber(values.retirement_wealth),
      retirement_equity_percentage: parseNumber(values.retirement_equity_percentage),
      non_retirement_wealth: parseNumber(values.non_retirement_wealth),
      non_retirement_equity_percentage: parseNumber(values.non_retirement_equity_percentage),
    }),
    fromData: (data) => ({
      investment_experience: text(data.investment_experience),
      retirement_wealth: text(data.retirement_wealth),
      retirement_equity_percentage: text(data.retirement_equity_percentage),
      non_retirement_wealth: text(data.non_retirement_wealth),
      non_retirement_equity_percentage: text(data.non_retirement_equity_percentage),
    }),
  },
  demographics: {
    empty: () => ({
      age: '',
      annual_income: '',
      dependants: '',
      employment_stability: '',
      time_horizon_years: '',
      liquidity_needs: '',
      emergency_fund_months: '',
    }),
    toData: (values) => ({
      age: parseNumber(values.age),
      annual_income: parseNumber(values.annual_income),
      dependants: parseNumber(values.dependants),
      employment_stability: optional(values.employment_stability),
      time_horizon_years: parseNumber(values.time_horizon_years),
      liquidity_needs: optional(values.liquidity_needs),
      emergency_fund_months: parseNumber(values.emergency_fund_months),
    }),
    fromData: (data) => ({
      age: text(data.age),
      annual_income: text(data.annual_income),
      dependants: text(data.dependants),
      employment_stability: text(data.employment_stability),
      time_horizon_years: text(data.time_horizon_years),
      liquidity_needs: text(data.liquidity_needs),
      emergency_fund_months: text(data.emergency_fund_months),
    }),
  },
};

/** Each module the server has saved, as form values; null for the modules it has not. */
export type SavedModules = { [M in IpqModule]: IpqModuleValues[M] | null };

/** What module 3 starts from when nobody has answered it: the client's accounts as the server read them. */
export const prefilledAllocation = (session: Pick<IpqSession, 'asset_allocation_prefill'>) =>
  session.asset_allocation_prefill ? moduleForms.asset_allocation.fromData(session.asset_allocation_prefill) : null;

/** What module 4 starts from when nobody has answered it: the age and income on the client's record. */
export const prefilledDemographics = (session: Pick<IpqSession, 'demographics_prefill'>) =>
  session.demographics_prefill
    ? {
        ...moduleForms.demographics.empty(),
        age: text(session.demographics_prefill.age),
        annual_income: text(session.demographics_prefill.annual_income),
      }
    : null;

export function savedModulesOf(session: Pick<IpqSession, 'modules'>): SavedModules {
  const saved = (module: IpqModule) => {
    const data = session.modules[module];
    return data === null ? null : moduleForms[module].fromData(data);
  };
  return Object.fromEntries(ipqModules.map((module) => [module, saved(module)])) as SavedModules;
}
