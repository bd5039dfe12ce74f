import {
  SIMULATION_PAGE_SIZE,
  type TFinalInventoryRow,
  type TSimulationEvent,
  type TSimulationEventsSummary,
  type TSimulationHistoryPage,
} from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { SimulationRepository, type SimulationTotalsRow } from './simulation.repository.js';

export interface SimulationHistoryInput {
  model: string;
  page?: number;
  after?: number;
  pageSize?: number;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * The inventory events simulation (docs/decisions.md, "Inventory events simulation"): a model's ledger replayed oldest first, in pages keyed on the
 * ledger row's id. Each page runs in one read-only snapshot: its opening balances (one aggregate over the rows up to
 * the page key), its rows, and on the last page the summary and on-hand, so the final figures compare one state.
 */
export class SimulationService {
  constructor(private readonly db: Database) {}

  async history(input: SimulationHistoryInput): Promise<TSimulationHistoryPage> {
    const size = Math.min(input.pageSize ?? SIMULATION_PAGE_SIZE, SIMULATION_PAGE_SIZE);
    const page = input.page ?? 1;
    return this.db.transaction(
      async (tx) => {
        const repo = new SimulationRepository(tx);
        const product = await repo.productByModel(input.model);
        if (!product) throw notFound(`No product has the model ${input.model}.`);
        // The page key: given, or (the spec's page number alone) the id of the last row of the page before.
        let after: number | null =
          input.after ?? (page === 1 ? 0 : await repo.idAtPosition(product.id, (page - 1) * size));
        // A page number past the end: an empty last page.
        if (after === null) after = Number.MAX_SAFE_INTEGER;
        const opening = await repo.openingBalances(product.id, after);
        const rows = await repo.events(product.id, after, size + 1);
        const done = rows.length <= size;
        const shown = done ? rows : rows.slice(0, size);

        const running = new Map(opening);
        let total = [...running.values()].reduce((a, b) => a + b, 0);
        const events: TSimulationEvent[] = shown.map((r) => {
          const bucketAfter = (running.get(r.bucket) ?? 0) + r.quantityDelta;
          running.set(r.bucket, bucketAfter);
          total += r.quantityDelta;
          return {
            id: r.id,
            events_date: r.createdAt.toISOString(),
            type: r.type,
            ims_transaction_reference_id: r.referenceId,
            document_reference: r.documentReference ?? r.purchaseRefId,
            bucket: r.bucket,
            quantity_delta: r.quantityDelta,
            on_hand_after: bucketAfter,
            total_on_hand_after: total,
            transacted_by: r.username,
            notes: r.notes,
          };
        });

        let summary: TSimulationEventsSummary | null = null;
        let final: TFinalInventoryRow[] | null = null;
        if (done) {
          const [totals, onHand] = [await repo.totals(product.id), await repo.onHand(product.id)];
          summary = summarize(totals);
          // Per bucket: the replay's closing figure (opening + this page's changes) next to the inventory row.
          const place = new Map<string, { location: string | null; condition: string | null }>();
          for (const t of totals) place.set(t.bucket, { location: t.location_code, condition: t.condition_code });
          for (const o of onHand) place.set(o.bucket, { location: o.locationCode, condition: o.conditionCode });
          const held = new Map(onHand.map((o) => [o.bucket, o.quantity]));
          final = [...place.keys()].sort().map((bucket) => {
            const replayed = running.get(bucket) ?? 0;
            const onHandQuantity = held.get(bucket) ?? 0;
            return {
              bucket,
              location_code: place.get(bucket)!.location,
              condition_code: place.get(bucket)!.condition,
              replayed_quantity: replayed,
              on_hand_quantity: onHandQuantity,
              difference: onHandQuantity - replayed,
              matches: onHandQuantity === replayed,
            };
          });
        }
        return {
          product: { id: product.id, model: product.model, product_title: product.title },
          page,
          page_size: size,
          // Counted when the caller has no key yet (its first page, or a page asked by number); the last page's is its
          // summary's. A keyed page in between answers null (the client keeps the first page's figure).
          total_events: summary
            ? summary.events
            : input.after === undefined
              ? await repo.countEvents(product.id)
              : null,
          opening_on_hand: [...opening.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([bucket, quantity]) => ({ bucket, quantity })),
          inventory_history: events,
          next_after: done ? null : shown.at(-1)!.id,
          done,
          events_summary: summary,
          final_inventory_history: final,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

/** Counts and quantities per type and per bucket, and over all, from the (type, bucket) totals. */
function summarize(rows: SimulationTotalsRow[]): TSimulationEventsSummary {
  type Totals = { events: number; quantity_in: number; quantity_out: number; net_change: number };
  const add = (into: Totals, r: SimulationTotalsRow) => {
    into.events += r.events;
    into.quantity_in += r.quantity_in;
    into.quantity_out += r.quantity_out;
    into.net_change += r.quantity_in - r.quantity_out;
  };
  const zero = (): Totals => ({ events: 0, quantity_in: 0, quantity_out: 0, net_change: 0 });
  const all = zero();
  const byType = new Map<string, Totals>();
  const byBucket = new Map<string, Totals & { location_code: string | null; condition_code: string | null }>();
  let first: string | null = null;
  let last: string | null = null;
  for (const r of rows) {
    add(all, r);
    if (!byType.has(r.type)) byType.set(r.type, zero());
    add(byType.get(r.type)!, r);
    if (!byBucket.has(r.bucket))
      byBucket.set(r.bucket, { ...zero(), location_code: r.location_code, condition_code: r.condition_code });
    add(byBucket.get(r.bucket)!, r);
    const f = iso(r.first_at);
    const l = iso(r.last_at);
    if (f && (!first || f < first)) first = f;
    if (l && (!last || l > last)) last = l;
  }
  return {
    ...all,
    first_event_date: first,
    last_event_date: last,
    by_type: [...byType.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([type, t]) => ({ type, ...t })),
    by_bucket: [...byBucket.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([bucket, t]) => ({ bucket, ...t })),
  };
}
