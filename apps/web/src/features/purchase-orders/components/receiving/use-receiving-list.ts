import { useState } from 'react';
import {
  isProductNotInListMessage,
  MAX_STAGED_ITEMS,
  quickScanReceiveRoute,
  RECEIVING_MESSAGES,
  removeScannedItemRoute,
  scannedItemsSubmitRoute,
  type TPoLine,
} from '@keystone/contracts';
import { ApiCallError, callApi } from '../../../../lib/api-client';
import { statusLine } from '../../../../lib/message-queue';
import { serverMessage } from '../../api/receiving';
import type { ScannedItem } from './scanned-items-list';
import { playSound } from './sounds';
import { RECEIVING_TIMING } from './timing';

/** Remembered per browser: whether scans are staged and submitted together rather than received one by one. */
const STAGE_KEY = 'receivingStageScans';

function newScanId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The index of the staged item a refused submit named (its errors are keyed `scannedItems.n…`). */
function failedItemIndex(error: unknown): number | null {
  const errors = error instanceof ApiCallError ? (error.body as { errors?: Record<string, unknown> } | null)?.errors : undefined;
  const key = Object.keys(errors ?? {}).find((k) => /^scannedItems\.\d+/.test(k));
  return key ? Number(key.split('.')[1]) : null;
}

function failure(error: unknown): string {
  return serverMessage(error) ?? (error instanceof ApiCallError ? statusLine(error.status) : 'The receive request got no response.');
}

interface Options {
  line: TPoLine;
  /** The quantity still to receive when the dialog opened. */
  toReceive: number;
  username: string | null;
  later(fn: () => void, ms: number): void;
  show(kind: 'good' | 'bad', text: string): void;
  fail(message: string): void;
  /** Refetches what a receipt changes (the PO, the line's serials and receipts). */
  refresh(): void;
  /** After a unit was received, staged or refused: ready for the next scan. */
  nextScan(): void;
  /** The server no longer knows the line's product: the dialog closes with an errors notice. */
  productGone(message: string, status: string): void;
}

/**
 * The Receiving dialog's list of scanned items and its server calls: each unit received at once
 * (quickScanReceive), or staged and submitted together (scanned-item/submit: all in one transaction, or none);
 * a received unit taken back (DELETE scanned-item: a reversing transaction).
 */
export function useReceivingList({ line, toReceive, username, later, show, fail, refresh, nextScan, productGone }: Options) {
  const [posting, setPosting] = useState(false);
  const [items, setItems] = useState<ScannedItem[]>([]);
  const [staging, setStagingState] = useState(() => localStorage.getItem(STAGE_KEY) === '1');
  const [failedIndex, setFailedIndex] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState<{ references: string[]; serials: string[] } | null>(null);
  const [lineFull, setLineFull] = useState(false);

  const received = items.filter((i) => i.reference);
  const staged = items.filter((i) => !i.reference);
  const allReceived = toReceive === 0 || received.length >= toReceive || lineFull;
  const allScanned = items.length >= toReceive || staged.length >= MAX_STAGED_ITEMS;
  const model = line.product.model_number;
  const serialsText = (serials: string[]) => (serials.length ? ` (${serials.join(', ')})` : '');

  function setStaging(on: boolean) {
    setStagingState(on);
    localStorage.setItem(STAGE_KEY, on ? '1' : '0');
  }

  const itemBody = (item: ScannedItem) => ({
    scannedUpc: item.upc,
    model,
    poApiPoId: line.purchaseOrderId,
    poApiPoItemId: line.id,
    receivingBucket: item.bucket,
    ...(item.serials.length ? { scannedSerialNumbers: item.serials } : {}),
    ...(username ? { scannedBy: username } : {}),
    clientScanId: item.clientScanId,
  });

  function announce(references: string[], serials: string[]) {
    const note = { references, serials };
    setSubmitted(note);
    later(() => setSubmitted((current) => (current === note ? null : current)), RECEIVING_TIMING.submittedCloseMs);
  }

  /** A unit fully scanned: received at once, or staged for the submit. */
  function complete(scannedUpc: string, serials: string[], bucket: string) {
    const item: ScannedItem = { clientScanId: newScanId(), upc: scannedUpc, serials, bucket };
    if (!staging) {
      void receive(item);
      return;
    }
    setItems((list) => [...list, item]);
    setFailedIndex(null);
    playSound('good');
    show('good', `Staged ${model}${serialsText(serials)}: submit the list to receive it`);
    nextScan();
  }

  async function receive(item: ScannedItem) {
    setPosting(true);
    try {
      const result = await callApi(quickScanReceiveRoute, { body: itemBody(item), silent: true });
      playSound('good');
      show('good', `Received ${model}${serialsText(item.serials)} into ${item.bucket}: ${result.transactionReferenceId}`);
      setItems((list) => [...list, { ...item, reference: result.transactionReferenceId }]);
      if (result.qty_received >= result.qty_ordered) setLineFull(true);
      announce([result.transactionReferenceId], item.serials);
    } catch (error) {
      const message = failure(error);
      if (isProductNotInListMessage(message)) {
        productGone(message, error instanceof ApiCallError ? statusLine(error.status) : 'Error');
        return;
      }
      fail(message);
      if (error instanceof ApiCallError && error.status === 409 && message === RECEIVING_MESSAGES.nothingLeftToReceive) setLineFull(true);
    } finally {
      refresh();
      setPosting(false);
      nextScan();
    }
  }

  /** Submits the staged items together: all are received, or none (the refused one is highlighted). */
  async function submitStaged() {
    if (!staged.length || posting) return;
    setPosting(true);
    try {
      const result = await callApi(scannedItemsSubmitRoute, { body: { scannedItems: staged.map(itemBody) }, silent: true });
      const references = new Map(staged.map((item, i) => [item.clientScanId, result.items[i]!.transactionReferenceId]));
      setItems((list) => list.map((item) => (item.reference ? item : { ...item, reference: references.get(item.clientScanId) })));
      setFailedIndex(null);
      const last = result.items.at(-1);
      if (last && last.qty_received >= last.qty_ordered) setLineFull(true);
      playSound('good');
      const refs = result.items.map((i) => i.transactionReferenceId);
      show('good', `Received ${result.received} item${result.received === 1 ? '' : 's'} of ${model}: ${refs.join(', ')}`);
      announce(refs, staged.flatMap((i) => i.serials));
    } catch (error) {
      fail(failure(error));
      setFailedIndex(failedItemIndex(error));
    } finally {
      refresh();
      setPosting(false);
      nextScan();
    }
  }

  /** Drops a staged item, or takes back a received one (the server reverses it). */
  async function removeItem(item: ScannedItem) {
    if (!item.reference) {
      setItems((list) => list.filter((i) => i !== item));
      setFailedIndex(null);
      return;
    }
    setPosting(true);
    try {
      const result = await callApi(removeScannedItemRoute, { params: { id: item.reference }, silent: true });
      setItems((list) => list.filter((i) => i !== item));
      setLineFull(result.qty_received >= result.qty_ordered);
      playSound('unreceive');
      show('good', `Took back ${result.removed}${serialsText(item.serials)}: reversed by ${result.transactionReferenceId}`);
    } catch (error) {
      fail(failure(error));
    } finally {
      refresh();
      setPosting(false);
    }
  }

  return { items, staged, staging, setStaging, posting, failedIndex, submitted, allReceived, allScanned, complete, submitStaged, removeItem };
}
