import { useEffect, useState } from 'react';

/** Milliseconds left until `expiresAt` (epoch ms), refreshed every second; null without a target. */
export function useCountdown(expiresAt: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === null ? null : Math.max(0, expiresAt - now);
}
