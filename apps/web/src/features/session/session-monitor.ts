import { session, sessionPhase, type SessionPhase } from '@meridian/domain/auth/session';

export type SessionCheck = { phase: SessionPhase; remainingMs: number };

/** Where the session stands; no stored expiry counts as expired. */
export function checkSession(expiresAt: number | null, now: number): SessionCheck {
  if (expiresAt === null) return { phase: 'expired', remainingMs: 0 };
  return { phase: sessionPhase(expiresAt, now), remainingMs: Math.max(0, expiresAt - now) };
}

export type SessionMonitorOptions = {
  getExpiry: () => number | null;
  onCheck: (check: SessionCheck) => void;
  now?: () => number;
  intervalMs?: number;
};

/** Checks the session immediately and then every 30 s; returns the stop function. */
export function startSessionMonitor(options: SessionMonitorOptions): () => void {
  const now = options.now ?? Date.now;
  const run = () => options.onCheck(checkSession(options.getExpiry(), now()));
  run();
  const timer = setInterval(run, options.intervalMs ?? session.checkIntervalMs);
  return () => clearInterval(timer);
}
