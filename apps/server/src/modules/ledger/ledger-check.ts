import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';

export interface LedgerDifference {
  kind:
    | 'on-hand'
    | 'po-line-received'
    | 'serial-place'
    | 'serial-bucket'
    | 'movement'
    | 'bin-contents'
    | 'bins-over-on-hand'
    | 'pick-list-flag';
  key: string;
  expected: number | string | null;
  actual: number | string | null;
}

/**
 * Replays the ledger and compares it with the figures it must explain:
 * - on-hand per product and bucket equals the sum of its transactions' quantity changes;
 * - an opening balance (INVENTORY_OPENING_BALANCE, an import's stock) adds units and names its import;
 * - each PO line's received count equals the sum of its receipts and un-receipts;
 * - each serial has the disposition its latest ledger movement gave it, and a live one sits where that movement put
 *   it (location and condition);
 * - each live serial's bucket is the bucket of its location and condition;
 * - every movement has its shape: a receipt adds, an un-receipt and a sale take away, and a transfer is a pair of
 *   rows of one product (`details.movement`), one out of the source and one into the destination, summing to zero;
 *   a force push (INVENTORY_AUDIT_ADJUSTMENT, `details.reason` 'force_push') is either one row of +1 (serials
 *   created) or such a pair (serials moved), with its user, its reference and serial movement rows; an audit's
 *   adjustment (`details.reason` 'audit') has its user and `details.audit_item_reference`, and its serial
 *   movement rows hang only on its row in the audited bucket (rows out of other buckets need not sum to zero).
 *   created) or such a pair (serials moved), with its user, its reference and serial movement rows; a quantity
 *   adjustment (INVENTORY_AUDIT_ADJUSTMENT whose details carry `new_quantity`, or `reason` 'admin_adjustment') is one
 *   row changing on-hand by details.new_quantity − details.old_quantity, with its user and non-empty notes;
 * - each bin's quantity of a product equals the sum of its bin movements, and no bucket's bins hold more of a
 *   product than the bucket has on hand (every movement out of a bucket releases its bins' excess:
 *   docs/decisions.md "Bins follow on-hand"; only a write around the ledger module can break it);
 * - a committed sale is flagged `on_pick_list` exactly when a pick list item holds it (the flag the unprinted board's
 *   index reads; printing and unprinting set and clear it with the item row);
 * This covers every transaction type: on-hand per (product, bucket) is the sum of all their deltas.
 * One read-only snapshot (repeatable read), so concurrent writes cannot make it report a false difference.
 * Every query is one pass over its tables (aggregates, DISTINCT ON, hash or merge joins), never a lookup per
 * row: its speed must not depend on planner statistics, which a PGlite folder never gathers by itself (a
 * lateral subquery per serial took 254 s over 50,880 serials without them; docs/performance.md).
 */
