/**
 * The in-memory model of the ledger (issue 32 part 2): what the product must answer after any sequence of stock
 * operations. On-hand per (product, bucket), each serial's place, bin contents per (bin, product), each PO line's
 * received count, and the open commitments (transfers, sales) that reserve stock. Pure data and rules: the runner
 * (operations.ts) asks it what an operation must do, sends the operation, and applies it when the product took it.
 */

/** Where a serial number is: a bucket (live there), or the disposition of its newest record. */
export type SerialPlace = { bucket: string } | { gone: 'SOLD' | 'UNRECEIVED' | 'MISSING' };

export interface ModelBin {
  id: number;
  name: string;
  bucket: string;
}

export interface ModelLine {
  poId: number;
  lineId: number;
  product: string;
  ordered: number;
  received: number;
  /** Receipts not un-received yet: reference, bucket and the unit's serial (tracked products). */
  receipts: { ref: string; bucket: string; serial: string | null; record?: number }[];
}

export interface ModelTransfer {
  ref: string;
  product: string;
  from: string;
  to: string;
  quantity: number;
  scanning: boolean;
  /** Units scanned (each a serial for a tracked product, null for a UPC-only scan). */
  scanned: (string | null)[];
}

export interface ModelSale {
  ref: string;
  invoice: string;
  product: string;
  bucket: string;
  quantity: number;
  serials: string[];
  /** Its pick list item once printed, and whether it was picked. */
  pickItemId: number | null;
  picked: boolean;
  /** A quote's short units (docs/decisions.md "Backorders from quotes"): reserves nothing, no pick item, transacted once free units are there. */
  backordered?: boolean;
}

export interface ModelAudit {
  ref: string;
  product: string;
  bucket: string;
  recordedAtStart: number;
  tallied: number;
  finished: boolean;
}

export class LedgerModel {
  readonly onHand = new Map<string, number>();
  readonly serials = new Map<string, SerialPlace>();
  /** bin id → product → units. */
  readonly binItems = new Map<number, Map<string, number>>();
  readonly bins: ModelBin[] = [];
  readonly lines: ModelLine[] = [];
  readonly transfers: ModelTransfer[] = [];
  readonly sales: ModelSale[] = [];
  readonly audits: ModelAudit[] = [];
  /** bin movements with reason RELEASE the model expects, per (bin, product), summed. */
  readonly released = new Map<string, number>();

  constructor(
    readonly buckets: readonly string[],
    /** Product key → serial tracked. */
    readonly tracked: ReadonlyMap<string, boolean>,
  ) {}

  static key(product: string, bucket: string): string {
    return `${product}|${bucket}`;
  }

  qty(product: string, bucket: string): number {
    return this.onHand.get(LedgerModel.key(product, bucket)) ?? 0;
  }

  /** Open commitments from a bucket: committed transfers not submitted and committed sales not transacted (backorders reserve nothing). */
  reserved(product: string, bucket: string): number {
    return (
      this.transfers.filter((t) => t.product === product && t.from === bucket).reduce((n, t) => n + t.quantity, 0) +
      this.sales
        .filter((s) => !s.backordered && s.product === product && s.bucket === bucket)
        .reduce((n, s) => n + s.quantity, 0)
    );
  }

  available(product: string, bucket: string): number {
    return this.qty(product, bucket) - this.reserved(product, bucket);
  }

  /** The open commitment a serial number is reserved by (a transfer's scan or an open sale's serials), if any. */
  reservedBy(serial: string, except?: string): string | null {
    const upper = serial.toUpperCase();
    for (const t of this.transfers)
      if (t.ref !== except && t.scanned.some((s) => s?.toUpperCase() === upper)) return t.ref;
    for (const s of this.sales) if (s.ref !== except && s.serials.some((n) => n.toUpperCase() === upper)) return s.ref;
    return null;
  }

  liveIn(serial: string): string | null {
    const place = this.serials.get(serial);
    return place && 'bucket' in place ? place.bucket : null;
  }

  binned(product: string, bucket: string): number {
    return this.bins
      .filter((b) => b.bucket === bucket)
      .reduce((n, b) => n + (this.binItems.get(b.id)?.get(product) ?? 0), 0);
  }

  inBin(binId: number, product: string): number {
    return this.binItems.get(binId)?.get(product) ?? 0;
  }

  setBin(binId: number, product: string, quantity: number): void {
    const items = this.binItems.get(binId) ?? new Map<string, number>();
    if (quantity > 0) items.set(product, quantity);
    else items.delete(product);
    this.binItems.set(binId, items);
  }

  /**
   * Changes on-hand. A movement that lowers the on-hand of a product in a bucket leaves on-hand stock unbinned first
   * (the bin rule): when the bucket's bins then hold more than its on-hand, the excess comes out of its bins, the
   * bins holding the fewest units first (ties: bin name, then id), until they hold exactly the on-hand (RELEASE).
   */
  addOnHand(product: string, bucket: string, delta: number): void {
    // Only an audit's resolve may overdraw (docs/decisions.md: the spec lets audit adjustments take on-hand below 0).
    const next = this.qty(product, bucket) + delta;
    this.onHand.set(LedgerModel.key(product, bucket), next);
    if (delta < 0) this.release(product, bucket);
  }

  private release(product: string, bucket: string): void {
    let excess = this.binned(product, bucket) - this.qty(product, bucket);
    if (excess <= 0) return;
    const holding = this.bins
      .filter((b) => b.bucket === bucket && this.inBin(b.id, product) > 0)
      .sort(
        (a, b) =>
          this.inBin(a.id, product) - this.inBin(b.id, product) ||
          (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
          a.id - b.id,
      );
    for (const bin of holding) {
      if (excess <= 0) break;
      const take = Math.min(excess, this.inBin(bin.id, product));
      this.setBin(bin.id, product, this.inBin(bin.id, product) - take);
      const key = `${bin.id}|${product}`;
      this.released.set(key, (this.released.get(key) ?? 0) + take);
      excess -= take;
    }
  }

  /** A serial-tracked unit leaves its bucket for a place that is not a bucket (sold, un-received, missing). */
  serialGone(serial: string, gone: 'SOLD' | 'UNRECEIVED' | 'MISSING'): void {
    this.serials.set(serial, { gone });
  }

  serialTo(serial: string, bucket: string): void {
    this.serials.set(serial, { bucket });
  }

  /**
   * The serial's record: a receipt, a manifest or a force push that creates it starts a new one (a transfer or a
   * force push moving it keeps it). A receipt can be un-received only while its own record is live in its bucket.
   */
  readonly records = new Map<string, number>();
  private recordSequence = 0;

  newRecord(serial: string, bucket: string): number {
    this.serialTo(serial, bucket);
    this.records.set(serial, ++this.recordSequence);
    return this.recordSequence;
  }
}
