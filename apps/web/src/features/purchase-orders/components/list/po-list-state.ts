import {
  dollarsToCents,
  formatUsd,
  PO_DEFAULT_PAGE_SIZE,
  PO_PAGE_SIZES,
  PO_SORT_COLUMNS,
  SAVED_VIEW_LISTS,
} from '@keystone/contracts';
import type { TPoListQuery } from '../../api/purchase-order-list';
import { formatDate } from '../../../../lib/format-date';

/** The list's filters, by their names in the query string (000 §2). */
export const PO_FILTER_NAMES = SAVED_VIEW_LISTS['purchase-orders'].filters;
export type TPoFilterName = (typeof PO_FILTER_NAMES)[number];
export type TPoFilters = Record<TPoFilterName, string>;

/** Text filters wait this long after the last keystroke before they apply (000 §9). */
export const TEXT_FILTER_DEBOUNCE_MS = 500;
export const PAID_OPTIONS = ['All', 'Yes', 'No'] as const;

/** Local storage keys: the page number (000 §2, §9) and, so that page stays meaningful, the page size. */
export const PO_LIST_STORAGE = { page: 'purchaseOrdersPage', perPage: 'purchaseOrdersPerPage' } as const;

export type TPoSortColumn = (typeof PO_SORT_COLUMNS)[number];
export type TSortOrder = 'asc' | 'desc';

export function filtersFromParams(params: URLSearchParams): TPoFilters {
  return Object.fromEntries(PO_FILTER_NAMES.map((name) => [name, (params.get(name) ?? '').trim()])) as TPoFilters;
}

/** The sort in the query string (`sortBy`, `sortOrder`); newest first when absent or unknown. */
export function sortFromParams(params: URLSearchParams): { sortBy: TPoSortColumn; sortOrder: TSortOrder } {
  const by = params.get('sortBy') ?? '';
  const sortBy = (PO_SORT_COLUMNS as readonly string[]).includes(by) ? (by as TPoSortColumn) : 'created_at';
  const sortOrder = params.get('sortOrder') === 'asc' ? 'asc' : params.get('sortOrder') === 'desc' ? 'desc' : null;
  return { sortBy, sortOrder: sortOrder ?? (params.has('sortBy') ? 'asc' : 'desc') };
}

export function hasFilters(filters: TPoFilters): boolean {
  return PO_FILTER_NAMES.some((name) => filters[name] !== '' && !(name === 'paid' && filters[name] === 'All'));
}

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const asId = (v: string) => (/^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
const isPaid = (v: string): v is (typeof PAID_OPTIONS)[number] => (PAID_OPTIONS as readonly string[]).includes(v);

/** The GET /purchase query for the filters; a value the server would refuse (a bad date or id) is left out. */
function toListQuery(
  filters: TPoFilters,
  page: number,
  perPage: number,
  sortBy: TPoSortColumn,
  sortOrder: TSortOrder,
): TPoListQuery {
  return {
    fromDate: isDate(filters.fromDate) ? filters.fromDate : undefined,
    toDate: isDate(filters.toDate) ? filters.toDate : undefined,
    poNumber: filters.poNumber || undefined,
    vendorOrderId: filters.vendorOrderId || undefined,
    status: asId(filters.selectedStatus),
    vendor: asId(filters.selectedVendor),
    shipTo: filters.selectedShipToLocation || undefined,
    user: asId(filters.selectedUser),
    paid: isPaid(filters.paid) && filters.paid !== 'All' ? filters.paid : undefined,
    page,
    perPage,
    sortBy,
    sortOrder,
  };
}

/**
 * The list's call for a query string and a page: the one the page makes and the one its first reads prefetch.
 * `byModel` when a model number filter replaces the list with that model's PO lines (no list call then).
 */
export function listCallFor(
  params: URLSearchParams,
  filters: TPoFilters,
  page: number,
  perPage: number,
): { byModel: boolean; query: TPoListQuery } {
  const { sortBy, sortOrder } = sortFromParams(params);
  return { byModel: filters.modelNumber !== '', query: toListQuery(filters, page, perPage, sortBy, sortOrder) };
}

function storedNumber(key: string): number | null {
  if (typeof localStorage === 'undefined') return null;
  const n = Number(localStorage.getItem(key));
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function readStoredPage(): number {
  return Math.min(storedNumber(PO_LIST_STORAGE.page) ?? 1, 100_000);
}

export function readStoredPerPage(): number {
  const n = storedNumber(PO_LIST_STORAGE.perPage);
  return n !== null && (PO_PAGE_SIZES as readonly number[]).includes(n) ? n : PO_DEFAULT_PAGE_SIZE;
}

export function storePage(page: number): void {
  localStorage.setItem(PO_LIST_STORAGE.page, String(page));
}

export function storePerPage(perPage: number): void {
  localStorage.setItem(PO_LIST_STORAGE.perPage, String(perPage));
}

/** US dollars with 2 decimals (000 §9). */
export function usd(dollars: number): string {
  return formatUsd(dollarsToCents(dollars));
}

/**
 * YYYY-MM-DD (000 §9) of a timestamp: its UTC calendar date, the same day the server's fromDate/toDate
 * filters compare with (lib/format-date).
 */
export function ymd(timestamp: string | null): string {
  return formatDate(timestamp, '');
}
