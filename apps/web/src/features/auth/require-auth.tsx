import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { tokenStore } from '../../lib/token-store.ts';

/** Admits a signed-in user; spinner during the first auth check; else /login, replacing history. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAppSelector((state) => state.auth);
  if (isLoading) return <PageSpinner fullScreen />;
  if (isAuthenticated || tokenStore.isAuthenticated()) return children;
  return <Navigate to="/login" replace />;
}
