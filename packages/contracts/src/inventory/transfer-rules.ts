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
  forcePushUnsupported: 'Force push is not supported yet: ask an inventory admin to correct this serial, then scan it again',
  scanComplete: 'Every unit of this transfer has been scanned already',
  quickNeedsScanning: 'This transfer needs scanning: commit it and scan its items',
} as const;

/** 001 §8 Transfers: the texts the scan page matches to open its force-push prompts. */
export const serialNotForProductMessage = (serial: string, model: string) => `Inventory serial ${serial} does not exist for product ${model}`;
export const serialElsewhereMessage = (serial: string, where: string) => `Inventory serial ${serial} according to records should be at ${where}`;

/** The value of an unselected quantity or destination in the transfer form (001 §5). */
export const NOT_SELECTED = 'Not Selected';

/** Buckets whose transfers force scanning and need a SKU and a shipment id or name (001 §5, §9). */
export const SPECIAL_TRANSFER_BUCKETS = ['KY01', 'TX01', 'AZ02'] as const;

export const isSpecialTransferBucket = (bucket: string) => (SPECIAL_TRANSFER_BUCKETS as readonly string[]).includes(bucket.toUpperCase());

/** The committed transfer's reference: `CT-` and its id zero-padded to 7 digits. */
export const committedTransferReference = (id: number) => `CT-${String(id).padStart(7, '0')}`;

/** Strict mode's limit (001 §5): a non-admin transfer takes 1 to the source row's quantity. */
export const requestedQuantityRangeMessage = (bucket: string, onHand: number) =>
  onHand < 1 ? `There is nothing to transfer in ${bucket}` : `Requested quantity must be 1 to ${onHand}, the quantity in ${bucket}`;

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
  if (input.requestedQuantity === undefined || input.requestedQuantity === null || input.requestedQuantity === NOT_SELECTED) missing.requestedQuantity = [required];
  if (blank(input.toBucket) || input.toBucket!.trim().toUpperCase() === NOT_SELECTED.toUpperCase()) missing.toBucket = [required];
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
export const scanningForced = (fromBucket: string, toBucket: string) => isSpecialTransferBucket(fromBucket) || isSpecialTransferBucket(toBucket);
