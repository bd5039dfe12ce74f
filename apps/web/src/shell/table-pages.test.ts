import { describe, expect, it } from 'vitest';
import {
  ALL_ROWS,
  INVOICE_TABLE_PAGES,
  pageOf,
  PICK_LIST_TABLE_PAGES,
  PO_AREA_TABLE_PAGES,
  PO_LIST_TABLE_PAGES,
  rowsPerPageOptions,
  TRANSFER_AND_BIN_TABLE_PAGES,
} from './table-pages';

describe('table pages (001 §9, 000 §9)', () => {
  it('offers 5, 10, 15, 50 or all rows in a PO-area table, 10 first', () => {
    expect(rowsPerPageOptions(PO_AREA_TABLE_PAGES)).toEqual([5, 10, 15, 50, { label: 'All', value: ALL_ROWS }]);
    expect(PO_AREA_TABLE_PAGES.initial).toBe(10);
  });

  it('gives every other table its own sizes from the spec', () => {
    expect(rowsPerPageOptions(TRANSFER_AND_BIN_TABLE_PAGES)).toEqual([5, 10, 25]);
    expect(TRANSFER_AND_BIN_TABLE_PAGES.initial).toBe(10);
    expect(rowsPerPageOptions(PICK_LIST_TABLE_PAGES)).toEqual([5, 10, 25, 50, 100]);
    expect(PICK_LIST_TABLE_PAGES.initial).toBe(25);
    expect(rowsPerPageOptions(PO_LIST_TABLE_PAGES)).toEqual([5, 10, 15, 25, 50, 100]);
    expect(PO_LIST_TABLE_PAGES.initial).toBe(25);
    expect(rowsPerPageOptions(INVOICE_TABLE_PAGES)).toEqual([10]);
  });

  it('offers all rows only where the list is held whole (no server-paged table)', () => {
    for (const pages of [TRANSFER_AND_BIN_TABLE_PAGES, PICK_LIST_TABLE_PAGES, PO_LIST_TABLE_PAGES, INVOICE_TABLE_PAGES])
      expect(pages.options).not.toContain(ALL_ROWS);
    for (const pages of [
      PO_AREA_TABLE_PAGES,
      TRANSFER_AND_BIN_TABLE_PAGES,
      PICK_LIST_TABLE_PAGES,
      PO_LIST_TABLE_PAGES,
      INVOICE_TABLE_PAGES,
    ])
      expect(pages.options).toContain(pages.initial);
  });

  it('cuts a page of a list held whole, all of it for all rows, the page kept within the list', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 0, 10)).toEqual({ page: 0, rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
    expect(pageOf(rows, 2, 10)).toEqual({ page: 2, rows: [20, 21, 22] });
    expect(pageOf(rows, 7, 10)).toEqual({ page: 2, rows: [20, 21, 22] });
    expect(pageOf(rows, 3, ALL_ROWS)).toEqual({ page: 0, rows });
    expect(pageOf([], 4, 15)).toEqual({ page: 0, rows: [] });
  });
});
