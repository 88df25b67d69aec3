import { vi } from 'vitest';
import type { Client } from '@meridian/domain/clients/contracts';
import { requestUrl } from './test-utils.tsx';

export const sampleClient = (overrides: Partial<Client> = {}): Client => ({
  id: '11111111-1111-4111-8111-111111111111',
  first_name: 'Dana',
  last_name: 'Whitfield',
  email: 'dana.whitfield@example.com',
  phone: '+1 555 0100',
  birth_date: '1970-05-04',
  age: 56,
  address: '1 Main St',
  notes: 'Prefers e-mail',
  advisor_id: 'u1',
  advisor_name: 'Alex Chen',
  user_id: null,
  household_id: null,
  household_role: null,
  profile: {
    net_worth: 2_500_000,
    annual_income: 250_000,
    risk_capacity: 'high',
    investment_experience: 'advanced',
    financial_goals: 'Retire at 62',
  },
  risk_band: 'aggressive',
  risk_band_source: 'questionnaire',
  risk_band_reason: null,
  risk_band_set_at: '2026-02-01T10:00:00.000Z',
  aum: 1_234_567,
  gain_loss_percent: 4.25,
  performance: 0.0523,
  assessment_status: 'Pending',
  last_login_at: null,
  last_activity_at: '2026-03-14T10:00:00.000Z',
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-03-14T10:00:00.000Z',
  sync_version: 3,
  ...overrides,
});

export type Call = { url: URL; method: string; body: string | null };
type Handler = (url: URL, call: Call) => Response | Promise<Response>;

/** A fetch stub routing by path; every call is recorded. */
export function stubServer(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = new URL(requestUrl(input), 'http://localhost');
      const method = request?.method ?? init?.method ?? 'GET';
      const body = request ? await request.clone().text() : typeof init?.body === 'string' ? init.body : null;
      const call = { url, method, body: body || null };
      calls.push(call);
      return handler(url, call);
    }),
  );
  return calls;
}
