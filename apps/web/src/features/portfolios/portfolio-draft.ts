import type { AccountType, Portfolio, PortfolioStatus } from '@meridian/domain/portfolios/contracts';
import type { LotMethod } from '@meridian/domain/analytics/contracts';
import type { DraftModel } from '../../lib/record-draft.ts';
import type { SecurityOption } from '../market-data/index.ts';

/** The fields of the edit dialog and the version of the portfolio they were read from. */
export type PortfolioDraft = {
  name: string;
  account_type: AccountType;
  status: PortfolioStatus;
  benchmark: SecurityOption | null;
  lot_method: LotMethod;
  /** The margin allowance as typed; empty: no margin. */
  margin_limit: string;
  sync_version: number;
};

export type PortfolioDraftField = 'name' | 'account_type' | 'status' | 'benchmark' | 'lot_method' | 'margin_limit';

export const portfolioDraft: DraftModel<Portfolio, PortfolioDraft, PortfolioDraftField> = {
  draftOf: (portfolio) => ({
    name: portfolio.name,
    account_type: portfolio.account_type,
    status: portfolio.status,
    benchmark: { id: `benchmark-${portfolio.benchmark_symbol}`, symbol: portfolio.benchmark_symbol, name: '' },
    lot_method: portfolio.lot_method,
    margin_limit: portfolio.margin_limit === null ? '' : String(portfolio.margin_limit),
    sync_version: portfolio.sync_version,
  }),
  fields: ['name', 'account_type', 'status', 'benchmark', 'lot_method', 'margin_limit'],
  // A benchmark is the same when its symbol is, whichever option object holds it.
  comparedValue: (draft, field) => (field === 'benchmark' ? (draft.benchmark?.symbol ?? '') : draft[field]),
};
