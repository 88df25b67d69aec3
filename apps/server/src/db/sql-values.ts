/** How some values are written into SQL: literally inside a LIKE pattern, or as one array parameter. */

/** LIKE treats % _ and \ specially; a search for "50%_off" means those characters literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Ids as one PostgreSQL array literal parameter (`= any($1::uuid[])`). */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
