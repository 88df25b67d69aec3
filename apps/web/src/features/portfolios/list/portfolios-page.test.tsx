import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/test-utils.tsx';
import { clientId, portfolioId, samplePortfolio, stubServer } from '../../../test/portfolios.fixtures.ts';
import { PortfoliosPage } from './portfolios-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const listOf = (count: number, total = count, page = 1, perPage = 10) => ({
  portfolios: Array.from({ length: count }, (_, index) =>
    samplePortfolio({
      id: `${portfolioId.slice(0, -2)}${String(index).padStart(2, '0')}`,
      name: `Portfolio ${index + 1}`,
      gain_loss: index === 0 ? -250.5 : 2000,
      gain_loss_percent: index === 0 ? -2.5 : 20,
    }),
  ),
  total,
  page,
  per_page: perPage,
  pages: Math.max(1, Math.ceil(total / perPage)),
});

describe('portfolio list', () => {
  it('shows each portfolio with its client link, account type, status, value and signed, coloured gain/loss', async () => {
    stubServer(() => jsonResponse(listOf(2)));
    renderScreen(<PortfoliosPage />, { path: '/portfolios' });
    const row = await screen.findByTestId(`portfolio-row-${portfolioId.slice(0, -2)}00`);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Portfolio 1', 'Maria Lopez', 'Roth IRA', 'Active', '$13,500.00', '-$250.50', '-2.50%', '1']);
    expect(within(row).getByRole('link', { name: 'Maria Lopez' }).getAttribute('href')).toBe(`/clients/${clientId}/profile`);
    expect(within(row).getByRole('link', { name: 'Portfolio 1' }).getAttribute('href')).toBe(`/portfolios/${portfolioId.slice(0, -2)}00`);
    // Losses red, gains green (the theme's error and success colours).
    expect(getComputedStyle(within(row).getByText('-$250.50')).color).toBe('rgb(211, 47, 47)');
    const gainRow = screen.getByTestId(`portfolio-row-${portfolioId.slice(0, -2)}01`);
    expect(getComputedStyle(within(gainRow).getByText('+$2,000.00')).color).toBe('rgb(46, 125, 50)');
    // A click elsewhere on the row opens the portfolio.
    fireEvent.click(within(row).getByText('Roth IRA'));
    expect(screen.getByTestId('location').textContent).toBe(`/portfolios/${portfolioId.slice(0, -2)}00`);
  });

  it('asks the server for page 1 of 10 by name, then pages, sorts and filters there', async () => {
    const calls = stubServer((url) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(listOf(10, 23, page, Number(url.searchParams.get('per_page'))));
    });
    renderScreen(<PortfoliosPage />, { path: '/portfolios' });
    await screen.findByText('1–10 of 23');
    const last = () => Object.fromEntries(calls.filter((call) => call.url.pathname.endsWith('/portfolios')).at(-1)!.url.searchParams);
    expect(last()).toEqual({ page: '1', per_page: '10', sort: 'name', order: 'asc' });

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(last().page).toBe('2'));

    fireEvent.click(screen.getByRole('button', { name: 'Total value' }));
    await waitFor(() => expect(last()).toMatchObject({ page: '1', sort: 'total_value', order: 'desc' }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Proposed' }));
    await waitFor(() => expect(last()).toMatchObject({ status: 'proposed', page: '1' }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page:' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['5', '10', '25', '50']);
    fireEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(last().per_page).toBe('25'));
  });

  it('says so when there are no portfolios', async () => {
    stubServer(() => jsonResponse(listOf(0)));
    renderScreen(<PortfoliosPage />, { path: '/portfolios' });
    expect((await screen.findByTestId('portfolios-empty')).textContent).toContain('No portfolios yet');
  });

  it("shows 'Failed to fetch portfolios' when the server gives no detail", async () => {
    stubServer(() => new Response('', { status: 500 }));
    renderScreen(<PortfoliosPage />, { path: '/portfolios' });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch portfolios');
  });

  it("links 'New Portfolio' to the form", async () => {
    stubServer(() => jsonResponse(listOf(1)));
    renderScreen(<PortfoliosPage />, { path: '/portfolios' });
    expect(screen.getByRole('link', { name: 'New Portfolio' }).getAttribute('href')).toBe('/portfolios/new');
  });
});
