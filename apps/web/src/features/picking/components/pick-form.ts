import { binNameFromInput, PICK_MESSAGES, type TPickBin, type TPickItem } from '@keystone/contracts';

type TItem = Pick<TPickItem, 'upc' | 'alternateUpc' | 'availableBins'>;

/** 001 §8: the UPC field's message: empty, or not the item's upc / alternateUpc; null when it matches. */
export function upcError(value: string, item: TItem): string | null {
  const upc = value.trim();
  if (!upc) return PICK_MESSAGES.upcEmpty;
  return upc === item.upc || (item.alternateUpc !== null && upc === item.alternateUpc)
    ? null
    : PICK_MESSAGES.invalidUpc;
}

/** 001 §8: the bin field (a BINASSIGN= scan or a typed name, its last underscore-separated part) against the available bins. */
export function checkBin(value: string, item: TItem): { error: string | null; bin: TPickBin | null } {
  if (!value.trim()) return { error: PICK_MESSAGES.binEmpty, bin: null };
  const name = binNameFromInput(value);
  if (!name) return { error: PICK_MESSAGES.invalidBinBarcode, bin: null };
  const bin = item.availableBins.find((b) => b.binName.toUpperCase() === name) ?? null;
  return bin ? { error: null, bin } : { error: PICK_MESSAGES.binNotAvailable, bin: null };
}

/** 001 §8: why Submit cannot send the pick yet ('Cannot Submit - …'), or null. */
export function submitError(state: { upc: string; bin: string; noBin: boolean }, item: TItem): string | null {
  if (upcError(state.upc, item)) return PICK_MESSAGES.cannotSubmitInvalidUpc;
  if (state.noBin || item.availableBins.length === 0) return null;
  if (!state.bin.trim()) return PICK_MESSAGES.cannotSubmitBinEmpty;
  return checkBin(state.bin, item).error ? PICK_MESSAGES.cannotSubmitInvalidBin : null;
}
