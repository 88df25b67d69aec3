import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { lotAccountOf, positionLots, type PositionTrade } from '@meridian/domain/analytics/position-lots';
import { openLotsCost, type LotTrade, type SaleLotMethod } from '@meridian/domain/analytics/tax-lots';
import type { WashLotHistory } from '@meridian/domain/analytics/wash-sale-lots';
import { assetClassVehicleSymbols, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { untaxedProfile, type TaxProfile } from '@meridian/domain/rebalancing/band-plan';
import type { PortfolioReview, ReviewOutcome, ReviewModel } from '@meridian/domain/rebalancing/review';
import { accountTaxTreatment } from '@meridian/domain/rebalancing/tax-treatment';
import { recentPurchases } from '@meridian/domain/rebalancing/wash-sales';
import {
  defaultRebalanceSettings,
  type FirmRebalanceSettings,
  type FirmRebalanceSettingsRecord,
} from '@meridian/domain/recommendations/tax-settings';
import { addDays } from '@meridian/domain/shared/trading-calendar';
import { washSaleBlocks, type ModelTargetInput } from '@meridian/domain/rebalancing/targets';
import type { PlanHolding, PlanSecurity } from '@meridian/domain/rebalancing/trade-plan';
import { openRecommendationStatuses, recommendationLimits, type RecommendationType } from '@meridian/domain/recommendations/contracts';
import { sumMoney } from '@meridian/domain/portfolios/ledger';
import type { AssetClass } from '@meridian/domain/securities/contracts';
import type { Db } from '../../db/client.ts';
import { uuidArray } from '../../db/sql-values.ts';
import type { ClientRow } from '../../db/schema/clients.ts';
import { portfolios, type PortfolioRow } from '../../db/schema/portfolios.ts';
import { modelPortfolios, modelPortfolioTargets } from '../../db/schema/model-portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import { recommendations } from '../../db/schema/recommendations.ts';
import {
  clientTaxSettings,
  firmRebalanceSettings,
  type ClientTaxSettingsRow,
  type FirmRebalanceSettingsRow,
} from '../../db/schema/tax-settings.ts';
import { clientBand } from '../clients/clients.service.ts';

/**
 * What a review of a client's portfolios reads: their ledgers' trades (the lots of their positions
 * come from them, wash sales included, by positionLots as every screen's do), the holdings at the latest close, the firm's models and the asset-class vehicle funds. One
 * read per kind for the whole client, whatever the number of accounts.
 */

type TradeRow = PlanSecurity & {
  portfolioId: string;
  type: 'buy' | 'sell';
  date: string;
  quantity: number;
  tradePrice: number;
  lotMethod: SaleLotMethod | null;
};

export type ClientBook = {
  client: ClientRow;
  /** Null while the client is not assessed: only a model the portfolio follows can be reviewed against. */
  band: RiskBand | null;
  portfolios: PortfolioRow[];
  asOf: string;
  /** Per portfolio, per security: its trades in ledger order. */
  trades: Map<string, Map<string, { security: PlanSecurity; trades: LotTrade[] }>>;
  /** Per portfolio, per security: the position's lots (positionLots over all of the client's accounts). */
  lots: Map<string, Map<string, WashLotHistory>>;
  models: Map<string, ReviewModel>;
  bandModels: Map<RiskBand, ReviewModel>;
  vehicles: Map<AssetClass, PlanSecurity>;
  /** The client's gain budget, hold and restricted lists (null: none set) and the firm's rebalancing settings. */
  taxSettings: ClientTaxSettingsRow | null;
  firm: FirmRebalanceSettings;
  /** The client's open proposals in taxable accounts, by account and kind: their gains are spoken for in the budget. */
  claims: Map<string, BudgetClaim>;
};

/** What an open (pending or accepted) proposal realises in a taxable account: it counts against the budget until decided. */
type BudgetClaim = { portfolioId: string; status: (typeof openRecommendationStatuses)[number]; gains: number };

/** One open proposal per account and kind (recommendations_open_unique). */
const claimKey = (portfolioId: string, type: RecommendationType) => `${portfolioId}:${type}`;

const securityFields = {
  securityId: securities.id,
  symbol: securities.symbol,
  name: securities.name,
  assetClass: securities.assetClass,
  price: sql<number>`coalesce(${securities.lastClose}, 0)::float8`.mapWith(Number),
};

/** The firm's live models with their targets priced at the latest close. */
export async function firmModels(db: Db, firmId: string): Promise<Map<string, ReviewModel>> {
  const rows = await db
    .select({
      id: modelPortfolios.id,
      modelName: modelPortfolios.name,
      riskBand: modelPortfolios.riskBand,
      driftBand: modelPortfolios.driftBand,
      targetClass: modelPortfolioTargets.assetClass,
      weight: modelPortfolioTargets.weight,
      targetSecurityId: modelPortfolioTargets.securityId,
      symbol: securities.symbol,
      name: securities.name,
      assetClass: securities.assetClass,
      price: securityFields.price,
    })
    .from(modelPortfolios)
    .innerJoin(modelPortfolioTargets, eq(modelPortfolioTargets.modelId, modelPortfolios.id))
    .leftJoin(securities, eq(securities.id, modelPortfolioTargets.securityId))
    .where(and(eq(modelPortfolios.firmId, firmId), isNull(modelPortfolios.deletedAt)))
    .orderBy(asc(modelPortfolios.createdAt), asc(modelPortfolios.id), asc(modelPortfolioTargets.position));
  const models = new Map<string, ReviewModel & { targets: ModelTargetInput[] }>();
  for (const row of rows) {
    const model = models.get(row.id) ?? {
      id: row.id,
      name: row.modelName,
      riskBand: row.riskBand,
      driftBand: row.driftBand,
      kind: row.targetSecurityId ? 'security' : 'asset_class',
      targets: [],
    };
    models.set(row.id, model);
    const security =
      row.targetSecurityId && row.symbol && row.name && row.assetClass
        ? { securityId: row.targetSecurityId, symbol: row.symbol, name: row.name, assetClass: row.assetClass, price: row.price }
        : null;
    model.targets.push({ assetClass: security ? null : row.targetClass, security, weight: row.weight });
  }
  return models;
}

/** The first model of each band (the oldest): what a portfolio following no model is compared with. */
export function modelsByBand(models: ReadonlyMap<string, ReviewModel>): Map<RiskBand, ReviewModel> {
  const byBand = new Map<RiskBand, ReviewModel>();
  for (const model of models.values()) if (!byBand.has(model.riskBand)) byBand.set(model.riskBand, model);
  return byBand;
}

export async function vehicleFunds(db: Db): Promise<Map<AssetClass, PlanSecurity>> {
  const symbols = Object.values(assetClassVehicleSymbols);
  const rows = await db.select(securityFields).from(securities).where(inArray(securities.symbol, symbols));
  const bySymbol = new Map(rows.map((row) => [row.symbol, row]));
  const vehicles = new Map<AssetClass, PlanSecurity>();
  for (const [assetClass, symbol] of Object.entries(assetClassVehicleSymbols) as Array<[AssetClass, string]>) {
    const row = bySymbol.get(symbol);
    if (row && row.price > 0) vehicles.set(assetClass, row);
  }
  return vehicles;
}

/** Every buy and sell of the client's live portfolios, grouped by portfolio and security. */
async function tradesOf(db: Db, portfolioIds: readonly string[]): Promise<ClientBook['trades']> {
  const grouped: ClientBook['trades'] = new Map(portfolioIds.map((id) => [id, new Map()]));
  if (portfolioIds.length === 0) return grouped;
  const result = (await db.execute(sql`
    select t.portfolio_id as "portfolioId", s.id as "securityId", s.symbol, s.name, s.asset_class as "assetClass",
           coalesce(s.last_close, 0)::float8 as price, t.type, t.trade_date::text as date,
           t.quantity::float8 as quantity, t.price::float8 as "tradePrice", t.lot_method as "lotMethod"
    from transactions t join securities s on s.id = t.security_id
    where t.portfolio_id = any(${uuidArray(portfolioIds)}::uuid[]) and t.type in ('buy', 'sell') and t.voided_at is null
    order by t.portfolio_id, t.trade_date, t.created_at, t.id`)) as unknown as { rows: TradeRow[] };
  for (const row of result.rows) {
    const bySecurity = grouped.get(row.portfolioId)!;
    let entry = bySecurity.get(row.securityId);
    if (!entry) {
      entry = {
        security: { securityId: row.securityId, symbol: row.symbol, name: row.name, assetClass: row.assetClass, price: Number(row.price) },
        trades: [],
      };
      bySecurity.set(row.securityId, entry);
    }
    entry.trades.push({
      type: row.type,
      date: row.date,
      quantity: Number(row.quantity),
      price: Number(row.tradePrice),
      lotMethod: row.lotMethod,
    });
  }
  return grouped;
}

export async function loadClientBook(db: Db, client: ClientRow, asOf: string): Promise<ClientBook> {
  const rows = await db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.clientId, client.id), isNull(portfolios.deletedAt)))
    .orderBy(asc(portfolios.createdAt), asc(portfolios.id));
  const taxable = rows.filter((row) => accountTaxTreatment[row.accountType] === 'taxable').map((row) => row.id);
  const [trades, models, vehicles, taxSettings, firm, claims] = await Promise.all([
    tradesOf(
      db,
      rows.map((row) => row.id),
    ),
    firmModels(db, client.firmId),
    vehicleFunds(db),
    clientTaxSettingsRow(db, client.id),
    firmSettings(db, client.firmId),
    openClaims(db, taxable),
  ]);
  const positionTrades: PositionTrade[] = [];
  for (const [portfolioId, bySecurity] of trades)
    for (const [securityId, entry] of bySecurity)
      for (const trade of entry.trades) positionTrades.push({ ...trade, portfolioId, securityId });
  return {
    client,
    band: clientBand(client),
    portfolios: rows,
    asOf,
    trades,
    lots: positionLots(positionTrades, Object.fromEntries(rows.map((row) => [row.id, lotAccountOf(row)]))),
    models,
    bandModels: modelsByBand(models),
    vehicles,
    taxSettings,
    firm,
    claims,
  };
}

