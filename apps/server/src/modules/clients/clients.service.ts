import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  asSeenByClient,
  clientLimits,
  type Client,
  type ClientListResponse,
  type ClientStats,
  type ClientSummary,
} from '@meridian/domain/clients/contracts';
import type { ClientFilterQuery, ClientListQuery } from '@meridian/domain/clients/list-query';
import { clientMessages } from '@meridian/domain/shared/messages';
import type { RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { pageInfo, pageTotal, pageWindow, perPageOf } from '@meridian/domain/shared/pagination';
import type { Db } from '../../db/client.ts';
import { placeholders, StatementCache } from '../../db/statements.ts';
import { clients, households, type ClientRow } from '../../db/schema/clients.ts';
import { notFound } from '../../platform/http-error.ts';
import {
  clientConditions,
  clientStats,
  countOf,
  findClient,
  selectClientCount,
  selectClients,
  toClient,
  usesTrigrams,
  type ClientListRow,
  type PerformanceSort,
} from './clients.queries.ts';
import { clientReach, type Viewer } from '../../platform/reach.ts';
import { isUuid } from '@meridian/domain/shared/ids';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import { clientPerformance, clientValuation, seriesFrom } from '../valuations/client-valuations.service.ts';
import { bookReturn } from '../valuations/book-valuations.service.ts';
import { defaultAnalyticsPeriod } from '@meridian/domain/analytics/contracts';

/** Reading clients: the list and its cards, one client, the client page's figures. Writes are in client-writes.service.ts. */

export const clientNotFound = () => notFound(clientMessages.clientNotFound);

/** The list's page and count statements, built once per shape of request (see StatementCache). */
const listStatements = new StatementCache('clients_list');

export async function listClients(app: FastifyInstance, viewer: Viewer, query: ClientListQuery): Promise<ClientListResponse> {
  const perPage = perPageOf(query, clientLimits.perPageDefault);
  const values = placeholders();
  const where = clientConditions(viewer, query, values);
  const { limit, offset } = pageWindow(query.page, perPage);
  // A search the trigram index answers: one statement finds the matches and counts them. Otherwise
  // the page follows an index in order and stops at the page, and counting is separate.
  const countMatches = Boolean(query.search && usesTrigrams(query.search));
  const filterShape = values.shape();
  const now = app.now();
  // A sort by performance reads the stored series of the period asked (its first day a placeholder).
  let performanceSort: PerformanceSort | undefined;
  if (query.sort === 'performance') {
    const from = seriesFrom(query.performance_period, marketDate(now));
    performanceSort = { period: query.performance_period, from: from === null ? null : values.bind('seriesFrom', from) };
    values.mark(query.performance_period);
  }
  const shape = `${values.shape()}|${query.sort}|${query.order}`;
  const page = () =>
    listStatements.run(
      app.db,
      `page|${countMatches}|${shape}`,
      () =>
        selectClients(app.db, where, {
          sort: query.sort,
          order: query.order,
          limit: sql.placeholder('limit'),
          offset: sql.placeholder('offset'),
          countMatches,
          performance: performanceSort,
        }),
      { ...values.values, limit, offset },
    );
  const count = () =>
    listStatements.run(app.db, `count|${filterShape}`, () => selectClientCount(app.db, where), values.values).then(countOf);
  let rows: ClientListRow[];
  let total: number;
  if (countMatches) {
    rows = await page();
    total = await pageTotal(rows, query.page, count);
  } else {
    // Two statements at once: two connections on PostgreSQL.
    [rows, total] = await Promise.all([page(), count()]);
  }
  const performance = await clientPerformance(
    app.db,
    rows.map((row) => row.id),
    query.performance_period,
    marketDate(now),
  );
  const answered = rows.map((row) => forViewer(viewer, toClient(row, now, performance.get(row.id) ?? null)));
  return { clients: answered, ...pageInfo(total, query.page, perPage) };
}

/** The period of the list's performance card: the dashboard's Portfolio Performance period. */
const bookPerformancePeriod = defaultAnalyticsPeriod;

/**
 * The list's cards over the clients in reach that pass the filters (no filter: every client in reach,
 * as the dashboard counts them); performance is the book's time-weighted return, the dashboard's figure.
 */
export async function clientListStats(app: FastifyInstance, viewer: Viewer, filters: ClientFilterQuery): Promise<ClientStats> {
  const where = clientConditions(viewer, filters);
  const [stats, book] = await Promise.all([
    clientStats(app.db, where),
    bookReturn(app.db, viewer, bookPerformancePeriod, marketDate(app.now())),
  ]);
  return {
    ...stats,
    average_performance: book.twr === null ? null : book.twr * 100,
    performance_period: book.period,
    performance_start_date: book.start_date,
    performance_as_of: book.as_of,
  };
}

/** A client in reach, as answered; 404 'Client not found' otherwise (also for another firm's or a malformed id). */
export async function getClient(app: FastifyInstance, viewer: Viewer, id: string): Promise<Client> {
  const client = isUuid(id) ? await findClient(app.db, viewer, id.toLowerCase(), app.now()) : undefined;
  if (!client) throw clientNotFound();
  return forViewer(viewer, client);
}

/** What a client user reads of their own record: no staff-only field (asSeenByClient). */
const forViewer = (viewer: Viewer, client: Client): Client => (viewer.role === 'client' ? asSeenByClient(client) : client);

/** The row of a client in reach, for writes (inside the transaction that writes it). */
export async function clientRowInReach(db: Db, viewer: Viewer, id: string): Promise<ClientRow> {
  if (!isUuid(id)) throw clientNotFound();
  const [row] = await db
    .select()
    .from(clients)
    .where(and(clientReach(viewer), eq(clients.id, id.toLowerCase())));
  if (!row) throw clientNotFound();
  return row;
}

/** The client's band; null while not assessed (no band is ever inferred from the rest of the profile). */
export const clientBand = (client: Pick<ClientRow, 'riskBand'>): RiskBand | null => client.riskBand;

/** The client page's figures: portfolios, AUM, unrealised gain/loss, activity, assessment, household. */
export async function clientSummary(app: FastifyInstance, viewer: Viewer, id: string): Promise<ClientSummary> {
  const client = await getClient(app, viewer, id);
  const valuation = await clientValuation(app.db, client.id);
  let household: ClientSummary['household'] = null;
  if (client.household_id) {
    const [row] = await app.db
      .select({ id: households.id, name: households.name })
      .from(households)
      .where(and(eq(households.id, client.household_id), isNull(households.deletedAt)));
    if (row) {
      const members = await app.db
        .select({ client_id: clients.id, first_name: clients.firstName, last_name: clients.lastName, role: clients.householdRole })
        .from(clients)
        .where(and(eq(clients.householdId, row.id), isNull(clients.deletedAt)))
        .orderBy(
          householdRoleRank(clients.householdRole),
          asc(sql`lower(${clients.lastName})`),
          asc(sql`lower(${clients.firstName})`),
          asc(clients.id),
        );
      household = { id: row.id, name: row.name, members };
    }
  }
  return {
    client_id: client.id,
    ...valuation,
    last_activity_at: client.last_activity_at,
    assessment_status: client.assessment_status,
    household,
  };
}

/** Head, spouse, child, other. */
export const householdRoleRank = (column: typeof clients.householdRole): SQL =>
  sql`case ${column} when 'head' then 1 when 'spouse' then 2 when 'child' then 3 else 4 end`;
