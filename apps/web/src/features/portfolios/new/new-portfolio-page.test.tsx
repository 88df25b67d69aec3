import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { NewPortfolioPage } from './new-portfolio-page.tsx';
import { clientId, portfolioId, samplePortfolio, stubServer, type RecordedCall } from '../../../test/portfolios.fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const client = { id: clientId, first_name: 'Maria', last_name: 'Lopez', email: 'maria@example.com' };

function server(create: (call: RecordedCall) => Response = () => jsonResponse(samplePortfolio(), 201)) {
  return stubServer((url, init) => {
    if (url.pathname.endsWith('/clients')) return jsonResponse({ clients: [client], total: 1, page: 1, per_page: 20, pages: 1 });
    if (url.pathname.endsWith(`/clients/${clientId}`)) return jsonResponse(client);
    if (url.pathname.endsWith('/portfolios') && init.method === 'POST') return create({ url, ...init });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
}

const helperOf = (id: string) => document.getElementById(`${id}-helper-text`)?.textContent;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Portfolio' }));

async function chooseClient() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Client' }));
  fireEvent.click(await screen.findByRole('option', { name: /Maria Lopez/ }));
}

async function chooseAccountType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Account type' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('new portfolio form', () => {
  it("shows the contract's messages under the fields and sends nothing", async () => {
    const calls = server();
    renderScreen(<NewPortfolioPage />, { path: '/portfolios/new' });
    fireEvent.change(screen.getByLabelText('Initial deposit (optional)'), { target: { value: '-5' } });
    submit();
    await waitFor(() => expect(helperOf('portfolio-name')).toBe(portfolioMessages.nameRequired));
    expect(helperOf('portfolio-client')).toBe(portfolioMessages.clientRequired);
    expect(helperOf('portfolio-account-type')).toBe(portfolioMessages.accountTypeInvalid);
    expect(helperOf('portfolio-initial-deposit')).toBe(portfolioMessages.initialDepositInvalid);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates the portfolio with SPY as the default benchmark and opens it', async () => {
    const calls = server();
    renderScreen(<NewPortfolioPage />, { path: '/portfolios/new' });
    await chooseClient();
    fireEvent.change(screen.getByLabelText('Portfolio name'), { target: { value: '  Lopez Retirement ' } });
    await chooseAccountType('Roth IRA');
    fireEvent.change(screen.getByLabelText('Initial deposit (optional)'), { target: { value: '$25,000.50' } });
    expect((screen.getByRole('combobox', { name: 'Benchmark' }) as HTMLInputElement).value).toBe('SPY');
    submit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/portfolios/${portfolioId}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      client_id: clientId,
      name: 'Lopez Retirement',
      account_type: 'roth_ira',
      status: 'active',
      benchmark_symbol: 'SPY',
      initial_deposit: 25000.5,
    });
  });

  it('takes the client from ?client_id= and shows a server field error under its field', async () => {
    const calls = server(() =>
      jsonResponse(
        { detail: [{ type: 'custom', loc: ['body', 'benchmark_symbol'], msg: portfolioMessages.benchmarkUnknown, input: 'SPY' }] },
        422,
      ),
    );
    renderScreen(<NewPortfolioPage />, { path: '/portfolios/new', at: `/portfolios/new?client_id=${clientId}` });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toBe('Maria Lopez'));
    fireEvent.change(screen.getByLabelText('Portfolio name'), { target: { value: 'Joint account' } });
    await chooseAccountType('Joint (taxable)');
    submit();
    await waitFor(() => expect(helperOf('portfolio-benchmark')).toBe(portfolioMessages.benchmarkUnknown));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toBe(`/portfolios/new?client_id=${clientId}`);
  });
});
