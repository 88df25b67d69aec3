import { useEffect } from 'react';
import { endSession } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';

/** /logout: ends the session and goes to /login. */
export function LogoutRoute() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void endSession(dispatch);
  }, [dispatch]);
  return <PageSpinner />;
}
