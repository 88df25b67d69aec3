import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { isUuid } from '@meridian/domain/portfolios/contracts';
import type {
  Transaction,
  TransactionCorrect,
  TransactionCorrection,
  TransactionVoid,
} from '@meridian/domain/portfolios/transaction-contracts';
import type { Db } from '../../db/client.ts';
import { transactions, type PortfolioRow, type TransactionRow } from '../../db/schema/portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../platform/http-error.ts';
import { voiderName } from './ledger.queries.ts';
import { entryFromBody, StaleEntryError, writeLedger, type NewTransaction } from './ledger.service.ts';
import { toTransaction } from './portfolios.views.ts';

/**
 * Mistakes in the ledger are corrected, never edited or deleted (DESIGN decision 17): a void marks the
 * entry with who, when and why and every figure is recomputed without it; a correction is that void
 * and the entry that replaces it, in one write. Both name the entry's sync_version (409 with the entry
 * as it is now on a stale one) and honour an Idempotency-Key: a replay of the request that voided the
 * entry answers as the first one did instead of a conflict.
 */

export type CorrectionResult<T> = { ok: true; result: T } | { ok: false; current: Transaction };

const transactionNotFound = () => notFound(portfolioMessages.transactionNotFound);

/** The entry with its security and the name of who voided it, or 404 when the portfolio holds no such entry. */
async function entryOf(db: Db, portfolio: PortfolioRow, id: string) {
  const [row] = isUuid(id)
    ? await db
        .select({
          transaction: transactions,
          security: { id: securities.id, symbol: securities.symbol, name: securities.name },
          voidedBy: voiderName,
        })
        .from(transactions)
        .leftJoin(securities, eq(securities.id, transactions.securityId))
        .leftJoin(users, eq(users.id, transactions.voidedBy))
        .where(and(eq(transactions.portfolioId, portfolio.id), eq(transactions.id, id)))
    : [];
  if (!row) throw transactionNotFound();
  return row;
}

const viewOf = (row: Awaited<ReturnType<typeof entryOf>>) => toTransaction(row.transaction, row.security, row.voidedBy);

/** The Idempotency-Key header of the request (trimmed, at most 200 characters), or null. */
function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim().slice(0, 200);
  return key ? key : null;
}

/** The entry as it is now when the request cannot apply: a replay of the void that voided it, or a conflict. */
function settled(row: TransactionRow, key: string | null, version: number) {
  if (key !== null && row.voidKey === key) return 'replay' as const;
  if (row.syncVersion !== version || row.voidedAt) return 'conflict' as const;
  return null;
}

/**
 * Voids an entry, and for a correction records its replacement in the same write; `answer` reads what
 * the request answers once the entry is changed (by this request, or by the one it replays). The
 * replacement is made only when the change is written, so a replay or a conflict records nothing.
 */
async function changeEntry<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  portfolio: PortfolioRow,
  transactionId: string,
  body: TransactionVoid, // a correction's body is a void's (version and reason) and its replacement
  change: { action: string; replacement?: () => Promise<NewTransaction> },
  answer: () => Promise<T>,
): Promise<CorrectionResult<T>> {
  const key = idempotencyKey(request);
  const found = await entryOf(app.db, portfolio, transactionId);
  const state = settled(found.transaction, key, body.sync_version);
  if (state === 'replay') return { ok: true, result: await answer() };
  if (state === 'conflict') return { ok: false, current: viewOf(found) };
  const replacement = change.replacement && (await change.replacement());
  try {
    await writeLedger(
      app,
      request,
      portfolio,
      {
        entries: replacement ? [replacement] : [],
        voids: [{ row: found.transaction, reason: body.reason, key }],
        ...(replacement && { replacesId: found.transaction.id }),
      },
      change.action,
    );
  } catch (error) {
    if (error instanceof StaleEntryError) return { ok: false, current: viewOf(await entryOf(app.db, portfolio, transactionId)) };
    throw error;
  }
  return { ok: true, result: await answer() };
}

/** POST /portfolios/{id}/transactions/{transactionId}/void */
export function voidTransaction(
  app: FastifyInstance,
  request: FastifyRequest,
  portfolio: PortfolioRow,
  transactionId: string,
  body: TransactionVoid,
): Promise<CorrectionResult<Transaction>> {
  return changeEntry(app, request, portfolio, transactionId, body, { action: 'transaction voided' }, async () =>
    viewOf(await entryOf(app.db, portfolio, transactionId)),
  );
}

/** POST /portfolios/{id}/transactions/{transactionId}/correct: the voided entry and the one that replaces it. */
export function correctTransaction(
  app: FastifyInstance,
  request: FastifyRequest,
  portfolio: PortfolioRow,
  transactionId: string,
  body: TransactionCorrect,
): Promise<CorrectionResult<TransactionCorrection>> {
  const replacement = async () => (await entryFromBody(app, body)).entry;
  return changeEntry(app, request, portfolio, transactionId, body, { action: 'transaction corrected', replacement }, async () => {
    const [replacing] = await app.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.portfolioId, portfolio.id), eq(transactions.replacesId, transactionId)))
      .orderBy(desc(transactions.createdAt))
      .limit(1);
    if (!replacing) throw transactionNotFound();
    return {
      voided: viewOf(await entryOf(app.db, portfolio, transactionId)),
      replacement: viewOf(await entryOf(app.db, portfolio, replacing.id)),
    };
  });
}
