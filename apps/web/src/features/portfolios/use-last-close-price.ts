import { useRef } from 'react';
import type { SecurityOption } from '../market-data/index.ts';

/**
 * A trade's price starts at the picked security's last close: what the hook returns is called with
 * each security picked and puts that close in the price field, until the user types a price of
 * their own (one that is neither empty nor the close last put there), which then stays.
 */
export function useLastClosePrice(getPrice: () => string, setPrice: (price: string) => void): (security: SecurityOption | null) => void {
  const filled = useRef('');
  return (security) => {
    const current = getPrice();
    if (current !== '' && current !== filled.current) return;
    filled.current = security?.last_close == null ? '' : String(security.last_close);
    setPrice(filled.current);
  };
}
