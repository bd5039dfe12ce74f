import {
  isInboundBucket,
  missingTransferFields,
  NOT_SELECTED,
  RECEIVING_MESSAGES,
  requestedQuantityRangeMessage,
  scanningForced,
  TRANSFER_MESSAGES,
  type TCommitTransfer,
  type TCommittedTransfer,
  type TInventoryRow,
} from '@keystone/contracts';

/** The scan page's texts (001 §5 Transfers), quoted verbatim. */
export const TRANSFER_SCAN_MESSAGES = {
  upcMatches: 'UPC matches!',
  upcIsPartNumber: 'UPC cannot equal part number.',
  upcMismatch: 'UPC does not match.',
  serialIsPartNumber: 'Serial cannot equal part number.',
  serialIsUpc: 'Serial cannot equal UPC.',
  updated: 'Updated!',
} as const;

type TScanProduct = TCommittedTransfer['product'];

/** One source row of the page: a bucket with on-hand; `readOnly` for a non-admin's negative quantity (001 §5). */
export interface TSourceRow {
  row: TInventoryRow;
  readOnly: boolean;
}

/**
 * The bucket rows that get a transfer form (001 §5 Transfers): only the ?from_bucket= one when given; for a
 * non-admin a quantity-0 row is hidden and a negative one shows as a read-only line.
 */
export function sourceRows(rows: readonly TInventoryRow[], admin: boolean, fromBucket: string | null): TSourceRow[] {
  const wanted = fromBucket?.trim().toUpperCase() || null;
  return rows
    .filter((r) => !wanted || r.bucket.toUpperCase() === wanted)
    .filter((r) => admin || r.quantity !== 0)
    .map((row) => ({ row, readOnly: !admin && row.quantity < 0 }));
}

/** Whether the row shows the batch and SKU fields: either side inbound (_INBOUND) or KY01, TX01, AZ02 (001 §4, §5). */
export function needsExtraFields(fromBucket: string, toBucket: string | null | undefined): boolean {
  const to = toBucket && toBucket !== NOT_SELECTED ? toBucket : '';
  return isInboundBucket(fromBucket) || isInboundBucket(to) || scanningForced(fromBucket, to);
}

/** The form's values: the commit body's fields (the shared schema's input type). */
export type TTransferFormValues = Required<Pick<TCommitTransfer, 'fromBucket' | 'model'>> & {
  toBucket: string;
  requestedQuantity: number | typeof NOT_SELECTED;
  scanningRequired: boolean;
  commitNotes: string;
  posTransferBatchRefId: string;
  posTransferBatchName: string;
  senderSku: string;
  receiverSku: string;
};

/**
 * The client mirror of the commit rules (001 §5): the missing fields (missingTransferFields, shared with the server)
 * and the quantity range (non-admin 1..on-hand, admin at least 1). Keyed by field; empty when the form may be sent.
 */
export function transferFormErrors(
  values: TTransferFormValues,
  onHand: number,
  admin: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(missingTransferFields(values))) errors[field] = messages[0]!;
  const q = values.requestedQuantity;
  if (q !== NOT_SELECTED && !errors.requestedQuantity) {
    if (!Number.isInteger(q) || q < 1)
      errors.requestedQuantity = admin
        ? 'Requested quantity must be 1 or more'
        : requestedQuantityRangeMessage(values.fromBucket, onHand);
    else if (!admin && q > onHand) errors.requestedQuantity = requestedQuantityRangeMessage(values.fromBucket, onHand);
  }
  return errors;
}

/** Whether the errors include a missing field (then the form says 'One or more required fields are missing'). */
export function hasMissingFields(values: TTransferFormValues): boolean {
  return Object.keys(missingTransferFields(values)).length > 0;
}

export const REQUIRED_FIELDS_MISSING = TRANSFER_MESSAGES.requiredFieldsMissing;

const blankToNull = (v: string) => (v.trim() ? v.trim() : null);

