import { useCallback, useState } from 'react';

/** A table's page (zero-based) and page size; a new page size or a new filter goes back to the first page. */
export function usePaging(defaultPerPage: number) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPageOnly] = useState(defaultPerPage);
  const setPerPage = useCallback((size: number) => {
    setPerPageOnly(size);
    setPage(0);
  }, []);
  /** A filter's setter that also returns to the first page. */
  const filterBy = useCallback(
    <T>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setPage(0);
      },
    [],
  );
  return { page, setPage, perPage, setPerPage, filterBy };
}
