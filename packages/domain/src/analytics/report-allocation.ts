import type { Allocations } from './contracts.ts';
import { assetClassLabel } from '../securities/contracts.ts';
import { accountWeights, type KeyedValue } from './allocation.ts';
import type { AnalyticsPosition } from './report.ts';

/** The analytics report's allocation charts (report.ts): the account's weights by asset class, sector and security. */

/** The cash balance as a security slice and as a sector slice. */
const cashSecurity = { key: 'CASH', label: 'Cash' } as const;
const cashSector = { key: 'Cash', label: 'Cash' } as const;

type LabelledValue = KeyedValue & { label: string };

/** Weights of the account's total value per key, cash its own slice (accountWeights), with each key's label. */
function slicesOf(values: readonly LabelledValue[], cash: number, cashSlice: { key: string; label: string }): Allocations['asset_class'] {
  const labels = new Map(values.map((value) => [value.key, value.label]));
  labels.set(cashSlice.key, labels.get(cashSlice.key) ?? cashSlice.label);
  return accountWeights(values, cash, cashSlice.key).map((slice) => ({
    key: slice.key,
    label: labels.get(slice.key) ?? slice.key,
    market_value: slice.marketValue,
    weight: slice.weight,
  }));
}

/** Every chart weighs the whole account: cash is a slice by asset class, by sector and by security alike. */
export function allocations(positions: readonly AnalyticsPosition[], cash: number): Allocations {
  return {
    asset_class: slicesOf(
      positions.map((position) => ({
        key: position.assetClass,
        label: assetClassLabel(position.assetClass),
        marketValue: position.marketValue,
      })),
      cash,
      { key: 'cash', label: assetClassLabel('cash') },
    ),
    sector: slicesOf(
      positions.map((position) => ({ key: position.sector, label: position.sector, marketValue: position.marketValue })),
      cash,
      cashSector,
    ),
    security: slicesOf(
      positions.map((position) => ({ key: position.symbol, label: position.name, marketValue: position.marketValue })),
      cash,
      cashSecurity,
    ),
  };
}
