import { useAppSelector } from '../../app/hooks.ts';

/** What the signed-in user may do here: a client user sees their own; staff assign; admins manage templates. */
export function useViewerRole() {
  const role = useAppSelector((state) => state.auth.user?.role_name);
  return { isClient: role === 'client', isAdmin: role === 'admin', isStaff: role === 'admin' || role === 'advisor' };
}
