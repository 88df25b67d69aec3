import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recommendationMessages } from '@meridian/domain/shared/advice-messages';
import { clientMessages } from '@meridian/domain/shared/messages';
import { riskBandLabels } from '@meridian/domain/model-portfolios/contracts';
import { assetStatistics, classWeights, optimumFor, riskAndReturn, type AssetStatistics } from '@meridian/domain/optimization/band-optimum';
import { marketClasses, marketClassOf, marketClassVehicleSymbols, type MarketClass } from '@meridian/domain/optimization/capital-markets';
import { percent, planToTargets, tradeSummary, type ReviewModel } from '@meridian/domain/rebalancing/review';
import type { PlanSecurity, SecurityTarget } from '@meridian/domain/rebalancing/trade-plan';
import {
  statisticsLimits,
  type Optimization,
  type Recommendation,
  type RiskPoint,
  type Statistics,
} from '@meridian/domain/recommendations/contracts';
import { fundSectors } from '@meridian/domain/securities/contracts';
import { addDays, marketDate } from '@meridian/domain/shared/trading-calendar';
import { tradeValue } from '@meridian/domain/portfolios/ledger';
import type { Db } from '../../db/client.ts';
import { uuidArray } from '../../db/sql-values.ts';
import { clients } from '../../db/schema/clients.ts';
import type { PortfolioRow } from '../../db/schema/portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import { HttpError } from '../../platform/http-error.ts';
import type { Viewer } from '../../platform/reach.ts';
import { firmAssumptions } from '../model-portfolios/capital-markets.service.ts';
import { reachablePortfolio } from '../portfolios/portfolios.service.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { getRecommendation, saveOutcome } from './recommendations.service.ts';
import { loadClientBook, portfolioReview } from './review-inputs.ts';

/**
 * POST /portfolios/{id}/optimize and the statistics the portfolio builder computes with: expected
 * returns from the firm's capital-market assumptions, a covariance from the last three years of daily
 * closes (statisticsLimits.historyDays), the optimum for the client's risk band within its ranges,
 * and the tax-aware trades that would move the portfolio there.
 */

type UniverseSecurity = PlanSecurity & { sector: string; fund: boolean; marketClass: MarketClass };

/** A fund (index, sector, bond, cash or commodity fund) may weigh more than one company's stock. */
const isFund = (row: { sector: string; industry: string }) =>
  (fundSectors as readonly string[]).includes(row.sector) || /Fund$/.test(row.industry);

async function universeRows(db: Db, ids: readonly string[]): Promise<UniverseSecurity[]> {
  const rows = await db
    .select({
      securityId: securities.id,
      symbol: securities.symbol,
      name: securities.name,
      assetClass: securities.assetClass,
      sector: securities.sector,
      industry: securities.industry,
      price: sql<number>`coalesce(${securities.lastClose}, 0)::float8`.mapWith(Number),
    })
    .from(securities)
    .where(inArray(securities.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.securityId, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            securityId: row.securityId,
            symbol: row.symbol,
            name: row.name,
            assetClass: row.assetClass,
            price: row.price,
            sector: row.sector,
            fund: isFund(row),
            marketClass: marketClassOf(row),
          },
        ]
      : [];
  });
}

type History = { dates: string[]; closes: Float64Array[]; covered: boolean[] };

/**
 * Closes of the securities on the trading days since `from` that all of them have, each security's
 * gaps carried forward from its previous close. `covered` says whether a security has closes through
 * at least historyDaysMin of those days.
 */
