import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { isTrade, OversellError, positionFromTransactions, type Position } from '@meridian/domain/portfolios/ledger';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { cashShortfallMessage, describeEntry, firstCashShortfall, type CashCheckEntry } from '@meridian/domain/portfolios/cash-check';
import type { Db } from '../../db/client.ts';
import { holdings, transactions, type PortfolioRow, type TransactionRow } from '../../db/schema/portfolios.ts';
import { securities } from '../../db/schema/securities.ts';
import { fieldError, RequestValidationError } from '../../platform/errors.ts';
import { HttpError } from '../../platform/http-error.ts';
import { clientLots, holdingCost, storeLotCosts, type ClientLots } from './lot-costs.ts';
import type { NewTransaction } from './ledger.service.ts';

/** A write refused because it would take cash below its floor: 422 on the field, with the message a caller may pass on. */
export class CashShortfallError extends RequestValidationError {
  constructor(
    issues: RequestValidationError['issues'],
    readonly detail: string,
  ) {
    super(issues);
  }
}

/**
 * What a ledger write (ledger.service.ts) works out again from the ledger after its inserts and voids:
 * each traded security's holding (shares, average cost and open-lot cost), the cost of the client's
 * holdings of it in their other accounts (a wash sale moves a loss between accounts), and the
 * running cash against the account's floor. Each refuses the write with a message naming it.
 */

/** What a write does to the ledger: entries it adds, entries it voids, and how a refusal names it ('This buy', 'Voiding this deposit'). */
export type LedgerWrite = {
  entries: NewTransaction[];
  voids?: Array<{ row: TransactionRow; reason: string; key: string | null }>;
  /** For a correction: the entry the new one replaces. */
  replacesId?: string;
};

type PositionSnapshot = { security_id: string; quantity: number; average_cost: number; cost_basis: number | null } | null;

/** A holding before and after the write, for the audit. */
type HoldingChange = { before: PositionSnapshot; after: PositionSnapshot };

/** The entries of a portfolio that count (not void), or those and the ones being voided now, for a check. */
const counted = (portfolioId: string, voiding: readonly string[]) =>
  voiding.length > 0
    ? and(eq(transactions.portfolioId, portfolioId), or(isNull(transactions.voidedAt), inArray(transactions.id, [...voiding])))
    : and(eq(transactions.portfolioId, portfolioId), isNull(transactions.voidedAt));

/** 'This buy' or 'Voiding this deposit': the subject of a refusal. */
const subjectOf = (write: LedgerWrite): string => {
  const voided = write.voids?.[0]?.row;
  if (voided) return `${write.entries.length > 0 ? 'Correcting' : 'Voiding'} this ${voided.type}`;
  return `This ${write.entries[0]?.type ?? 'entry'}`;
};

/**
 * One security's position in this portfolio from its ledger (void entries excluded): its quantity and
 * average cost; a sell beyond what was held at its point of the ledger fails the write.
 */
async function positionOf(tx: Db, portfolio: PortfolioRow, securityId: string, write: LedgerWrite): Promise<Position> {
  const ledger = await tx
    .select({ type: transactions.type, quantity: transactions.quantity, price: transactions.price, tradeDate: transactions.tradeDate })
    .from(transactions)
    .where(
      and(
        eq(transactions.portfolioId, portfolio.id),
        eq(transactions.securityId, securityId),
        inArray(transactions.type, ['buy', 'sell']),
        isNull(transactions.voidedAt),
      ),
    )
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
  try {
    return positionFromTransactions(ledger);
  } catch (error) {
    if (!(error instanceof OversellError)) throw error;
    if (!write.voids?.length) throw fieldError('quantity', error.message, error.requested);
    // A void (or correction) took away shares a later sell needed: name that sell.
    const sell = ledger[error.index];
    const [security] = await tx.select({ symbol: securities.symbol }).from(securities).where(eq(securities.id, securityId));
    const described = describeEntry({ type: 'sell', amount: 0, quantity: error.requested, symbol: security?.symbol ?? null });
    throw new HttpError(422, portfolioMessages.sellUncovered(subjectOf(write), described, sell?.tradeDate ?? '', error.held));
  }
}

