import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The advisors' books (book_valuations) take changes by appending them (book_valuation_changes, see
 * the schema): every process folds what is committed into the books this often, and readers add
 * what is still waiting, so a fold's timing never changes an answer.
 */
export const bookFoldIntervalMs = 60_000;

/** Moves the committed book changes into book_valuations; answers the book rows written. */
export async function foldBookChanges(db: Db): Promise<number> {
  const result = (await db.execute(sql`select fold_book_valuation_changes() as rows`)) as unknown as { rows: Array<{ rows: number }> };
  return Number(result.rows[0]?.rows ?? 0);
}
