import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AUDIT_SERIAL_DELIMITER, auditTypeOf, splitAuditSerials, type TAuditItem, type TQuickAddScannedItem } from '@keystone/contracts';
import { scanOutbox } from '../../../lib/scan/outbox';
import { newClientScanId } from '../../../lib/scan/scan-ids';
import { entriesOf, type OutboxEntry, type TOutboxOutcome } from '../../../lib/scan/scan-outbox';

/** A counted unit: its UPC and serials (none for a product without serials). */
export interface TAuditUnit {
  upc: string;
  serials: string[];
}

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

/**
 * An audit item's scans in the shared scan outbox (lib/scan), as the receiving and transfer dialogs use it: each
 * unit is kept on this device before it is sent, sent in scanning order while the next is scanned, and replayed
 * with its clientScanId after a network cut. `answered` gets each answer as it comes.
 */
export function useAuditScans(ref: string, answered: (entry: OutboxEntry, outcome: TOutboxOutcome) => void) {
  const context = auditScanContext(ref);
  const entries = scanOutbox.store(useShallow((s) => entriesOf(s, context)));
  const waiting = scanOutbox.store((s) => (s.stalled ? entriesOf(s, context).filter((e) => e.state !== 'refused').length : 0));
  const latest = useRef(answered);
  latest.current = answered;
  useEffect(() => scanOutbox.subscribe((entry, outcome) => entry.context === context && latest.current(entry, outcome)), [context]);
  return {
    entries,
    pending: entries.filter((e) => e.state !== 'refused'),
    refused: entries.filter((e) => e.state === 'refused'),
    waiting,
    enqueue: (item: TAuditItem, unit: TAuditUnit, batchName: string | null, label: string) => void scanOutbox.add(auditScanEntry(item, unit, batchName, label)),
    dismiss: (id: string) => scanOutbox.dismiss(id),
  };
}
