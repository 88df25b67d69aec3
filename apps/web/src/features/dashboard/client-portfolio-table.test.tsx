import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Call } from '../../test/clients.fixtures.ts';
import { jsonResponse } from '../../test/test-utils.tsx';
import { stubWindowWidth } from '../../test/window-width.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { clientPage, dashboardClient, renderSignedIn, stubDashboardServer } from './test/dashboard-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const listCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname === '/api/v1/clients');
const lastList = (calls: Call[]) => listCalls(calls).at(-1)!.url.searchParams;

const twelveClients = Array.from({ length: 12 }, (_, index) =>
  dashboardClient({ id: `c${index}`, first_name: `Client${index}`, last_name: 'Test', email: `c${index}@example.com` }),
);

/** Serves the twelve clients in pages as the server does. */
const pagedClients = (url: URL) => {
  const page = Number(url.searchParams.get('page'));
  const perPage = Number(url.searchParams.get('per_page'));
  return jsonResponse({ ...clientPage(twelveClients.slice((page - 1) * perPage, page * perPage), twelveClients.length, perPage), page });
};

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('client portfolio table', () => {
  it('shows each client with value, performance, risk and assessment', async () => {
    stubDashboardServer({
      clients: () =>
        jsonResponse(
          clientPage([
            dashboardClient(),
            dashboardClient({
              id: 'c2',
              first_name: 'Eli',
              last_name: 'Moss',
              performance: null,
              assessment_status: 'Complete',
              risk_band: 'moderately_conservative',
              profile: { ...dashboardClient().profile, risk_capacity: 'low' },
            }),
          ]),
        ),
    });
    renderSignedIn(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Client Portfolio' })).toBeVisible();
    await screen.findByText('Dana Whitfield');
    const [dana, eli] = screen.getAllByTestId('client-row').map((row) => within(row));
    expect(dana!.getByText('dana.whitfield@example.com')).toBeVisible();
    expect(dana!.getByText('DW')).toBeVisible();
    expect(dana!.getByText('$1.2M')).toBeVisible();
    expect(dana!.getByTestId('client-performance').textContent).toBe('+5.2%');
    expect(dana!.getByTestId('trend-up')).toBeVisible();
    expect(dana!.getByText('Aggressive')).toBeVisible();
    expect(dana!.getByText('Pending')).toBeVisible();
    expect(eli!.getByTestId('client-performance').textContent).toBe('—');
    // The five-level band, not the three-level profile it maps to.
    expect(eli!.getByText('Moderately conservative')).toBeVisible();
    expect(eli!.getByText('Complete')).toBeVisible();
  });

  it('pages on the server, 5 rows by default with 5, 10 or 25 on offer', async () => {
    const calls = stubDashboardServer({ clients: pagedClients });
    renderSignedIn(<DashboardPage />);
    await screen.findByText('Client0 Test');
    expect(screen.getAllByTestId('client-row')).toHaveLength(5);
    expect(Object.fromEntries(lastList(calls))).toEqual({ sort: 'name', order: 'asc', page: '1', per_page: '5', performance_period: '1Y' });
    expect(screen.getByText('1–5 of 12')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Client5 Test');
    expect(lastList(calls).get('page')).toBe('2');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '25']);
    fireEvent.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(screen.getAllByTestId('client-row')).toHaveLength(10));
    expect(lastList(calls).get('per_page')).toBe('10');
    expect(lastList(calls).get('page')).toBe('1');
  });

  it('searches on the server after a pause in typing and returns to page 1', async () => {
    const calls = stubDashboardServer({ clients: pagedClients });
    renderSignedIn(<DashboardPage />);
    await screen.findByText('Client0 Test');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastList(calls).get('page')).toBe('2'));

    const box = screen.getByRole('textbox', { name: 'Search clients' });
    for (const value of ['w', 'wh', 'whit ']) fireEvent.change(box, { target: { value } });
    await waitFor(() => expect(lastList(calls).get('search')).toBe('whit'));
    expect(lastList(calls).get('page')).toBe('1');
    expect(listCalls(calls).map((call) => call.url.searchParams.get('search'))).toEqual([null, null, 'whit']);
  });

  it('asks for the performance of the period chosen', async () => {
    const calls = stubDashboardServer();
    renderSignedIn(<DashboardPage />);
    await screen.findByText('Dana Whitfield');
    await chooseOption('Performance period', '3Y');
    await waitFor(() => expect(lastList(calls).get('performance_period')).toBe('3Y'));
    expect(screen.getByRole('columnheader', { name: 'Performance (3Y)' })).toBeVisible();
  });

  it("offers the row's actions", async () => {
    stubDashboardServer();
    renderSignedIn(<DashboardPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Dana Whitfield' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['View Profile', 'Edit Client', 'Run Assessment', 'Generate Report']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'View Profile' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/clients/11111111-1111-4111-8111-111111111111/profile'));
  });

  it("links each name to the client's profile, and a click on the row opens it", async () => {
    stubDashboardServer();
    renderSignedIn(<DashboardPage />);
    const profile = '/clients/11111111-1111-4111-8111-111111111111/profile';
    expect(await screen.findByRole('link', { name: 'Dana Whitfield' })).toHaveAttribute('href', profile);
    fireEvent.click(within(screen.getByTestId('client-row')).getByText('dana.whitfield@example.com'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(profile));
  });

  it('keeps client, value and performance on a phone; risk, assessment and the actions are in the details', async () => {
    stubWindowWidth(390);
    stubDashboardServer();
    renderSignedIn(<DashboardPage />);
    await screen.findByText('Dana Whitfield');
    const table = screen.getByRole('table', { name: 'Client Portfolio' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Client', 'Portfolio Value', 'Performance (1Y)', 'Details']);
    const row = screen.getByTestId('client-row');
    expect(within(row).queryByText('Aggressive')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Details for Dana Whitfield' }));
    const details = row.nextElementSibling as HTMLElement;
    expect(
      within(details)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Risk Band', 'Assessment', 'Actions']);
    expect(within(details).getByText('Aggressive')).toBeVisible();
    fireEvent.click(within(details).getByRole('button', { name: 'Actions for Dana Whitfield' }));
    expect(await screen.findByRole('menuitem', { name: 'View Profile' })).toBeVisible();
  });

  it("says 'Failed to fetch clients' when the list cannot load", async () => {
    stubDashboardServer({ clients: () => jsonResponse({}, 500) });
    renderSignedIn(<DashboardPage />);
    expect(await screen.findByText('Failed to fetch clients')).toBeVisible();
  });
});
