import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { householdMessages } from '@meridian/domain/households/messages';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { stubServer } from '../../../test/portfolios.fixtures.ts';
import { HouseholdsPage } from './households-page.tsx';
import { clientPage, householdId, mariaId, sampleHousehold, sofiaId } from '../test/households.fixtures.ts';

/** Lazy chunks and a loaded machine can take longer than the default second. */
const slow = { timeout: 5000 };

afterEach(() => vi.unstubAllGlobals());

const page = (count: number, total = count, pageNumber = 1) => ({
  households: Array.from({ length: count }, (_, index) =>
    sampleHousehold({
      id: `${householdId.slice(0, -2)}${String(index).padStart(2, '0')}`,
      name: index === 0 ? 'Lopez Family' : `Family ${index + 1}`,
    }),
  ),
  total,
  page: pageNumber,
  per_page: 10,
  pages: Math.ceil(total / 10),
});

type Post = (body: unknown) => Response;

function server(post: Post = () => jsonResponse(sampleHousehold(), 201)) {
  return stubServer((url, init) => {
    if (url.pathname.endsWith('/households') && init.method === 'POST') return post(init.body);
    if (url.pathname.endsWith('/households')) return jsonResponse(page(10, 23, Number(url.searchParams.get('page'))));
    if (url.pathname.endsWith('/clients')) return jsonResponse(clientPage);
    if (url.pathname.endsWith(`/households/${householdId}`)) return jsonResponse(sampleHousehold());
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const listCalls = (calls: ReturnType<typeof server>) =>
  calls.filter((call) => call.url.pathname.endsWith('/households') && call.method === 'GET');

describe('households list', () => {
  it('shows each household with its head, members, rolled-up value and advisor', async () => {
    server();
    renderScreen(<HouseholdsPage />, { path: '/households' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Households');
    const row = await screen.findByTestId(`household-row-${householdId.slice(0, -2)}00`, {}, slow);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Lopez Family', 'Maria Lopez', '2', '$20,000.50', 'Alex Chen']);
    expect(within(row).getByRole('link', { name: 'Lopez Family' }).getAttribute('href')).toBe(`/households/${householdId.slice(0, -2)}00`);
    expect(within(row).getByRole('link', { name: 'Maria Lopez' })).toHaveAttribute('href', `/clients/${mariaId}/profile`);
    // A click elsewhere on the row opens the household.
    fireEvent.click(within(row).getByText('$20,000.50'));
    expect(screen.getByTestId('location').textContent).toBe(`/households/${householdId.slice(0, -2)}00`);
  });

  it('searches and pages on the server', async () => {
    const calls = server();
    renderScreen(<HouseholdsPage />, { path: '/households' });
    await screen.findByText('1–10 of 23', {}, slow);
    const last = () => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);
    expect(last()).toEqual({ page: '1', per_page: '10' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(last().page).toBe('2'), slow);
    fireEvent.change(screen.getByLabelText('Search households'), { target: { value: 'lopez' } });
    await waitFor(() => expect(last()).toEqual({ page: '1', per_page: '10', search: 'lopez' }), slow);
  });

  it("shows 'Failed to fetch households' when the list fails without detail", async () => {
    stubServer(() => new Response('', { status: 500 }));
    renderScreen(<HouseholdsPage />, { path: '/households' });
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('Failed to fetch households');
  });
});

describe('new household dialog', () => {
  it('checks the name before sending anything', async () => {
    const calls = server();
    renderScreen(<HouseholdsPage />, { path: '/households' });
    fireEvent.click(screen.getByRole('button', { name: 'New Household' }));
    const dialog = screen.getByRole('dialog', { name: 'New Household' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(householdMessages.nameRequired, {}, slow)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("sends the name, notes and members picked, and shows a 422's messages by field", async () => {
    const elsewhere = householdMessages.memberElsewhere('Sofia Lopez');
    const calls = server(() =>
      jsonResponse(
        {
          detail: [
            { type: 'custom', loc: ['body', 'name'], msg: 'Household name is taken', input: 'Lopez Family' },
            { type: 'custom', loc: ['body', 'members'], msg: elsewhere, input: null },
          ],
        },
        422,
      ),
    );
    renderScreen(<HouseholdsPage />, { path: '/households' });
    fireEvent.click(screen.getByRole('button', { name: 'New Household' }));
    const dialog = screen.getByRole('dialog', { name: 'New Household' });
    fireEvent.change(within(dialog).getByLabelText(/Household name/), { target: { value: ' Lopez Family ' } });
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'Quarterly' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Client' }));
    fireEvent.click(await screen.findByRole('option', { name: /Sofia Lopez/ }, slow));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(within(dialog).getByRole('list', { name: 'Members to add' }).textContent).toContain('Sofia Lopez');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Household name is taken', {}, slow)).toBeVisible();
    expect(within(dialog).getByTestId('new-household-error').textContent).toBe(elsewhere);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Lopez Family',
      notes: 'Quarterly',
      members: [{ client_id: sofiaId, role: 'head' }],
    });
  });

  it('opens the new household once it is created', async () => {
    server();
    renderScreen(<HouseholdsPage />, { path: '/households' });
    fireEvent.click(screen.getByRole('button', { name: 'New Household' }));
    const dialog = screen.getByRole('dialog', { name: 'New Household' });
    fireEvent.change(within(dialog).getByLabelText(/Household name/), { target: { value: 'Lopez Family' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/households/${householdId}`), slow);
  });
});
