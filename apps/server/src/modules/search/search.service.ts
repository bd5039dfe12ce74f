import {
  SEARCH_KINDS,
  SEARCH_KIND_ACCESS,
  SEARCH_KIND_TITLES,
  SEARCH_TRANSACTED_SALE_ACCESS,
  hasAnyPermission,
  type TSearchAnswer,
  type TSearchGroup,
  type TSearchHit,
  type TSearchKind,
} from '@keystone/contracts';
import type { Executor } from '../../db/database.js';
import { SearchRepository, searchText, type SearchRow } from './search.repository.js';

const enc = encodeURIComponent;

/** The web path that opens a hit of each kind. */
const PATHS: Record<TSearchKind, (row: SearchRow) => string> = {
  po: (r) => `/purchase-orders/review/${r.id}`,
  product: (r) => `/inventory/detail/model/${enc(r.key ?? '')}`,
  serial: (r) => `/inventory-serials/${r.id}`,
  // The invoice list filtered by the invoice's number and vendor (there is no invoice page).
  invoice: (r) => `/accounts-payable-invoices?invoice_number=${enc(r.key ?? '')}&vendor=${enc(r.key2 ?? '')}`,
  contact: (r) => `/contacts/details?id=${r.id}`,
  transfer: (r) => `/inventory/transfer/${enc(r.key ?? '')}?from_bucket=${enc(r.key2 ?? '')}`,
  // An open sale on the board (where it is finished), a transacted one on its transaction page (the board lacks it).
  sale: (r) =>
    r.key2 ? `/inventory-transactions/${enc(r.key2)}` : `/boards/committed-sales?search=${enc(r.key ?? '')}`,
  bin: (r) => `/inventory/bins/assignment/${enc(r.key ?? '')}/${enc(r.key2 ?? '')}`,
};

/**
 * Search everywhere (docs/decisions.md, "Search everywhere"): each kind the caller's role may read is searched, its rows deduplicated (best rank
 * kept), ranked exact, prefix, contains; the groups ordered by their best hit, then in SEARCH_KINDS order.
 */
export class SearchService {
  constructor(private readonly db: Executor) {}

  async search(role: string, q: string, limit: number): Promise<TSearchAnswer> {
    const repo = new SearchRepository(this.db);
    const t = searchText(q);
    const queries: Record<TSearchKind, () => Promise<SearchRow[]>> = {
      po: () => repo.purchaseOrders(t, limit),
      product: () => repo.products(t, q, limit),
      serial: () => repo.serials(t, limit),
      invoice: () => repo.invoices(t, limit),
      contact: () => repo.contacts(t, limit),
      transfer: () => repo.transfers(t, limit),
      sale: () => repo.sales(t, limit, hasAnyPermission(role, SEARCH_TRANSACTED_SALE_ACCESS)),
      bin: () => repo.bins(t, limit),
    };
    const kinds = SEARCH_KINDS.filter((kind) => hasAnyPermission(role, SEARCH_KIND_ACCESS[kind]));
    const found = await Promise.all(kinds.map((kind) => queries[kind]()));
    const groups: TSearchGroup[] = [];
    kinds.forEach((kind, i) => {
      const hits = bestOfEach(found[i] ?? [])
        .slice(0, limit)
        .map((row): TSearchHit => ({
          type: kind,
          label: row.label,
          secondary: row.secondary ?? '',
          path: PATHS[kind](row),
          rank: Number(row.rank),
        }));
      if (hits.length > 0) groups.push({ type: kind, title: SEARCH_KIND_TITLES[kind], hits });
    });
    const order = (g: TSearchGroup) => Math.min(...g.hits.map((h) => h.rank));
    groups.sort((a, b) => order(a) - order(b) || SEARCH_KINDS.indexOf(a.type) - SEARCH_KINDS.indexOf(b.type));
    return { q, groups };
  }
}

/** One row per id, with its best rank, ordered by rank then label. */
function bestOfEach(rows: SearchRow[]): SearchRow[] {
  const byId = new Map<number, SearchRow>();
  for (const row of rows) {
    const seen = byId.get(row.id);
    if (!seen || Number(row.rank) < Number(seen.rank)) byId.set(row.id, row);
  }
  return [...byId.values()].sort(
    (a, b) => Number(a.rank) - Number(b.rank) || a.label.localeCompare(b.label, 'en', { numeric: true }),
  );
}
