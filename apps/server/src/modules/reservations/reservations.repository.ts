import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';

/** One reservation of a serial number: the open commitment it is scanned or committed into. */
export interface SerialReservation {
  serialNumber: string;
  kind: 'transfer' | 'sale';
  referenceId: string;
  /** The sale's legacy POS invoice id (null for a transfer). */
  invoice: string | null;
}

/**
 * Reservations ("committing reserves"; docs/decisions.md, Transfers): read-only queries over the open
 * commitments of transfers and committed sales, shared by both modules and the product detail read. An open
 * commitment is a committed transfer not yet submitted (`transferred_at` null) or a committed sale not yet
 * transacted (`transacted_at` null) and not a backorder (a backorder reserves nothing). Nothing here locks: a writer that must not race takes the bucket's on-hand
 * row (`Ledger.lockOnHandForCommit`) or the serial numbers (`Ledger.lockSerialNumbers`) first, so every writer
 * of a commitment of that bucket or number queues behind it and this read sees what the one before wrote.
 */
export class ReservationsRepository {
  constructor(private readonly db: Executor) {}

  /** The quantity committed from a bucket by open commitments, leaving out one transfer (the one being edited). */
  async committedFrom(productId: number, bucket: string, options: { exceptTransferId?: number } = {}): Promise<number> {
    const except = options.exceptTransferId ?? null;
    const rows = await queryRows<{ total: number | string | null }>(
      this.db,
      sql`select (select coalesce(sum(committed_quantity), 0) from committed_transfers
                  where product_id = ${productId} and from_bucket = ${bucket} and transferred_at is null
                    and (${except}::int is null or id <> ${except}::int))
               + (select coalesce(sum(committed_quantity), 0) from committed_sales
                  where product_id = ${productId} and source_bucket = ${bucket} and transacted_at is null and not backordered) as total`,
    );
    return Number(rows[0]?.total ?? 0);
  }

  /** The quantity committed per source bucket of a product by open commitments (buckets without any left out). */
  async committedByBucket(productId: number): Promise<Map<string, number>> {
    const rows = await queryRows<{ bucket: string; total: number | string }>(
      this.db,
      sql`select bucket, sum(total) as total from (
            select from_bucket as bucket, committed_quantity as total from committed_transfers where product_id = ${productId} and transferred_at is null
            union all
            select source_bucket, committed_quantity from committed_sales where product_id = ${productId} and transacted_at is null and not backordered
          ) c group by bucket`,
    );
    return new Map(rows.map((r) => [r.bucket, Number(r.total)]));
  }

  /**
   * The open reservations of these serial numbers (any case), leaving out one transfer's own scans: serials
   * scanned into a committed transfer not yet submitted, or committed to a sale not yet transacted. Oldest first.
   */
  async reservedSerials(
    numbers: string[],
    options: { exceptTransferId?: number; exceptSaleId?: number } = {},
  ): Promise<SerialReservation[]> {
    if (!numbers.length) return [];
    const upper = JSON.stringify([...new Set(numbers.map((n) => n.toUpperCase()))]);
    const exceptTransfer = options.exceptTransferId ?? null;
    const exceptSale = options.exceptSaleId ?? null;
    const rows = await queryRows<{
      serial_number: string;
      kind: 'transfer' | 'sale';
      reference_id: string;
      invoice: string | null;
    }>(
      this.db,
      sql`with wanted as (select jsonb_array_elements_text(${upper}::jsonb) as n)
          select s.scanned_serial_number as serial_number, 'transfer' as kind, t.ims_transaction_reference_id as reference_id, null::text as invoice, t.id as ord
          from committed_transfer_serials s join committed_transfers t on t.id = s.committed_transfer_id
          where upper(s.scanned_serial_number) in (select n from wanted) and t.transferred_at is null
            and (${exceptTransfer}::int is null or t.id <> ${exceptTransfer}::int)
          union all
          select s.serial_number, 'sale', c.ims_transaction_reference_id, c.legacy_pos_invoice_id, c.id
          from committed_sale_serials s join committed_sales c on c.id = s.committed_sale_id
          where upper(s.serial_number) in (select n from wanted) and c.transacted_at is null
            and (${exceptSale}::int is null or c.id <> ${exceptSale}::int)
          order by 2 desc, 5`,
    );
    return rows.map((r) => ({
      serialNumber: r.serial_number,
      kind: r.kind,
      referenceId: r.reference_id,
      invoice: r.invoice,
    }));
  }
}
