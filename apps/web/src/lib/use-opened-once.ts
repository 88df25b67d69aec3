import { useState } from 'react';

/**
 * False until `open` is first true, then true for good: a menu, drawer or dialog that is closed when
 * its screen appears is not built (nor measured) until it is first needed, and once built it stays,
 * so its closing transition still plays.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
