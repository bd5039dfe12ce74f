import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { scanOutbox } from './outbox';
import { entriesOf, type OutboxEntry, type TOutboxOutcome } from './scan-outbox';
import { playSound } from './sounds';
import type { TScanFeedbackApi } from './use-scan-engine';

/** What a flow's outbox entry is made of (its id is the client scan id, also in the body). */
export type TOutboxInput = Parameters<typeof scanOutbox.add>[0];

/** "UPC (serial, serial)": a unit as lists and messages name it. */
export const unitText = (unit: { upc: string; serials: string[] }) =>
  `${unit.upc}${unit.serials.length ? ` (${unit.serials.join(', ')})` : ''}`;

/**
 * One scan flow's scans in the shared scan outbox (lib/scan/outbox.ts), by its context (`transfer:CT-1`,
 * `audit:IA-1`, `po-line:42`): each unit is kept on this device before it is sent, sent in scanning order while the
 * next is scanned, and replayed with its client scan id after a network cut (the server records it once).
 * `answered` gets each answer as it comes, at once or on a replay.
 */
export function useOutboxScans(context: string, answered: (entry: OutboxEntry, outcome: TOutboxOutcome) => void) {
  const entries = scanOutbox.store(useShallow((s) => entriesOf(s, context)));
  /** Unanswered scans once a try has failed: they wait on this device for the server. */
  const waiting = scanOutbox.store((s) =>
    s.stalled ? entriesOf(s, context).filter((e) => e.state !== 'refused').length : 0,
  );
  const latest = useRef(answered);
  latest.current = answered;
  useEffect(
    () => scanOutbox.subscribe((entry, outcome) => entry.context === context && latest.current(entry, outcome)),
    [context],
  );
  return {
    entries,
    /** Sent or waiting to be, in scanning order. */
    pending: entries.filter((e) => e.state !== 'refused'),
    refused: entries.filter((e) => e.state === 'refused'),
    waiting,
    /** Keeps the scan (it is sent after those before it); while the server cannot be reached it waits. */
    add: (input: TOutboxInput) => void scanOutbox.add(input),
    dismiss: (id: string) => scanOutbox.dismiss(id),
  };
}

/**
 * The feedback of a server's answer to one unit of a flow: green "{verb} UPC (serials)" ("Sent …" when it had to
 * wait), or the refusal in red (named when it comes late, on a replay), with the sound.
 */
export function announceAnswer(
  feedback: TScanFeedbackApi,
  entry: OutboxEntry,
  outcome: TOutboxOutcome,
  unit: { upc: string; serials: string[] },
  verb: string,
): void {
  if (outcome.ok) {
    feedback.show('good', `${entry.delayed ? 'Sent' : verb} ${unitText(unit)}`);
    playSound('good');
    return;
  }
  // A refusal on a replay comes long after its scan: it names the scan.
  feedback.show('bad', entry.delayed ? `${unitText(unit)}: ${outcome.message}` : outcome.message);
  playSound('bad');
}
