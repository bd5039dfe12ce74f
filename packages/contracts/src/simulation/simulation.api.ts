import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { emptyAsAbsent } from '../http/common.js';

/**
 * The inventory events simulation (001 §2 /inventory/simulation/?model=, §7 "Transactions, serials, simulation"):
 * a model's ledger replayed oldest first, paged until done, with the events summary and the final inventory history
 * per bucket (the replay's final figures next to on-hand: the ledger check as a person sees it).
 */

/** Events per page when the caller does not ask for fewer (the server's cap as well). */
export const SIMULATION_PAGE_SIZE = 5000;
/** 001 §9: "History request timeout 120000 ms" (each page's request). */
export const SIMULATION_HISTORY_TIMEOUT_MS = 120_000;
/** 001 §8 page texts. */
export const NO_PRODUCT_MODEL_MESSAGE = 'No product model specified.';
export const NO_DATA_AVAILABLE_MESSAGE = 'No Data Available.';

export const ZSimulationHistoryQuerySchema = z.object({
  model: z.string().trim().min(1).max(100),
  /** The page's number, 1-based (001 §7 `page={n}`). */
  page: emptyAsAbsent(z.coerce.number().int().min(1).max(1_000_000)),
  /**
   * The page key: the id of the last event of the page before (that page's `next_after`). Without it, page n
   * starts after the first (n − 1) × pageSize events (found through the (product, id) index, no row read).
   */
  after: emptyAsAbsent(z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)),
  /** Events per page, at most SIMULATION_PAGE_SIZE (the default). */
  pageSize: emptyAsAbsent(z.coerce.number().int().min(1).max(SIMULATION_PAGE_SIZE)),
});
export type TSimulationHistoryQuery = z.input<typeof ZSimulationHistoryQuerySchema>;

/** One ledger row of the model, with the on-hand of its bucket (and of all buckets) after it. */
export const ZSimulationEventSchema = z
  .object({
    /** The ledger row's id: the replay's order and the page key. */
    id: z.number().int(),
    events_date: z.string(),
    type: z.string(),
    ims_transaction_reference_id: z.string(),
    /** The document the row posts: a transfer's CT-…, a sale's CS-…, a receipt's PO reference; null when none. */
    document_reference: z.string().nullable(),
    bucket: z.string(),
    quantity_delta: z.number().int(),
    /** On-hand of `bucket` after this event, replayed from the first event of the model. */
    on_hand_after: z.number().int(),
    /** On-hand of the model over every bucket after this event. */
    total_on_hand_after: z.number().int(),
    transacted_by: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'SimulationEvent' });
export type TSimulationEvent = z.infer<typeof ZSimulationEventSchema>;

const ZQuantityTotalsSchema = z.object({
  events: z.number().int(),
  /** Sum of the positive changes. */
  quantity_in: z.number().int(),
  /** Sum of the negative changes, as a positive number. */
  quantity_out: z.number().int(),
  net_change: z.number().int(),
});

export const ZSimulationEventsSummarySchema = z
  .object({
    ...ZQuantityTotalsSchema.shape,
    first_event_date: z.string().nullable(),
    last_event_date: z.string().nullable(),
    by_type: z.array(ZQuantityTotalsSchema.extend({ type: z.string() })),
    by_bucket: z.array(
      ZQuantityTotalsSchema.extend({
        bucket: z.string(),
        location_code: z.string().nullable(),
        condition_code: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'SimulationEventsSummary' });
export type TSimulationEventsSummary = z.infer<typeof ZSimulationEventsSummarySchema>;

/** A bucket's replayed final quantity next to its on-hand row; `difference` is on-hand − replayed. */
export const ZFinalInventoryRowSchema = z
  .object({
    bucket: z.string(),
    location_code: z.string().nullable(),
    condition_code: z.string().nullable(),
    replayed_quantity: z.number().int(),
    /** The inventory table's quantity (0 when the bucket has no row). */
    on_hand_quantity: z.number().int(),
    difference: z.number().int(),
    matches: z.boolean(),
  })
  .meta({ id: 'FinalInventoryRow' });
export type TFinalInventoryRow = z.infer<typeof ZFinalInventoryRowSchema>;

export const ZSimulationHistoryPageSchema = z
  .object({
    product: z.object({ id: z.number().int(), model: z.string(), product_title: z.string() }),
    page: z.number().int(),
    page_size: z.number().int(),
    /**
     * Every event of the model when the page was read (for progress): on a page asked without `after` (the first, or
     * one by number) and on the last page; null on a keyed page in between (one count less per page).
     */
    total_events: z.number().int().nullable(),
    /** On-hand per bucket before this page's first event (the running totals carried from the pages before). */
    opening_on_hand: z.array(z.object({ bucket: z.string(), quantity: z.number().int() })),
    inventory_history: z.array(ZSimulationEventSchema),
    /** Pass as `after` to ask for the next page; null when done. */
    next_after: z.number().int().nullable(),
    done: z.boolean(),
    /** On the last page (done); null before it. */
    events_summary: ZSimulationEventsSummarySchema.nullable(),
    /** On the last page (done): per bucket, the replay's final quantity and on-hand; null before it. */
    final_inventory_history: z.array(ZFinalInventoryRowSchema).nullable(),
  })
  .meta({ id: 'SimulationHistoryPage' });
export type TSimulationHistoryPage = z.infer<typeof ZSimulationHistoryPageSchema>;

export const productHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/inventory/product/history/',
  access: 'inventory:view',
  summary:
    "A model's ledger replayed oldest first, one page of events with each bucket's running on-hand; the last page (done) adds the events summary and the final inventory history per bucket (replayed vs on-hand)",
  tag: 'inventory',
  query: ZSimulationHistoryQuerySchema,
  response: ZSimulationHistoryPageSchema,
});
