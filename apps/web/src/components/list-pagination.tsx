import TablePagination from '@mui/material/TablePagination';
import { pagesFor } from '@meridian/domain/shared/pagination';

type ListPaginationProps = {
  total: number;
  /** Zero-based, as MUI counts pages. */
  page: number;
  perPage: number;
  perPageOptions: readonly number[];
  onPage: (page: number) => void;
  /** A new page size (usePaging goes back to the first page with it). */
  onPerPage: (perPage: number) => void;
};

/**
 * The pager under every paginated table. The page shown is kept within the pages there are, so a
 * list that shrank under it (a filter, a delete elsewhere) never asks MUI for a page past the end.
 */
export function ListPagination({ total, page, perPage, perPageOptions, onPage, onPerPage }: ListPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, Math.max(0, pagesFor(total, perPage) - 1))}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...perPageOptions]}
      onPageChange={(_event, next) => onPage(next)}
      onRowsPerPageChange={(event) => onPerPage(Number(event.target.value))}
    />
  );
}
