import { sql } from 'drizzle-orm';
import {
  auditTypeOf,
  defaultAuditName,
  ZAuditItemRequestSchema,
  ZAuditSubmitSchema,
  ZCreateAuditBatchSchema,
  ZQuickAddScannedItemSchema,
} from '@keystone/contracts';
import { queryRows, type Database } from '../../db/database.js';
import type { AuthUser } from '../../http/register-route.js';
import type { Services } from '../services.js';

export interface DemoAuditsSummary {
  audits: number;
  auditItems: number;
}

interface Stock {
  model: string;
  upc: string;
  tracked: boolean;
  per_item: number | null;
  bucket: string;
  quantity: number;
  serials: string[] | null;
}

/**
 * Physical audits (docs/decisions.md, "Physical audits"), through the audits service with bodies parsed by the routes' own schemas: a
 * completed audit whose items were resolved with discrepancies (a serialized model with a missing serial and a
 * discovered one, and a model without serials counted one over, possibly in another bucket), and an audit in progress with an item being
 * counted. Uses stock no other demo step touches (no commitments, no bins), so nothing else is disturbed.
 */
export async function loadDemoAudits(
  db: Database,
  services: Services,
  auditor: AuthUser,
  approver: AuthUser,
  today: string,
): Promise<DemoAuditsSummary> {
  const rows = await queryRows<Stock>(
    db,
    sql`select p.model_number as model, p.upc, p.serial_number_tracked as tracked, p.num_of_serials_per_item as per_item, i.bucket, i.quantity,
               (select array_agg(s.serial_number order by s.id) from inventory_serials s
                 where s.product_id = p.id and s.bucket = i.bucket and s.disposition_code = 'LIVE') as serials
        from inventory i join products p on p.id = i.product_id
        where i.quantity >= 2 and p.upc is not null and (not p.serial_number_tracked or p.num_of_serials_per_item = 1)
          and not exists (select 1 from committed_transfers c where c.product_id = p.id)
          and not exists (select 1 from committed_sales c where c.product_id = p.id)
          and not exists (select 1 from bin_items b where b.product_id = p.id)
        order by i.bucket, p.model_number`,
  );
  const used = new Set<string>();
  const take = (where: (s: Stock) => boolean) => {
    const found = rows.find((s) => where(s) && !used.has(s.model));
    if (found) used.add(found.model);
    return found;
  };
  const serialized = (s: Stock) => s.tracked && (s.serials?.length ?? 0) === s.quantity;
  const counted = take((s) => serialized(s) && s.quantity <= 40);
  // A model without serials, counted one over (a unit found on the shelf): its commitments and bins are unharmed.
  const plains = await queryRows<Stock>(
    db,
    sql`select p.model_number as model, p.upc, p.serial_number_tracked as tracked, p.num_of_serials_per_item as per_item, i.bucket, i.quantity, null as serials
        from inventory i join products p on p.id = i.product_id
        where i.quantity between 1 and 30 and p.upc is not null and not p.serial_number_tracked
        order by i.quantity, i.bucket, p.model_number limit 1`,
  );
  const plain = plains[0];
  const ongoing = take((s) => serialized(s));
  if (!counted || !plain || !ongoing) return { audits: 0, auditItems: 0 };
  const type = (s: Stock) => auditTypeOf({ serial_number_tracked: s.tracked, num_of_serials_per_item: s.per_item });
  const item = (batchId: number, s: Stock) => ({
    model: s.model,
    auditBucket: s.bucket,
    auditBatchId: batchId,
    auditTypeCode: type(s),
  });
  const scan = (batchId: number, s: Stock, serial?: string) =>
    services.audits.quickAdd(
      ZQuickAddScannedItemSchema.parse({ ...item(batchId, s), scannedUpc: s.upc, serialNumbers: serial ?? null }),
      auditor,
    );

  // Completed: counted a week ago, one serial missing and one found that the records never had.
  const done = await services.audits.createBatch(
    ZCreateAuditBatchSchema.parse({
      audit_batch_name: `${defaultAuditName(today, counted.bucket)} (cycle count)`,
      default_audit_bucket: counted.bucket,
    }),
    auditor,
  );
  const serials = counted.serials!;
  for (const serial of serials.slice(1)) await scan(done.audit_batch_id, counted, serial);
  const found = await scan(done.audit_batch_id, counted, `${serials[0]!.slice(0, 12)}-FOUND`);
  for (let i = 0; i < plain.quantity + 1; i++) await scan(done.audit_batch_id, plain, undefined);
  const submit = ZAuditSubmitSchema.parse({ submitNotes: 'Cycle count: shelf checked twice.' });
  await services.audits.submit(found.ims_transaction_reference_id, 'resolve', submit, approver);
  const plainRef = (
    await services.audits.request(ZAuditItemRequestSchema.parse(item(done.audit_batch_id, plain)), auditor)
  ).ims_transaction_reference_id;
  await services.audits.submit(plainRef, 'transact', submit, approver);
  await services.audits.submit(plainRef, 'resolve', submit, approver);
  await services.audits.finishBatch(done.audit_batch_id, approver);

  // In progress: an item being counted, two units scanned so far.
  const open = await services.audits.createBatch(
    ZCreateAuditBatchSchema.parse({
      audit_batch_name: defaultAuditName(today, ongoing.bucket),
      default_audit_bucket: ongoing.bucket,
    }),
    auditor,
  );
  for (const serial of ongoing.serials!.slice(0, 2)) await scan(open.audit_batch_id, ongoing, serial);
  return { audits: 2, auditItems: 3 };
}
