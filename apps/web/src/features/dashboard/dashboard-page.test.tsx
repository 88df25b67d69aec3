import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api.ts';
import { analyticsTag } from '../../app/cache-tags.ts';
import { registerNavigate } from '../../lib/navigate.ts';
import { jsonResponse, sampleUser } from '../../test/test-utils.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { dashboardMessages as text } from './dashboard-messages.ts';
import { listOf, sampleAssessment, stubServer } from '../../test/assessments.fixtures.ts';
import { assessmentsAnswer, aumAnswer, performanceAnswer, renderSignedIn, stubDashboardServer } from './test/dashboard-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (testId: string) => within(screen.getByTestId(testId));
const green = 'rgb(46, 125, 50)';
const red = 'rgb(211, 47, 47)';

describe('dashboard for a client user', () => {
  it('points to their own portfolios and asks for no book figures', async () => {
    const calls = stubDashboardServer();
    const { store } = renderSignedIn(<DashboardPage />, { ...sampleUser, role_name: 'client' });
    expect(screen.getByRole('heading', { level: 1, name: 'Advisor Dashboard' })).toBeVisible();
    expect(screen.getByRole('link', { name: text.clientPortfolios }).getAttribute('href')).toBe('/portfolios');
    // The page starts its queries together when it mounts: once the open questionnaires are asked for
    // and answered, any book figure would have been asked for too.
    await waitFor(() => expect(calls.map((call) => call.url.pathname)).toContain('/api/v1/assessments'));
    await waitFor(() => expect(Object.values(store.getState().api.queries).every((query) => query?.status !== 'pending')).toBe(true));
    expect(Object.values(store.getState().api.queries).map((query) => query?.endpointName)).toEqual(['listAssessments']);
    expect(calls.filter((call) => call.url.pathname.includes('/analytics'))).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('dashboard for a client user with questionnaires to answer', () => {
  it('lists the open ones first thing, each with Take or Continue, and leaves out the completed', async () => {
    stubServer((url) =>
      url.pathname === '/api/v1/assessments'
        ? jsonResponse(
            listOf([
              sampleAssessment({ id: 'a1', template_name: 'Annual check-in', status: 'pending', due_date: '2026-12-04' }),
              sampleAssessment({ id: 'a2', template_name: 'Goals review', status: 'in_progress', due_date: null }),
              sampleAssessment({ id: 'a3', template_name: 'Last year', status: 'complete' }),
            ]),
          )
        : jsonResponse({ detail: 'Not found' }, 404),
    );
    renderSignedIn(<DashboardPage />, { ...sampleUser, role_name: 'client' });
    const open = within(await screen.findByTestId('open-assessments'));
    expect(open.getByRole('heading', { name: 'Your advisor asks you to complete 2 questionnaires' })).toBeVisible();
    expect(open.getByRole('link', { name: 'Take Annual check-in' }).getAttribute('href')).toBe('/assessments/a1/take');
    expect(open.getByRole('link', { name: 'Continue Goals review' }).getAttribute('href')).toBe('/assessments/a2/take');
    expect(open.queryByText('Last year')).toBeNull();
    expect(open.getByText('Due Dec 4, 2026')).toBeVisible();
  });
});

describe('dashboard headline cards', () => {
  it("shows the API's figures and how each moved against the previous period", async () => {
    const calls = stubDashboardServer();
    renderSignedIn(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Advisor Dashboard' })).toBeVisible();
    expect(screen.getByText('Welcome back, Alex Chen')).toBeVisible();

    await waitFor(() => expect(screen.getByTestId('card-clients-value').textContent).toBe('48'));
    expect(screen.getByTestId('card-clients-change').textContent).toBe('+3since Q3 2026');
    expect(screen.getByTestId('card-aum-value').textContent).toBe('$84.3M');
    expect(screen.getByTestId('card-aum-change').textContent).toBe('+$1.2Mvs Q3 2026');
    expect(screen.getByTestId('card-assessments-value').textContent).toBe('31');
    const fewer = card('card-assessments').getByText('-2');
    expect(getComputedStyle(fewer).color).toBe(red);
    // This quarter's completions against the whole of the last one, not the metrics panel's count to date.
    expect(screen.getByTestId('card-assessments-change').textContent).toBe('-2vs all of Q3 2026');
    expect(screen.getByTestId('card-assessments-caption').textContent).toBe('Completed in Q4 2026 so far, not to date');
    expect(screen.getByTestId('card-performance-caption').textContent).toBe('Time-weighted return of your book over the last year');
    expect(screen.getByTestId('card-performance-value').textContent).toBe('+7.3%');
    const points = card('card-performance').getByText('+0.8 pts');
    expect(getComputedStyle(points).color).toBe(green);
    expect(card('card-performance').getByText('vs prior year')).toBeVisible();
    expect(screen.queryByText(text.demoData)).toBeNull();

    const asked = calls.map((call) => `${call.url.pathname}${call.url.search}`);
    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/v1/analytics/aum?period=current',
        '/api/v1/analytics/clients/count?period=current',
        '/api/v1/analytics/assessments/completed?period=current',
        '/api/v1/analytics/performance?period=1Y',
        '/api/v1/analytics/performance-metrics',
      ]),
    );
  });

  it('shows skeletons while the figures load', async () => {
    const pending: { answer?: (response: Response) => void } = {};
    stubDashboardServer({ aum: () => new Promise<Response>((resolve) => (pending.answer = resolve)) });
    renderSignedIn(<DashboardPage />);
    expect(screen.getByTestId('card-aum').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('card-aum-skeleton')).toBeVisible();
    await waitFor(() => expect(pending.answer).toBeDefined());
    pending.answer!(jsonResponse(aumAnswer));
    await waitFor(() => expect(screen.getByTestId('card-aum-value').textContent).toBe('$84.3M'));
    expect(screen.getByTestId('card-aum').getAttribute('aria-busy')).toBe('false');
  });

  it('shows 0 and the note when assessments are not recorded yet, never an estimate', async () => {
    const note = 'Assessments are not recorded yet';
    stubDashboardServer({
      assessments: () =>
        jsonResponse({
          data: {
            ...assessmentsAnswer.data,
            completed_assessments: 0,
            previous_completed_assessments: 0,
            change: 0,
            available: false,
            note,
          },
        }),
    });
    renderSignedIn(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('card-assessments-note').textContent).toBe(note));
    expect(screen.getByTestId('card-assessments-value').textContent).toBe('0');
    expect(screen.queryByTestId('card-assessments-change')).toBeNull();
  });

  it("shows '—' for an empty book's performance", async () => {
    stubDashboardServer({
      performance: () => jsonResponse({ data: { ...performanceAnswer.data, twr: null, previous_twr: null, change: null } }),
    });
    renderSignedIn(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('card-performance-value').textContent).toBe('—'));
    expect(screen.getByTestId('card-performance-note').textContent).toBe(text.noPerformance);
  });

  it('asks again when a write invalidates the analytics', async () => {
    let clients = 48;
    stubDashboardServer({
      count: () =>
        jsonResponse({
          data: {
            active_clients: clients,
            previous_active_clients: 45,
            change: clients - 45,
            change_percent: null,
            period: 'current',
            period_label: 'Q4 2026',
            start_date: '2026-10-01',
            as_of: '2026-11-20',
            previous_as_of: '2026-09-30',
          },
        }),
    });
    const { store } = renderSignedIn(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('card-clients-value').textContent).toBe('48'));
    clients = 49;
    act(() => void store.dispatch(api.util.invalidateTags([analyticsTag])));
    await waitFor(() => expect(screen.getByTestId('card-clients-value').textContent).toBe('49'));
  });
});

