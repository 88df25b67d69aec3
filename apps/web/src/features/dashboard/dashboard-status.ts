import { isNoResponse } from '../../lib/error-text.ts';
import { dashboardMessages as text } from './dashboard-messages.ts';

/**
 * What the dashboard can show (spec part 1 §8, dashboard data): live figures; nothing but a request
 * to sign in (401 or no session) or a refusal (403); or the spec's demo figures, labelled as such,
 * when the server cannot be reached or cannot answer.
 */
export type DashboardStatus = 'live' | 'signed-out' | 'denied' | 'unreachable' | 'unavailable';

const rank: Record<Exclude<DashboardStatus, 'live'>, number> = { 'signed-out': 4, denied: 3, unreachable: 2, unavailable: 1 };

function statusOf(error: unknown): Exclude<DashboardStatus, 'live'> {
  if (isNoResponse(error)) return 'unreachable';
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (status === 401) return 'signed-out';
  if (status === 403) return 'denied';
  return 'unavailable';
}

/** The status of the dashboard's calls: the weightiest of their errors (sign-in first), else live. */
export function dashboardStatus(errors: readonly unknown[]): DashboardStatus {
  let worst: DashboardStatus = 'live';
  for (const error of errors) {
    if (!error) continue;
    const status = statusOf(error);
    if (worst === 'live' || rank[status] > rank[worst]) worst = status;
  }
  return worst;
}

export const isDemo = (status: DashboardStatus) => status === 'unreachable' || status === 'unavailable';

/** The alert of a status other than live. */
export const statusMessage: Record<Exclude<DashboardStatus, 'live'>, { severity: 'info' | 'error' | 'warning'; text: string }> = {
  'signed-out': { severity: 'info', text: text.logInForLiveData },
  denied: { severity: 'error', text: text.accessDenied },
  unreachable: { severity: 'warning', text: text.unreachableDemo },
  unavailable: { severity: 'warning', text: text.unavailableDemo },
};
