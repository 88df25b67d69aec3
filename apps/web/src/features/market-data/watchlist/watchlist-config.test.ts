import { describe, expect, it } from 'vitest';
import { securitiesList } from '../../../../../server/src/db/seed/securities-list.ts';
import shipped from '../../../../public/config/stocks.json';
import { defaultWatchlist, watchlistFromConfig, watchlistMaxSymbols } from './watchlist-config.ts';

const seeded = new Set(securitiesList.map((security) => security.symbol));

describe('watchlist configuration (/config/stocks.json)', () => {
  it('ships a file of twelve symbols that the securities master holds', () => {
    const watchlist = watchlistFromConfig(shipped);
    expect(watchlist).toMatchObject({ source: 'config', problem: null });
    expect(watchlist.symbols).toHaveLength(12);
    expect(watchlist.symbols.filter((symbol) => !seeded.has(symbol))).toEqual([]);
  });

  it('has a built-in list of symbols that the securities master holds', () => {
    expect(defaultWatchlist.length).toBeGreaterThan(0);
    expect(defaultWatchlist.filter((symbol) => !seeded.has(symbol))).toEqual([]);
  });

  it('reads symbols in any case and spacing, keeps their order and drops repeats', () => {
    expect(watchlistFromConfig({ symbols: [' msft', 'brk.b', 'AAPL', 'MSFT '] })).toEqual({
      symbols: ['MSFT', 'BRK.B', 'AAPL'],
      source: 'config',
      problem: null,
    });
  });

  it.each([
    ['nothing', null],
    ['a list instead of an object', ['SPY']],
    ['no symbols key', { stocks: ['SPY'] }],
    ['an empty list', { symbols: [] }],
    ['a symbol that is not one', { symbols: ['SPY', 'S&P 500'] }],
    ['a number', { symbols: ['SPY', 42] }],
    ['too many symbols', { symbols: Array.from({ length: watchlistMaxSymbols + 1 }, (_, index) => `S${index}`) }],
  ])('falls back to the built-in list for %s, and says why', (_case, config) => {
    const watchlist = watchlistFromConfig(config);
    expect(watchlist.symbols).toEqual(defaultWatchlist);
    expect(watchlist.source).toBe('built-in');
    // Where in the file, and what is wrong there.
    expect(watchlist.problem).toMatch(/^(file|symbols(\.\d+)?): \S/);
  });

  it('accepts the largest list allowed', () => {
    const symbols = Array.from({ length: watchlistMaxSymbols }, (_, index) => `S${index}`);
    expect(watchlistFromConfig({ symbols }).symbols).toEqual(symbols);
  });
});