/** Writes one holding of the portfolio as its position stands, costed by its open lots; no shares, no holding. */
async function storeHolding(
  tx: Db,
  portfolio: PortfolioRow,
  securityId: string,
  position: Position,
  lots: ClientLots,
  now: Date,
): Promise<HoldingChange> {
  const [existing] = await tx
    .select({ quantity: holdings.quantity, averageCost: holdings.averageCost, costBasis: holdings.costBasis })
    .from(holdings)
    .where(and(eq(holdings.portfolioId, portfolio.id), eq(holdings.securityId, securityId)));
  const costBasis = holdingCost(lots, { portfolioId: portfolio.id, securityId, ...position });
  if (position.quantity > 0) {
    const figures = { quantity: position.quantity, averageCost: position.averageCost, costBasis };
    await tx
      .insert(holdings)
      .values({ firmId: portfolio.firmId, portfolioId: portfolio.id, securityId, ...figures, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [holdings.portfolioId, holdings.securityId],
        set: { ...figures, syncVersion: sql`${holdings.syncVersion} + 1`, updatedAt: now },
      });
  } else {
    // No shares, no holding: a later buy opens a new one.
    await tx.delete(holdings).where(and(eq(holdings.portfolioId, portfolio.id), eq(holdings.securityId, securityId)));
  }
  const snapshot = (quantity: number, averageCost: number, cost: number | null): PositionSnapshot => ({
    security_id: securityId,
    quantity,
    average_cost: averageCost,
    cost_basis: cost,
  });
  return {
    before: existing ? snapshot(existing.quantity, existing.averageCost, existing.costBasis) : null,
    after: position.quantity > 0 ? snapshot(position.quantity, position.averageCost, costBasis) : null,
  };
}

/**
 * Rebuilds each traded security's holding of the portfolio from its ledger, costed by the lots of the
 * client's positions (positionLots, each sell in its own lot order when it names one), then rewrites
 * the cost of the client's holdings of those securities in their other accounts: a loss sold here can
 * move into a replacement's basis there, and a void or correction can take it back.
 */
export async function rebuildHoldings(
  tx: Db,
  portfolio: PortfolioRow,
  securityIds: readonly string[],
  now: Date,
  write: LedgerWrite,
): Promise<HoldingChange[]> {
  if (securityIds.length === 0) return [];
  const positions: Array<{ securityId: string; position: Position }> = [];
  for (const securityId of securityIds) positions.push({ securityId, position: await positionOf(tx, portfolio, securityId, write) });
  const lots = await clientLots(tx, portfolio.clientId, securityIds);
  const changes: HoldingChange[] = [];
  for (const { securityId, position } of positions) changes.push(await storeHolding(tx, portfolio, securityId, position, lots, now));
  await storeLotCosts(tx, portfolio.clientId, securityIds, { lots });
  return changes;
}

/**
 * Cash never goes below zero, or below −margin_limit (DESIGN decision 17): the running cash of the
 * ledger after the write is checked from its earliest change on (see firstCashShortfall), so a
 * back-dated buy cannot leave an earlier day short and a void cannot leave a later withdrawal unfunded.
 */
export async function checkCash(
  tx: Db,
  portfolio: PortfolioRow,
  marginLimit: number | null,
  write: LedgerWrite,
  added: ReadonlySet<string>,
) {
  const voiding = (write.voids ?? []).map((entry) => entry.row.id);
  const rows = await tx
    .select({
      id: transactions.id,
      type: transactions.type,
      tradeDate: transactions.tradeDate,
      amount: transactions.amount,
      quantity: transactions.quantity,
      symbol: securities.symbol,
    })
    .from(transactions)
    .leftJoin(securities, eq(securities.id, transactions.securityId))
    .where(counted(portfolio.id, voiding))
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
  const ledger: CashCheckEntry[] = rows.map((row) => ({
    ...row,
    status: added.has(row.id) ? 'added' : voiding.includes(row.id) ? 'removed' : 'kept',
  }));
  const shortfall = firstCashShortfall(ledger, marginLimit);
  if (!shortfall) return;
  const own = shortfall.entry.status === 'added' && !write.voids?.length;
  const at = ledger.indexOf(shortfall.entry);
  const backDated = ledger.slice(at + 1).some((entry) => entry.status === 'kept');
  const message = cashShortfallMessage(subjectOf(write), shortfall, marginLimit, { atOwnEntry: own, backDated });
  if (write.voids?.length) throw new HttpError(422, message);
  const first = write.entries[0];
  const { issues } = fieldError(
    first && isTrade(first.type) ? 'quantity' : 'amount',
    message,
    first ? (first.quantity ?? Math.abs(first.amount)) : null,
  );
  throw new CashShortfallError(issues, message);
}
