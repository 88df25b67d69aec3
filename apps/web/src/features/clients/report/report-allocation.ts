import type { PortfolioDetail } from '@meridian/domain/portfolios/contracts';

export type AllocationRow = { key: string; label: string; marketValue: number; percent: number };

/** 'fixed_income' → 'Fixed Income'. */
export const assetClassLabel = (key: string) =>
  key
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * Allocation by asset class over all the client's holdings: each class's share of the holdings'
 * total market value (0 when that total is not above 0), largest first. Sums in cents.
 */
export function combinedAllocation(portfolios: PortfolioDetail[]): AllocationRow[] {
  const cents = new Map<string, number>();
  for (const portfolio of portfolios) {
    for (const slice of portfolio.allocation.by_asset_class) {
      cents.set(slice.key, (cents.get(slice.key) ?? 0) + Math.round(slice.market_value * 100));
    }
  }
  const total = [...cents.values()].reduce((sum, value) => sum + value, 0);
  return [...cents.entries()]
    .map(([key, value]) => ({
      key,
      label: assetClassLabel(key),
      marketValue: value / 100,
      percent: total > 0 ? Math.round((value / total) * 10_000) / 100 : 0,
    }))
    .sort((a, b) => b.marketValue - a.marketValue);
}
