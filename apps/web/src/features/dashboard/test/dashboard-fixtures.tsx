import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Client, ClientListResponse } from '@meridian/domain/clients/contracts';
import type {
  AumResponse,
  BookPerformanceResponse,
  ClientCountResponse,
  CompletedAssessmentsResponse,
  PerformanceMetric,
  PerformanceMetricsResponse,
} from '@meridian/domain/dashboard/contracts';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { loginSuccess } from '../../session/index.ts';
import { sampleClient, stubServer } from '../../../test/clients.fixtures.ts';

const period = {
  period: 'current' as const,
  period_label: 'Q4 2026',
  start_date: '2026-10-01',
  as_of: '2026-11-20',
  previous_as_of: '2026-09-30',
};

export const aumAnswer: AumResponse = {
  data: { total_aum: 84_250_000, previous_total_aum: 83_050_000, change: 1_200_000, change_percent: 0.0144, ...period },
};
const clientCountAnswer: ClientCountResponse = {
  data: { active_clients: 48, previous_active_clients: 45, change: 3, change_percent: 0.0667, ...period },
};
export const assessmentsAnswer: CompletedAssessmentsResponse = {
  data: {
    completed_assessments: 31,
    previous_completed_assessments: 33,
    change: -2,
    change_percent: -0.0606,
    ...period,
    available: true,
    note: null,
  },
};
export const performanceAnswer: BookPerformanceResponse = {
  data: { period: '1Y', start_date: '2025-11-20', as_of: '2026-11-20', twr: 0.0734, previous_twr: 0.0654, change: 0.008 },
};

const metric = (overrides: Partial<PerformanceMetric> & Pick<PerformanceMetric, 'key'>): PerformanceMetric => ({
  label: overrides.key,
  value: 0,
  target: 100,
  unit: 'number',
  change: null,
  change_percent: null,
  period_text: 'vs Q3 2026',
  ...overrides,
});

/** AUM at 95 % of target, clients at 75 %, assessments at 50 %, satisfaction with no feedback. */
export const metricsAnswer: PerformanceMetricsResponse = {
  data: {
    period: 'Q4 2026',
    last_updated: '2026-11-20T09:00:00.000Z',
    metrics: [
      metric({
        key: 'total_aum',
        label: 'Assets Under Management',
        value: 142_500_000,
        target: 150_000_000,
        unit: 'currency',
        change: 1_200_000,
        change_percent: 0.0085,
      }),
      metric({ key: 'active_clients', label: 'Active Clients', value: 150, target: 200, change: 3, change_percent: 0.02 }),
      metric({
        key: 'completed_assessments',
        label: 'Assessments Completed to Date',
        value: 200,
        target: 400,
        change: -2,
        change_percent: -0.01,
      }),
      metric({
        key: 'client_satisfaction',
        label: 'Client Satisfaction',
        value: null,
        target: 5,
        unit: 'rating',
        period_text: 'no feedback yet',
      }),
    ],
    trends: [
      {
        quarter: 'Q1 2026',
        end_date: '2026-03-31',
        total_aum: 120_000_000,
        active_clients: 40,
        completed_assessments: 20,
        client_satisfaction: null,
      },
      {
        quarter: 'Q2 2026',
        end_date: '2026-06-30',
        total_aum: 130_000_000,
        active_clients: 43,
        completed_assessments: 25,
        client_satisfaction: null,
      },
      {
        quarter: 'Q3 2026',
        end_date: '2026-09-30',
        total_aum: 141_300_000,
        active_clients: 45,
        completed_assessments: 33,
        client_satisfaction: null,
      },
      {
        quarter: 'Q4 2026',
        end_date: '2026-11-20',
        total_aum: 142_500_000,
        active_clients: 48,
        completed_assessments: 31,
        client_satisfaction: null,
      },
    ],
  },
};

export const dashboardClient = (overrides: Partial<Client> = {}): Client => sampleClient({ performance: 0.052, ...overrides });

export const clientPage = (clients: Client[], total = clients.length, perPage = 5): ClientListResponse => ({
  clients,
  total,
  page: 1,
  per_page: perPage,
  pages: Math.ceil(total / perPage),
});

export type Answers = Partial<
  Record<'aum' | 'count' | 'assessments' | 'performance' | 'metrics' | 'clients', (url: URL) => Response | Promise<Response>>
>;

const routes: Record<string, keyof Answers> = {
  '/api/v1/analytics/aum': 'aum',
  '/api/v1/analytics/clients/count': 'count',
  '/api/v1/analytics/assessments/completed': 'assessments',
  '/api/v1/analytics/performance': 'performance',
  '/api/v1/analytics/performance-metrics': 'metrics',
  '/api/v1/clients': 'clients',
};

const defaults: Required<Answers> = {
  aum: () => jsonResponse(aumAnswer),
  count: () => jsonResponse(clientCountAnswer),
  assessments: () => jsonResponse(assessmentsAnswer),
  performance: () => jsonResponse(performanceAnswer),
  metrics: () => jsonResponse(metricsAnswer),
  clients: () => jsonResponse(clientPage([dashboardClient()])),
};

/** A server answering the dashboard's calls with the figures above, or with the answers given. */
export function stubDashboardServer(answers: Answers = {}) {
  return stubServer((url) => {
    const key = routes[url.pathname];
    if (!key) return jsonResponse({ detail: 'Not found' }, 404);
    return (answers[key] ?? defaults[key])(url);
  });
}

/** Renders a screen at /dashboard, then signs someone in: the dashboard asks for its figures only with a session. */
export function renderSignedIn(element: ReactElement, user = sampleUser) {
  const view = renderScreen(element, { path: '/dashboard' });
  act(() => {
    view.store.dispatch(loginSuccess({ user, accessToken: 'access-1' }));
  });
  return view;
}
