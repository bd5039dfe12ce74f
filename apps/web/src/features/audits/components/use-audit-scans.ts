import {
  AUDIT_SERIAL_DELIMITER,
  auditTypeOf,
  splitAuditSerials,
  type TAuditItem,
  type TQuickAddScannedItem,
} from '@keystone/contracts';
import { newClientScanId } from '../../../lib/scan/scan-ids';
import type { OutboxEntry, TOutboxOutcome } from '../../../lib/scan/scan-outbox';
import type { TScanUnit } from '../../../lib/scan/scan-engine';
import { useOutboxScans } from '../../../lib/scan/use-outbox-scans';

/** A counted unit: its UPC and serials (none for a product without serials). */
export type TAuditUnit = TScanUnit;

/** The outbox context of an audit item's scans. */
export const auditScanContext = (ref: string) => `audit:${ref}`;

export function auditUnitOf(entry: OutboxEntry): TAuditUnit {
  const body = entry.body as Partial<TQuickAddScannedItem>;
  return { upc: body.scannedUpc ?? '', serials: splitAuditSerials(body.serialNumbers) };
}

/**
 * The quick-add-scanned-item body of one counted unit (001 §5, §7): the item's model, bucket, batch and audit type,
 * its reference, the UPC and the serials joined with ':=:' (none for a product without serials), and a fresh
 * clientScanId so a replay after a network cut is recorded once.
 */
export function auditScanEntry(item: TAuditItem, unit: TAuditUnit, batchName: string | null, label: string) {
  const id = newClientScanId();
  const body: TQuickAddScannedItem = {
    model: item.product.model,
    auditBucket: item.audit_bucket_map.bucket,
    auditBatchId: item.audit_batch_id,
    ...(batchName ? { auditBatchName: batchName } : {}),
    auditTypeCode: auditTypeOf(item.product),
    transactionReferenceId: item.ims_transaction_reference_id,
    scanningRequired: true,
    scannedUpc: unit.upc,
    ...(unit.serials.length ? { serialNumbers: unit.serials.join(AUDIT_SERIAL_DELIMITER) } : {}),
    clientScanId: id,
  };
  return { id, kind: 'audit-scan' as const, body, context: auditScanContext(item.ims_transaction_reference_id), label };
}

/** An audit item's scans in the scan outbox (lib/scan/use-outbox-scans.ts), as the receiving and transfer dialogs keep theirs. */
export function useAuditScans(ref: string, answered: (entry: OutboxEntry, outcome: TOutboxOutcome) => void) {
  const scans = useOutboxScans(auditScanContext(ref), answered);
  return {
    ...scans,
    enqueue: (item: TAuditItem, unit: TAuditUnit, batchName: string | null, label: string) =>
      scans.add(auditScanEntry(item, unit, batchName, label)),
  };
}