export async function checkLedger(db: Executor): Promise<LedgerDifference[]> {
  const onHand = await queryRows<{ product_id: number; bucket: string; expected: number; actual: number }>(
    db,
    sql`
    select coalesce(i.product_id, l.product_id) as product_id, coalesce(i.bucket, l.bucket) as bucket,
           coalesce(l.total, 0)::int as expected, coalesce(i.quantity, 0)::int as actual
    from inventory i
    full outer join (select product_id, bucket, sum(quantity_delta) total from inventory_transactions group by product_id, bucket) l
      on l.product_id = i.product_id and l.bucket = i.bucket
    where coalesce(l.total, 0) <> coalesce(i.quantity, 0)
    order by 1, 2`,
  );
  const lines = await queryRows<{ id: number; expected: number; actual: number }>(
    db,
    sql`
    select p.id, coalesce(l.total, 0)::int as expected, p.qty_received as actual
    from purchase_order_items p
    left join (select purchase_order_item_id, sum(quantity_delta) total from inventory_transactions
               where type in ('INVENTORY_RECEIPT', 'INVENTORY_UNRECEIPT') group by purchase_order_item_id) l on l.purchase_order_item_id = p.id
    where coalesce(l.total, 0) <> p.qty_received
    order by 1`,
  );
  const serials = await queryRows<{
    id: number;
    serial_number: string;
    disposition_code: string;
    location_code: string | null;
    condition_code: string | null;
    new_location_code: string | null;
    new_condition_code: string | null;
    new_disposition_code: string | null;
  }>(
    db,
    sql`
    select s.id, s.serial_number, s.disposition_code, s.location_code, s.condition_code, last.new_location_code, last.new_condition_code, last.new_disposition_code
    from inventory_serials s
    join (select distinct on (ts.serial_id) ts.serial_id, ts.new_location_code, ts.new_condition_code, ts.new_disposition_code
          from inventory_transaction_serials ts order by ts.serial_id, ts.id desc) last on last.serial_id = s.id
    where s.disposition_code is distinct from last.new_disposition_code
       or (s.disposition_code = 'LIVE' and (s.location_code is distinct from last.new_location_code or s.condition_code is distinct from last.new_condition_code))
    order by 1`,
  );
  const serialBuckets = await queryRows<{
    id: number;
    serial_number: string;
    bucket: string | null;
    location_code: string | null;
    condition_code: string | null;
    bucket_location: string | null;
    bucket_condition: string | null;
  }>(
    db,
    sql`
    select s.id, s.serial_number, s.bucket, s.location_code, s.condition_code, b.location_code as bucket_location, b.condition_code as bucket_condition
    from inventory_serials s left join buckets b on b.bucket = s.bucket
    where s.disposition_code = 'LIVE'
      and (b.bucket is null or b.location_code is distinct from s.location_code or b.condition_code is distinct from s.condition_code)
    order by 1`,
  );
  const movements = await queryRows<{ key: string; problem: string }>(
    db,
    sql`
    select ims_transaction_reference_id as key, type || ' changes on-hand by ' || quantity_delta as problem
    from inventory_transactions
    where (type = 'INVENTORY_RECEIPT' and quantity_delta <= 0)
       or (type in ('INVENTORY_UNRECEIPT', 'INVENTORY_SALE') and quantity_delta >= 0)
       or (type = 'INVENTORY_TRANSFER' and (details ->> 'movement') is null)
       -- An opening balance (an import's stock) adds units and names its import.
       or (type = 'INVENTORY_OPENING_BALANCE' and (quantity_delta <= 0 or (details ->> 'import_id') is null))
       -- A force push that creates serials adds one unit (one row, +1); one that moves them is a pair (below).
       or (type = 'INVENTORY_AUDIT_ADJUSTMENT' and details ->> 'reason' = 'force_push' and (details ->> 'movement') is null and quantity_delta <> 1)
    union all
    select ims_transaction_reference_id, 'a force push without ' || case when user_id is null then 'its user' else 'its reference' end
    from inventory_transactions
    where type = 'INVENTORY_AUDIT_ADJUSTMENT' and details ->> 'reason' = 'force_push' and (user_id is null or (details ->> 'reference_id') is null)
    union all
    -- Each force push's row into its bucket carries a movement row per serial it corrected (few rows: a lookup each).
    select t.ims_transaction_reference_id, 'a force push without serial movement rows'
    from inventory_transactions t
    where t.type = 'INVENTORY_AUDIT_ADJUSTMENT' and t.details ->> 'reason' = 'force_push' and t.quantity_delta > 0
      and not exists (select 1 from inventory_transaction_serials ts where ts.transaction_id = t.id)
    union all
    -- An audit's adjustment (issue 12, details.reason 'audit'): its user, the audit item's reference, and the
    -- serial movement rows only on its row in the audited bucket (the last of its movement).
    select ims_transaction_reference_id, 'an audit adjustment without ' || case when user_id is null then 'its user' else 'its audit item reference' end
    from inventory_transactions
    where type = 'INVENTORY_AUDIT_ADJUSTMENT' and details ->> 'reason' = 'audit' and (user_id is null or (details ->> 'audit_item_reference') is null)
    union all
    select t.ims_transaction_reference_id, 'an audit adjustment with serial movement rows outside its audited bucket'
    from inventory_transactions t
    where t.type = 'INVENTORY_AUDIT_ADJUSTMENT' and t.details ->> 'reason' = 'audit' and (t.details ->> 'to_bucket') is distinct from t.bucket
      and (t.details ->> 'to_bucket') is not null
      and exists (select 1 from inventory_transaction_serials ts where ts.transaction_id = t.id)
    union all
    -- A quantity adjustment (an admin adjustment, an audit's count correction: details carry the new quantity) is one
    -- row changing on-hand by new − old quantity, with its user and notes (issue 12).
    select key, problem from (
      select ims_transaction_reference_id as key, case
        when (details ->> 'movement') is not null then 'a quantity adjustment of more than one row'
        when jsonb_typeof(details -> 'old_quantity') is distinct from 'number' or jsonb_typeof(details -> 'new_quantity') is distinct from 'number'
          then 'a quantity adjustment without its old and new quantity'
        when quantity_delta::numeric <> (details ->> 'new_quantity')::numeric - (details ->> 'old_quantity')::numeric
          then 'a quantity adjustment changing on-hand by ' || quantity_delta || ', not ' || (details ->> 'new_quantity') || ' - ' || (details ->> 'old_quantity')
        when user_id is null then 'a quantity adjustment without its user'
        when coalesce(btrim(notes), '') = '' then 'a quantity adjustment without notes'
      end as problem
      from inventory_transactions
      -- An audit's rows (reason 'audit') have their own rule above: a resolve is a movement of several rows.
      where type = 'INVENTORY_AUDIT_ADJUSTMENT' and (details ->> 'reason') is distinct from 'audit'
        and (details ->> 'reason' = 'admin_adjustment' or (details -> 'new_quantity') is not null)
    ) adjustments where problem is not null
    union all
    select details ->> 'movement', lower(replace(min(type), 'INVENTORY_', '')) || ' of ' || count(*) || ' row(s), ' || count(distinct product_id) || ' product(s), summing to ' || sum(quantity_delta)
    from inventory_transactions
    where type in ('INVENTORY_TRANSFER', 'INVENTORY_AUDIT_ADJUSTMENT') and (details ->> 'movement') is not null
      and (details ->> 'reason') is distinct from 'audit'
    group by details ->> 'movement'
    having count(*) <> 2 or count(distinct type) <> 1 or count(distinct product_id) <> 1 or count(distinct bucket) <> 2 or sum(quantity_delta) <> 0 or min(quantity_delta) >= 0
    order by 1`,
  );
  const binContents = await queryRows<{ bin_id: number; product_id: number; expected: number; actual: number }>(
    db,
    sql`
    select coalesce(i.bin_id, m.bin_id) as bin_id, coalesce(i.product_id, m.product_id) as product_id,
           coalesce(m.total, 0)::int as expected, coalesce(i.quantity, 0)::int as actual
    from bin_items i
    full outer join (select bin_id, product_id, sum(quantity_delta) total from bin_movements group by bin_id, product_id) m
      on m.bin_id = i.bin_id and m.product_id = i.product_id
    where coalesce(m.total, 0) <> coalesce(i.quantity, 0)
    order by 1, 2`,
  );
  const binsOverOnHand = await queryRows<{ product_id: number; bucket: string; on_hand: number; binned: number }>(
    db,
    sql`
    select b.product_id, b.bucket, coalesce(i.quantity, 0)::int as on_hand, b.binned::int as binned
    from (select bi.product_id, bn.bucket, sum(bi.quantity) binned from bin_items bi join bins bn on bn.id = bi.bin_id group by bi.product_id, bn.bucket) b
    left join inventory i on i.product_id = b.product_id and i.bucket = b.bucket
    where b.binned > coalesce(i.quantity, 0)
    order by 1, 2`,
  );
  const pickFlags = await queryRows<{ reference: string; flagged: boolean; printed: boolean }>(
    db,
    sql`
    select cs.ims_transaction_reference_id as reference, cs.on_pick_list as flagged, (p.committed_sale_id is not null) as printed
    from committed_sales cs
    left join (select distinct committed_sale_id from pick_list_items) p on p.committed_sale_id = cs.id
    where cs.on_pick_list <> (p.committed_sale_id is not null)
    order by cs.id`,
  );
  return [
    ...onHand.map((r) => ({
      kind: 'on-hand' as const,
      key: `product ${r.product_id} in ${r.bucket}`,
      expected: r.expected,
      actual: r.actual,
    })),
    ...lines.map((r) => ({
      kind: 'po-line-received' as const,
      key: `PO line ${r.id}`,
      expected: r.expected,
      actual: r.actual,
    })),
    ...serials.map((r) => ({
      kind: 'serial-place' as const,
      key: `serial ${r.serial_number} (${r.id})`,
      // The condition is named only when it is what differs (a move between two buckets of one location).
      expected:
        `${r.new_disposition_code} ${r.new_location_code ?? ''}${r.condition_code !== r.new_condition_code ? ` ${r.new_condition_code ?? ''}` : ''}`.trim(),
      actual:
        `${r.disposition_code} ${r.location_code ?? ''}${r.condition_code !== r.new_condition_code ? ` ${r.condition_code ?? ''}` : ''}`.trim(),
    })),
    ...serialBuckets.map((r) => ({
      kind: 'serial-bucket' as const,
      key: `serial ${r.serial_number} (${r.id})`,
      expected: r.bucket_location === null ? null : `${r.bucket} = ${r.bucket_location} ${r.bucket_condition}`,
      actual: `${r.bucket ?? 'no bucket'}: ${r.location_code ?? ''} ${r.condition_code ?? ''}`.trim(),
    })),
    ...movements.map((r) => ({ kind: 'movement' as const, key: r.key, expected: null, actual: r.problem })),
    ...binContents.map((r) => ({
      kind: 'bin-contents' as const,
      key: `product ${r.product_id} in bin ${r.bin_id}`,
      expected: r.expected,
      actual: r.actual,
    })),
    // Expected: at most the on-hand; actual: what the bins hold.
    ...binsOverOnHand.map((r) => ({
      kind: 'bins-over-on-hand' as const,
      key: `product ${r.product_id} in ${r.bucket}`,
      expected: r.on_hand,
      actual: r.binned,
    })),
    ...pickFlags.map((r) => ({
      kind: 'pick-list-flag' as const,
      key: `committed sale ${r.reference}`,
      expected: r.printed ? 'on a pick list' : 'not on a pick list',
      actual: r.flagged ? 'flagged on a pick list' : 'not flagged',
    })),
  ];
}
