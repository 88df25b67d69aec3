import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LotTrade, SaleLotMethod } from '@meridian/domain/analytics/tax-lots';
import { assetClassVehicleSymbols, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import type { AccountType } from '@meridian/domain/portfolios/contracts';
import type { PortfolioReview, ReviewModel } from '@meridian/domain/rebalancing/review';
import { washSaleBlocks, type ModelTargetInput } from '@meridian/domain/rebalancing/targets';
import type { PlanHolding, PlanSecurity } from '@meridian/domain/rebalancing/trade-plan';
import { recommendationLimits } from '@meridian/domain/recommendations/contracts';
import type { AssetClass } from '@meridian/domain/securities/contracts';
import type { Db } from '../../db/client.ts';
import { uuidArray } from '../../db/sql-values.ts';
import type { ClientRow } from '../../db/schema/clients.ts';
import { portfolios, type PortfolioRow } from '../../db/schema/portfolios.ts';
import { modelPortfolios, modelPortfolioTargets } from '../../db/schema/model-portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import { clientBand } from '../clients/clients.service.ts';

/**
 * What a review of a client's portfolios reads: their ledgers' trades (lots and wash sales come from
 * them), the holdings at the latest close, the firm's models and the asset-class vehicle funds. One
 * read per kind for the whole client, whatever the number of accounts.
 */

/** Gains in these accounts are not taxed when realised. */
const taxDeferredAccounts: readonly AccountType[] = ['ira', 'roth_ira', '401k', '403b', 'education_529'];

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
  models: Map<string, ReviewModel>;
  bandModels: Map<RiskBand, ReviewModel>;
  vehicles: Map<AssetClass, PlanSecurity>;
};

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
  const [trades, models, vehicles] = await Promise.all([
    tradesOf(
      db,
      rows.map((row) => row.id),
    ),
    firmModels(db, client.firmId),
    vehicleFunds(db),
  ]);
  return { client, band: clientBand(client), portfolios: rows, asOf, trades, models, bandModels: modelsByBand(models), vehicles };
}

const heldQuantity = (trades: readonly LotTrade[]) =>
  trades.reduce((sum, trade) => sum + (trade.type === 'buy' ? trade.quantity : -trade.quantity), 0);

/** The review of one of the book's portfolios; null when no model applies (the firm has none for the band). */
export function portfolioReview(book: ClientBook, portfolio: PortfolioRow): PortfolioReview | null {
  const followed = portfolio.modelId ? book.models.get(portfolio.modelId) : undefined;
  const bandModel = book.band ? (book.bandModels.get(book.band) ?? null) : null;
  const model = followed ?? bandModel;
  if (!model) return null;
  const holdings: PlanHolding[] = [];
  for (const { security, trades } of book.trades.get(portfolio.id)?.values() ?? []) {
    const quantity = Math.round(heldQuantity(trades) * 1e6) / 1e6;
    if (quantity > 0) holdings.push({ ...security, quantity, trades });
  }
  // Wash sales count the client's sales in every account, this one included.
  const histories = book.portfolios.flatMap((account) =>
    [...(book.trades.get(account.id)?.values() ?? [])].map(({ security, trades }) => ({
      securityId: security.securityId,
      symbol: security.symbol,
      trades,
      lotMethod: account.lotMethod,
    })),
  );
  return {
    asOf: book.asOf,
    portfolioName: portfolio.name,
    cash: portfolio.cashBalance,
    lotMethod: portfolio.lotMethod,
    taxDeferred: taxDeferredAccounts.includes(portfolio.accountType),
    holdings,
    model,
    clientBand: book.band ?? model.riskBand,
    bandModel: followed && bandModel && followed.riskBand !== book.band ? bandModel : null,
    vehicles: book.vehicles,
    washSales: washSaleBlocks(histories, book.asOf, recommendationLimits.washSaleDays),
  };
}
