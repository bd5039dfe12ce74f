import type { TAddSaleSerial, TCommittedSale, TScanProduct } from '@keystone/contracts';
import { newClientScanId } from '../../../lib/scan/scan-ids';
import type { TScanUnit } from '../../../lib/scan/scan-engine';
import { scanOutbox } from '../../../lib/scan/outbox';
import { entriesOf, type OutboxEntry, type TOutboxOutcome } from '../../../lib/scan/scan-outbox';
import { useOutboxScans } from '../../../lib/scan/use-outbox-scans';

/** The outbox context of a committed sale's serial scans. */
export const saleSerialContext = (ref: string) => `sale:${ref}`;

/** What the scan checks a sale's UPC and serials against (the receiving rules' product shape). */
export function scanProductOf(sale: TCommittedSale): TScanProduct {
  const p = sale.product;
  return {
    model_number: p.model,
    mpn: null,
    upc: p.upc,
    alternate_upc: p.alternate_upc,
    serial_number_tracked: p.serial_number_tracked,
    num_of_serials_per_item: p.num_of_serials_per_item,
  };
}

/** The unit an outbox entry carries. */
export function unitOf(entry: OutboxEntry): TScanUnit {
  const body = entry.body as Partial<TAddSaleSerial>;
  const serials = body.scannedSerialNumbers;
  return { upc: body.scannedUpc ?? '', serials: Array.isArray(serials) ? serials : serials ? [serials] : [] };
}

/** The outbox entry of one scanned item: a fresh clientScanId, in the body too, so a replay is recorded once. */
export function saleSerialEntry(ref: string, unit: TScanUnit, label: string) {
  const id = newClientScanId();
  const body: TAddSaleSerial = { scannedUpc: unit.upc, scannedSerialNumbers: unit.serials, clientScanId: id };
  return { id, kind: 'sale-serial' as const, params: { ref }, body, context: saleSerialContext(ref), label };
}

/** A committed sale's serial scans in the scan outbox (lib/scan/use-outbox-scans.ts). */
export function useSaleSerialScans(ref: string, answered: (entry: OutboxEntry, outcome: TOutboxOutcome) => void) {
  const scans = useOutboxScans(saleSerialContext(ref), answered);
  return { ...scans, enqueue: (unit: TScanUnit, label: string) => scans.add(saleSerialEntry(ref, unit, label)) };
}

/**
 * How many serial scans of these sales are still on their way (sent or waiting, not refused): Transact and Finish
 * Invoice wait for them.
 */
export const useSaleScansPending = (refs: readonly string[]) =>
  scanOutbox.store((s) =>
    refs.reduce((n, ref) => n + entriesOf(s, saleSerialContext(ref)).filter((e) => e.state !== 'refused').length, 0),
  );
