import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * How values enter a statement: inline as parameters (`inlineValues`), or as named placeholders
 * whose values are recorded (`placeholders()`), so one built statement serves every request of
 * the same shape. `mark` names a part of the statement that no value tells apart (a constant
 * condition), so that it counts in the shape.
 */
export type Binder = {
  bind: <T>(name: string, value: T) => T | Placeholder;
  mark: (token: string) => void;
};

export const inlineValues: Binder = { bind: (_name, value) => value, mark: () => {} };

/**
 * A binder that records values by placeholder name. Its `shape` lists the placeholders in the
 * order they were bound, then the marks: two requests of one shape build the same SQL.
 */
export function placeholders(): Binder & { values: Record<string, unknown>; shape: () => string } {
  const values: Record<string, unknown> = {};
  const marks: string[] = [];
  return {
    bind: (name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    },
    mark: (token) => void marks.push(token),
    values,
    shape: () => [...Object.keys(values), ...marks].join(','),
  };
}

type Executable<R> = { execute: (values?: Record<string, unknown>) => Promise<R> };
type Preparable<R> = Executable<R> & { prepare: (name: string) => Executable<R> };

/**
 * Statements built once per shape and prepared under a name, per database: a hot read skips
 * building its SQL (about a millisecond of CPU for the client list) and PostgreSQL skips parsing
 * it. Plans stay custom per call (plan_cache_mode, see plannerSettings), so a search term is
 * planned with its real selectivity. At most `capacity` shapes are kept, which bounds the named
 * statements each PostgreSQL connection holds; any other shape is built and run unnamed.
 */
export class StatementCache {
  private readonly byDatabase = new WeakMap<Db, Map<string, Executable<unknown>>>();

  constructor(
    private readonly prefix: string,
    private readonly capacity = 128,
  ) {}

  run<R>(db: Db, shape: string, build: () => Preparable<R>, values: Record<string, unknown>): Promise<R> {
    let statements = this.byDatabase.get(db);
    if (!statements) this.byDatabase.set(db, (statements = new Map()));
    const known = statements.get(shape) as Executable<R> | undefined;
    if (known) return known.execute(values);
    if (statements.size >= this.capacity) return build().execute(values);
    const prepared = build().prepare(`${this.prefix}_${statements.size + 1}`);
    statements.set(shape, prepared);
    return prepared.execute(values);
  }
}
