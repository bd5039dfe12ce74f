import type { TTransactedReceipt } from '@keystone/contracts';

/**
 * Which receipts the serials scanned so far can belong to (001 §5: the scanned set must match one receipt's
 * serial set). `candidates` hold every scanned serial; `exact` is the first whose set equals the scanned set.
 */
export function matchReceipt(receipts: readonly TTransactedReceipt[], scanned: readonly string[]) {
  const wanted = scanned.map((s) => s.trim().toUpperCase());
  const candidates = receipts.filter((r) => {
    const own = new Set(r.serials.map((s) => s.scanned_serial_number.toUpperCase()));
    return wanted.every((s) => own.has(s));
  });
  const exact =
    candidates.find(
      (r) => new Set(r.serials.map((s) => s.scanned_serial_number.toUpperCase())).size === new Set(wanted).size,
    ) ?? null;
  return { candidates, exact };
}
