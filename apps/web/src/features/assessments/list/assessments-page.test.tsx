import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentSummary } from '@meridian/domain/assessments/contracts';
import { loginSuccess } from '../../session/index.ts';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import {
  assessmentId,
  ipqTemplate,
  listOf,
  sampleAssessment,
  sampleTemplate,
  slow,
  stubServer,
} from '../../../test/assessments.fixtures.ts';
import { AssessmentsPage } from './assessments-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const pending = sampleAssessment({ overdue: true, due_date: '2026-10-01' });
const started = sampleAssessment({
  id: '66666666-6666-4666-8666-666666666667',
  status: 'in_progress',
  started_at: '2026-10-02T10:00:00.000Z',
  due_date: null,
});
const done = sampleAssessment({
  id: '66666666-6666-4666-8666-666666666668',
  status: 'complete',
  completed_at: '2026-11-20T10:00:00.000Z',
  score_percent: 72.5,
});
const ipqOpen = sampleAssessment({
  id: '66666666-6666-4666-8666-666666666669',
  kind: 'ipq',
  template_id: ipqTemplate.id,
  template_name: 'Investor personality questionnaire',
  client_name: 'Sofia Lopez',
  client_id: 'c2',
});
const ipqDone = sampleAssessment({
  ...ipqOpen,
  id: '66666666-6666-4666-8666-666666666670',
  status: 'complete',
  completed_at: '2026-11-21T10:00:00.000Z',
  score_percent: 64,
});

function server(assessments: AssessmentSummary[] = [pending, started, done, ipqOpen, ipqDone], total = assessments.length === 0 ? 0 : 60) {
  return stubServer((url) => {
    if (url.pathname === '/api/v1/assessments') return jsonResponse(listOf(assessments, total));
    if (url.pathname === '/api/v1/assessment-templates') return jsonResponse({ templates: [ipqTemplate, sampleTemplate()] });
    if (url.pathname === '/api/v1/users/advisors')
      return jsonResponse({
        advisors: [{ id: 'a1', first_name: 'Alex', last_name: 'Chen', email: 'a@x', client_count: 3 }],
        total: 1,
        page: 1,
        per_page: 100,
        pages: 1,
      });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const rowOf = (id: string) => screen.findByTestId(`assessment-row-${id}`, {}, slow);
/** Each cell's text, without what only a phone shows (the questionnaire and due date under the name). */
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelector('[data-testid="phone-details"]')?.remove();
      return copy.textContent;
    });
const listQuery = (calls: ReturnType<typeof server>) =>
  Object.fromEntries(calls.filter((call) => call.url.pathname === '/api/v1/assessments').at(-1)!.url.searchParams);
const signIn = (store: ReturnType<typeof renderScreen>['store'], role: 'admin' | 'advisor' | 'client') =>
  act(() => void store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: role }, accessToken: 'access-1' })));

