import { isInboundBucket } from '../reference/locations.js';

/** Transfer messages (001 §5, §8 Transfers), quoted verbatim; the others are ours (docs/decisions.md, Transfers). */
export const TRANSFER_MESSAGES = {
  requiredFieldsMissing: 'One or more required fields are missing',
  updateNotFound: 'Failed to update: commitment not found',
  deleteNotFound: 'Failed to delete: commitment not found',
  submitted: 'Transfer successfully submitted and processed!',
  sameBucket: 'The source and destination buckets must differ',
  alreadyTransacted: 'This transfer has been submitted: it cannot be changed or deleted',
  transferNotFound: 'Transfer not found',
  belowScanned: 'The committed quantity cannot be less than the quantity already scanned',
  scanComplete: 'Every unit of this transfer has been scanned already',
  quickNeedsScanning: 'This transfer needs scanning: commit it and scan its items',
} as const;

/** A clientScanId already recorded by another transfer's scan (a client bug, never a retry): refused, 409. */
export const scanIdOfOtherTransferMessage = (reference: string) =>
  `This scan id was already used for another transfer (${reference}): scan the item again`;

/** 001 §8 Transfers: the texts the scan page matches to open its force-push prompts. */
export const serialNotForProductMessage = (serial: string, model: string) =>
  `Inventory serial ${serial} does not exist for product ${model}`;
export const serialElsewhereMessage = (serial: string, where: string) =>
  `Inventory serial ${serial} according to records should be at ${where}`;

/**
 * A serial reserved by another open commitment (docs/decisions.md, Transfers: reservation). The texts avoid the two
 * §8 phrases above, so the scan page does not offer a force push for them.
 */
export const serialInTransferMessage = (serial: string, reference: string) =>
  `Serial ${serial} is already scanned into transfer ${reference} (committed, not yet submitted)`;
export const serialInSaleMessage = (serial: string, reference: string, invoice: string) =>
  `Serial ${serial} is committed to sale ${reference} of invoice ${invoice} (not yet transacted)`;

/** Force push refusals (ours): what a correction must not do silently. Neither contains the two §8 phrases. */
export const forcePushSoldMessage = (serial: string) =>
  `Serial ${serial} was sold: a force push cannot bring a sold serial back, ask an inventory admin`;
export const forcePushOtherProductMessage = (serial: string, otherModel: string, bucket: string | null) =>
  `Serial ${serial} is live as model ${otherModel}${bucket ? ` in ${bucket}` : ''}: a force push cannot take another product's serial, ask an inventory admin`;
export const forcePushEmptyBucketMessage = (serial: string, bucket: string) =>
  `Serial ${serial} cannot be moved from ${bucket}: its on-hand there is 0, ask an inventory admin`;
export const forcePushSplitItemMessage = (serials: string[]) =>
  `Serials ${serials.join(', ')} of this item are in different places: a force push corrects whole items, ask an inventory admin`;

/** The value of an unselected quantity or destination in the transfer form (001 §5). */
export const NOT_SELECTED = 'Not Selected';

/** Buckets whose transfers force scanning and need a SKU and a shipment id or name (001 §5, §9). */
export const SPECIAL_TRANSFER_BUCKETS = ['KY01', 'TX01', 'AZ02'] as const;

export const isSpecialTransferBucket = (bucket: string) =>
  (SPECIAL_TRANSFER_BUCKETS as readonly string[]).includes(bucket.toUpperCase());

/** The committed transfer's reference: `CT-` and its id zero-padded to 7 digits. */
export const committedTransferReference = (id: number) => `CT-${String(id).padStart(7, '0')}`;

/**
 * Strict mode's limit (001 §5): a non-admin transfer (and a committed sale) takes 1 to the source row's available
 * quantity: on-hand less the open commitments from it (docs/decisions.md, reservation).
 */
export const requestedQuantityRangeMessage = (bucket: string, available: number) =>
  available < 1
    ? `There is nothing available in ${bucket}`
    : `Requested quantity must be 1 to ${available}, the quantity available in ${bucket}`;

export interface TTransferFields {
  fromBucket: string;
  toBucket?: string | null;
  requestedQuantity?: number | string | null;
  posTransferBatchRefId?: string | null;
  posTransferBatchName?: string | null;
  senderSku?: string | null;
}

const blank = (v: string | null | undefined) => !v || !v.trim();

/**
 * The fields a transfer lacks (001 §5 Commit): quantity and destination chosen; when the source or destination is
 * inbound (_INBOUND) or one of KY01, TX01 and AZ02, a batch ref id or batch name and a sender SKU. Keyed by field,
 * for a 422 naming them; empty when none is missing.
 */
export function missingTransferFields(input: TTransferFields): Record<string, string[]> {
  const missing: Record<string, string[]> = {};
  const required = 'is required';
  if (
    input.requestedQuantity === undefined ||
    input.requestedQuantity === null ||
    input.requestedQuantity === NOT_SELECTED
  )
    missing.requestedQuantity = [required];
  if (blank(input.toBucket) || input.toBucket!.trim().toUpperCase() === NOT_SELECTED.toUpperCase())
    missing.toBucket = [required];
  const buckets = [input.fromBucket, input.toBucket ?? ''];
  if (buckets.some((b) => isInboundBucket(b) || isSpecialTransferBucket(b))) {
    if (blank(input.posTransferBatchRefId) && blank(input.posTransferBatchName)) {
      missing.posTransferBatchRefId = ['a batch ref id or a batch name is required'];
      missing.posTransferBatchName = ['a batch ref id or a batch name is required'];
    }
    if (blank(input.senderSku)) missing.senderSku = [required];
  }
  return missing;
}

/** Scanning is forced when the source or destination is one of KY01, TX01 and AZ02 (001 §5). */
export const scanningForced = (fromBucket: string, toBucket: string) =>
  isSpecialTransferBucket(fromBucket) || isSpecialTransferBucket(toBucket);
