import { and, asc, count, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayIso, type Client, type ClientFilterQuery, type ClientSortField, type ClientStats } from '@meridian/domain/clients';
import { ageFrom } from '@meridian/domain/format';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

/** Who is asking: the reach of every query follows from it. */
export type Viewer = Pick<UserRow, 'id' | 'firmId' | 'role'>;

/**
 * The clients a viewer may see: an admin the whole firm, an advisor the clients assigned to them,
 * a client the record linked to their login. Deleted clients are nobody's.
 */
export function clientReach(viewer: Viewer): SQL {
  const conditions = [eq(clients.firmId, viewer.firmId), isNull(clients.deletedAt)];
  if (viewer.role === 'advisor') conditions.push(eq(clients.advisorId, viewer.id));
  if (viewer.role === 'client') conditions.push(eq(clients.userId, viewer.id));
  return and(...conditions) as SQL;
}

/** LIKE treats % _ and \ specially; a search for "50%_off" means those characters literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Case-insensitive substring of the first name, the last name or the e-mail (stored lower-case).
 * Each condition has the shape of a trigram index (lower(first_name), lower(last_name), email), so
 * the planner answers it with a BitmapOr of three index scans. Several words must each match one of
 * the fields ("jane doe"); a single word is the spec's rule exactly.
 */
export function searchCondition(search: string): SQL | undefined {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const perWord = words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return or(
      sql`lower(${clients.firstName}) like ${pattern}`,
      sql`lower(${clients.lastName}) like ${pattern}`,
      sql`${clients.email} like ${pattern}`,
    ) as SQL;
  });
  return and(...perWord);
}

/** True when some word of the search has 3 characters or more: the trigram indexes can find it. */
export const usesTrigrams = (search: string) => search.split(/\s+/).some((word) => word.length >= 3);

/** The reach plus the list's filters. A missing net worth counts as 0 (spec). */
export function clientConditions(viewer: Viewer, filters: ClientFilterQuery): SQL {
  const conditions: Array<SQL | undefined> = [clientReach(viewer)];
  if (filters.search) conditions.push(searchCondition(filters.search));
  if (filters.risk_capacity?.length) conditions.push(inArray(clients.riskCapacity, filters.risk_capacity));
  if (filters.investment_experience?.length) conditions.push(inArray(clients.investmentExperience, filters.investment_experience));
  if (filters.min_net_worth !== undefined) conditions.push(sql`coalesce(${clients.netWorth}, 0) >= ${filters.min_net_worth}`);
  if (filters.max_net_worth !== undefined) conditions.push(sql`coalesce(${clients.netWorth}, 0) <= ${filters.max_net_worth}`);
  if (filters.advisor_id) conditions.push(eq(clients.advisorId, filters.advisor_id.toLowerCase()));
  if (filters.household_id) conditions.push(eq(clients.householdId, filters.household_id.toLowerCase()));
  // Until assessments exist every client's status is Pending: asking for other statuses finds none.
  if (filters.assessment_status && !filters.assessment_status.includes('Pending')) conditions.push(sql`false`);
  return and(...conditions) as SQL;
}

type SortColumns = {
  id: AnyColumn;
  firstName: AnyColumn;
  lastName: AnyColumn;
  email: AnyColumn;
  netWorth: AnyColumn;
  createdAt: AnyColumn;
  riskCapacity: AnyColumn;
};

/**
 * ORDER BY of a sort field. Name is last name then first name, case-insensitive; risk capacity runs
 * low < medium < high with unassessed clients last either way; netWorth counts a missing figure as
 * 0. Ties fall back to the name (A→Z), and the id makes every order total, so pages never overlap.
 */
export function clientOrder(columns: SortColumns, sort: ClientSortField, order: 'asc' | 'desc'): SQL[] {
  const direction = (expression: SQL | AnyColumn) => (order === 'desc' ? desc(expression) : asc(expression));
  const byName = [asc(sql`lower(${columns.lastName})`), asc(sql`lower(${columns.firstName})`)];
  switch (sort) {
    case 'name':
      return [direction(sql`lower(${columns.lastName})`), direction(sql`lower(${columns.firstName})`), direction(columns.id)];
    case 'email':
      return [direction(columns.email), direction(columns.id)];
    case 'netWorth':
      return [direction(sql`coalesce(${columns.netWorth}, 0)`), ...byName, asc(columns.id)];
    case 'created_at':
      return [direction(columns.createdAt), direction(columns.id)];
    case 'risk_capacity': {
      const rank = sql`case ${columns.riskCapacity} when 'low' then 1 when 'medium' then 2 when 'high' then 3 end`;
      return [sql`${rank} ${sql.raw(order)} nulls last`, ...byName, asc(columns.id)];
    }
  }
}

