import { and, desc, eq, isNull, lte, max, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cashEffect, isTrade, roundMoney, roundPrice, roundQuantity, type TransactionType } from '@meridian/domain/portfolios/ledger';
import type { SaleLotMethod } from '@meridian/domain/analytics/tax-lots';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { Transaction, TransactionCreate } from '@meridian/domain/portfolios/transaction-contracts';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import type { Db } from '../../db/client.ts';
import { portfolios, transactions, type PortfolioRow, type TransactionRow } from '../../db/schema/portfolios.ts';
import { prices, type SecurityRow } from '../../db/schema/securities.ts';
import { findSecurity } from '../securities/securities.service.ts';
import { refreshValuations } from '../valuations/valuations.service.ts';
import { fieldError } from '../../platform/errors.ts';
import { checkCash, rebuildHoldings, type LedgerWrite } from './ledger-rebuild.ts';
import { lockClientAccounts } from './lot-costs.ts';
import { toTransaction } from './portfolios.views.ts';

/** Refused for cash: callers outside the module (implementing a recommendation) tell it from other refusals. */
export { CashShortfallError } from './ledger-rebuild.ts';

/**
 * The ledger is the truth of a portfolio. A write inserts its transactions (and marks any it voids),
 * then, in the same database transaction, rebuilds each traded security's holding from that
 * security's whole ledger (so a back-dated trade is checked against what was held on its date) and
 * the cost of the client's holdings of it in every account (ledger-rebuild.ts), checks the running cash against the account's floor (zero, or −margin_limit), rewrites the
 * portfolio's daily valuations from the earliest trade date touched, sets the portfolio's cash to the
 * sum of its ledger, bumps the portfolio's sync_version and writes the audit row. Void entries stay
 * in the table and count in no figure.
 */

/** A transaction ready to insert: rounded to the columns' scales, with its signed cash effect. */
export type NewTransaction = {
  type: TransactionType;
  tradeDate: string;
  securityId: string | null;
  quantity: number | null;
  price: number | null;
  amount: number;
  notes: string | null;
  /** A sell's own lot order (tax_optimized for a tax-aware recommendation); null takes the portfolio's method. */
  lotMethod?: SaleLotMethod | null;
};

/**
 * Rounds quantity (6 decimals), price (4) and amount (cents) as they will be stored and works out
 * the signed amount from the type. A figure that rounds to nothing is refused on its field.
 */
export function ledgerEntry(input: {
  type: TransactionType;
  tradeDate: string;
  securityId?: string | null;
  quantity?: number | null;
  price?: number | null;
  amount?: number | null;
  notes?: string | null;
}): NewTransaction {
  const quantity = input.quantity == null ? null : roundQuantity(input.quantity);
  const price = input.price == null ? null : roundPrice(input.price);
  if (isTrade(input.type) && !(quantity !== null && quantity > 0))
    throw fieldError('quantity', portfolioMessages.quantityPositive, input.quantity);
  if (!isTrade(input.type) && !(input.amount != null && roundMoney(input.amount) > 0)) {
    throw fieldError('amount', portfolioMessages.amountPositive, input.amount);
  }
  return {
    type: input.type,
    tradeDate: input.tradeDate,
    securityId: input.securityId ?? null,
    quantity,
    price,
    amount: cashEffect({ type: input.type, quantity, price, amount: input.amount }),
    notes: input.notes ? input.notes : null,
  };
}

/**
 * Records transactions in one database transaction (see the top of this file) and returns them as
 * stored; inside `within`, a transaction of the caller's, when the entries are part of a larger write.
 */
export async function recordTransactions(
  app: FastifyInstance,
  request: FastifyRequest,
  portfolio: PortfolioRow,
  entries: NewTransaction[],
  action: string,
  within?: Db,
): Promise<TransactionRow[]> {
  return (await writeLedger(app, request, portfolio, { entries }, action, within)).inserted;
}

