import { ThemeProvider } from '@mui/material/styles';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme.ts';
import { stubWindowWidth } from '../test/window-width.ts';
import { ResponsiveRow, ResponsiveTable, ResponsiveTableMessage, type ResponsiveColumn } from './responsive-table.tsx';

afterEach(() => vi.unstubAllGlobals());

const columns: ResponsiveColumn[] = [
  { label: 'Security' },
  { label: 'Sector', secondary: true },
  { label: 'Market value', align: 'right' },
  { label: 'Allocation', align: 'right', secondary: true },
];

function Holdings({ message }: { message?: string }) {
  return (
    <ThemeProvider theme={theme}>
      <ResponsiveTable label="Holdings" columns={columns}>
        {message ? (
          <ResponsiveTableMessage>{message}</ResponsiveTableMessage>
        ) : (
          <>
            <ResponsiveRow name="AAPL" data-testid="row-AAPL" cells={['AAPL', 'Technology', '$1,000.00', '40.00%']} />
            <ResponsiveRow name="AGG" data-testid="row-AGG" cells={['AGG', null, '$1,500.00', '60.00%']} />
          </>
        )}
      </ResponsiveTable>
    </ThemeProvider>
  );
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const cellsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByRole('cell')
    .map((cell) => cell.textContent);

describe('responsive table', () => {
  it.each([600, 1280])('shows every column and adds nothing from sm up (%i px)', (width) => {
    stubWindowWidth(width);
    render(<Holdings />);
    expect(screen.getByRole('table', { name: 'Holdings' })).toBeVisible();
    expect(headers()).toEqual(['Security', 'Sector', 'Market value', 'Allocation']);
    expect(cellsOf('row-AAPL')).toEqual(['AAPL', 'Technology', '$1,000.00', '40.00%']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([390, 599])('keeps the main columns on a phone and gives each row a details button (%i px)', (width) => {
    stubWindowWidth(width);
    render(<Holdings />);
    expect(headers()).toEqual(['Security', 'Market value', 'Details']);
    expect(cellsOf('row-AAPL')).toEqual(['AAPL', '$1,000.00', '']);
    expect(screen.queryByText('Technology')).toBeNull();
    const toggle = within(screen.getByTestId('row-AAPL')).getByRole('button', { name: 'Details for AAPL' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Details for AGG' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows a row's folded columns as labels and values under it, and hides them again", () => {
    stubWindowWidth(390);
    render(<Holdings />);
    const toggle = screen.getByRole('button', { name: 'Details for AAPL' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(screen.getByTestId('row-AAPL').nextElementSibling).toBe(details);
    expect(within(details).getByRole('cell')).toHaveAttribute('colspan', '3');
    expect(
      within(details)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Sector', 'Allocation']);
    expect(
      within(details)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Technology', '40.00%']);
    // The other row stays folded.
    expect(screen.queryByText('60.00%')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Technology')).toBeNull();
  });

  it('leaves a value the row does not have out of its details', () => {
    stubWindowWidth(390);
    render(<Holdings />);
    fireEvent.click(screen.getByRole('button', { name: 'Details for AGG' }));
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Allocation']);
  });

  it.each([
    [390, '3'],
    [1280, '4'],
  ])('spans a message across the columns shown (%i px)', (width, span) => {
    stubWindowWidth(width);
    render(<Holdings message="No holdings" />);
    expect(screen.getByRole('cell', { name: 'No holdings' })).toHaveAttribute('colspan', span);
  });
});