async function alignedCloses(db: Db, ids: readonly string[], from: string): Promise<History> {
  const result = (await db.execute(sql`
    select p.security_id as "securityId", p.date::text as date, p.close::float8 as close from prices p
    where p.security_id = any(${uuidArray(ids)}::uuid[]) and p.date >= ${from}::date
    order by p.date`)) as unknown as { rows: Array<{ securityId: string; date: string; close: number }> };
  const index = new Map(ids.map((id, i) => [id, i]));
  const dates: string[] = [];
  const byDay = new Map<string, Float64Array>();
  for (const row of result.rows) {
    let day = byDay.get(row.date);
    if (!day) {
      day = new Float64Array(ids.length).fill(Number.NaN);
      byDay.set(row.date, day);
      dates.push(row.date);
    }
    day[index.get(row.securityId)!] = Number(row.close);
  }
  const closes = ids.map(() => new Float64Array(dates.length));
  const first = new Int32Array(ids.length).fill(-1);
  dates.forEach((date, d) => {
    const day = byDay.get(date)!;
    for (let i = 0; i < ids.length; i += 1) {
      const close = day[i]!;
      if (!Number.isNaN(close)) {
        if (first[i] === -1) first[i] = d;
        closes[i]![d] = close;
      } else closes[i]![d] = d > 0 ? closes[i]![d - 1]! : Number.NaN;
    }
  });
  const covered = [...first].map((day) => day !== -1 && dates.length - day > statisticsLimits.historyDaysMin);
  // Start where every covered security has a close.
  const start = Math.max(0, ...[...first].filter((day, i) => covered[i] && day >= 0));
  return { dates: dates.slice(start), closes: closes.map((series) => series.slice(start)), covered };
}

/** How far back the estimates read: three years of trading days and a little more for holidays. */
const historyStart = (asOf: string) => addDays(asOf, -Math.ceil((statisticsLimits.historyDays * 365) / 252));

/** The ids of the market classes' funds (those the securities master has). */
async function classVehicleIds(db: Db): Promise<string[]> {
  const symbols = marketClasses.map((marketClass) => marketClassVehicleSymbols[marketClass]);
  const rows = await db.select({ id: securities.id }).from(securities).where(inArray(securities.symbol, symbols));
  return rows.map((row) => row.id);
}

/**
 * Each security's class fund closes (marketClassVehicleSymbols) among `pool`, the securities with
 * `closes` on the same days: the references of their betas (null for cash and for a fund not there).
 */
function classReferences(
  securitiesOf: readonly UniverseSecurity[],
  pool: readonly UniverseSecurity[],
  closes: readonly Float64Array[],
): (Float64Array | null)[] {
  const bySymbol = new Map(pool.map((security, i) => [security.symbol, closes[i]!]));
  return securitiesOf.map((security) =>
    security.marketClass === 'cash' ? null : (bySymbol.get(marketClassVehicleSymbols[security.marketClass]) ?? null),
  );
}

const point = (allocation: { expectedReturn: number; volatility: number }): RiskPoint => ({
  expected_return: allocation.expectedReturn,
  volatility: allocation.volatility,
});

type Computed = { optimization: Optimization; model: ReviewModel; details: ReturnType<typeof planToTargets>['details'] };

