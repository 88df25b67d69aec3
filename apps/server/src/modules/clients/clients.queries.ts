import { and, asc, count, desc, eq, inArray, isNull, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { responseStatuses, responseStatusLabels } from '@meridian/domain/assessments/template-definition';
import { todayIso, type Client, type ClientSortField, type ClientStats } from '@meridian/domain/clients/contracts';
import type { ClientFilterQuery } from '@meridian/domain/clients/list-query';
import { bandsOfRiskLevel, notAssessed, riskLevelOfBand } from '@meridian/domain/clients/risk-band';
import { riskBands, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { ageFrom } from '@meridian/domain/shared/format';
import { defaultAnalyticsPeriod } from '@meridian/domain/analytics/contracts';
import type { PerformancePeriod } from '@meridian/domain/analytics/returns';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { inlineValues, type Binder } from '../../db/statements.ts';
import { escapeLike } from '../../db/sql-values.ts';
import { clients } from '../../db/schema/clients.ts';
import { portfolios } from '../../db/schema/portfolios.ts';
import { users } from '../../db/schema/users.ts';
import { clientReach, type Viewer } from '../../platform/reach.ts';
import { clientPerformance, openPortfoliosOf, performanceOf, valuationOf } from '../valuations/client-valuations.service.ts';

/**
 * Case-insensitive substring of the first name, the last name or the e-mail (stored lower-case):
 * each word is looked for in the stored search text (the three fields lower-cased, one per line),
 * which one trigram index answers. Several words must each match one of the fields ("jane doe");
 * a single word is the spec's rule exactly.
 */
export function searchCondition(search: string, { bind }: Binder = inlineValues): SQL | undefined {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return and(...words.map((word, index) => sql`${clients.searchText} like ${bind(`word${index}`, `%${escapeLike(word)}%`)}`));
}

/** True when some word of the search has 3 characters or more: the trigram indexes can find it. */
export const usesTrigrams = (search: string) => search.split(/\s+/).some((word) => word.length >= 3);

/** The reach plus the list's filters. A missing net worth counts as 0 (spec). */
export function clientConditions(viewer: Viewer, filters: ClientFilterQuery, binder: Binder = inlineValues): SQL {
  const { bind } = binder;
  const each = <T extends string>(name: string, values: readonly T[]) => values.map((value, index) => bind(`${name}${index}`, value));
  const conditions: Array<SQL | undefined> = [clientReach(viewer, binder)];
  if (filters.search) conditions.push(searchCondition(filters.search, binder));
  // Both risk filters read the band: risk_capacity names three levels (each one or two bands), risk_band the five and not_assessed.
  const bands = new Set<RiskBand>();
  for (const level of filters.risk_capacity ?? []) for (const band of bandsOfRiskLevel(level)) bands.add(band);
  for (const value of filters.risk_band ?? []) if (value !== notAssessed) bands.add(value);
  const unassessed = filters.risk_band?.includes(notAssessed) ?? false;
  if (filters.risk_capacity?.length || filters.risk_band?.length) {
    const wanted = riskBands.filter((band) => bands.has(band));
    // Which conditions the statement holds is told by the marks, not by the bound values alone.
    binder.mark(unassessed ? 'band:unassessed' : 'band');
    if (wanted.length === 0) binder.mark('band:none');
    const matches = wanted.length ? inArray(clients.riskBand, each('band', wanted)) : undefined;
    conditions.push(unassessed ? (matches ? or(matches, isNull(clients.riskBand)) : isNull(clients.riskBand)) : (matches ?? sql`false`));
  }
  if (filters.investment_experience?.length)
    conditions.push(inArray(clients.investmentExperience, each('experience', filters.investment_experience)));
  if (filters.min_net_worth !== undefined)
    conditions.push(sql`coalesce(${clients.netWorth}, 0) >= ${bind('minNetWorth', filters.min_net_worth)}`);
  if (filters.max_net_worth !== undefined)
    conditions.push(sql`coalesce(${clients.netWorth}, 0) <= ${bind('maxNetWorth', filters.max_net_worth)}`);
  if (filters.advisor_id) conditions.push(eq(clients.advisorId, bind('advisorId', filters.advisor_id.toLowerCase())));
  if (filters.household_id) conditions.push(eq(clients.householdId, bind('householdId', filters.household_id.toLowerCase())));
  if (filters.assessment_status?.length) {
    const wanted = responseStatuses.filter((status) => filters.assessment_status!.includes(responseStatusLabels[status]));
    conditions.push(inArray(clients.assessmentStatus, each('assessment', wanted)));
  }
  return and(...conditions) as SQL;
}

/** Date of the latest transaction in any of the client's portfolios (one index probe per portfolio). */
export const lastTradeOf = (clientId: SQL | AnyColumn) => sql`(
  select max(lt.trade_date)
  from portfolios p
  cross join lateral (
    select t.trade_date from transactions t where t.portfolio_id = p.id and t.voided_at is null order by t.trade_date desc limit 1
  ) lt
  where p.client_id = ${clientId} and p.deleted_at is null
)`;

/** A client's last activity: the latest of their last trade, their last sign-in and the last change of their record. */
const lastActivity = (lastLoginAt: SQL | AnyColumn) =>
  sql<Date>`greatest((${lastTradeOf(clients.id)})::timestamp at time zone 'UTC', ${lastLoginAt}, ${clients.updatedAt})`;

type SortColumns = {
  id: AnyColumn;
  firstName: AnyColumn;
  lastName: AnyColumn;
  email: AnyColumn;
  netWorth: AnyColumn;
  createdAt: AnyColumn;
  riskBand: AnyColumn;
  assessmentStatus: AnyColumn;
  /** The figure of a sort computed per client (see computedSortKey); null for the others. */
  sortKey: SQL.Aliased | AnyColumn;
};

/**
 * ORDER BY of a sort field. Name is last name then first name, case-insensitive; the risk band (also
 * the sort by risk_capacity, which follows from it) runs conservative → aggressive with unassessed
 * clients last either way; netWorth counts a missing figure as
 * 0; assessment runs Pending < In Progress < Complete; a client without performance (no valued
 * history) comes last either way. Ties fall back to the name (A→Z), and the id makes every order
 * total, so pages never overlap.
 */
export function clientOrder(columns: SortColumns, sort: ClientSortField, order: 'asc' | 'desc'): SQL[] {
  const direction = (expression: SQL | AnyColumn) => (order === 'desc' ? desc(expression) : asc(expression));
  const byName = [asc(sql`lower(${columns.lastName})`), asc(sql`lower(${columns.firstName})`), asc(columns.id)];
  const nullsLast = (expression: SQL | SQL.Aliased | AnyColumn) => sql`${expression} ${sql.raw(order)} nulls last`;
  switch (sort) {
    case 'name':
      return [direction(sql`lower(${columns.lastName})`), direction(sql`lower(${columns.firstName})`), direction(columns.id)];
    case 'email':
      return [direction(columns.email), direction(columns.id)];
    case 'netWorth':
      return [direction(sql`coalesce(${columns.netWorth}, 0)`), ...byName];
    case 'created_at':
      return [direction(columns.createdAt), direction(columns.id)];
    case 'risk_band':
    case 'risk_capacity':
      return [
        nullsLast(sql`array_position(array[${sql.raw(riskBands.map((band) => `'${band}'`).join(', '))}], ${columns.riskBand})`),
        ...byName,
      ];
    case 'assessment_status':
      return [direction(sql`case ${columns.assessmentStatus} when 'pending' then 1 when 'in_progress' then 2 else 3 end`), ...byName];
    case 'aum':
    case 'performance':
    case 'last_activity_at':
      return [nullsLast(columns.sortKey), ...byName];
  }
}

/** The period of the performance a list sorts by, and the first day of stored series it reads (null: all). */
export type PerformanceSort = { period: PerformancePeriod; from: string | Placeholder | null };

/**
 * The figure a sort by a computed column orders on, per matching client: AUM and performance as the
 * row answers them (valuationOf, performanceOf), last activity as lastActivity; undefined for a
 * sort on the client's own columns. Costs a look at every match's portfolios, so only that sort pays.
 */
function computedSortKey(db: Db, sort: ClientSortField, performance: PerformanceSort | undefined): SQL | undefined {
  switch (sort) {
    case 'aum': {
      const valuation = valuationOf(db, clients.id);
      return sql`(${db.select({ aum: valuation.aum }).from(valuation)})`;
    }
    case 'performance':
      if (!performance) throw new Error('a sort by performance needs its period');
      return performanceOf(clients.id, performance.period, performance.from);
    case 'last_activity_at':
      return lastActivity(sql`(select ${users.lastLoginAt} from ${users} where ${users.id} = ${clients.userId})`);
    default:
      return undefined;
  }
}

const advisor = alias(users, 'advisor');
const login = alias(users, 'login');

/**
 * One page of clients with everything a row shows, in one statement. The page is chosen first on
 * narrow rows (the sort keys), and only its rows are joined back to their record and get the
 * advisor's name, the login's last sign-in, AUM and last activity, whatever the number of matches.
 *
 * With `countMatches`, the matching subquery also counts all matches (`total`, a window over the
 * same scan) — used for searches the trigram indexes can answer. The window also fences that
 * subquery: PostgreSQL cannot merge it into the sorted, limited query and walk the name index in
 * order instead, testing every row until 50 match (fine when matches are common, ~60 ms at 100k
 * clients when they sit late in the alphabet, as 'smi' does). Without it (no search, or words too
 * short for trigrams) the merged plan is the right one and `total` is null: count separately.
 */
export function selectClients(
  db: Db,
  where: SQL,
  options: {
    sort: ClientSortField;
    order: 'asc' | 'desc';
    limit: number | Placeholder;
    offset: number | Placeholder;
    countMatches?: boolean;
    /** Needed to sort by performance. */
    performance?: PerformanceSort;
  },
) {
  const sortKey = computedSortKey(db, options.sort, options.performance) ?? sql`null`;
  const matches = db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      netWorth: clients.netWorth,
      createdAt: clients.createdAt,
      riskBand: clients.riskBand,
      assessmentStatus: clients.assessmentStatus,
      sortKey: sortKey.as('sort_key'),
      total: (options.countMatches ? sql<number | null>`count(*) over ()` : sql<number | null>`null::bigint`).mapWith(Number).as('total'),
    })
    .from(clients)
    .where(where)
    .as('matches');
  const page = db
    .select()
    .from(matches)
    .orderBy(...clientOrder(matches, options.sort, options.order))
    .limit(options.limit)
    .offset(options.offset)
    .as('page');
  const valuation = valuationOf(db, clients.id);
  return db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      phone: clients.phone,
      birthDate: clients.birthDate,
      address: clients.address,
      notes: clients.notes,
      advisorId: clients.advisorId,
      advisorName: sql<string>`${advisor.firstName} || ' ' || ${advisor.lastName}`,
      userId: clients.userId,
      householdId: clients.householdId,
      householdRole: clients.householdRole,
      netWorth: clients.netWorth,
      annualIncome: clients.annualIncome,
      riskBand: clients.riskBand,
      riskBandSource: clients.riskBandSource,
      riskBandReason: clients.riskBandReason,
      riskBandSetAt: clients.riskBandSetAt,
      investmentExperience: clients.investmentExperience,
      financialGoals: clients.financialGoals,
      assessmentStatus: clients.assessmentStatus,
      aum: valuation.aum,
      gainLossPercent: valuation.gainLossPercent,
      lastLoginAt: login.lastLoginAt,
      lastActivityAt: lastActivity(login.lastLoginAt).mapWith(clients.updatedAt),
      createdAt: clients.createdAt,
      updatedAt: clients.updatedAt,
      syncVersion: clients.syncVersion,
      total: page.total,
    })
    .from(page)
    .innerJoin(clients, eq(clients.id, page.id))
    .innerJoin(advisor, eq(advisor.id, clients.advisorId))
    .leftJoin(login, eq(login.id, clients.userId))
    .leftJoinLateral(valuation, sql`true`)
    .orderBy(...clientOrder(page, options.sort, options.order));
}

