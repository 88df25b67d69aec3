import type { User } from '@meridian/domain/auth/contracts';

type NamedUser = Pick<User, 'first_name' | 'last_name' | 'email'> & { role_name?: string | null };

/** Full name, else the part of the e-mail before the at-sign, else 'User'. */
export function displayName(user: NamedUser | null | undefined): string {
  const fullName = [user?.first_name, user?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (fullName) return fullName;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'User';
}

/** Initials for the avatar: first and last name initials, else the first letter of the name shown. */
export function userInitials(user: NamedUser | null | undefined): string {
  const first = user?.first_name?.trim()[0] ?? '';
  const last = user?.last_name?.trim()[0] ?? '';
  const initials = `${first}${last}`;
  return (initials || displayName(user)[0] || 'U').toUpperCase();
}

/** The role name shown in the user menu, default 'client'. */
export function roleName(user: NamedUser | null | undefined): string {
  return user?.role_name || 'client';
}
