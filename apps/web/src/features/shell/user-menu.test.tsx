import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@meridian/domain/auth/contracts';
import { renderScreen, sampleUser } from '../../test/test-utils.tsx';
import { loginSuccess } from '../session/index.ts';
import { UserMenu } from './user-menu.tsx';

function openMenuAs(role: User['role_name']) {
  const { store } = renderScreen(<UserMenu />, { path: '/*', at: '/dashboard' });
  act(() => void store.dispatch(loginSuccess({ user: { ...sampleUser, role_name: role }, accessToken: 'access-1' })));
  fireEvent.click(screen.getByRole('button', { name: /Open user menu/ }));
}

describe('the user menu', () => {
  it.each(['advisor', 'admin'] as const)("takes %s staff to the firm's investment policy", (role) => {
    openMenuAs(role);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Investment policy' }));
    expect(screen.getByTestId('location').textContent).toBe('/investment-policy');
  });

  it('offers a client user no investment policy', () => {
    openMenuAs('client');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Investment policy' })).toBeNull();
  });
});
