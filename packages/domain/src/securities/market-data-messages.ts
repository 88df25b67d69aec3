import type { portfolioMessages } from '../portfolios/messages.ts';

/**
 * Texts of the /market-data screen (our design: the spec shows only its route and its
 * configuration file). A module of its own, apart from web-messages.ts, so that they travel with
 * the screen's lazy chunk and not with the sign-in page's JavaScript.
 */
export const marketDataMessages = {
  title: 'Market Data',
  subtitle: 'Watchlist, security search and daily closing prices',
  watchlist: 'Watchlist',
  simulatedChip: 'Simulated',
  simulatedPrices: 'Simulated prices',
  simulatedTooltip:
    'No market data feed is connected: this price history is a deterministic simulation until real closing prices are imported.',
  simulatedAlert:
    'Some prices on this page are simulated. No market data feed is connected, so price history is a deterministic simulation until real closing prices are imported.',
  importedChip: 'Imported',
  importedMarked: 'Dots mark imported closes.',
  noPrice: 'No price yet',
  unknownSymbol: 'Not in the securities list',
  searchTitle: 'Find a security',
  searchLabel: 'Search securities',
  searchHelp: 'Symbol or name, e.g. MSFT or micro',
  noMatches: (q: string) => `No securities match "${q}"`,
  searchShowing: (shown: number, total: number) => `Showing ${shown} of ${total} matches: type more to narrow the search.`,
  importTitle: 'Import prices',
  importHelp:
    'A CSV file with a header row naming the columns symbol, date and close (e.g. AAPL,2026-11-20,228.52). Dates are trading days written YYYY-MM-DD; each row replaces the close of that day.',
  importChoose: 'Choose CSV file',
  importSubmit: 'Import',
  importDrop: 'or drop it here',
  importFailed: 'Failed to import prices',
  importAccepted: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'price' : 'prices'} imported`,
  importRejected: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'} rejected`,
  importRejectedListed: (listed: number, count: number) =>
    `The first ${listed.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} rejected rows are listed.`,
  /**
   * The spec's securities failures (part 2 §8), held by portfolioMessages. Referring to that object
   * at run time would add all its texts to the sign-in page's JavaScript (messages.ts is loaded
   * there), so they are repeated here and the compiler checks they stay the same.
   */
  searchSecuritiesFailed: 'Failed to search securities',
  fetchSecuritiesFailed: 'Failed to fetch securities',
} as const satisfies {
  searchSecuritiesFailed: (typeof portfolioMessages)['searchSecuritiesFailed'];
  fetchSecuritiesFailed: (typeof portfolioMessages)['fetchSecuritiesFailed'];
  [key: string]: unknown;
};
