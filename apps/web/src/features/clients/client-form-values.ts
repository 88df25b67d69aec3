import type { Client } from '@meridian/domain/clients';

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
  risk_capacity: string;
  investment_experience: string;
  financial_goals: string;
  notes: string;
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
  risk_capacity: '',
  investment_experience: '',
  financial_goals: '',
  notes: '',
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
    risk_capacity: text(client.profile.risk_capacity),
    investment_experience: text(client.profile.investment_experience),
    financial_goals: text(client.profile.financial_goals),
    notes: text(client.notes),
    sync_version: client.sync_version,
  };
}