/**
 * AUM of one client: cash plus Σ quantity × latest close of the holdings of their open portfolios
 * (not closed, not deleted). As the portfolios API values them (so a client's AUM is the sum of
 * their portfolios' total_value to the cent): each position rounded to the cent, a security without
 * any close yet at its average cost, empty positions (quantity 0) left out. Numeric all the way.
 */
export const aumOf = (clientId: SQL | AnyColumn) => sql`(
  select round(coalesce(sum(p.cash_balance + coalesce(hv.market_value, 0)), 0), 2)
  from portfolios p
  left join lateral (
    select sum(round(h.quantity * coalesce(s.last_close, h.average_cost), 2)) as market_value
    from holdings h join securities s on s.id = h.security_id
    where h.portfolio_id = p.id and h.quantity > 0
  ) hv on true
  where p.client_id = ${clientId} and p.deleted_at is null and p.status <> 'closed'
)`;

/** Date of the latest transaction in any of the client's portfolios (one index probe per portfolio). */
export const lastTradeOf = (clientId: SQL | AnyColumn) => sql`(
  select max(lt.trade_date)
  from portfolios p
  cross join lateral (
    select t.trade_date from transactions t where t.portfolio_id = p.id order by t.trade_date desc limit 1
  ) lt
  where p.client_id = ${clientId} and p.deleted_at is null
)`;

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
  options: { sort: ClientSortField; order: 'asc' | 'desc'; limit: number; offset: number; countMatches?: boolean },
) {
  const matches = db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      netWorth: clients.netWorth,
      createdAt: clients.createdAt,
      riskCapacity: clients.riskCapacity,
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
  const lastTrade = lastTradeOf(clients.id);
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
      riskCapacity: clients.riskCapacity,
      investmentExperience: clients.investmentExperience,
      financialGoals: clients.financialGoals,
      aum: sql<number>`${aumOf(clients.id)}`.mapWith(Number),
      lastLoginAt: login.lastLoginAt,
      lastActivityAt: sql<Date>`greatest((${lastTrade})::timestamp at time zone 'UTC', ${login.lastLoginAt}, ${clients.updatedAt})`.mapWith(
        clients.updatedAt,
      ),
      createdAt: clients.createdAt,
      updatedAt: clients.updatedAt,
      syncVersion: clients.syncVersion,
      total: page.total,
    })
    .from(page)
    .innerJoin(clients, eq(clients.id, page.id))
    .innerJoin(advisor, eq(advisor.id, clients.advisorId))
    .leftJoin(login, eq(login.id, clients.userId))
    .orderBy(...clientOrder(page, options.sort, options.order));
}

export type ClientListRow = Awaited<ReturnType<typeof selectClients>>[number];

/** The public shape of a client (`clientSchema`); `now` gives the age. */
export function toClient(row: ClientListRow, now: Date): Client {
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
      risk_capacity: row.riskCapacity,
      investment_experience: row.investmentExperience,
      financial_goals: row.financialGoals,
    },
    aum: row.aum,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    last_activity_at: row.lastActivityAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sync_version: row.syncVersion,
  };
}

/**
 * Runs a read in a transaction that tells the planner random reads cost about what sequential ones
 * do (1.1, the usual setting for SSDs and for a working set in memory, which a firm's book is).
 * With the default of 4, PostgreSQL prices the bitmap scans of the trigram indexes above a full
 * scan of the table for a search like 'smi' (the OR of three correlated matches is overestimated),
 * and a search of 100k clients takes ~50 ms instead of ~4 ms. SET LOCAL ends with the transaction.
 */
