import { useEffect, useState } from 'react';
import { defaultWatchlist, watchlistConfigUrl, watchlistFromConfig, type Watchlist } from './watchlist-config.ts';

export type WatchlistState = Watchlist & { loading: boolean };

const builtIn = (problem: string): WatchlistState => ({ symbols: defaultWatchlist, source: 'built-in', problem, loading: false });

/**
 * Reads /config/stocks.json on every visit (revalidated, never a stale cached copy), so edited
 * symbols show without a rebuild; a missing or broken file gives the built-in list.
 */
export function useWatchlist(): WatchlistState {
  const [state, setState] = useState<WatchlistState>({ symbols: defaultWatchlist, source: 'built-in', problem: null, loading: true });
  useEffect(() => {
    let active = true;
    const settle = (next: WatchlistState) => {
      if (!active) return;
      // An operator who breaks the file should find out why the built-in list shows.
      if (next.problem) console.warn(`${watchlistConfigUrl}: ${next.problem}; showing the built-in watchlist`);
      setState(next);
    };
    fetch(watchlistConfigUrl, { headers: { Accept: 'application/json' }, cache: 'no-cache' })
      .then(async (response) => {
        if (!response.ok) return settle(builtIn(`HTTP ${response.status}`));
        // A missing file may come back as the app's index.html: that is no configuration either.
        const config: unknown = await response.json().catch(() => undefined);
        if (config === undefined) return settle(builtIn('not JSON'));
        settle({ ...watchlistFromConfig(config), loading: false });
      })
      .catch(() => settle(builtIn('could not be loaded')));
    return () => {
      active = false;
    };
  }, []);
  return state;
}
