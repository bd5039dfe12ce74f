import {
  AUDIT_MESSAGES,
  AUDIT_SERIAL_DELIMITER,
  auditTypeOf,
  type TAuditItem,
  type TAuditReview,
} from '@keystone/contracts';

type TAuditProduct = TAuditItem['product'];

/** Serials one counted unit takes: 0 for a product audited without serials (001 §5 audit types). */
export function serialsPerUnit(product: TAuditProduct): number {
  return auditTypeOf(product) === 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED'
    ? (product.num_of_serials_per_item ?? 0)
    : 0;
}

const same = (a: string | null | undefined, b: string) => !!a && a.trim().toUpperCase() === b.trim().toUpperCase();

/** The UPC step (001 §5): it must be the product's UPC or alternate UPC, otherwise "UPC doesn't match". */
export function auditUpcError(product: TAuditProduct, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  return same(product.upc, v) || same(product.alternate_upc, v) ? null : AUDIT_MESSAGES.upcMismatch;
}

/**
 * A serial scanned for the unit being counted (001 §5), checked before anything is sent (the server checks all
 * again): no ':=:' in it, not the model number, not the product's UPC, not scanned already (in this tally, in
 * scans still on their way, or in this unit), and no more than the product's serials per item.
 */
export function auditSerialError(
  product: TAuditProduct,
  value: string,
  seen: ReadonlySet<string>,
  unitSerials: readonly string[],
): string | null {
  const v = value.trim();
  if (v.includes(AUDIT_SERIAL_DELIMITER)) return AUDIT_MESSAGES.delimiterInSerial;
  if (same(product.model, v)) return AUDIT_MESSAGES.serialIsModel;
  if (same(product.upc, v) || same(product.alternate_upc, v)) return AUDIT_MESSAGES.upcIsSerial;
  const key = v.toUpperCase();
  if (seen.has(key) || unitSerials.some((s) => s.toUpperCase() === key)) return AUDIT_MESSAGES.serialAlreadyScanned;
  if (unitSerials.length >= serialsPerUnit(product)) return AUDIT_MESSAGES.tooManySerials;
  return null;
}

/** The serials already in a tally, upper-cased (a serial counts once however it was typed). */
export function talliedSerials(item: Pick<TAuditItem, 'serials'>): Set<string> {
  const seen = new Set<string>();
  for (const s of item.serials) if (s.scanned_serial_number) seen.add(s.scanned_serial_number.trim().toUpperCase());
  return seen;
}

/** One tallied unit of the list: its scans (the serials of one item share their unit_id), in scanning order. */
export interface TTalliedUnit {
  unitId: number;
  /** The scan whose delete removes the unit (the server removes the unit's other serials with it). */
  firstScanId: number;
  upc: string | null;
  serials: string[];
  scannedBy: string | null;
  scannedAt: string;
}

/** The tally as units, newest first (the list the scan tool shows with a delete per unit). */
export function talliedUnits(item: Pick<TAuditItem, 'serials'>): TTalliedUnit[] {
  const units = new Map<number, TTalliedUnit>();
  for (const s of item.serials) {
    let unit = units.get(s.unit_id);
    if (!unit) {
      unit = {
        unitId: s.unit_id,
        firstScanId: s.id,
        upc: s.scanned_upc,
        serials: [],
        scannedBy: s.scanned_by,
        scannedAt: s.scanned_at,
      };
      units.set(s.unit_id, unit);
    }
    if (s.id < unit.firstScanId) unit.firstScanId = s.id;
    if (!unit.upc && s.scanned_upc) unit.upc = s.scanned_upc;
    if (s.scanned_serial_number) unit.serials.push(s.scanned_serial_number);
  }
  return [...units.values()].sort((a, b) => b.firstScanId - a.firstScanId);
}

/** The job's progress as a percentage (0 while its total is unknown). */
export function jobPercent(job: { progress_done: number; progress_total: number }): number {
  return job.progress_total > 0 ? Math.min(100, Math.round((100 * job.progress_done) / job.progress_total)) : 0;
}

/**
 * The item's adjustment as the server judges it (docs/decisions.md, "Physical audits"): not serialized, tallied
 * minus the snapshot; serialized, (discovered − missing serials) / serials per item, truncated toward zero. The
 * review's adjustment_quantity is what is still to post (0 once resolved); the report shows this, the count's own.
 */
export function countDifference(
  review: Pick<
    TAuditReview,
    | 'audit_type_code'
    | 'actual_tallied_quantity'
    | 'expected_quantity'
    | 'missing_serials'
    | 'discovered_serials'
    | 'product'
  >,
): number {
  if (review.audit_type_code !== 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED')
    return review.actual_tallied_quantity - review.expected_quantity;
  const perItem = Math.max(1, review.product.num_of_serials_per_item ?? 1);
  return Math.trunc((review.discovered_serials.length - review.missing_serials.length) / perItem);
}