/** The net realised gains of the open proposals of these (taxable) accounts. */
async function openClaims(db: Db, portfolioIds: readonly string[]): Promise<Map<string, BudgetClaim>> {
  if (portfolioIds.length === 0) return new Map();
  const gains = sql<number>`(${recommendations.details}->'totals'->>'realized_short')::numeric + (${recommendations.details}->'totals'->>'realized_long')::numeric`;
  const rows = await db
    .select({
      portfolioId: recommendations.portfolioId,
      type: recommendations.type,
      status: recommendations.status,
      gains: gains.mapWith(Number),
    })
    .from(recommendations)
    .where(and(inArray(recommendations.portfolioId, [...portfolioIds]), inArray(recommendations.status, [...openRecommendationStatuses])));
  return new Map(
    rows.map((row) => [
      claimKey(row.portfolioId, row.type),
      { portfolioId: row.portfolioId, status: row.status as BudgetClaim['status'], gains: row.gains },
    ]),
  );
}

export async function clientTaxSettingsRow(db: Db, clientId: string): Promise<ClientTaxSettingsRow | null> {
  const [row] = await db.select().from(clientTaxSettings).where(eq(clientTaxSettings.clientId, clientId));
  return row ?? null;
}

/** The firm's rebalancing settings and their version: the defaults at version 0 until it saves its own. */
export async function firmSettings(db: Db, firmId: string): Promise<FirmRebalanceSettingsRecord> {
  const [row] = await db.select().from(firmRebalanceSettings).where(eq(firmRebalanceSettings.firmId, firmId));
  return toFirmSettings(row);
}

