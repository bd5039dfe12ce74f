import type { TCommittedTransferBoardRow } from '@keystone/contracts';

/** The scan page of a transfer's model (001 §2 /inventory/transfer/{id}). */
export const transferPagePath = (model: string) => `/inventory/transfer/${encodeURIComponent(model)}`;

/** Progress as the scan page shows it (001 §4): total_scanned_quantity / committed_quantity, and the share done (0–100). */
export function transferProgress(
  row: Pick<TCommittedTransferBoardRow, 'total_scanned_quantity' | 'committed_quantity'>,
): { label: string; percent: number } {
  const done = Math.max(0, row.total_scanned_quantity);
  const of = Math.max(0, row.committed_quantity);
  return { label: `${done} / ${of}`, percent: of > 0 ? Math.min(100, Math.round((done / of) * 100)) : 0 };
}

/** The batch as one text: its name and its ref when both are set, either alone, or empty. */
export function batchLabel(
  row: Pick<TCommittedTransferBoardRow, 'pos_transfer_batch_name' | 'pos_transfer_batch_ref_id'>,
): string {
  const name = row.pos_transfer_batch_name?.trim();
  const ref = row.pos_transfer_batch_ref_id?.trim();
  if (name && ref) return `${name} (${ref})`;
  return name || ref || '';
}

/** The search box's message when nothing matches. */
export const noTransferResultsMessage = (search: string) => `There are no results for "${search}"`;
