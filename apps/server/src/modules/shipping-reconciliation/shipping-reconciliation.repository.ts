import { sql, type SQL } from 'drizzle-orm';
import { NOT_FOUND_RESULT, type TReconciliationCounts } from '@keystone/contracts';
import { queryRows, type Executor } from '../../db/database.js';
import type { InvoiceCharge, InvoiceLine } from './carrier-invoice-parser.js';

/** A shipping transaction as stored (cents). */
export interface TransactionRow {
  tracking_number: string;
  ship_company: string;
  fulfillment_po_number: string | null;
  date_shipped: string | null;
  fulfillment_warehouse: string | null;
  shipping_quote_cents: number | null;
  reported_billed_cents: number;
  reconciled_difference_cents: number | null;
  reconciliation_result: string;
  shipping_cost_billed_cents: number | null;
  shipping_cost_paid_cents: number | null;
}

export interface GrayBoxRow {
  tracking_number: string;
  fulfillment_po_number: string;
  date_shipped: string;
  ship_company: string;
  fulfillment_warehouse: string;
  shipping_quote_cents: number | null;
}

export interface BatchRow {
  id: number;
  idempotency_key: string;
  request_hash: string;
  created_at: string;
  created_by: string | null;
}

export interface HistoryLineRow {
  carrier: string;
  invoice_number: string;
  line_number: number;
  invoice_date: string | null;
  charge_category: string | null;
  amount_cents: number;
  original_name: string;
  uploaded_at: string;
}

export interface HistoryPaymentRow {
  batch_id: number;
  created_at: string;
  created_by: string | null;
  reported_billed_cents: number;
  payment_cents: number;
  paid_before_cents: number | null;
  paid_after_cents: number;
  override: boolean;
  override_reason: string | null;
}

export interface BatchLineRow {
  tracking_number: string;
  reported_billed_cents: number;
  payment_cents: number;
  paid_before_cents: number | null;
  paid_after_cents: number;
  override: boolean;
  override_reason: string | null;
}

const TRANSACTION_COLUMNS =
  sql.raw(`t.tracking_number, t.ship_company, t.fulfillment_po_number, to_char(t.date_shipped, 'YYYY-MM-DD') as date_shipped,
  t.fulfillment_warehouse, t.shipping_quote_cents, t.reported_billed_cents, t.reconciled_difference_cents, t.reconciliation_result,
  t.shipping_cost_billed_cents, t.shipping_cost_paid_cents`);

/** 002 §4 the tab of a stored row, in SQL: the same rules as reconciliationTab (a stored quote is cents or null). */
const TAB = sql.raw(`case when t.reconciliation_result = '${NOT_FOUND_RESULT.replace(/'/g, "''")}' then 'notFound'
  when t.shipping_quote_cents is null then 'invalidQuote'
  when t.shipping_cost_paid_cents is null then 'paymentsToApply'
  when t.shipping_cost_paid_cents < coalesce(t.shipping_cost_billed_cents, t.reported_billed_cents, 0) then 'partiallyPaid'
  else 'paidInFull' end`);

/**
 * 002 §4 reconciliation of a billed charge against a gray box's quote, in SQL (the same rule as reconcile() in the
 * service): no gray box, 'Unable to find matching gray box'; difference 0, Matched; below 0, In Our Favor; up to the
 * threshold, Within; above it (or no quote), Outside.
 */
function resultSql(billed: SQL, quote: SQL, found: SQL, thresholdCents: number): SQL {
  return sql`case when not (${found}) then ${NOT_FOUND_RESULT}
    when ${quote} is null then 'Not Matched - Outside Acceptable Threshold'
    when ${billed} = ${quote} then 'Matched'
    when ${billed} < ${quote} then 'Not Matched - In Our Favor'
    when ${billed} - ${quote} <= ${thresholdCents}::int then 'Not Matched - Within Acceptable Threshold'
    else 'Not Matched - Outside Acceptable Threshold' end`;
}

export class ShippingReconciliationRepository {
  constructor(private readonly db: Executor) {}