/**
 * Adds entries and voids entries in one database transaction: locks the portfolio, inserts, marks the
 * voided entries (who, when, why), rebuilds each security touched from its ledger without void
 * entries, checks the running cash, rewrites the valuations, sets cash to the sum of the entries that
 * count, bumps the portfolio's sync_version and writes the audit row.
 */
export async function writeLedger(
  app: FastifyInstance,
  request: FastifyRequest,
  portfolio: PortfolioRow,
  write: LedgerWrite,
  action: string,
  within?: Db,
): Promise<{ inserted: TransactionRow[]; voided: TransactionRow[] }> {
  const viewer = app.currentUser(request);
  const now = app.now();
  const { entries } = write;
  const voids = write.voids ?? [];
  const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> => (within ? work(within) : app.db.transaction(work));
  return inTransaction(async (tx) => {
    // Writers of one client's accounts queue on their rows, so each ledger check and lot cost sees every earlier write.
    await lockClientAccounts(tx, portfolio.clientId);
    const [locked] = await tx
      .select({ cash: portfolios.cashBalance, marginLimit: portfolios.marginLimit })
      .from(portfolios)
      .where(eq(portfolios.id, portfolio.id))
      .for('update');
    // Same-day transactions apply in the order they were recorded: keep created_at strictly increasing per portfolio.
    const [last] = await tx
      .select({ at: max(transactions.createdAt) })
      .from(transactions)
      .where(eq(transactions.portfolioId, portfolio.id));
    const start = Math.max(now.getTime(), (last?.at?.getTime() ?? 0) + 1);
    const inserted =
      entries.length === 0
        ? []
        : await tx
            .insert(transactions)
            .values(
              entries.map((entry, index) => ({
                ...entry,
                firmId: portfolio.firmId,
                portfolioId: portfolio.id,
                replacesId: write.replacesId ?? null,
                createdBy: viewer.id,
                createdAt: new Date(start + index),
                updatedAt: now,
              })),
            )
            .returning();
    const voided: TransactionRow[] = [];
    for (const { row, reason, key } of voids) {
      // The version check is repeated in the write: a change that landed since the read wins.
      const [marked] = await tx
        .update(transactions)
        .set({
          voidedAt: now,
          voidedBy: viewer.id,
          voidReason: reason,
          voidKey: key,
          syncVersion: sql`${transactions.syncVersion} + 1`,
          updatedAt: now,
        })
        .where(and(eq(transactions.id, row.id), isNull(transactions.voidedAt), eq(transactions.syncVersion, row.syncVersion)))
        .returning();
      if (!marked) throw new StaleEntryError(row.id);
      voided.push(marked);
    }
    const touched = [...inserted, ...voided];
    const traded = [...new Set(touched.filter((row) => isTrade(row.type) && row.securityId).map((row) => row.securityId!))];
    const changes = await rebuildHoldings(tx, portfolio, traded, now, write);
    await checkCash(tx, portfolio, locked?.marginLimit ?? null, write, new Set(inserted.map((row) => row.id)));
    const earliest = touched.reduce((min, row) => (row.tradeDate < min ? row.tradeDate : min), touched[0]?.tradeDate ?? marketDate(now));
    // A void may remove the first entry: the series is then rewritten whole (it starts later).
    await refreshValuations(tx, [{ portfolioId: portfolio.id, from: voided.length > 0 ? null : earliest }], marketDate(now));
    const [after] = await tx
      .update(portfolios)
      .set({
        cashBalance: sql`coalesce((select sum(t.amount) from transactions t where t.portfolio_id = ${portfolio.id} and t.voided_at is null), 0)`,
        syncVersion: sql`${portfolios.syncVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(portfolios.id, portfolio.id))
      .returning({ cash: portfolios.cashBalance });
    const brief = (row: TransactionRow) => ({
      id: row.id,
      type: row.type,
      trade_date: row.tradeDate,
      security_id: row.securityId,
      quantity: row.quantity,
      price: row.price,
      amount: row.amount,
      ...(row.lotMethod ? { lot_method: row.lotMethod } : {}),
    });
    await app.audit(
      request,
      {
        action,
        entity: 'portfolio',
        entityId: portfolio.id,
        before: {
          cash_balance: locked?.cash ?? null,
          holdings: changes.map((change) => change.before),
          ...(voids.length > 0 ? { voided: voids.map(({ row }) => ({ ...brief(row), void: null, sync_version: row.syncVersion })) } : {}),
        },
        after: {
          cash_balance: after?.cash ?? null,
          holdings: changes.map((change) => change.after),
          transactions: inserted.map(brief),
          ...(voided.length > 0
            ? {
                voided: voided.map((row) => ({
                  ...brief(row),
                  void: { at: row.voidedAt?.toISOString(), by: row.voidedBy, reason: row.voidReason },
                  sync_version: row.syncVersion,
                })),
              }
            : {}),
        },
      },
      tx,
    );
    return { inserted, voided };
  });
}

/** The entry changed (or was voided) between the read and the write: the caller answers 409 with it as it is now. */
export class StaleEntryError extends Error {
  constructor(readonly transactionId: string) {
    super('stale ledger entry');
    this.name = 'StaleEntryError';
  }
}

/** The security a request names by id (security_id) or symbol; 422 on that field when unknown. */
export async function resolveSecurity(db: Db, reference: { security_id?: string | null; symbol?: string | null }): Promise<SecurityRow> {
  const field = reference.security_id ? 'security_id' : 'symbol';
  const value = reference.security_id || reference.symbol;
  const security = value ? await findSecurity(db, value) : undefined;
  if (!security) throw fieldError(field, value ? portfolioMessages.securityNotFound : portfolioMessages.securityRequired, value);
  // Both sent: they must agree, or the caller would trade a security other than the one they meant.
  if (reference.security_id && reference.symbol && reference.symbol.toUpperCase() !== security.symbol) {
    throw fieldError('symbol', portfolioMessages.securityMismatch(security.symbol), reference.symbol);
  }
  return security;
}

/** The trade date asked for (default today in New York); 422 when it is in the future. */
export function tradeDateOf(app: FastifyInstance, requested: string | null | undefined): string {
  const today = marketDate(app.now());
  const date = requested ?? today;
  if (date > today) throw fieldError('trade_date', portfolioMessages.tradeDateInFuture, date);
  return date;
}

/** The price given, else the close of the trade date or the latest one before it; 422 when there is none. */
export async function priceOf(db: Db, security: SecurityRow, tradeDate: string, given: number | null | undefined): Promise<number> {
  if (given != null) return given;
  const [close] = await db
    .select({ close: prices.close })
    .from(prices)
    .where(and(eq(prices.securityId, security.id), lte(prices.date, tradeDate)))
    .orderBy(desc(prices.date))
    .limit(1);
  if (!close) throw fieldError('price', portfolioMessages.noClose(security.symbol, tradeDate), null);
  return close.close;
}

const securityBrief = (security: SecurityRow | null) =>
  security ? { id: security.id, symbol: security.symbol, name: security.name } : null;

/** A request's entry (POST a transaction, or the new half of a correction) with the security it names. */
export async function entryFromBody(app: FastifyInstance, body: TransactionCreate) {
  const security = body.security_id || body.symbol ? await resolveSecurity(app.db, body) : null;
  const entry = ledgerEntry({
    type: body.type,
    tradeDate: tradeDateOf(app, body.trade_date),
    securityId: security?.id ?? null,
    quantity: body.quantity,
    price: body.price,
    amount: body.amount,
    notes: body.notes,
  });
  return { security, entry };
}

/** POST /portfolios/{id}/transactions: one ledger entry of any type. */
export async function addTransaction(
  app: FastifyInstance,
  request: FastifyRequest,
  portfolio: PortfolioRow,
  body: TransactionCreate,
): Promise<Transaction> {
  const { security, entry } = await entryFromBody(app, body);
  const [row] = await recordTransactions(app, request, portfolio, [entry], 'transaction recorded');
  if (!row) throw new Error('transaction insert returned nothing');
  return toTransaction(row, securityBrief(security));
}
