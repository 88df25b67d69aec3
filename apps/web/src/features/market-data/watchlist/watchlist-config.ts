import { z } from 'zod';

/**
 * The market-data watchlist (spec part 1 §7: a market data configuration file loaded at runtime).
 * The file is /config/stocks.json beside navigation.json, so an operator changes the symbols without
 * a rebuild: { "symbols": ["SPY", "QQQ", ...] }. A missing, unreadable or invalid file gives the
 * built-in list.
 */
export const watchlistConfigUrl = '/config/stocks.json';

/** Each symbol is one request for its year of closes; the API allows 100 requests a minute. */
export const watchlistMaxSymbols = 25;

/** The built-in watchlist: broad-market, bond, gold and real-estate funds and six large companies. */
export const defaultWatchlist: readonly string[] = ['SPY', 'QQQ', 'VTI', 'AGG', 'BND', 'GLD', 'VNQ', 'AAPL', 'MSFT', 'NVDA', 'JPM', 'JNJ'];

/** A ticker as the securities master stores it: upper case, letters and digits, maybe a class suffix (BRK.B). */
const symbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9]{0,9}([.-][A-Z0-9]{1,3})?$/, 'A symbol is letters and digits, e.g. MSFT or BRK.B');

const watchlistConfigSchema = z.object({
  symbols: z
    .array(symbolSchema)
    .min(1, 'List at least one symbol')
    .max(watchlistMaxSymbols, `List at most ${watchlistMaxSymbols} symbols`)
    // The same symbol twice would show the same row twice: keep the first.
    .transform((symbols) => [...new Set(symbols)]),
});

export type Watchlist = { symbols: readonly string[]; source: 'config' | 'built-in'; problem: string | null };

/** The watchlist of a configuration file's content; anything invalid gives the built-in list and says why. */
export function watchlistFromConfig(config: unknown): Watchlist {
  const parsed = watchlistConfigSchema.safeParse(config);
  if (parsed.success) return { symbols: parsed.data.symbols, source: 'config', problem: null };
  const problem = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`).join('; ');
  return { symbols: defaultWatchlist, source: 'built-in', problem };
}
