import { z } from 'zod';
import { pageMessages } from './messages.ts';

/**
 * The paging contract of every list: `page` and `per_page` (at most 100) in the query, and
 * `{ <items>: [...], total, page, per_page, pages }` in the answer.
 */

/** The most rows one page of any list holds (pageMessages name this figure). */
export const perPageMax = 100;

/** The furthest page any list serves (pageMessages name it): keeps OFFSET small and within bigint. */
export const pageMax = 100_000;

/** A whole number within bounds from a query string, with one message a person can act on. */
export const wholeNumber = (message: string, min: number, max?: number) => {
  const base = z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message });
  return max === undefined ? base : base.max(max, { error: message });
};

export type PageQueryOptions = {
  /** Rows a page when the query names none. */
  perPageDefault: number;
  /**
   * Also accept `limit`, another name for per_page that wins when both are sent. The two are then
   * read together: neither has a default in the schema, and perPageOf applies the list's default.
   */
  limit?: boolean;
};

type PageNumberField = ReturnType<typeof pageNumber>;
type PerPageField = ReturnType<typeof wholeNumber>;

const pageNumber = () => wholeNumber(pageMessages.pageInvalid, 1).max(pageMax, { error: pageMessages.pageTooLarge }).default(1);

/** The paging fields of a list query, to spread into its z.object. */
export function pageQuery(options: PageQueryOptions & { limit: true }): {
  page: PageNumberField;
  per_page: z.ZodOptional<PerPageField>;
  limit: z.ZodOptional<PerPageField>;
};
export function pageQuery(options: PageQueryOptions & { limit?: false }): {
  page: PageNumberField;
  per_page: z.ZodDefault<PerPageField>;
};
export function pageQuery(options: PageQueryOptions) {
  const perPage = wholeNumber(pageMessages.perPageInvalid, 1, perPageMax);
  if (!options.limit) return { page: pageNumber(), per_page: perPage.default(options.perPageDefault) };
  return {
    page: pageNumber(),
    per_page: perPage.optional(),
    limit: wholeNumber(pageMessages.limitInvalid, 1, perPageMax).optional(),
  };
}

/** Rows a page the query asks for: `limit` wins over per_page; when neither is sent, the list's default. */
export const perPageOf = (query: { per_page?: number | undefined; limit?: number | undefined }, perPageDefault: number) =>
  query.limit ?? query.per_page ?? perPageDefault;

const pageInfoShape = {
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
};

/** The answer of a list: `{ [key]: item[], total, page, per_page, pages }`, in that order. */
export const pageOf = <const K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), ...pageInfoShape } as { [P in K]: z.ZodArray<T> } & typeof pageInfoShape);

export type PageInfo = { total: number; page: number; per_page: number; pages: number };

/** Pages needed for `total` rows (0 when there is none). */
export const pagesFor = (total: number, perPage: number) => Math.ceil(total / perPage);

/** The rows of one page: SQL's limit and offset. */
export const pageWindow = (page: number, perPage: number) => ({ limit: perPage, offset: (page - 1) * perPage });

/** The paging fields of a list's answer, after its items. */
export const pageInfo = (total: number, page: number, perPage: number): PageInfo => ({
  total,
  page,
  per_page: perPage,
  pages: pagesFor(total, perPage),
});

/**
 * The count of all matches, carried by every row of the page (count(*) over ()). A page past the
 * end has no row to carry it: only then is countAll asked (an empty first page means none match).
 */
export const pageTotal = async (rows: readonly { total?: number | null }[], page: number, countAll: () => Promise<number>) =>
  rows[0]?.total ?? (page > 1 ? countAll() : 0);

/** A blank query parameter reads as absent ("?status=" is a filter set to All). */
export const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);
