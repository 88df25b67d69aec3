import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/test-utils.tsx';
import { RecordRow } from './record-row.tsx';
import { TextLink } from './text-link.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A row as the lists build one: the record's name as a link, a figure, and a button with a menu of its own. */
function List() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Table>
      <TableBody>
        <RecordRow to="/clients/c1/profile" data-testid="row">
          <TableCell>
            <TextLink to="/clients/c1/profile">Dana Whitfield</TextLink>
          </TableCell>
          <TableCell>$1.2M</TableCell>
          <TableCell>
            <button type="button" onClick={() => setMenuOpen(true)}>
              Actions
            </button>
            {menuOpen && createPortal(<p>Menu backdrop</p>, document.body)}
          </TableCell>
        </RecordRow>
      </TableBody>
    </Table>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('a row that opens its record', () => {
  it('opens the record on a click anywhere on the row', () => {
    renderScreen(<List />, { path: '/clients' });
    fireEvent.click(screen.getByText('$1.2M'));
    expect(location()).toBe('/clients/c1/profile');
  });

  it('leaves the name to its link, a real one that can open in a new tab', () => {
    renderScreen(<List />, { path: '/clients' });
    const link = screen.getByRole('link', { name: 'Dana Whitfield' });
    expect(link).toHaveAttribute('href', '/clients/c1/profile');
    fireEvent.click(link);
    expect(location()).toBe('/clients/c1/profile');
  });

  it("opens nothing on a click on the row's own button, nor in what that button opened", () => {
    renderScreen(<List />, { path: '/clients' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    fireEvent.click(screen.getByText('Menu backdrop'));
    expect(location()).toBe('/clients');
  });

  it('opens nothing when the click ends a selection of the text in the row', () => {
    renderScreen(<List />, { path: '/clients' });
    const figure = screen.getByText('$1.2M');
    window.getSelection()!.selectAllChildren(figure);
    fireEvent.click(figure);
    expect(location()).toBe('/clients');
    window.getSelection()!.removeAllRanges();
  });

  it('opens the record in a new tab on a Ctrl- or ⌘-click', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderScreen(<List />, { path: '/clients' });
    fireEvent.click(screen.getByText('$1.2M'), { ctrlKey: true });
    fireEvent.click(screen.getByText('$1.2M'), { metaKey: true });
    expect(open.mock.calls).toEqual([
      ['/clients/c1/profile', '_blank', 'noopener'],
      ['/clients/c1/profile', '_blank', 'noopener'],
    ]);
    expect(location()).toBe('/clients');
  });

  it('is not a stop of its own for the keyboard: the link is', () => {
    renderScreen(<List />, { path: '/clients' });
    expect(screen.getByTestId('row')).not.toHaveAttribute('tabindex');
    const link = screen.getByRole('link', { name: 'Dana Whitfield' });
    link.focus();
    expect(link).toHaveFocus();
  });
});
