import { allocationBy, allocationPercent, gainLossPercent, roundMoney, sumMoney, valueHolding } from '@meridian/domain/portfolios/ledger';
import type { AllocationSlice, Holding, Portfolio, PortfolioDetail, Transaction } from '@meridian/domain/portfolios/contracts';
import type { TransactionRow } from '../../db/schema/portfolios.ts';
import type { HoldingWithSecurity, PortfolioSummaryRow } from './portfolios.queries.ts';

/** The public shapes of the portfolios API, built from rows; every figure through the ledger's helpers. */

export function toPortfolio(row: Omit<PortfolioSummaryRow, 'total'>): Portfolio {
  const { portfolio } = row;
  const cash = roundMoney(portfolio.cashBalance);
  const holdingsValue = roundMoney(row.holdingsValue);
  const costBasis = roundMoney(row.costBasis);
  const gainLoss = sumMoney([holdingsValue, -costBasis]);
  return {
    id: portfolio.id,
    client_id: portfolio.clientId,
    client_name: row.clientName,
    name: portfolio.name,
    account_type: portfolio.accountType,
    status: portfolio.status,
    benchmark_symbol: portfolio.benchmarkSymbol,
    lot_method: portfolio.lotMethod,
    model_id: portfolio.modelId,
    margin_limit: portfolio.marginLimit,
    cash_balance: cash,
    holdings_value: holdingsValue,
    total_value: sumMoney([cash, holdingsValue]),
    cost_basis: costBasis,
    gain_loss: gainLoss,
    gain_loss_percent: gainLossPercent(gainLoss, costBasis),
    holdings_count: row.holdingsCount,
    created_at: portfolio.createdAt.toISOString(),
    updated_at: portfolio.updatedAt.toISOString(),
    sync_version: portfolio.syncVersion,
  };
}

/** Holdings valued at their latest close, each with its share of the holdings' market value; largest first. */
export function toHoldings(rows: readonly HoldingWithSecurity[]): Holding[] {
  const valued = rows.map((row) => ({
    row,
    value: valueHolding({ quantity: row.holding.quantity, averageCost: row.holding.averageCost, lastClose: row.security.lastClose }),
  }));
  const total = sumMoney(valued.map(({ value }) => value.marketValue));
  return valued
    .map(({ row: { holding, security }, value }) => ({
      id: holding.id,
      portfolio_id: holding.portfolioId,
      security: {
        id: security.id,
        symbol: security.symbol,
        name: security.name,
        sector: security.sector,
        asset_class: security.assetClass,
        risk_rating: security.riskRating,
      },
      quantity: holding.quantity,
      average_cost: holding.averageCost,
      last_close: security.lastClose,
      price_date: security.lastPriceDate,
      price_source: security.priceSource,
      simulated: security.priceSource === 'simulated',
      market_value: value.marketValue,
      cost_basis: value.costBasis,
      gain_loss: value.gainLoss,
      gain_loss_percent: value.gainLossPercent,
      allocation_percent: allocationPercent(value.marketValue, total),
      created_at: holding.createdAt.toISOString(),
      updated_at: holding.updatedAt.toISOString(),
      sync_version: holding.syncVersion,
    }))
    .sort((a, b) => b.market_value - a.market_value || a.security.symbol.localeCompare(b.security.symbol));
}

const toSlices = (slices: ReturnType<typeof allocationBy>): AllocationSlice[] =>
  slices.map((slice) => ({ key: slice.key, market_value: slice.marketValue, percent: slice.percent, holdings_count: slice.holdings }));

export function toPortfolioDetail(portfolio: Portfolio, holdings: Holding[]): PortfolioDetail {
  return {
    ...portfolio,
    holdings,
    allocation: {
      by_asset_class: toSlices(
        allocationBy(
          holdings,
          (h) => h.security.asset_class,
          (h) => h.market_value,
        ),
      ),
      by_sector: toSlices(
        allocationBy(
          holdings,
          (h) => h.security.sector,
          (h) => h.market_value,
        ),
      ),
    },
  };
}

export function toTransaction(
  row: TransactionRow,
  security: { id: string; symbol: string; name: string } | null,
  voidedByName: string | null = null,
): Transaction {
  return {
    id: row.id,
    portfolio_id: row.portfolioId,
    type: row.type,
    trade_date: row.tradeDate,
    security,
    quantity: row.quantity,
    price: row.price,
    amount: row.amount,
    notes: row.notes,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    void:
      row.voidedAt && row.voidReason !== null
        ? {
            at: row.voidedAt.toISOString(),
            by: row.voidedBy ? { id: row.voidedBy, name: voidedByName ?? '' } : null,
            reason: row.voidReason,
          }
        : null,
    replaces_id: row.replacesId,
    sync_version: row.syncVersion,
  };
}
