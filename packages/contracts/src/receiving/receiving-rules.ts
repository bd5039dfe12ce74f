import { SERIAL_DELIMITER } from '../scan/scan-recognition.js';

/** A receiver may take back (remove) a scan of their own for this long; after that it takes an Un-Receive. */
export const SCANNED_ITEM_REMOVAL_MINUTES = 15;

/** Receiving and un-receiving messages (001 §4, §5, §8), quoted verbatim. */
export const RECEIVING_MESSAGES = {
  upcMismatch: "UPC doesn't match",
  serialBlank: 'Serial cannot be blank',
  serialRescanned: 'Serial cannot be re-scanned',
  serialIsUpc: "Serial can't be UPC",
  serialIsPartNumber: "Serial can't be part number",
  allReceived: 'All items have been received!',
  noneToUnreceive: 'No items to un-receive',
  unreceiveListEmpty: 'Unable to submit: un-receive list is empty.',
  notesEmpty: 'Notes cannot be empty.',
  serialMismatch: "Serial doesn't match",
  unreceiveUnknown: 'Unknown error occurred in un-receive request.',
  nothingLeftToReceive: 'There are no more items to receive on this PO line.',
  scannedItemNotYours: 'Only the receiver who scanned this item can remove it: use Un-Receive.',
  scannedItemTooOld: `This scan is older than ${SCANNED_ITEM_REMOVAL_MINUTES} minutes: use Un-Receive, with notes.`,
} as const;

/** 001 §8 Receiving: the product of the line is not in the product list the dialog loads (an errors notice; the dialog closes). */
export const productNotInListMessage = (model: string, product: string) =>
  `Product ${model} not found in ${product} products list.`;
/** Whether a message is that one (the server's answer when a receive names a model the line does not hold). */
export const isProductNotInListMessage = (message: string) =>
  /^Product .+ not found in .+ products list\.$/.test(message);

/** The most scanned items one staged submit carries. */
export const MAX_STAGED_ITEMS = 200;

/** Feedback (green or red) clears after 6 s (001 §9). */
export const SCAN_FEEDBACK_MS = 6_000;

/** A status message (a success such as 'Updated!' or an un-receive done) clears after 4 s (001 §9). */
export const STATUS_MESSAGE_MS = 4_000;

export interface TScanProduct {
  model_number: string;
  mpn: string | null;
  upc: string | null;
  alternate_upc: string | null;
  serial_number_tracked: 0 | 1;
  num_of_serials_per_item: number | null;
}

/** The UPC must equal the product's upc or alternate_upc. */
export function upcMatches(product: Pick<TScanProduct, 'upc' | 'alternate_upc'>, scanned: string): boolean {
  const value = scanned.trim();
  return value !== '' && (value === product.upc || value === product.alternate_upc);
}

/** How many serials one unit of the product carries (0 when not serial tracked). */
export function serialsPerItem(
  product: Pick<TScanProduct, 'serial_number_tracked' | 'num_of_serials_per_item'>,
): number {
  return product.serial_number_tracked ? Math.max(1, product.num_of_serials_per_item ?? 1) : 0;
}

/**
 * The message for a serial that cannot be received, or null (001 §5): blank, already scanned now or earlier,
 * equal to the UPC, or equal to the model, model number or MPN (case-insensitive).
 */
export function serialError(serial: string, product: TScanProduct, alreadyScanned: ReadonlySet<string>): string | null {
  const value = serial.trim();
  if (!value) return RECEIVING_MESSAGES.serialBlank;
  const upper = value.toUpperCase();
  if (alreadyScanned.has(upper)) return RECEIVING_MESSAGES.serialRescanned;
  if (value === product.upc || value === product.alternate_upc) return RECEIVING_MESSAGES.serialIsUpc;
  if (upper === product.model_number.toUpperCase() || (product.mpn && upper === product.mpn.toUpperCase()))
    return RECEIVING_MESSAGES.serialIsPartNumber;
  return null;
}

/** Serials arrive as a list or as one string joined by :=: (001 §5). */
export function splitSerials(value: string | readonly string[] | null | undefined): string[] {
  if (!value) return [];
  const list = typeof value === 'string' ? value.split(SERIAL_DELIMITER) : [...value];
  return list.map((s) => s.trim()).filter((s) => s !== '');
}