async function computeOptimum(app: FastifyInstance, portfolio: PortfolioRow): Promise<Computed> {
  const asOf = marketDate(app.now());
  const [client] = await app.db.select().from(clients).where(eq(clients.id, portfolio.clientId));
  if (!client) throw new Error(`portfolio ${portfolio.id} has no client`);
  const book = await loadClientBook(app.db, client, asOf);
  const band = book.band;
  if (!band) throw new HttpError(422, clientMessages.riskBandNotAssessed);
  const review = portfolioReview(book, portfolio);
  if (!review || review.holdings.length === 0) throw new HttpError(422, recommendationMessages.nothingToOptimize);
  // The universe: what the account holds, what its model (or the band's model) would buy, and a
  // fund for each market class (so the band's ranges can be met whatever the account holds).
  const modelSecurities = review.model.targets.flatMap((target) =>
    target.security ? [target.security.securityId] : target.assetClass ? [book.vehicles.get(target.assetClass)?.securityId ?? ''] : [],
  );
  const ids = [
    ...new Set([
      ...review.holdings.map((holding) => holding.securityId),
      ...modelSecurities.filter(Boolean),
      ...(await classVehicleIds(app.db)),
    ]),
  ];
  const history = await alignedCloses(app.db, ids, historyStart(asOf));
  const heldIds = new Set(review.holdings.map((holding) => holding.securityId));
  if (ids.some((id, i) => heldIds.has(id) && !history.covered[i])) throw new HttpError(422, recommendationMessages.noHistory);
  const kept = ids.map((id, i) => ({ id, i })).filter(({ i }) => history.covered[i]);
  const universe = await universeRows(
    app.db,
    kept.map(({ id }) => id),
  );
  const assumptions = await firmAssumptions(app.db, portfolio.firmId);
  const { riskFreeRate } = assumptions;
  const closes = kept.map(({ i }) => history.closes[i]!);
  const statistics = assetStatistics(
    closes,
    universe.map((security) => security.marketClass),
    assumptions.expectedReturns,
    riskFreeRate,
    classReferences(universe, universe, closes),
  );
  const ranges = assumptions.bandRanges[band];
  const optimum = optimumFor(statistics, universe, band, ranges, riskFreeRate);

  const total = review.cash + review.holdings.reduce((sum, holding) => sum + tradeValue(holding.quantity, holding.price), 0);
  const heldValue = new Map(review.holdings.map((holding) => [holding.securityId, tradeValue(holding.quantity, holding.price)]));
  const current = Float64Array.from(universe, (security) => (total > 0 ? (heldValue.get(security.securityId) ?? 0) / total : 0));
  const targets: SecurityTarget[] = universe.flatMap((security, i) =>
    optimum.optimal.weights[i]! > 1e-9 ? [{ ...security, weight: optimum.optimal.weights[i]! }] : [],
  );
  const model: ReviewModel = {
    id: 'optimum',
    name: `${riskBandLabels[band]} optimum`,
    riskBand: band,
    driftBand: review.model.driftBand,
    kind: 'security',
    targets: targets.map((target) => ({ assetClass: null, security: target, weight: target.weight })),
  };
  const { details } = planToTargets(review, model, targets);
  const currentRisk = riskAndReturn(statistics, current, riskFreeRate);
  details.risk = { current: point(currentRisk), proposed: point(optimum.optimal) };
  const upper = optimum.problem.upper!;
  const currentClasses = classWeights(universe, current);
  const optimalClasses = classWeights(universe, optimum.optimal.weights);
  return {
    model,
    details,
    optimization: {
      portfolio_id: portfolio.id,
      risk_band: band,
      target_volatility: optimum.targetVolatility,
      risk_free_rate: riskFreeRate,
      history: { start: history.dates[0] ?? asOf, end: history.dates.at(-1) ?? asOf, days: Math.max(0, history.dates.length - 1) },
      shrinkage: statistics.shrinkage,
      constraints_relaxed: optimum.relaxed,
      assets: universe.map((security, i) => ({
        security_id: security.securityId,
        symbol: security.symbol,
        name: security.name,
        asset_class: security.assetClass,
        market_class: security.marketClass,
        expected_return: statistics.expected[i]!,
        volatility: statistics.volatility[i]!,
        max_weight: upper[i]!,
        current_weight: current[i]!,
        optimal_weight: optimum.optimal.weights[i]!,
      })),
      classes: marketClasses.map((marketClass) => ({
        market_class: marketClass,
        expected_return: marketClass === 'cash' ? riskFreeRate : assumptions.expectedReturns[marketClass],
        min_weight: ranges.classes[marketClass].min,
        max_weight: ranges.classes[marketClass].max,
        current_weight: currentClasses[marketClass],
        optimal_weight: optimalClasses[marketClass],
      })),
      stocks_range: ranges.stocks,
      cash_weight: total > 0 ? review.cash / total : 0,
      current: point(currentRisk),
      optimal: point(optimum.optimal),
      minimum_variance: point(optimum.minimumVariance),
      maximum_sharpe: optimum.maximumSharpe && point(optimum.maximumSharpe),
      frontier: optimum.frontier.map(point),
      trades: details.trades,
      totals: details.totals,
      wash_sale_blocked: details.wash_sale_blocked,
      tax: details.tax,
      held_back: details.held_back ?? [],
    },
  };
}