/** The commit (or quick transfer) body of a form: committedById is the username; receiver SKU defaults to the sender's (001 §5). */
export function commitBody(
  values: TTransferFormValues,
  username: string | null,
  opts: { strictMode?: boolean } = {},
): TCommitTransfer {
  const forced = scanningForced(values.fromBucket, values.toBucket);
  return {
    fromBucket: values.fromBucket,
    toBucket: values.toBucket,
    model: values.model,
    requestedQuantity: values.requestedQuantity,
    committedById: username,
    posTransferBatchRefId: blankToNull(values.posTransferBatchRefId),
    posTransferBatchName: blankToNull(values.posTransferBatchName),
    senderSku: blankToNull(values.senderSku),
    receiverSku: blankToNull(values.receiverSku) ?? blankToNull(values.senderSku),
    scanningRequired: forced || values.scanningRequired,
    commitNotes: blankToNull(values.commitNotes),
    ...(opts.strictMode === false ? { strictMode: false } : {}),
  };
}

/** The UPC check of the scan page (001 §5): null when it matches, else the message. */
export function transferUpcError(product: TScanProduct, scanned: string): string | null {
  const value = scanned.trim();
  if (product.part_number && value.toUpperCase() === product.part_number.toUpperCase())
    return TRANSFER_SCAN_MESSAGES.upcIsPartNumber;
  if (value !== '' && (value === product.upc || value === product.alternate_upc)) return null;
  return TRANSFER_SCAN_MESSAGES.upcMismatch;
}

/** The serial check of the scan page (001 §5): part number, UPC, blank, scanned twice; null when fine. */
export function transferSerialError(product: TScanProduct, scanned: string, seen: ReadonlySet<string>): string | null {
  const value = scanned.trim();
  if (!value) return RECEIVING_MESSAGES.serialBlank;
  const upper = value.toUpperCase();
  if ((product.part_number && upper === product.part_number.toUpperCase()) || upper === product.model.toUpperCase())
    return TRANSFER_SCAN_MESSAGES.serialIsPartNumber;
  if (value === product.upc || value === product.alternate_upc) return TRANSFER_SCAN_MESSAGES.serialIsUpc;
  if (seen.has(upper)) return RECEIVING_MESSAGES.serialRescanned;
  return null;
}

/** How many serials one unit carries (0 when not serial tracked). */
export function serialsPerUnit(product: TScanProduct): number {
  return product.serial_number_tracked ? Math.max(1, product.num_of_serials_per_item ?? 1) : 0;
}

/**
 * A refused scan's text (001 §8 "the server's errors text or the whole body"): the answer's message, else its
 * errors (a text, or every field's messages), else the whole body as text.
 */
export function scanErrorText(body: unknown): string {
  if (typeof body === 'string') return body || 'No answer from the server.';
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown };
    if (typeof b.errors === 'string' && b.errors) return b.errors;
    if (typeof b.message === 'string' && b.message) return b.message;
    if (b.errors && typeof b.errors === 'object') {
      const texts = Object.values(b.errors as Record<string, unknown>)
        .flatMap((v) => (Array.isArray(v) ? v : [v]))
        .filter((v): v is string => typeof v === 'string');
      if (texts.length) return texts.join(' ');
    }
    return JSON.stringify(body);
  }
  return body === null || body === undefined ? 'No answer from the server.' : String(body);
}

/** Which force-push prompt a refusal opens (001 §8), or null. */
export type TForcePushPrompt = { kind: 'not-exist' } | { kind: 'elsewhere'; location: string };

export function forcePushPromptOf(text: string): TForcePushPrompt | null {
  if (/Inventory serial .+ does not exist for product/.test(text)) return { kind: 'not-exist' };
  const at = /according to records should be at\s+(.+?)\s*\.?$/.exec(text);
  if (at) return { kind: 'elsewhere', location: at[1]! };
  return null;
}
