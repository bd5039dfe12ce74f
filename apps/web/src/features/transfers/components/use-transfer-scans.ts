import { useEffect, useRef } from 'react';
import { type TAddScannedItem, type TCommittedTransfer } from '@keystone/contracts';
import { scanOutbox } from '../../../lib/scan/outbox';
import { useRefreshTransfers } from '../api/transfers-api';
import { newClientScanId } from '../../../lib/scan/scan-ids';
import type { OutboxEntry, TOutboxOutcome } from '../../../lib/scan/scan-outbox';
import type { TScanUnit } from '../../../lib/scan/scan-engine';
import { useOutboxScans } from '../../../lib/scan/use-outbox-scans';
import { forcePushPromptOf, type TForcePushPrompt } from './transfer-rules-client';

/** A scanned unit: its UPC and serials (none for a product without serials). */
export type TUnit = TScanUnit;

/** The outbox context of a committed transfer's scans. */
export const transferScanContext = (refId: string) => `transfer:${refId}`;

/** The unit an outbox entry carries. */
export function unitOf(entry: OutboxEntry): TUnit {
  const body = entry.body as Partial<TAddScannedItem>;
  return {
    upc: body.scannedUpc ?? '',
    serials: Array.isArray(body.scannedSerialNumbers) ? body.scannedSerialNumbers : [],
  };
}

/** A refused scan the user may force-push (001 §4, §8): sent without force, with serials, refused with a §8 text. */
export function forcePushOf(entry: OutboxEntry): TForcePushPrompt | null {
  if (entry.state !== 'refused' || !entry.message) return null;
  const body = entry.body as Partial<TAddScannedItem>;
  if (body.forcePushSerialCorrection === 1 || body.forcePushSerialCorrection === true || !unitOf(entry).serials.length)
    return null;
  return forcePushPromptOf(entry.message);
}

/** The outbox entry of a transfer's unit: a fresh clientScanId, in the body too, so a replay is recorded once. */
export function transferScanEntry(refId: string, unit: TUnit, force: 0 | 1, label: string) {
  const id = newClientScanId();
  const body: TAddScannedItem = {
    scannedUpc: unit.upc,
    scannedSerialNumbers: unit.serials,
    forcePushSerialCorrection: force,
    clientScanId: id,
  };
  return { id, kind: 'transfer-scan' as const, params: { refId }, body, context: transferScanContext(refId), label };
}

/**
 * A committed transfer's scans in the scan outbox (lib/scan/use-outbox-scans.ts). A refusal the user may force-push
 * stays until its prompt is answered; the first is asked about.
 */
export function useTransferScans(refId: string, answered: (entry: OutboxEntry, outcome: TOutboxOutcome) => void) {
  const scans = useOutboxScans(transferScanContext(refId), answered);
  return {
    ...scans,
    /** Refused scans the user may force-push; the first is asked about. */
    prompts: scans.entries.filter((e) => forcePushOf(e)),
    /** Refused for good (the message was shown): listed until dismissed. */
    refused: scans.refused.filter((e) => !forcePushOf(e)),
    enqueue: (unit: TUnit, force: 0 | 1, label: string) => scans.add(transferScanEntry(refId, unit, force, label)),
  };
}

/**
 * Refreshes the page's transfer lists when the outbox records a transfer scan while no scan dialog is open (a
 * replay after a network cut, or a scan left by an earlier page); an open dialog keeps its own figures.
 */
export function useTransferReplays(dialogOpen: boolean) {
  const refresh = useRefreshTransfers();
  const live = useRef({ dialogOpen, refresh });
  live.current = { dialogOpen, refresh };
  useEffect(
    () =>
      scanOutbox.subscribe((entry, outcome) => {
        if (entry.kind === 'transfer-scan' && outcome.ok && !live.current.dialogOpen) void live.current.refresh();
      }),
    [],
  );
}

export type TTransferAnswer = { message: 'Success'; updated_committed_transfer: TCommittedTransfer };