/** A firm's settings row as answered (the defaults at version 0 when it has none). */
export function toFirmSettings(row: FirmRebalanceSettingsRow | undefined): FirmRebalanceSettingsRecord {
  if (!row) return { ...defaultRebalanceSettings, sync_version: 0, updated_at: null };
  return {
    rebalance_to: row.rebalanceTo,
    min_benefit_ratio: row.minBenefitRatio,
    short_term_rate: row.shortTermRate,
    long_term_rate: row.longTermRate,
    sync_version: row.syncVersion,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Net gains recognised from 1 January of the book's year to its date in the client's taxable accounts
 * (a wash sale's disallowed loss counts for nothing): they count against the budget.
 */
export function gainsYearToDate(book: ClientBook): number {
  const yearStart = `${book.asOf.slice(0, 4)}-01-01`;
  let cents = 0;
  for (const portfolio of book.portfolios) {
    if (accountTaxTreatment[portfolio.accountType] !== 'taxable') continue;
    for (const { realized } of book.lots.get(portfolio.id)?.values() ?? []) {
      for (const piece of realized)
        if (piece.soldOn >= yearStart && piece.soldOn <= book.asOf) cents += Math.round(piece.recognizedGain * 100);
    }
  }
  return cents / 100;
}

/**
 * What the proposals already made in one review of a client's accounts do to the next ones: a loss sold
 * in one account blocks its purchase in another (and the other way round), and the gains realised use
 * the client's budget, as do those of the client's open proposals from earlier reviews.
 */
export type ReviewRun = {
  bought: Map<string, Array<{ portfolioId: string; quantity: number }>>;
  soldAtLoss: Map<string, { security_id: string; symbol: string; sold_on: string; until: string }>;
  claims: Map<string, BudgetClaim>;
};

export const newReviewRun = (book: ClientBook): ReviewRun => ({ bought: new Map(), soldAtLoss: new Map(), claims: new Map(book.claims) });

/**
 * The gains the budget has given to proposals when an account is reviewed. The account's own pending ones are
 * left out: the new review stands in for them (made on the same holdings, they are superseded by it), while
 * an accepted one awaits execution and counts.
 */
function claimedGains(run: ReviewRun, portfolioId: string): number {
  const counted = [...run.claims.values()].filter((claim) => claim.portfolioId !== portfolioId || claim.status !== 'pending');
  return sumMoney(counted.map((claim) => claim.gains));
}

/** Adds a saved proposal's trades to the run (null: none saved, or an accepted one of its kind stands). */
export function recordProposal(run: ReviewRun, portfolio: PortfolioRow, outcome: ReviewOutcome | null, asOf: string) {
  if (!outcome) return;
  for (const trade of outcome.details.trades) {
    if (trade.side === 'buy') {
      run.bought.set(trade.security_id, [
        ...(run.bought.get(trade.security_id) ?? []),
        { portfolioId: portfolio.id, quantity: trade.quantity },
      ]);
    } else if (trade.lots.some((lot) => lot.gain < 0)) {
      run.soldAtLoss.set(trade.security_id, {
        security_id: trade.security_id,
        symbol: trade.symbol,
        sold_on: asOf,
        until: addDays(asOf, recommendationLimits.washSaleDays),
      });
    }
  }
  if (accountTaxTreatment[portfolio.accountType] === 'taxable')
    run.claims.set(claimKey(portfolio.id, outcome.type), {
      portfolioId: portfolio.id,
      status: 'pending',
      gains: sumMoney([outcome.details.totals.realized_short, outcome.details.totals.realized_long]),
    });
}

/** The review of one of the book's portfolios; null when no model applies (the firm has none for the band). */
export function portfolioReview(book: ClientBook, portfolio: PortfolioRow, run: ReviewRun = newReviewRun(book)): PortfolioReview | null {
  const followed = portfolio.modelId ? book.models.get(portfolio.modelId) : undefined;
  const bandModel = book.band ? (book.bandModels.get(book.band) ?? null) : null;
  const model = followed ?? bandModel;
  if (!model) return null;
  const holdings: PlanHolding[] = [];
  for (const { security } of book.trades.get(portfolio.id)?.values() ?? []) {
    const lots = book.lots.get(portfolio.id)?.get(security.securityId)?.openLots ?? [];
    const { quantity } = openLotsCost(lots);
    if (quantity > 0) holdings.push({ ...security, quantity, lots });
  }
  // Wash sales count the client's trades in every account (IRAs included), this one included.
  const histories = book.portfolios.flatMap((account) =>
    [...(book.trades.get(account.id)?.values() ?? [])].map(({ security, trades }) => ({
      securityId: security.securityId,
      portfolioId: account.id,
      symbol: security.symbol,
      trades,
      realized: book.lots.get(account.id)?.get(security.securityId)?.realized ?? [],
    })),
  );
  const washSales = washSaleBlocks(histories, book.asOf, recommendationLimits.washSaleDays);
  for (const [securityId, block] of run.soldAtLoss) if (!washSales.has(securityId)) washSales.set(securityId, block);
  const recent = recentPurchases(histories, book.asOf, recommendationLimits.washSaleDays);
  const priceOf = new Map(holdings.map((holding) => [holding.securityId, holding.price]));
  // Shares bought in the last 30 days wash a loss sold here: those of the other accounts and of this run's other proposals,
  // and this account's own recent lots bought at or below today's price (a sale takes its loss lots first, so those stay).
  const replacementShares = (securityId: string) =>
    (recent.get(securityId) ?? [])
      .filter((buy) => buy.portfolioId !== portfolio.id || buy.price <= (priceOf.get(securityId) ?? 0))
      .reduce((sum, buy) => sum + buy.quantity, 0) +
    (run.bought.get(securityId) ?? []).filter((buy) => buy.portfolioId !== portfolio.id).reduce((sum, buy) => sum + buy.quantity, 0);
  const treatment = accountTaxTreatment[portfolio.accountType];
  const lists = {
    holdList: new Set(book.taxSettings?.holdSecurityIds ?? []),
    restricted: new Set(book.taxSettings?.restrictedSecurityIds ?? []),
  };
  const tax: TaxProfile =
    treatment === 'taxable'
      ? {
          treatment,
          rates: { short: book.firm.short_term_rate, long: book.firm.long_term_rate },
          gainBudget: book.taxSettings?.annualGainBudget ?? null,
          gainsYearToDate: sumMoney([gainsYearToDate(book), claimedGains(run, portfolio.id)]),
          minBenefitRatio: book.firm.min_benefit_ratio,
          ...lists,
        }
      : { ...untaxedProfile(treatment), ...lists };
  return {
    asOf: book.asOf,
    portfolioName: portfolio.name,
    cash: portfolio.cashBalance,
    tax,
    rebalanceTo: book.firm.rebalance_to,
    replacementShares,
    holdings,
    model,
    clientBand: book.band ?? model.riskBand,
    bandModel: followed && bandModel && followed.riskBand !== book.band ? bandModel : null,
    vehicles: book.vehicles,
    washSales,
  };
}