  async createInvoice(input: {
    carrier: string;
    filename: string;
    originalName: string;
    lines: number;
    uploadedById: number | null;
  }): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      this.db,
      sql`insert into carrier_invoices (carrier, filename, original_name, lines, uploaded_by_id)
          values (${input.carrier}, ${input.filename}, ${input.originalName}, ${input.lines}, ${input.uploadedById}) returning id`,
    );
    return row!.id;
  }

  /** Inserts an invoice's charges, 10,000 rows a statement sent as one JSON parameter (few round trips, no parameter limit). */
  async insertCharges(invoiceId: number, charges: Map<string, InvoiceCharge>): Promise<void> {
    let batch: [string, number, string | null, number][] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await this.db
        .execute(sql`insert into carrier_invoice_charges (invoice_id, tracking_number, billed_cents, ship_date, lines)
        select ${invoiceId}::int, x->>0, (x->>1)::int, (x->>2)::date, (x->>3)::int from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) x`);
      batch = [];
    };
    for (const [trackingNumber, charge] of charges) {
      batch.push([trackingNumber, charge.cents, charge.shipDate, charge.lines]);
      if (batch.length === 10_000) await flush();
    }
    await flush();
  }

  /**
   * Inserts an invoice's lines, each once: a line already stored under its (carrier, invoice number, line) key, from
   * an earlier upload of the same invoice, is left as it is. Answers how many were new.
   */
  async insertLines(invoiceId: number, carrier: string, lines: InvoiceLine[]): Promise<number> {
    let inserted = 0;
    for (let i = 0; i < lines.length; i += 10_000) {
      const batch = lines
        .slice(i, i + 10_000)
        .map((l) => [
          l.invoiceNumber,
          l.lineNumber,
          l.trackingNumber,
          l.cents,
          l.chargeCategory,
          l.invoiceDate,
          l.shipDate,
        ]);
      const rows = await queryRows<{ n: number }>(
        this.db,
        sql`with ins as (insert into carrier_invoice_lines (carrier, invoice_number, line_number, invoice_id, tracking_number, amount_cents, charge_category, invoice_date, ship_date)
          select ${carrier}, x->>0, (x->>1)::int, ${invoiceId}::int, x->>2, (x->>3)::int, x->>4, (x->>5)::date, (x->>6)::date
          from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) x
          on conflict (carrier, invoice_number, line_number) do nothing returning 1)
          select count(*)::int as n from ins`,
      );
      inserted += Number(rows[0]?.n ?? 0);
    }
    return inserted;
  }

  /** A shipment's invoice lines (every invoice, oldest first) and the payments applied to it. */
  async history(trackingNumber: string): Promise<{ lines: HistoryLineRow[]; payments: HistoryPaymentRow[] }> {
    const lines = await queryRows<HistoryLineRow>(
      this.db,
      sql`select l.carrier, l.invoice_number, l.line_number, to_char(l.invoice_date, 'YYYY-MM-DD') as invoice_date, l.charge_category, l.amount_cents,
            i.original_name, to_char(i.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as uploaded_at
          from carrier_invoice_lines l join carrier_invoices i on i.id = l.invoice_id
          where l.tracking_number = ${trackingNumber} order by l.invoice_date nulls last, i.uploaded_at, l.id`,
    );
    const payments = await queryRows<HistoryPaymentRow>(
      this.db,
      sql`select b.id as batch_id, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, u.username as created_by,
            l.reported_billed_cents, l.payment_cents, l.paid_before_cents, l.paid_after_cents, l.override, l.override_reason
          from payment_batch_lines l join payment_batches b on b.id = l.batch_id left join users u on u.id = b.created_by_id
          where l.tracking_number = ${trackingNumber} order by b.id`,
    );
    return { lines, payments };
  }

  async findInvoice(carrier: string, filename: string): Promise<{ id: number } | null> {
    const [row] = await queryRows<{ id: number }>(
      this.db,
      sql`select id from carrier_invoices where carrier = ${carrier} and filename = ${filename}`,
    );
    return row ?? null;
  }

  /**
   * Generates (or regenerates) the shipping transactions of an invoice in one statement: each charge matched by
   * tracking number to a gray box. The billed charge is the sum of the shipment's lines over every invoice stored
   * (a later invoice's correction or credit adds to it, never replaces it). A known transaction keeps
   * what was paid; when its billed total changed, the billed amount recorded by the last payment no longer holds
   * (null), so a paid shipment billed more shows as partly paid, its unpaid remainder due.
   */
  async generate(invoiceId: number, shipCompany: string, thresholdCents: number): Promise<void> {
    const result = resultSql(
      sql`c.billed_cents`,
      sql`g.shipping_quote_cents`,
      sql`g.tracking_number is not null`,
      thresholdCents,
    );
    await this.db.execute(sql`
      insert into shipping_transactions as t (tracking_number, ship_company, invoice_id, fulfillment_po_number, date_shipped, fulfillment_warehouse,
        shipping_quote_cents, reported_billed_cents, reconciled_difference_cents, reconciliation_result)
      select c.tracking_number, ${shipCompany}, c.invoice_id, g.fulfillment_po_number, coalesce(g.date_shipped, c.ship_date), g.fulfillment_warehouse,
        g.shipping_quote_cents, c.billed_cents, c.billed_cents - g.shipping_quote_cents, ${result}
      from (select f.tracking_number, f.invoice_id, f.ship_date,
              (select coalesce(sum(l.amount_cents), 0) from carrier_invoice_lines l where l.tracking_number = f.tracking_number)::int as billed_cents
            from carrier_invoice_charges f where f.invoice_id = ${invoiceId}) c
        left join gray_boxes g on g.tracking_number = c.tracking_number
      on conflict (tracking_number) do update set ship_company = excluded.ship_company, invoice_id = excluded.invoice_id,
        fulfillment_po_number = excluded.fulfillment_po_number, date_shipped = excluded.date_shipped, fulfillment_warehouse = excluded.fulfillment_warehouse,
        shipping_quote_cents = excluded.shipping_quote_cents, reported_billed_cents = excluded.reported_billed_cents,
        reconciled_difference_cents = excluded.reconciled_difference_cents, reconciliation_result = excluded.reconciliation_result,
        shipping_cost_billed_cents = case when excluded.reported_billed_cents = t.reported_billed_cents then t.shipping_cost_billed_cents end, updated_at = now()`);
    await this.db.execute(sql`update carrier_invoices set generated_at = now() where id = ${invoiceId}`);
  }

  /** Matches the transactions of these tracking numbers to their (new or changed) gray boxes again. */
  async rematch(trackingNumbers: string[], thresholdCents: number): Promise<void> {
    if (trackingNumbers.length === 0) return;
    const result = resultSql(sql`t.reported_billed_cents`, sql`g.shipping_quote_cents`, sql`true`, thresholdCents);
    await this.db.execute(sql`
      update shipping_transactions t set fulfillment_po_number = g.fulfillment_po_number, date_shipped = g.date_shipped,
        fulfillment_warehouse = g.fulfillment_warehouse, shipping_quote_cents = g.shipping_quote_cents,
        reconciled_difference_cents = t.reported_billed_cents - g.shipping_quote_cents, reconciliation_result = ${result}, updated_at = now()
      from gray_boxes g where g.tracking_number = t.tracking_number
        and t.tracking_number in (select jsonb_array_elements_text(${JSON.stringify(trackingNumbers)}::jsonb))`);
  }

  /** The rows and tab counts of a filter (`where` over the alias t), at most `limit` rows in `order`. */
  async transactions(
    where: SQL,
    order: SQL,
    limit: number,
  ): Promise<{ rows: TransactionRow[]; counts: TReconciliationCounts; total: number }> {
    const rows = await queryRows<TransactionRow>(
      this.db,
      sql`select ${TRANSACTION_COLUMNS} from shipping_transactions t where ${where} order by ${order} limit ${limit}`,
    );
    const countRows = await queryRows<{ tab: keyof TReconciliationCounts; n: number }>(
      this.db,
      sql`select ${TAB} as tab, count(*)::int as n from shipping_transactions t where ${where} group by 1`,
    );
    const counts: TReconciliationCounts = {
      paymentsToApply: 0,
      paidInFull: 0,
      partiallyPaid: 0,
      notFound: 0,
      invalidQuote: 0,
    };
    let total = 0;
    for (const r of countRows) {
      counts[r.tab] = Number(r.n);
      total += Number(r.n);
    }
    return { rows, counts, total };
  }

  async shipCompanies(): Promise<string[]> {
    const rows = await queryRows<{ ship_company: string }>(
      this.db,
      sql`select ship_company from shipping_transactions union select ship_company from gray_boxes order by 1`,
    );
    return rows.map((r) => r.ship_company);
  }

  /** Upserts gray boxes; answers how many were new. */
  async upsertGrayBoxes(boxes: GrayBoxRow[]): Promise<{ created: number; updated: number }> {
    let created = 0;
    for (let i = 0; i < boxes.length; i += 1000) {
      const chunk = boxes.slice(i, i + 1000);
      const values = chunk.map(
        (b) =>
          sql`(${b.tracking_number}, ${b.fulfillment_po_number}, ${b.date_shipped}::date, ${b.ship_company}, ${b.fulfillment_warehouse}, ${b.shipping_quote_cents}::int)`,
      );
      const rows = await queryRows<{ inserted: boolean }>(
        this.db,
        sql`insert into gray_boxes (tracking_number, fulfillment_po_number, date_shipped, ship_company, fulfillment_warehouse, shipping_quote_cents)
            values ${sql.join(values, sql`, `)}
            on conflict (tracking_number) do update set fulfillment_po_number = excluded.fulfillment_po_number, date_shipped = excluded.date_shipped,
              ship_company = excluded.ship_company, fulfillment_warehouse = excluded.fulfillment_warehouse,
              shipping_quote_cents = excluded.shipping_quote_cents, updated_at = now()
            returning (xmax = 0) as inserted`,
      );
      created += rows.filter((r) => r.inserted).length;
    }
    return { created, updated: boxes.length - created };
  }

  async grayBoxes(where: SQL, limit: number): Promise<GrayBoxRow[]> {
    return queryRows<GrayBoxRow>(
      this.db,
      sql`select tracking_number, fulfillment_po_number, to_char(date_shipped, 'YYYY-MM-DD') as date_shipped, ship_company, fulfillment_warehouse, shipping_quote_cents
          from gray_boxes g where ${where} order by date_shipped desc, tracking_number limit ${limit}`,
    );
  }

  async batchByKey(key: string): Promise<BatchRow | null> {
    const [row] = await queryRows<BatchRow>(
      this.db,
      sql`select b.id, b.idempotency_key, b.request_hash, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, u.username as created_by
          from payment_batches b left join users u on u.id = b.created_by_id where b.idempotency_key = ${key}`,
    );
    return row ?? null;
  }

  async batchById(id: number): Promise<BatchRow | null> {
    const [row] = await queryRows<BatchRow>(
      this.db,
      sql`select b.id, b.idempotency_key, b.request_hash, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, u.username as created_by
          from payment_batches b left join users u on u.id = b.created_by_id where b.id = ${id}`,
    );
    return row ?? null;
  }

  /** Inserts the batch unless its key is taken (then null: a concurrent request with the same key committed it). */
  async insertBatch(key: string, requestHash: string, createdById: number): Promise<number | null> {
    const [row] = await queryRows<{ id: number }>(
      this.db,
      sql`insert into payment_batches (idempotency_key, request_hash, created_by_id) values (${key}, ${requestHash}, ${createdById})
          on conflict (idempotency_key) do nothing returning id`,
    );
    return row?.id ?? null;
  }

  /** The transactions of these tracking numbers, locked for this transaction, in tracking-number order (no deadlocks). */
  async lockTransactions(trackingNumbers: string[]): Promise<Map<string, TransactionRow>> {
    const rows = await queryRows<TransactionRow>(
      this.db,
      sql`select ${TRANSACTION_COLUMNS} from shipping_transactions t
          where t.tracking_number in (select jsonb_array_elements_text(${JSON.stringify(trackingNumbers)}::jsonb))
          order by t.tracking_number for update`,
    );
    return new Map(rows.map((r) => [r.tracking_number, r]));
  }

  async applyLine(batchId: number, line: BatchLineRow): Promise<void> {
    await this.db
      .execute(sql`update shipping_transactions set shipping_cost_billed_cents = ${line.reported_billed_cents},
        shipping_cost_paid_cents = ${line.paid_after_cents}, updated_at = now() where tracking_number = ${line.tracking_number}`);
    await this.db
      .execute(sql`insert into payment_batch_lines (batch_id, tracking_number, reported_billed_cents, payment_cents, paid_before_cents, paid_after_cents, override, override_reason)
        values (${batchId}, ${line.tracking_number}, ${line.reported_billed_cents}, ${line.payment_cents}, ${line.paid_before_cents}, ${line.paid_after_cents}, ${line.override}, ${line.override_reason})`);
  }

  async batchLines(
    batchId: number,
  ): Promise<
    (BatchLineRow &
      Pick<
        TransactionRow,
        'ship_company' | 'fulfillment_po_number' | 'date_shipped' | 'fulfillment_warehouse' | 'shipping_quote_cents'
      >)[]
  > {
    return queryRows(
      this.db,
      sql`select l.tracking_number, l.reported_billed_cents, l.payment_cents, l.paid_before_cents, l.paid_after_cents, l.override, l.override_reason,
            t.ship_company, t.fulfillment_po_number, to_char(t.date_shipped, 'YYYY-MM-DD') as date_shipped, t.fulfillment_warehouse, t.shipping_quote_cents
          from payment_batch_lines l join shipping_transactions t on t.tracking_number = l.tracking_number
          where l.batch_id = ${batchId} order by l.tracking_number`,
    );
  }
}
