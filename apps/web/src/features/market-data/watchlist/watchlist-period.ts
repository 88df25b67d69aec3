import type { HistoryPeriod } from '@meridian/domain/securities/contracts';

/** The watchlist's sparklines show a year of closes; the detail chart opens on the same period (one request serves both). */
export const watchlistPeriod: HistoryPeriod = '1y';
