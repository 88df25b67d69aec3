/** Session timing constants of spec part 1 §9. */
export const session = {
  checkIntervalMs: 30_000,
  warningMs: 5 * 60_000,
  modalMs: 60_000,
  extensionMs: 900_000,
  defaultRetryAfterSeconds: 5,
} as const;

export type SessionPhase = 'active' | 'warning' | 'critical' | 'expired';

/** Where a session stands given its expiry (epoch ms) and the current time. */
export function sessionPhase(expiresAt: number, now: number): SessionPhase {
  const remaining = expiresAt - now;
  if (remaining <= 0) return 'expired';
  if (remaining <= session.modalMs) return 'critical';
  if (remaining <= session.warningMs) return 'warning';
  return 'active';
}

/** Remaining time as m:ss, never negative. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
