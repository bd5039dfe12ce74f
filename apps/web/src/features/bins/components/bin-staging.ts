import { BIN_MESSAGES, type TBinItem } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';

/** A staged UPC of the bin contents page (001 §4, §5): each scan adds 1; the quantity is editable, never below 1. */
export interface TStagedLine {
  upc: string;
  quantity: number;
  /** The line's refusal, from the page's check or the server's answer. */
  error: string | null;
}

/** Stages one scan: +1 on its line, or a new line of 1 at the top. */
export function stageScan(lines: TStagedLine[], upc: string): TStagedLine[] {
  const found = lines.find((l) => l.upc === upc);
  if (found) return lines.map((l) => (l === found ? { ...l, quantity: l.quantity + 1, error: null } : l));
  return [{ upc, quantity: 1, error: null }, ...lines];
}

/** The staged quantity typed in a line: whole, at least 1 (001 §5 "The staged quantity cannot go below 1"). */
export function setStagedQuantity(lines: TStagedLine[], upc: string, typed: string): TStagedLine[] {
  const n = Math.floor(Number(typed));
  const quantity = Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
  return lines.map((l) => (l.upc === upc ? { ...l, quantity, error: null } : l));
}

const itemOf = (items: TBinItem[], upc: string) => items.find((i) => i.upc === upc || i.alternateUpc === upc);

/**
 * The page's own check of a removal before it is sent (the server checks again): a UPC the bin does not hold, or more
 * than it holds (lines of one product summed), get the spec's messages.
 */
export function checkRemoval(lines: TStagedLine[], items: TBinItem[]): TStagedLine[] {
  const totals = new Map<number, number>();
  for (const l of lines) {
    const item = itemOf(items, l.upc);
    if (item) totals.set(item.productId, (totals.get(item.productId) ?? 0) + l.quantity);
  }
  return lines.map((l) => {
    const item = itemOf(items, l.upc);
    if (!item) return { ...l, error: BIN_MESSAGES.notInBin };
    if ((totals.get(item.productId) ?? 0) > item.quantity) return { ...l, error: BIN_MESSAGES.removeTooMany };
    return { ...l, error: null };
  });
}

/** The server's refusal of a submit put on its lines (errors items.N.upc / items.N.updateQty), and its message. */
export function applyServerErrors(lines: TStagedLine[], error: unknown): { lines: TStagedLine[]; message: string } {
  if (!(error instanceof ApiCallError)) return { lines, message: 'The bin could not be updated: try again.' };
  const body = (error.body ?? {}) as { message?: string; errors?: Record<string, string[]> };
  const byIndex = new Map<number, string>();
  for (const [key, messages] of Object.entries(body.errors ?? {})) {
    const m = /items\.(\d+)\./.exec(key);
    if (m && messages[0]) byIndex.set(Number(m[1]), messages[0]);
  }
  const message = body.message ?? `The server answered ${error.status}`;
  return { lines: lines.map((l, i) => (byIndex.has(i) ? { ...l, error: byIndex.get(i)! } : l)), message };
}
