import { useCallback, useEffect, useState } from 'react';
import { formatCountdown } from '@meridian/domain/auth/session';
import { endSession } from '../../app/api.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { refreshSession } from '../../lib/refresh-session.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { tokenRefreshed } from './session-slice.ts';
import { checkSession, startSessionMonitor, type SessionCheck } from './session-monitor.ts';

const countdownTickMs = 1000;

/** Session expiry state while signed in: the 30 s check, a 1 s countdown near the end, extend. */
export function useSessionExpiry() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const [check, setCheck] = useState<SessionCheck>({ phase: 'active', remainingMs: Infinity });
  const [extending, setExtending] = useState(false);

  useEffect(() => {
    if (!isAuthenticated) return undefined;
    return startSessionMonitor({ getExpiry: tokenStore.getExpiry, onCheck: setCheck });
  }, [isAuthenticated]);

  // While the banner or the modal shows, the countdown moves every second.
  const nearEnd = check.phase === 'warning' || check.phase === 'critical';
  useEffect(() => {
    if (!nearEnd) return undefined;
    const timer = setInterval(() => setCheck(checkSession(tokenStore.getExpiry(), Date.now())), countdownTickMs);
    return () => clearInterval(timer);
  }, [nearEnd]);

  useEffect(() => {
    if (isAuthenticated && check.phase === 'expired') void endSession(dispatch, 'expired');
  }, [check.phase, dispatch, isAuthenticated]);

  const extend = useCallback(async () => {
    setExtending(true);
    const accessToken = await refreshSession();
    setExtending(false);
    if (!accessToken) {
      await endSession(dispatch, 'expired');
      return;
    }
    dispatch(tokenRefreshed(accessToken));
    setCheck(checkSession(tokenStore.getExpiry(), Date.now()));
  }, [dispatch]);

  const logoutNow = useCallback(() => endSession(dispatch), [dispatch]);

  return {
    phase: isAuthenticated ? check.phase : 'active',
    countdown: formatCountdown(check.remainingMs),
    extending,
    extend,
    logoutNow,
  };
}
