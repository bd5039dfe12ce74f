import { useState } from 'react';
import {
  BIN_DEFAULT_PAGE_SIZE,
  BIN_PAGE_SIZES,
  INVOICE_PAGE_SIZE,
  PICK_LIST_DEFAULT_PAGE_SIZE,
  PICK_LIST_PAGE_SIZES,
  PO_DEFAULT_PAGE_SIZE,
  PO_PAGE_SIZES,
} from '@keystone/contracts';

/**
 * The rows-per-page choices of every paged table, in one place (001 §9, 000 §9). A server-paged table's sizes come from
 * its contract (the server checks `per_page` against them); a table paged in the browser over a list it holds whole
 * may offer all rows.
 */

/** "All rows": MUI's TablePagination value for it, shown as 'All'. */
export const ALL_ROWS = -1;

export interface TTablePages {
  /** The sizes offered, in order; ALL_ROWS for all. */
  readonly options: readonly number[];
  /** The size a table opens with. */
  readonly initial: number;
}

/** 001 §9: PO-area tables (the PO's invoices, a line's received serials, the vendor table) offer 5, 10, 15, 50 or all rows, 10 first. */
export const PO_AREA_TABLE_PAGES: TTablePages = { options: [5, 10, 15, 50, ALL_ROWS], initial: 10 };
/** 000 §9: the PO list (and its line-level table) offers 5, 10, 15, 25, 50 or 100, 25 first; server-paged. */
export const PO_LIST_TABLE_PAGES: TTablePages = { options: PO_PAGE_SIZES, initial: PO_DEFAULT_PAGE_SIZE };
/** 001 §9: the invoice table shows 10 per page; server-paged. */
export const INVOICE_TABLE_PAGES: TTablePages = { options: [INVOICE_PAGE_SIZE], initial: INVOICE_PAGE_SIZE };
/** 001 §9: transfer and bin tables offer 5, 10 or 25, 10 first (the bins table is server-paged). */
export const TRANSFER_AND_BIN_TABLE_PAGES: TTablePages = { options: BIN_PAGE_SIZES, initial: BIN_DEFAULT_PAGE_SIZE };
/** 001 §9: the pick list offers 5, 10, 25, 50 or 100, 25 first; server-paged. */
export const PICK_LIST_TABLE_PAGES: TTablePages = {
  options: PICK_LIST_PAGE_SIZES,
  initial: PICK_LIST_DEFAULT_PAGE_SIZE,
};

/** TablePagination's `rowsPerPageOptions` for a set: numbers, and 'All' for ALL_ROWS. */
export function rowsPerPageOptions(pages: TTablePages): (number | { label: string; value: number })[] {
  return pages.options.map((size) => (size === ALL_ROWS ? { label: 'All', value: ALL_ROWS } : size));
}

/** The rows of a page of a list held whole, the page kept within the list (a shorter list shows its last page). */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { page: number; rows: T[] } {
  if (size === ALL_ROWS) return { page: 0, rows: [...rows] };
  const lastPage = Math.max(0, Math.ceil(rows.length / size) - 1);
  const shown = Math.min(Math.max(page, 0), lastPage);
  return { page: shown, rows: rows.slice(shown * size, shown * size + size) };
}

/**
 * Paging in the browser over a list held whole: the rows of the current page, and the props for MUI's
 * `<TablePagination component="div" {...pagination} />` (the sizes of `pages`, the page back to the first on a new size).
 */
export function useClientPages<T>(rows: readonly T[], pages: TTablePages) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(pages.initial);
  const current = pageOf(rows, page, size);
  return {
    rows: current.rows,
    /** Back to the first page (a new filter). */
    firstPage: () => setPage(0),
    pagination: {
      count: rows.length,
      page: current.page,
      rowsPerPage: size,
      rowsPerPageOptions: rowsPerPageOptions(pages),
      onPageChange: (_event: unknown, next: number) => setPage(next),
      onRowsPerPageChange: (event: { target: { value: string } }) => {
        setSize(Number(event.target.value));
        setPage(0);
      },
    },
  };
}
