import { describe, expect, it } from 'vitest';
import { displayName, roleName, userInitials } from './user-display.ts';

describe('user menu name', () => {
  it('shows the full name', () =>
    expect(displayName({ first_name: 'Jordan', last_name: 'Reyes', email: 'client@example.com' })).toBe('Jordan Reyes'));

  it('shows one name when only one is known', () =>
    expect(displayName({ first_name: 'Jordan', last_name: ' ', email: 'client@example.com' })).toBe('Jordan'));

  it('falls back to the part of the e-mail before the at-sign', () =>
    expect(displayName({ first_name: '', last_name: '', email: 'lena.novak@example.com' })).toBe('lena.novak'));

  it("falls back to 'User'", () => {
    expect(displayName({ first_name: '', last_name: '', email: '' })).toBe('User');
    expect(displayName(null)).toBe('User');
  });

  it('draws initials from the names, else the name shown', () => {
    expect(userInitials({ first_name: 'alex', last_name: 'chen', email: 'a@b.co' })).toBe('AC');
    expect(userInitials({ first_name: '', last_name: '', email: 'lena@b.co' })).toBe('L');
    expect(userInitials(null)).toBe('U');
  });

  it("shows the role name, default 'client'", () => {
    expect(roleName({ first_name: '', last_name: '', email: '', role_name: 'advisor' })).toBe('advisor');
    expect(roleName(null)).toBe('client');
  });
});
