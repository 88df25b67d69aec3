import { useEffect, useState } from 'react';

/**
 * Milliseconds left of `durationMs`, counted from the component's first render and refreshed every
 * second: the component showing a token mounts when the token arrives, so its lifetime starts there.
 */
export function useCountdown(durationMs: number): number {
  const [expiresAt] = useState(() => Date.now() + durationMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, expiresAt - now);
}