describe('dashboard errors (spec §8)', () => {
  it('a 401 asks to log in and shows no figures', async () => {
    const navigations: string[] = [];
    registerNavigate((path) => navigations.push(path));
    stubDashboardServer({ aum: () => jsonResponse({ detail: 'Not authenticated' }, 401) });
    renderSignedIn(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('dashboard-status').textContent).toBe(text.logInForLiveData));
    expect(navigations).toContain('/login');
    expect(screen.queryByTestId('card-aum')).toBeNull();
    expect(screen.queryByText(text.demoData)).toBeNull();
  });

  it('a 403 says access is denied and shows no figures', async () => {
    stubDashboardServer({ metrics: () => jsonResponse({ detail: 'Forbidden' }, 403) });
    renderSignedIn(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('dashboard-status').textContent).toBe('Access denied. Please check your permissions.'));
    expect(screen.queryByTestId('card-aum')).toBeNull();
    expect(screen.queryByText(text.demoData)).toBeNull();
  });

  it('an unreachable server shows the demo figures, each labelled', async () => {
    stubDashboardServer({ aum: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderSignedIn(<DashboardPage />);
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-status').textContent).toContain('Unable to connect to server. Showing demo data.'),
    );
    expectDemoCards();
  });

  it('a server failure shows the demo figures, each labelled', async () => {
    stubDashboardServer({ performance: () => jsonResponse({ detail: 'boom' }, 500) });
    renderSignedIn(<DashboardPage />);
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-status').textContent).toContain('Unable to load live data. Showing demo data.'),
    );
    expectDemoCards();
  });
});

function expectDemoCards() {
  expect(screen.getByTestId('card-clients-value').textContent).toBe('156');
  expect(screen.getByTestId('card-aum-value').textContent).toBe('$125.3M');
  expect(screen.getByTestId('card-assessments-value').textContent).toBe('342');
  expect(screen.getByTestId('card-performance-value').textContent).toBe('+12.5%');
  for (const id of ['card-clients', 'card-aum', 'card-assessments', 'card-performance']) {
    expect(card(id).getByText(text.demoData)).toBeVisible();
  }
  expect(screen.getByTestId('metrics-period').textContent).toBe('Q2 2024');
}
