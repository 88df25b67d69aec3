import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { jsonResponse, renderScreen, sampleUser } from '../../../test/test-utils.tsx';
import { loginSuccess } from '../../session/index.ts';
import { sampleClient, stubServer, type Call } from '../../../test/clients.fixtures.ts';
import { ClientListPage, searchDebounceMs } from './client-list-page.tsx';
import { clientListReducer, initialListState, listArgs } from './client-list-state.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stats = {
  total_clients: 42,
  total_aum: 125_300_000,
  average_performance: -3.2,
  performance_period: '1Y',
  performance_start_date: '2025-11-21',
  performance_as_of: '2026-11-20',
  assessment_complete_percent: null,
};

function renderPage() {
  const result = renderScreen(<ClientListPage />, { path: '/clients' });
  act(() => void result.store.dispatch(loginSuccess({ user: sampleUser, accessToken: 'access-1' })));
  return result;
}

const listCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname === '/api/v1/clients');
const lastList = (calls: Call[]) => listCalls(calls).at(-1)!.url.searchParams;

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('client list screen', () => {
  it('shows the count, the four cards and a row with its figures', async () => {
    stubServer((url) =>
      url.pathname === '/api/v1/clients/stats'
        ? jsonResponse(stats)
        : jsonResponse({
            clients: [
              sampleClient({ risk_band: 'moderately_aggressive', profile: { ...sampleClient().profile, risk_capacity: 'high' } }),
              sampleClient({ id: 'c2', first_name: 'Noel', last_name: 'Newcomer', risk_band: null, risk_band_source: null }),
            ],
            total: 42,
            page: 1,
            per_page: 10,
            pages: 5,
          }),
    );
    renderPage();
    expect(screen.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    await screen.findByText('Dana Whitfield');
    expect(screen.getByTestId('client-count').textContent).toBe('42 clients');
    expect(within(screen.getByTestId('card-total-aum')).getByText('$125.3M')).toBeVisible();
    const performance = within(screen.getByTestId('card-performance')).getByText('-3.2%');
    expect(getComputedStyle(performance).color).toBe('rgb(211, 47, 47)');
    expect(within(screen.getByTestId('card-assessments')).getByText('—')).toBeVisible();
    // Each card says what it counts and when.
    expect(screen.getByTestId('card-total-aum').textContent).toContain('Cash and holdings of their open portfolios today');
    expect(screen.getByTestId('card-assessments').textContent).toContain('whose latest questionnaire is complete');
    const [first, second] = screen.getAllByTestId('client-row');
    const row = within(first!);
    expect(row.getByText('dana.whitfield@example.com')).toBeVisible();
    expect(row.getByText('$1.2M')).toBeVisible();
    // The client's time-weighted return (0.0523), not the unrealised gain/loss (4.25 %).
    const twr = row.getByTestId('client-performance');
    expect(twr.textContent).toBe('+5.2%');
    expect(getComputedStyle(twr).color).toBe('rgb(46, 125, 50)');
    expect(row.getByTestId('trend-up')).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Performance (1Y)' })).toBeVisible();
    // The band confirmed, five levels: never the three-level "Aggressive" its risk capacity (high) would read as.
    expect(screen.getByRole('columnheader', { name: 'Risk Band' })).toBeVisible();
    expect(row.getByTestId('risk-band-chip').textContent).toBe('Moderately aggressive');
    expect(row.queryByText('Aggressive')).toBeNull();
    // A client without a band is not assessed, never Moderate.
    expect(within(second!).getByTestId('risk-band-chip').textContent).toBe('Not assessed');
    expect(row.getByText('Pending')).toBeVisible();
    expect(row.getByText('Mar 14, 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add Client' }).getAttribute('href')).toBe('/clients/new');
    expect(screen.getByRole('link', { name: 'Households' }).getAttribute('href')).toBe('/households');
  });

  it("shows each client's time-weighted return, down in red and '—' without valued history", async () => {
    stubServer((url) =>
      url.pathname === '/api/v1/clients/stats'
        ? jsonResponse(stats)
        : jsonResponse({
            clients: [
              sampleClient({ performance: -0.0304 }),
              sampleClient({ id: 'c2', first_name: 'Eli', last_name: 'Moss', performance: null }),
            ],
            total: 2,
            page: 1,
            per_page: 10,
            pages: 1,
          }),
    );
    renderPage();
    await screen.findByText('Eli Moss');
    const [dana, eli] = screen.getAllByTestId('client-row').map((row) => within(row));
    const down = dana!.getByTestId('client-performance');
    expect(down.textContent).toBe('-3.0%');
    expect(getComputedStyle(down).color).toBe('rgb(211, 47, 47)');
    expect(dana!.getByTestId('trend-down')).toBeVisible();
    expect(eli!.getByTestId('client-performance').textContent).toBe('—');
    expect(eli!.queryByTestId('trend-up')).toBeNull();
  });

  it('asks again for the period chosen, on the same page, and heads the column with it', async () => {
    const calls = stubServer((url) =>
      url.pathname === '/api/v1/clients/stats'
        ? jsonResponse(stats)
        : jsonResponse({
            clients: [sampleClient({ performance: url.searchParams.get('performance_period') === '3Y' ? 0.184 : 0.0523 })],
            total: 42,
            page: Number(url.searchParams.get('page')),
            per_page: 10,
            pages: 5,
          }),
    );
    renderPage();
    await screen.findByText('Dana Whitfield');
    expect(lastList(calls).get('performance_period')).toBe('1Y');
    expect(screen.getByRole('combobox', { name: 'Performance period' }).textContent).toBe('1Y');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastList(calls).get('page')).toBe('2'));
    const statsCalls = calls.filter((call) => call.url.pathname === '/api/v1/clients/stats').length;

    await chooseOption('Performance period', '3Y');
    await waitFor(() => expect(lastList(calls).get('performance_period')).toBe('3Y'));
    expect(lastList(calls).get('page')).toBe('2');
    await waitFor(() => expect(screen.getByTestId('client-performance').textContent).toBe('+18.4%'));
    expect(screen.getByRole('columnheader', { name: 'Performance (3Y)' })).toBeVisible();
    // The cards add up the book over the filters; the period is not one of them.
    expect(calls.filter((call) => call.url.pathname === '/api/v1/clients/stats')).toHaveLength(statsCalls);
  });

  it("links each name to the client's profile, and a click on the row opens it", async () => {
    stubServer((url) =>
      url.pathname === '/api/v1/clients/stats'
        ? jsonResponse(stats)
        : jsonResponse({ clients: [sampleClient()], total: 1, page: 1, per_page: 10, pages: 1 }),
    );
    renderPage();
    const profile = '/clients/11111111-1111-4111-8111-111111111111/profile';
    expect(await screen.findByRole('link', { name: 'Dana Whitfield' })).toHaveAttribute('href', profile);
    // The row's actions stay its own: opening the menu opens no profile.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Dana Whitfield' }));
    expect(await screen.findByRole('menuitem', { name: 'View Profile' })).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe('/clients');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(within(screen.getByTestId('client-row')).getByText('$1.2M'));
    expect(screen.getByTestId('location').textContent).toBe(profile);
  });

  it('sorts by every column but the actions, on the server, each header telling its order', async () => {
    const calls = stubServer((url) =>
      url.pathname === '/api/v1/clients/stats'
        ? jsonResponse(stats)
        : jsonResponse({ clients: [sampleClient()], total: 42, page: Number(url.searchParams.get('page')), per_page: 10, pages: 5 }),
    );
    renderPage();
    await screen.findByText('Dana Whitfield');
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Client')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Portfolio Value')).not.toHaveAttribute('aria-sort');
    expect(within(header('Actions')).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastList(calls).get('page')).toBe('2'));
    fireEvent.click(within(header('Portfolio Value')).getByRole('button'));
    await waitFor(() => expect(lastList(calls).get('sort')).toBe('aum'));
    expect(lastList(calls).get('order')).toBe('asc');
    expect(lastList(calls).get('page')).toBe('1');
    expect(header('Portfolio Value')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Client')).not.toHaveAttribute('aria-sort');
    fireEvent.click(within(header('Portfolio Value')).getByRole('button'));
    await waitFor(() => expect(lastList(calls).get('order')).toBe('desc'));
    expect(header('Portfolio Value')).toHaveAttribute('aria-sort', 'descending');

    // Performance sorts over the period shown, and its header still explains the figure.
    fireEvent.click(within(header('Performance (1Y)')).getByRole('button', { name: 'Performance (1Y)' }));
    await waitFor(() => expect(lastList(calls).get('sort')).toBe('performance'));
    expect(lastList(calls).get('performance_period')).toBe('1Y');
    expect(header('Performance (1Y)')).toHaveAttribute('aria-sort', 'ascending');

    for (const [name, field] of [
      ['Risk Band', 'risk_band'],
      ['Assessment', 'assessment_status'],
      ['Last Activity', 'last_activity_at'],
    ]) {
      fireEvent.click(within(header(name!)).getByRole('button'));
      await waitFor(() => expect(lastList(calls).get('sort')).toBe(field));
    }
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Last activity');
  });

  it("says 'Loading clients...' while loading and 'No clients found' when the answer is empty", async () => {
    let answer: (response: Response) => void = () => {};
    stubServer((url) =>
      url.pathname === '/api/v1/clients/stats'
        ? jsonResponse(stats)
        : new Promise<Response>((resolve) => {
            answer = resolve;
          }),
    );
    renderPage();
    expect(await screen.findByText('Loading clients...')).toBeVisible();
    expect(screen.queryByText('No clients found')).toBeNull();
    answer(jsonResponse({ clients: [], total: 0, page: 1, per_page: 10, pages: 0 }));
    expect(await screen.findByText('No clients found')).toBeVisible();
    expect(screen.queryByText('Loading clients...')).toBeNull();
  });

  it('sends the filters as query parameters and returns to page 1 when one changes', async () => {
    const calls = stubServer((url) =>
      url.pathname === '/api/v1/clients/stats'
        ? jsonResponse(stats)
        : jsonResponse({ clients: [sampleClient()], total: 42, page: Number(url.searchParams.get('page')), per_page: 10, pages: 5 }),
    );
    renderPage();
    await screen.findByText('Dana Whitfield');
    expect(Object.fromEntries(lastList(calls))).toEqual({
      sort: 'name',
      order: 'asc',
      page: '1',
      per_page: '10',
      performance_period: '1Y',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastList(calls).get('page')).toBe('2'));

    await chooseOption('Risk Band', 'Moderately aggressive');
    await waitFor(() => expect(lastList(calls).get('risk_band')).toBe('moderately_aggressive'));
    expect(lastList(calls).get('page')).toBe('1');
    const statsCall = calls.filter((call) => call.url.pathname === '/api/v1/clients/stats').at(-1)!;
    expect(statsCall.url.searchParams.get('risk_band')).toBe('moderately_aggressive');
    await chooseOption('Risk Band', 'Not assessed');
    await waitFor(() => expect(lastList(calls).get('risk_band')).toBe('not_assessed'));

    await chooseOption('Assessment', 'In Progress');
    await waitFor(() => expect(lastList(calls).get('assessment_status')).toBe('In Progress'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Search clients' }), { target: { value: ' whit ' } });
    await waitFor(() => expect(lastList(calls).get('search')).toBe('whit'));

    const before = calls.length;
    // The search box's pause is the subject: timers are faked from the click on, and run past it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
      expect((screen.getByRole('textbox', { name: 'Search clients' }) as HTMLInputElement).value).toBe('');
      expect(screen.getByRole('combobox', { name: 'Risk Band' }).textContent).toBe('All');
      expect(screen.getByRole('combobox', { name: 'Assessment' }).textContent).toBe('All');
      await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs));
    } finally {
      vi.useRealTimers();
    }
    // The unfiltered first page is answered from the cache at once; nothing filtered is asked for,
    // not even once the pause a typed search waits for has passed.
    for (const call of calls.slice(before)) {
      expect(['search', 'risk_band', 'assessment_status'].filter((key) => call.url.searchParams.has(key))).toEqual([]);
    }
    expect(screen.getByText('Dana Whitfield')).toBeVisible();
  });

  it('searches once per pause in typing (300 ms debounce)', async () => {
    const calls = stubServer((url) =>
      url.pathname === '/api/v1/clients/stats'
        ? jsonResponse(stats)
        : jsonResponse({ clients: [], total: 0, page: 1, per_page: 10, pages: 0 }),
    );
    renderPage();
    await screen.findByText('No clients found');
    const box = screen.getByRole('textbox', { name: 'Search clients' });
    for (const value of ['d', 'da', 'dan']) fireEvent.change(box, { target: { value } });
    await waitFor(() => expect(lastList(calls).get('search')).toBe('dan'));
    expect(listCalls(calls).map((call) => call.url.searchParams.get('search'))).toEqual([null, 'dan']);
  });

  it("shows the server's message, else 'Failed to fetch clients'", async () => {
    stubServer((url) => (url.pathname === '/api/v1/clients/stats' ? jsonResponse(stats) : jsonResponse({}, 500)));
    renderPage();
    expect(await screen.findByText(text.fetchClientsFailed)).toBeVisible();
  });

  it('goes to page 1 on a page-size change or a sort; a period change keeps the page and Clear keeps the period', () => {
    const onPage3 = clientListReducer(initialListState, { type: 'page', value: 2 });
    expect(listArgs(onPage3, '').page).toBe(3);
    expect(clientListReducer(onPage3, { type: 'perPage', value: 25 })).toMatchObject({ page: 0, perPage: 25 });
    const byName = clientListReducer(onPage3, { type: 'sort', field: 'name' });
    expect(byName).toMatchObject({ sort: 'name', order: 'desc', page: 0 });
    expect(clientListReducer(byName, { type: 'sort', field: 'netWorth' })).toMatchObject({ sort: 'netWorth', order: 'asc' });
    const over3Y = clientListReducer(onPage3, { type: 'period', value: '3Y' });
    expect(over3Y).toMatchObject({ period: '3Y', page: 2 });
    expect(listArgs(over3Y, '').performance_period).toBe('3Y');
    expect(clientListReducer(over3Y, { type: 'clear' }).period).toBe('3Y');
  });
});
