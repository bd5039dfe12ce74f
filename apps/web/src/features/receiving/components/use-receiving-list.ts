import { useEffect, useRef, useState } from 'react';
import {
  isProductNotInListMessage,
  MAX_STAGED_ITEMS,
  quickScanReceiveRoute,
  RECEIVING_MESSAGES,
  removeScannedItemRoute,
  scannedItemsSubmitRoute,
  type TPoLine,
  type TRouteResponse,
} from '@keystone/contracts';
import { ApiCallError, callApi, serverMessage } from '../../../lib/api-client';
import { statusLine } from '../../../lib/message-queue';
import { scanOutbox } from '../../../lib/scan/outbox';
import { newClientScanId } from '../../../lib/scan/scan-ids';
import { useOutboxScans } from '../../../lib/scan/use-outbox-scans';
import { entriesOf, type OutboxEntry } from '../../../lib/scan/scan-outbox';
import { playSound } from '../../../lib/scan/sounds';
import { SCAN_TIMING } from '../../../lib/scan/timing';
import type { ScannedItem } from './scanned-items-list';

/** Remembered per browser: whether scans are staged and submitted together rather than received one by one. */
const STAGE_KEY = 'receivingStageScans';

/** How long after the last answer the PO and the line's lists are refetched. */
const ANSWER_REFRESH_MS = 400;

/** The outbox context of a PO line's receiving scans. */
export const receivingContext = (lineId: number) => `po-line:${lineId}`;

/** The index of the staged item a refused submit named (its errors are keyed `scannedItems.n…`). */
function failedItemIndex(error: unknown): number | null {
  const errors =
    error instanceof ApiCallError ? (error.body as { errors?: Record<string, unknown> } | null)?.errors : undefined;
  const key = Object.keys(errors ?? {}).find((k) => /^scannedItems\.\d+/.test(k));
  return key ? Number(key.split('.')[1]) : null;
}

function failure(error: unknown): string {
  return (
    serverMessage(error) ??
    (error instanceof ApiCallError ? statusLine(error.status) : 'The receive request got no response.')
  );
}

interface Options {
  line: TPoLine;
  /** The quantity still to receive when the dialog opened. */
  toReceive: number;
  username: string | null;
  later(fn: () => void, ms: number): void;
  show(kind: 'good' | 'bad' | 'waiting', text: string): void;
  fail(message: string): void;
  /** Refetches what a receipt changes (the PO, the line's serials and receipts). */
  refresh(): void;
  /** After the staged list was submitted (or refused): ready for the next scan. */
  nextScan(): void;
  /** The server no longer knows the line's product: the dialog closes with an errors notice. */
  productGone(message: string, status: string): void;
}

/**
 * The Receiving dialog's list of scanned items and its server calls: each unit received at once
 * (quickScanReceive), or staged and submitted together (scanned-item/submit: all in one transaction, or none);
 * a received unit taken back (DELETE scanned-item: a reversing transaction).
 */
