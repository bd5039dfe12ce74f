import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { AP_INVOICE_PERMISSIONS, type TPermission } from '../permissions.js';

/**
 * Search everywhere (docs/decisions.md, "Search everywhere"): one query over POs, products, serials, invoices, contacts, transfers, sales and
 * bins, answered in groups, each row ranked exact (0), prefix (1) or contains (2) and carrying the web path to open.
 */
export const SEARCH_KINDS = ['po', 'product', 'serial', 'invoice', 'contact', 'transfer', 'sale', 'bin'] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];

/** The read permission each kind needs (any one of its list); a kind the caller may not read is not searched. */
export const SEARCH_KIND_ACCESS: Record<TSearchKind, readonly TPermission[]> = {
  po: ['purchase-order:view'],
  product: ['inventory:view'],
  serial: ['inventory:view'],
  invoice: AP_INVOICE_PERMISSIONS,
  contact: ['sales-desk:manage'],
  transfer: ['inventory-transfer:view'],
  sale: ['boards:view'],
  bin: ['inventory:view'],
};

/**
 * A transacted sale is gone from the Committed Sales board; its hit opens its transaction page, whose read
 * (`/api/ims/inventory-transactions/{id}`) needs this. A role without it is not shown transacted sales.
 */
export const SEARCH_TRANSACTED_SALE_ACCESS: readonly TPermission[] = ['inventory:view'];

export const SEARCH_KIND_TITLES: Record<TSearchKind, string> = {
  po: 'Purchase orders',
  product: 'Products',
  serial: 'Serials',
  invoice: 'Invoices',
  contact: 'Contacts',
  transfer: 'Transfers',
  sale: 'Sales',
  bin: 'Bins',
};

export const SEARCH_RANKS = { exact: 0, prefix: 1, contains: 2 } as const;

export const ZSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Enter at least 2 characters').max(100),
  /** Rows per kind. */
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

export const ZSearchHitSchema = z.object({
  type: z.enum(SEARCH_KINDS),
  label: z.string(),
  secondary: z.string(),
  /** The web client's path that opens the hit. */
  path: z.string(),
  rank: z.number().int().min(0).max(2),
});
export type TSearchHit = z.infer<typeof ZSearchHitSchema>;

export const ZSearchGroupSchema = z.object({
  type: z.enum(SEARCH_KINDS),
  title: z.string(),
  hits: z.array(ZSearchHitSchema),
});
export type TSearchGroup = z.infer<typeof ZSearchGroupSchema>;

export const ZSearchAnswerSchema = z.object({ q: z.string(), groups: z.array(ZSearchGroupSchema) });
export type TSearchAnswer = z.infer<typeof ZSearchAnswerSchema>;

export const searchRoute = defineRoute({
  method: 'GET',
  path: '/api/search',
  access: 'authenticated',
  summary:
    'Search everywhere (ours): POs, products, serials, invoices, contacts, transfers, sales and bins the caller may read, grouped, ranked exact, prefix, contains',
  tag: 'search',
  query: ZSearchQuerySchema,
  response: ZSearchAnswerSchema,
});
