import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { usePaging } from '../lib/use-paging.ts';
import { FilterSelect } from './filter-select.tsx';

type Status = 'active' | 'closed';
const options = [
  { value: 'active', label: 'Active' },
  { value: 'closed', label: 'Closed' },
] as const;

/** A list page as the screens wire it: the filter's setter goes through usePaging's filterBy. */
function ListPage() {
  const { page, setPage, filterBy } = usePaging(10);
  const [status, setStatus] = useState<Status | ''>('');
  return (
    <>
      <FilterSelect<Status | ''>
        label="Status"
        value={status}
        all={{ value: '', label: 'All statuses' }}
        options={options}
        onChange={filterBy(setStatus)}
      />
      <button type="button" onClick={() => setPage(page + 1)}>
        Next page
      </button>
      <output data-testid="state">{`page ${page + 1}, status ${status || 'all'}`}</output>
    </>
  );
}

const choose = (name: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
  fireEvent.click(screen.getByRole('option', { name }));
};
const state = () => screen.getByTestId('state').textContent;

describe('FilterSelect', () => {
  it('shows "All" first, then the options, with "All" chosen at the start', () => {
    render(<ListPage />);
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('All statuses');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All statuses', 'Active', 'Closed']);
  });

  it('choosing a value filters and goes back to the first page', () => {
    render(<ListPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(state()).toBe('page 3, status all');
    choose('Closed');
    expect(state()).toBe('page 1, status closed');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Closed');
  });

  it('"All" clears the filter and goes back to the first page', () => {
    render(<ListPage />);
    choose('Active');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(state()).toBe('page 2, status active');
    choose('All statuses');
    expect(state()).toBe('page 1, status all');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('All statuses');
  });
});