export function useReceivingList({
  line,
  toReceive,
  username,
  later,
  show,
  fail,
  refresh,
  nextScan,
  productGone,
}: Options) {
  const context = receivingContext(line.id);
  const [posting, setPosting] = useState(false);
  // Scans of this line still in the outbox (sent from an earlier dialog or page) are listed from the start.
  const [items, setItems] = useState<ScannedItem[]>(() =>
    entriesOf(scanOutbox.store.getState(), context).map(itemOfEntry),
  );
  const [staging, setStagingState] = useState(() => localStorage.getItem(STAGE_KEY) === '1');
  const [failedIndex, setFailedIndex] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState<{ references: string[]; serials: string[] } | null>(null);
  const [lineFull, setLineFull] = useState(false);
  /** Units received by a serial manifest while the dialog is open (not scanned, so not in the list). */
  const [byManifest, setByManifest] = useState(0);

  const received = items.filter((i) => i.state === 'received');
  const staged = items.filter((i) => i.state === 'staged');
  const active = items.filter((i) => i.state !== 'refused');
  const allReceived = toReceive === 0 || received.length + byManifest >= toReceive || lineFull;
  const allScanned = active.length + byManifest >= toReceive || staged.length >= MAX_STAGED_ITEMS;
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
    later(() => setSubmitted((current) => (current === note ? null : current)), SCAN_TIMING.submittedCloseMs);
  }

  const patchItem = (id: string, patch: Partial<ScannedItem>, fallback: ScannedItem) =>
    setItems((list) =>
      list.some((i) => i.clientScanId === id)
        ? list.map((i) => (i.clientScanId === id ? { ...i, ...patch } : i))
        : [...list, { ...fallback, ...patch }],
    );

  /**
   * What a receipt changes is refetched once the answers stop coming for a moment, not after each one: at scanner
   * speed a refetch of the PO per unit would keep the page busy re-rendering between scans.
   */
  const refreshQueued = useRef(false);
  const latestRefresh = useRef(refresh);
  latestRefresh.current = refresh;
  // Closing the dialog does not lose a refetch still waiting: the page behind shows the new figures.
  useEffect(
    () => () => {
      if (refreshQueued.current) latestRefresh.current();
    },
    [],
  );
  function refreshSoon() {
    if (refreshQueued.current) return;
    refreshQueued.current = true;
    later(() => {
      refreshQueued.current = false;
      refresh();
    }, ANSWER_REFRESH_MS);
  }

  // The server's answers to this line's scans, as the outbox gets them (at once, or on a replay).
  const outbox = useOutboxScans(context, (entry, outcome) => {
    const item = itemOfEntry(entry);
    refreshSoon();
    if (outcome.ok) {
      const result = outcome.result as TRouteResponse<typeof quickScanReceiveRoute>;
      patchItem(entry.id, { state: 'received', reference: result.transactionReferenceId, message: undefined }, item);
      show(
        'good',
        `Received ${model}${serialsText(item.serials)} into ${item.bucket}: ${result.transactionReferenceId}`,
      );
      if (result.qty_received >= result.qty_ordered) setLineFull(true);
      announce([result.transactionReferenceId], item.serials);
      return;
    }
    if (isProductNotInListMessage(outcome.message)) {
      void outbox.dismiss(entry.id);
      productGone(outcome.message, outcome.status ? statusLine(outcome.status) : 'Error');
      return;
    }
    patchItem(entry.id, { state: 'refused', message: outcome.message }, item);
    // A refusal on a replay comes long after its scan: it names the scan.
    fail(entry.delayed ? `${itemLabel(item)}: ${outcome.message}` : outcome.message);
    if (outcome.status === 409 && outcome.message === RECEIVING_MESSAGES.nothingLeftToReceive) setLineFull(true);
  });
  const waiting = outbox.waiting;

  /** A unit fully scanned: sent at once through the outbox (it waits there while the server cannot be reached), or staged. */
  function complete(scannedUpc: string, serials: string[], bucket: string) {
    const item: ScannedItem = {
      clientScanId: newClientScanId(),
      upc: scannedUpc,
      serials,
      bucket,
      state: staging ? 'staged' : 'sending',
    };
    setItems((list) => [...list, item]);
    setFailedIndex(null);
    playSound('good');
    if (staging) {
      show('good', `Staged ${model}${serialsText(serials)}: submit the list to receive it`);
    } else {
      show('good', `Scanned ${model}${serialsText(serials)}: sending`);
      outbox.add({
        id: item.clientScanId,
        kind: 'receive',
        body: itemBody(item),
        context,
        label: `${model}${serialsText(serials)}`,
      });
    }
  }

  /** Submits the staged items together: all are received, or none (the refused one is highlighted). */
  async function submitStaged() {
    if (!staged.length || posting) return;
    setPosting(true);
    try {
      const result = await callApi(scannedItemsSubmitRoute, {
        body: { scannedItems: staged.map(itemBody) },
        silent: true,
      });
      const references = new Map(staged.map((item, i) => [item.clientScanId, result.items[i]!.transactionReferenceId]));
      setItems((list) =>
        list.map((item) =>
          item.state === 'staged' ? { ...item, state: 'received', reference: references.get(item.clientScanId) } : item,
        ),
      );
      setFailedIndex(null);
      const last = result.items.at(-1);
      if (last && last.qty_received >= last.qty_ordered) setLineFull(true);
      playSound('good');
      const refs = result.items.map((i) => i.transactionReferenceId);
      show(
        'good',
        `Received ${result.received} item${result.received === 1 ? '' : 's'} of ${model}: ${refs.join(', ')}`,
      );
      announce(
        refs,
        staged.flatMap((i) => i.serials),
      );
    } catch (error) {
      fail(failure(error));
      setFailedIndex(failedItemIndex(error));
    } finally {
      refresh();
      setPosting(false);
      nextScan();
    }
  }

  /** Drops a staged or refused item, or takes back a received one (the server reverses it). */
  async function removeItem(item: ScannedItem) {
    if (item.state === 'staged' || item.state === 'refused') {
      setItems((list) => list.filter((i) => i !== item));
      setFailedIndex(null);
      if (item.state === 'refused') void outbox.dismiss(item.clientScanId);
      return;
    }
    if (!item.reference) return;
    setPosting(true);
    try {
      const result = await callApi(removeScannedItemRoute, { params: { id: item.reference }, silent: true });
      setItems((list) => list.filter((i) => i !== item));
      setLineFull(result.qty_received >= result.qty_ordered);
      playSound('unreceive');
      show(
        'good',
        `Took back ${result.removed}${serialsText(item.serials)}: reversed by ${result.transactionReferenceId}`,
      );
    } catch (error) {
      fail(failure(error));
    } finally {
      refresh();
      setPosting(false);
    }
  }

  /** A serial manifest received units of this line: they count toward what is still to receive. */
  function manifestReceived(result: { received: number; qty_received: number; qty_ordered: number }) {
    setByManifest((n) => n + result.received);
    if (result.qty_received >= result.qty_ordered) setLineFull(true);
    refresh();
  }

  return {
    items,
    staged,
    staging,
    setStaging,
    posting,
    failedIndex,
    submitted,
    allReceived,
    allScanned,
    waiting,
    byManifest,
    complete,
    submitStaged,
    removeItem,
    manifestReceived,
  };
}

const itemLabel = (item: ScannedItem) => (item.serials.length ? item.serials.join(', ') : item.upc);

/** A scan the outbox holds, as an item of the list. */
function itemOfEntry(entry: OutboxEntry): ScannedItem {
  const body = entry.body as { scannedUpc?: string; scannedSerialNumbers?: string[]; receivingBucket?: string };
  return {
    clientScanId: entry.id,
    upc: body.scannedUpc ?? '',
    serials: body.scannedSerialNumbers ?? [],
    bucket: body.receivingBucket ?? '',
    state: entry.state === 'refused' ? 'refused' : 'sending',
    ...(entry.message ? { message: entry.message } : {}),
  };
}