/** POST /portfolios/{id}/optimize. */
export async function optimizePortfolio(app: FastifyInstance, viewer: UserRow, portfolioId: string): Promise<Optimization> {
  return (await computeOptimum(app, await reachablePortfolio(app.db, viewer, portfolioId))).optimization;
}

/** POST /portfolios/{id}/optimize/recommendation: the optimum as a rebalance recommendation (a pending rebalance is refreshed). */
export async function recommendOptimum(app: FastifyInstance, request: FastifyRequest, portfolioId: string): Promise<Recommendation> {
  const viewer = app.currentUser(request);
  const portfolio = await reachablePortfolio(app.db, viewer, portfolioId);
  const { optimization, model, details } = await computeOptimum(app, portfolio);
  if (details.trades.length === 0) throw new HttpError(422, recommendationMessages.alreadyOptimal);
  const rationale =
    `Optimised for a ${riskBandLabels[optimization.risk_band].toLowerCase()} client (target volatility ${percent(optimization.target_volatility)}), ` +
    `with the firm's capital-market assumptions and ${optimization.history.days} days of returns for risk: expected return ${percent(optimization.current.expected_return)} → ${percent(optimization.optimal.expected_return)}, ` +
    `volatility ${percent(optimization.current.volatility)} → ${percent(optimization.optimal.volatility)}. ${tradeSummary(details)}`;
  const saved = await app.db.transaction((tx) =>
    saveOutcome(
      app,
      request,
      tx,
      portfolio,
      {
        type: 'rebalance',
        model,
        modelId: null,
        securityId: null,
        title: `Rebalance to the ${model.name.toLowerCase()}`,
        rationale,
        details,
      },
      'optimizer',
    ),
  );
  return getRecommendation(app.db, viewer, saved.id);
}

/** POST /securities/statistics: expected returns from the firm's assumptions, covariance over the securities' common history. */
export async function securityStatistics(app: FastifyInstance, viewer: Viewer, ids: readonly string[]): Promise<Statistics> {
  const unique = [...new Set(ids)];
  const asOf = marketDate(app.now());
  // The class funds come along for the betas (the same figures the optimiser gives these securities).
  const pool = [...new Set([...unique, ...(await classVehicleIds(app.db))])];
  const known = await universeRows(app.db, pool);
  if (known.length !== pool.length) throw new HttpError(404, recommendationMessages.securityUnknown);
  const rows = known.slice(0, unique.length);
  const history = await alignedCloses(app.db, pool, historyStart(asOf));
  if (history.covered.slice(0, unique.length).some((covered) => !covered)) throw new HttpError(422, recommendationMessages.noHistory);
  const assumptions = await firmAssumptions(app.db, viewer.firmId);
  const statistics: AssetStatistics = assetStatistics(
    history.closes.slice(0, unique.length),
    rows.map((row) => row.marketClass),
    assumptions.expectedReturns,
    assumptions.riskFreeRate,
    classReferences(
      rows,
      known.filter((_, i) => history.covered[i]),
      history.closes.filter((_, i) => history.covered[i]),
    ),
  );
  return {
    securities: rows.map((row) => ({
      id: row.securityId,
      symbol: row.symbol,
      name: row.name,
      asset_class: row.assetClass,
      sector: row.sector,
      fund: row.fund,
      market_class: row.marketClass,
    })),
    expected_returns: [...statistics.expected],
    covariance: [...statistics.covariance],
    shrinkage: statistics.shrinkage,
    history: { start: history.dates[0] ?? asOf, end: history.dates.at(-1) ?? asOf, days: Math.max(0, history.dates.length - 1) },
    risk_free_rate: assumptions.riskFreeRate,
  };
}
