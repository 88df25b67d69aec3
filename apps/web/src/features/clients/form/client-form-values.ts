import { advisorChoiceLabel, type Advisor } from '@meridian/domain/users/advisors';
import { createClientBodySchema, idSchema, updateClientBodySchema } from '@meridian/domain/clients/client-body';
import type { Client } from '@meridian/domain/clients/contracts';
import { clientMessages } from '@meridian/domain/shared/messages';
import type { RiskBand } from '@meridian/domain/model-portfolios/contracts';

/** The form's fields, all as typed (the shared schemas turn '' into null and numeric text into numbers). */
export type ClientFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  birth_date: string;
  address: string;
  net_worth: string;
  annual_income: string;
  /** The five-level band ('' : not assessed); a change needs the reason. */
  risk_band: string;
  risk_band_reason: string;
  investment_experience: string;
  financial_goals: string;
  notes: string;
  /** Sent only when an admin chooses it; an advisor's clients are their own. */
  advisor_id: string;
  /** The version last read (edit only). */
  sync_version?: number;
};

export const emptyClientForm: ClientFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  birth_date: '',
  address: '',
  net_worth: '',
  annual_income: '',
  risk_band: '',
  risk_band_reason: '',
  investment_experience: '',
  financial_goals: '',
  notes: '',
  advisor_id: '',
};

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A client as the API answers it, as form values. */
export function clientToForm(client: Client): ClientFormValues {
  return {
    first_name: client.first_name,
    last_name: client.last_name,
    email: client.email,
    phone: text(client.phone),
    birth_date: text(client.birth_date),
    address: text(client.address),
    net_worth: text(client.profile.net_worth),
    annual_income: text(client.profile.annual_income),
    risk_band: text(client.risk_band),
    risk_band_reason: '',
    investment_experience: text(client.profile.investment_experience),
    financial_goals: text(client.profile.financial_goals),
    notes: text(client.notes),
    advisor_id: client.advisor_id,
    sync_version: client.sync_version,
  };
}

const chosenAdvisor = { advisor_id: idSchema(clientMessages.advisorRequired) };

/** The shared schema of the mode: an admin must choose the advisor; anyone else sends none. */
function modeSchema(mode: 'create' | 'edit', chooseAdvisor: boolean) {
  if (mode === 'create')
    return chooseAdvisor ? createClientBodySchema.extend(chosenAdvisor) : createClientBodySchema.omit({ advisor_id: true });
  return chooseAdvisor ? updateClientBodySchema.extend(chosenAdvisor) : updateClientBodySchema.omit({ advisor_id: true });
}

/**
 * The form's schema: the mode's, plus the server's rule that a band set by hand (changed from the one
 * the form opened with, `original`) comes with its reason.
 */
export function clientFormSchema(mode: 'create' | 'edit', chooseAdvisor: boolean, original: RiskBand | null = null) {
  return modeSchema(mode, chooseAdvisor).superRefine((body, ctx) => {
    const band = body.risk_band ?? null;
    if (band !== original && !body.risk_band_reason)
      ctx.addIssue({ code: 'custom', path: ['risk_band_reason'], message: clientMessages.riskBandReasonRequired });
  });
}

export type AdvisorChoice = { value: string; label: string };

/**
 * The firm's active advisors as choices. The client's current advisor stays a choice (by name)
 * while the list loads, or when they are no longer active.
 */
export function advisorChoices(advisors: Advisor[] | undefined, current: { id: string; name: string } | null): AdvisorChoice[] {
  const choices = (advisors ?? []).map((advisor) => ({ value: advisor.id, label: advisorChoiceLabel(advisor) }));
  if (current?.id && !choices.some((choice) => choice.value === current.id)) choices.unshift({ value: current.id, label: current.name });
  return choices;
}