export type ClientListRow = Awaited<ReturnType<typeof selectClients>>[number];

/** The public shape of a client (`clientSchema`); `now` gives the age, `performance` their TWR (see clientPerformance). */
export function toClient(row: ClientListRow, now: Date, performance: number | null): Client {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    birth_date: row.birthDate,
    age: ageFrom(row.birthDate, todayIso(now)),
    address: row.address,
    notes: row.notes,
    advisor_id: row.advisorId,
    advisor_name: row.advisorName,
    user_id: row.userId,
    household_id: row.householdId,
    household_role: row.householdRole,
    profile: {
      net_worth: row.netWorth,
      annual_income: row.annualIncome,
      risk_capacity: riskLevelOfBand(row.riskBand),
      investment_experience: row.investmentExperience,
      financial_goals: row.financialGoals,
    },
    risk_band: row.riskBand,
    risk_band_source: row.riskBandSource,
    risk_band_reason: row.riskBandReason,
    risk_band_set_at: row.riskBandSetAt?.toISOString() ?? null,
    aum: row.aum,
    gain_loss_percent: row.gainLossPercent,
    performance,
    assessment_status: responseStatusLabels[row.assessmentStatus],
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    last_activity_at: row.lastActivityAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sync_version: row.syncVersion,
  };
}

