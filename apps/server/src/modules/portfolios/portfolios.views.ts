import { accountWeights } from '@meridian/domain/analytics/allocation';
import { gainLossPercent, roundMoney, roundPercent, roundPrice, sumMoney, valueHolding } from '@meridian/domain/portfolios/ledger';
import type { AllocationSlice, Portfolio, PortfolioDetail } from '@meridian/domain/portfolios/contracts';
import type { Holding } from '@meridian/domain/portfolios/holding-contracts';
import type { Transaction } from '@meridian/domain/portfolios/transaction-contracts';
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

/** The cash slice's key by asset class and by sector (the sector of cash funds, which it joins). */
const cashAssetClass = 'cash';
const cashSector = 'Cash';

/** A weight as the API's percentage, 2 decimals. */
const percentOf = (weight: number | undefined) => roundPercent((weight ?? 0) * 100);

/**
 * Holdings valued at their latest close, largest first. Cost basis and gain/loss are those of the
 * stored open-lot cost (holdings.cost_basis: positionLots', wash sales included, as the analytics
 * lots), average_cost that basis per share; a row not costed yet keeps its average cost.
 * allocation_percent is the holding's weight of the account's total value, cash included
 * (accountWeights, the one definition every screen uses).
 */
export function toHoldings(rows: readonly HoldingWithSecurity[], cash: number): Holding[] {
  const valued = rows.map((row) => {
    const { holding, security } = row;
    const byAverage = valueHolding({ quantity: holding.quantity, averageCost: holding.averageCost, lastClose: security.lastClose });
    if (holding.costBasis === null) return { row, value: byAverage, costPerShare: holding.averageCost };
    const gainLoss = sumMoney([byAverage.marketValue, -holding.costBasis]);
    return {
      row,
      value: { ...byAverage, costBasis: holding.costBasis, gainLoss, gainLossPercent: gainLossPercent(gainLoss, holding.costBasis) },
      costPerShare: roundPrice(holding.costBasis / holding.quantity),
    };
  });
  const weights = new Map(
    accountWeights(
      valued.map(({ row, value }) => ({ key: row.security.id, marketValue: value.marketValue })),
      cash,
      cashAssetClass,
    ).map((slice) => [slice.key, slice.weight]),
  );
  return valued
    .map(({ row: { holding, security }, value, costPerShare }) => ({
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
      average_cost: costPerShare,
      last_close: security.lastClose,
      price_date: security.lastPriceDate,
      price_source: security.priceSource,
      simulated: security.priceSource === 'simulated',
      market_value: value.marketValue,
      cost_basis: value.costBasis,
      gain_loss: value.gainLoss,
      gain_loss_percent: value.gainLossPercent,
      allocation_percent: percentOf(weights.get(security.id)),
      created_at: holding.createdAt.toISOString(),
      updated_at: holding.updatedAt.toISOString(),
      sync_version: holding.syncVersion,
    }))
    .sort((a, b) => b.market_value - a.market_value || a.security.symbol.localeCompare(b.security.symbol));
}

/** Slices of the account's total value (accountWeights), cash its own slice; largest first. */
function slicesBy(holdings: readonly Holding[], cash: number, cashKey: string, keyOf: (holding: Holding) => string): AllocationSlice[] {
  const counts = new Map<string, number>();
  for (const holding of holdings) counts.set(keyOf(holding), (counts.get(keyOf(holding)) ?? 0) + 1);
  return accountWeights(
    holdings.map((holding) => ({ key: keyOf(holding), marketValue: holding.market_value })),
    cash,
    cashKey,
  ).map((slice) => ({
    key: slice.key,
    market_value: slice.marketValue,
    percent: percentOf(slice.weight),
    holdings_count: counts.get(slice.key) ?? 0,
  }));
}

/**
 * A portfolio with its holdings and allocation. Cost basis and gain/loss are the holdings' (their
 * lots), so the header agrees with the table; the allocation weighs the account's total value, cash
 * its own slice by asset class and by sector (key 'cash').
 */
export function toPortfolioDetail(portfolio: Portfolio, holdings: Holding[]): PortfolioDetail {
  const costBasis = sumMoney(holdings.map((holding) => holding.cost_basis));
  const gainLoss = sumMoney([portfolio.holdings_value, -costBasis]);
  return {
    ...portfolio,
    cost_basis: costBasis,
    gain_loss: gainLoss,
    gain_loss_percent: gainLossPercent(gainLoss, costBasis),
    holdings,
    allocation: {
      by_asset_class: slicesBy(holdings, portfolio.cash_balance, cashAssetClass, (holding) => holding.security.asset_class),
      by_sector: slicesBy(holdings, portfolio.cash_balance, cashSector, (holding) => holding.security.sector),
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