describe('assessments list', () => {
  it("shows the book's assessments: client, questionnaire, advisor, status in the spec's words, due, completed, score", async () => {
    server();
    renderScreen(<AssessmentsPage />, { path: '/assessments' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Assessments');
    expect(cells(await rowOf(pending.id))).toEqual([
      'Maria Lopez',
      'Risk attitude check',
      'Alex Chen',
      'Pending',
      'Oct 1, 2026Overdue',
      '—',
      '—',
      'Take',
    ]);
    expect(cells(await rowOf(started.id))).toEqual([
      'Maria Lopez',
      'Risk attitude check',
      'Alex Chen',
      'In Progress',
      '—',
      '—',
      '—',
      'Continue',
    ]);
    expect(cells(await rowOf(done.id))[3]).toBe('Complete');
    expect(cells(await rowOf(done.id)).slice(5)).toEqual(['Nov 20, 2026', '72.5%', 'View']);
    expect(
      within(await rowOf(pending.id))
        .getByRole('link', { name: 'Maria Lopez' })
        .getAttribute('href'),
    ).toBe(`/clients/${pending.client_id}/profile`);
  });

  it('shows one kind of score for a custom assessment and the investor questionnaire: the percent of the most each could score', async () => {
    server();
    renderScreen(<AssessmentsPage />, { path: '/assessments' });
    const custom = await rowOf(done.id);
    const column = screen.getAllByRole('columnheader').findIndex((header) => header.textContent === 'Score');
    expect(screen.getAllByRole('columnheader').filter((header) => /score/i.test(header.textContent ?? ''))).toHaveLength(1);
    expect(cells(custom)[column]).toBe('72.5%');
    expect(cells(await rowOf(ipqDone.id))[column]).toBe('64%');
    expect(cells(await rowOf(ipqOpen.id))[column]).toBe('—');
  });

  it('keeps the questionnaire and due date under the client on a phone, where their columns are left out', async () => {
    server();
    renderScreen(<AssessmentsPage />, { path: '/assessments' });
    expect(within(await rowOf(pending.id)).getByTestId('phone-details').textContent).toBe('Risk attitude checkDue Oct 1, 2026Overdue');
    expect(within(await rowOf(started.id)).getByTestId('phone-details').textContent).toBe('Risk attitude check');
  });

  it('marks only the overdue ones', async () => {
    server();
    renderScreen(<AssessmentsPage />, { path: '/assessments' });
    expect(within(await rowOf(pending.id)).getByTestId('overdue-marker').textContent).toBe('Overdue');
    expect(within(await rowOf(started.id)).queryByTestId('overdue-marker')).toBeNull();
    expect(screen.getAllByTestId('overdue-marker')).toHaveLength(1);
  });

  it('takes, continues and views custom assessments here and the investor questionnaire on its own screens', async () => {
    server();
    renderScreen(<AssessmentsPage />, { path: '/assessments' });
    const href = async (id: string) =>
      within(await rowOf(id))
        .getByRole('link', { name: /^(Take|Continue|View) / })
        .getAttribute('href');
    expect(await href(pending.id)).toBe(`/assessments/${assessmentId}/take`);
    expect(await href(started.id)).toBe(`/assessments/${started.id}/take`);
    expect(await href(done.id)).toBe(`/assessments/${done.id}`);
    expect(await href(ipqOpen.id)).toBe('/ipq-assessment/c2');
    expect(await href(ipqDone.id)).toBe('/clients/c2/ipq-results');
    expect(
      within(await rowOf(ipqDone.id)).getByRole('link', { name: 'View Investor personality questionnaire for Sofia Lopez' }),
    ).toBeVisible();
  });

  it('filters by status, questionnaire, client search and overdue on the server, and pages there', async () => {
    const calls = server();
    renderScreen(<AssessmentsPage />, { path: '/assessments' });
    await rowOf(pending.id);
    expect(listQuery(calls)).toEqual({ page: '1', per_page: '25' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'In Progress' }));
    await waitFor(() => expect(listQuery(calls).status).toBe('in_progress'), slow);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Questionnaire' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Risk attitude check' }));
    await waitFor(() => expect(listQuery(calls).template_id).toBe(sampleTemplate().id), slow);
    fireEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: 'lopez' } });
    await waitFor(
      () =>
        expect(listQuery(calls)).toEqual({
          page: '1',
          per_page: '25',
          status: 'in_progress',
          template_id: sampleTemplate().id,
          overdue: 'true',
          search: 'lopez',
        }),
      slow,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listQuery(calls).page).toBe('2'), slow);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('All');
    expect((screen.getByRole('switch', { name: 'Overdue only' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Search clients') as HTMLInputElement).value).toBe('');
  });

  it('offers the advisor filter to admins only', async () => {
    const calls = server();
    const { store } = renderScreen(<AssessmentsPage />, { path: '/assessments' });
    signIn(store, 'advisor');
    await rowOf(pending.id);
    expect(screen.queryByRole('combobox', { name: 'Advisor' })).toBeNull();
    signIn(store, 'admin');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Advisor' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alex Chen' }, slow));
    await waitFor(() => expect(listQuery(calls).advisor_id).toBe('a1'), slow);
  });

  it('shows a client user "My assessments": their own, filtered by status only, with Take and Continue', async () => {
    server([pending, started, done]);
    const { store } = renderScreen(<AssessmentsPage />, { path: '/assessments' });
    signIn(store, 'client');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My assessments');
    expect(cells(await rowOf(pending.id))).toEqual(['Risk attitude check', 'Pending', 'Oct 1, 2026Overdue', '—', '—', 'Take']);
    expect(
      within(await rowOf(started.id))
        .getByRole('link', { name: 'Continue Risk attitude check' })
        .getAttribute('href'),
    ).toBe(`/assessments/${started.id}/take`);
    expect(screen.queryByRole('button', { name: 'Assign assessment' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Questionnaire' })).toBeNull();
    expect(screen.queryByLabelText('Search clients')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Overdue only' })).toBeNull();
  });

  it('says when there is nothing, and shows why the list failed', async () => {
    server([]);
    const first = renderScreen(<AssessmentsPage />, { path: '/assessments' });
    expect((await screen.findByTestId('assessments-empty', {}, slow)).textContent).toBe(
      'No assessments yet. Assign one to your clients with Assign assessment.',
    );
    first.unmount();
    stubServer(() => new Response('', { status: 500 }));
    renderScreen(<AssessmentsPage />, { path: '/assessments' });
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('Failed to fetch assessments');
  });
});
