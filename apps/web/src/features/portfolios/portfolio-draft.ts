import type { AccountType, Portfolio, PortfolioStatus } from '@meridian/domain/portfolios/contracts';
import type { LotMethod } from '@meridian/domain/analytics/contracts';
import type { SecurityOption } from '../market-data/index.ts';

/** The fields of the edit dialog and the version of the portfolio they were read from. */
export type PortfolioDraft = {
  name: string;
  account_type: AccountType;
  status: PortfolioStatus;
  benchmark: SecurityOption | null;
  lot_method: LotMethod;
  sync_version: number;
};

export type PortfolioDraftField = 'name' | 'account_type' | 'status' | 'benchmark' | 'lot_method';
const fields: PortfolioDraftField[] = ['name', 'account_type', 'status', 'benchmark', 'lot_method'];

const valueOf = (draft: PortfolioDraft, field: PortfolioDraftField): string =>
  field === 'benchmark' ? (draft.benchmark?.symbol ?? '') : draft[field];

export const portfolioDraftOf = (portfolio: Portfolio): PortfolioDraft => ({
  name: portfolio.name,
  account_type: portfolio.account_type,
  status: portfolio.status,
  benchmark: { id: `benchmark-${portfolio.benchmark_symbol}`, symbol: portfolio.benchmark_symbol, name: '' },
  lot_method: portfolio.lot_method,
  sync_version: portfolio.sync_version,
});

/**
 * A draft moved onto a newer version after a 409: the fields the user changed from `base` keep
 * the user's values, the others take `current`'s, and the draft names `current`'s sync_version,
 * so saving again applies exactly the user's edits on top of the other change.
 */
export function rebasePortfolioDraft(draft: PortfolioDraft, base: Portfolio, current: Portfolio): PortfolioDraft {
  const original = portfolioDraftOf(base);
  const next = portfolioDraftOf(current);
  const rebased: PortfolioDraft = { ...next };
  for (const field of fields) {
    if (valueOf(draft, field) !== valueOf(original, field)) Object.assign(rebased, { [field]: draft[field] });
  }
  return rebased;
}

/** The fields whose value in the draft differs from the portfolio's. */
export function changedFields(draft: PortfolioDraft, portfolio: Portfolio): Set<PortfolioDraftField> {
  const stored = portfolioDraftOf(portfolio);
  return new Set(fields.filter((field) => valueOf(draft, field) !== valueOf(stored, field)));
}
