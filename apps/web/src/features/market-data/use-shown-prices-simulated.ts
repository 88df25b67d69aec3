import { useAppSelector } from '../../app/hooks.ts';
import { marketDataApi, type SecuritySearchArgs } from './market-data-api.ts';
import { watchlistPeriod } from './watchlist/watchlist-period.ts';

/** True when a latest close the page shows (watchlist rows, search results) is simulated. */
export function useShownPricesSimulated(symbols: readonly string[], search: SecuritySearchArgs | null): boolean {
  return useAppSelector((state) => {
    const watched = symbols.some(
      (symbol) => marketDataApi.endpoints.getSecurity.select({ symbol, period: watchlistPeriod })(state).data?.simulated === true,
    );
    if (watched || !search) return watched;
    return (
      marketDataApi.endpoints.searchSecurities
        .select(search)(state)
        .data?.securities.some((security) => security.simulated) === true
    );
  });
}