export function withIndexFriendlyCosts<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local random_page_cost = 1.1`);
    return read(tx);
  });
}

export async function countClients(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(clients).where(where);
  return row?.total ?? 0;
}

/** A client the viewer may see, as the API answers it; undefined when out of reach or unknown. */
export async function findClient(db: Db, viewer: Viewer, id: string, now: Date): Promise<Client | undefined> {
  const [row] = await selectClients(db, and(clientReach(viewer), eq(clients.id, id)) as SQL, { sort: 'name', order: 'asc', limit: 1, offset: 0 });
  return row ? toClient(row, now) : undefined;
}

/** Numeric columns of raw SQL arrive as text on both drivers; counts are cast to int. */
type RawRows<T> = { rows: T[] };
const decimal = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/**
 * The list page's four cards over the same clients as the list (reach and filters). Performance
 * stands in as the unrealised gain/loss of the book until return history exists:
 * Σ(market value − cost) / Σ cost × 100 over the holdings of open portfolios, 0 without a cost base.
 * Assessment completion: no assessment exists yet, so every client is Pending and the share is 0
 * (null when there is no client to count, which the UI shows as '—').
 */
export async function clientStats(db: Db, where: SQL): Promise<ClientStats> {
  const result = (await db.execute(sql`
    with matching as (select ${clients.id} as id from ${clients} where ${where}),
    cash as (
      select coalesce(sum(p.cash_balance), 0) as cash
      from portfolios p join matching m on m.id = p.client_id
      where p.deleted_at is null and p.status <> 'closed'
    ),
    held as (
      select coalesce(sum(round(h.quantity * coalesce(s.last_close, h.average_cost), 2)), 0) as market_value,
             coalesce(sum(round(h.quantity * h.average_cost, 2)), 0) as cost
      from matching m
      join portfolios p on p.client_id = m.id and p.deleted_at is null and p.status <> 'closed'
      join holdings h on h.portfolio_id = p.id and h.quantity > 0
      join securities s on s.id = h.security_id
    )
    select (select count(*)::int from matching) as total_clients,
           round(cash.cash + held.market_value, 2) as total_aum,
           case when held.cost > 0 then round((held.market_value - held.cost) / held.cost * 100, 2) else 0 end as performance
    from cash, held
  `)) as unknown as RawRows<{ total_clients: number | string; total_aum: unknown; performance: unknown }>;
  const row = result.rows[0];
  const total = Number(row?.total_clients ?? 0);
  return {
    total_clients: total,
    total_aum: decimal(row?.total_aum),
    average_performance: decimal(row?.performance),
    assessment_complete_percent: total > 0 ? 0 : null,
  };
}

/** Portfolio count, AUM, cost and market value of the holdings of one client's open portfolios. */
export async function clientValuation(db: Db, clientId: string) {
  const result = (await db.execute(sql`
    with open_portfolios as (
      select p.id, p.cash_balance from portfolios p
      where p.client_id = ${clientId} and p.deleted_at is null and p.status <> 'closed'
    ),
    held as (
      select coalesce(sum(round(h.quantity * coalesce(s.last_close, h.average_cost), 2)), 0) as market_value,
             coalesce(sum(round(h.quantity * h.average_cost, 2)), 0) as cost
      from open_portfolios p
      join holdings h on h.portfolio_id = p.id and h.quantity > 0
      join securities s on s.id = h.security_id
    )
    select (select count(*)::int from open_portfolios) as portfolio_count,
           round((select coalesce(sum(cash_balance), 0) from open_portfolios) + held.market_value, 2) as aum,
           round(held.cost, 2) as cost_basis,
           round(held.market_value - held.cost, 2) as gain_loss,
           case when held.cost > 0 then round((held.market_value - held.cost) / held.cost * 100, 2) else 0 end as gain_loss_percent
    from held
  `)) as unknown as RawRows<Record<'portfolio_count' | 'aum' | 'cost_basis' | 'gain_loss' | 'gain_loss_percent', unknown>>;
  const row = result.rows[0];
  return {
    portfolio_count: Number(row?.portfolio_count ?? 0),
    aum: decimal(row?.aum),
    cost_basis: decimal(row?.cost_basis),
    gain_loss: decimal(row?.gain_loss),
    gain_loss_percent: decimal(row?.gain_loss_percent),
  };
}