/** How many clients match `where` (a query to run or prepare; `countOf` reads its answer). */
export const selectClientCount = (db: Db, where: SQL) => db.select({ total: count() }).from(clients).where(where);

export const countOf = (rows: { total: number }[]): number => rows[0]?.total ?? 0;

/** A client the viewer may see, as the API answers it; undefined when out of reach or unknown. */
export async function findClient(db: Db, viewer: Viewer, id: string, now: Date): Promise<Client | undefined> {
  const [row] = await selectClients(db, and(clientReach(viewer), eq(clients.id, id)) as SQL, {
    sort: 'name',
    order: 'asc',
    limit: 1,
    offset: 0,
  });
  if (!row) return undefined;
  const performance = await clientPerformance(db, [row.id], defaultAnalyticsPeriod, marketDate(now));
  return toClient(row, now, performance.get(row.id) ?? null);
}

/**
 * The list page's cards over the same clients as the list (reach and filters), but performance,
 * which the caller adds (the book's return, see clientListStats). Assessment completion: the share of
 * them whose latest assessment is complete, to one decimal (null when there is no client to count,
 * which the UI shows as '—').
 */
export async function clientStats(
  db: Db,
  where: SQL,
): Promise<Pick<ClientStats, 'total_clients' | 'total_aum' | 'assessment_complete_percent'>> {
  const matching = db.select({ id: clients.id }).from(clients).where(where).as('matching');
  const complete = db
    .select({ id: clients.id })
    .from(clients)
    .where(and(where, eq(clients.assessmentStatus, 'complete')))
    .as('complete');
  const [[counted], [completed]] = await Promise.all([
    db.select({ total: count() }).from(matching),
    db.select({ total: count() }).from(complete),
  ]);
  const [book] = await db
    .select({
      aum: sql<number>`round(coalesce(sum(${portfolios.cashBalance} + ${portfolios.holdingsValue}), 0), 2)`.mapWith(Number),
    })
    .from(matching)
    .innerJoin(portfolios, openPortfoliosOf(matching.id));
  const total = counted?.total ?? 0;
  return {
    total_clients: total,
    total_aum: book?.aum ?? 0,
    assessment_complete_percent: total > 0 ? Math.round(((completed?.total ?? 0) / total) * 1000) / 10 : null,
  };
}
