import { create } from 'zustand';
import { getReasonPhrase } from 'http-status-codes';

/** Toast timings (000 §4, §9). */
export const TOAST_TIMING = { displayMs: 10_000, removeDelayMs: 700, enterMs: 900, exitMs: 300 } as const;

export interface QueuedMessage {
  id: number;
  date: string;
  message: string;
  status: string;
  type: 'errors' | 'successes';
  open: boolean;
}

interface MessageQueueState {
  messages: QueuedMessage[];
  push(input: { message: string; status: string; type: QueuedMessage['type'] }): void;
  close(id: number): void;
}

let nextId = 1;

export const useMessageQueue = create<MessageQueueState>((set, get) => ({
  messages: [],
  push({ message, status, type }) {
    const entry: QueuedMessage = { id: nextId++, date: new Date().toISOString(), message, status, type, open: true };
    set({ messages: [...get().messages, entry] });
  },
  close(id) {
    set({ messages: get().messages.map((m) => (m.id === id ? { ...m, open: false } : m)) });
    // Removed from the queue 700 ms after closing.
    setTimeout(() => set({ messages: get().messages.filter((m) => m.id !== id) }), TOAST_TIMING.removeDelayMs);
  },
}));

/** 'status: status text' from the standard table of HTTP status texts (000 §8). */
export function statusLine(status: number): string {
  let text: string;
  try {
    text = getReasonPhrase(status);
  } catch {
    text = 'Unknown Error';
  }
  return `${status}: ${text}`;
}

export function queueHttpFailure(url: string, status: number): void {
  useMessageQueue.getState().push({ type: 'errors', status: statusLine(status), message: url });
}

export function queueSuccess(message: string): void {
  useMessageQueue.getState().push({ type: 'successes', status: 'Success', message });
}

/** What a save's confirmation says: "PO 1234 saved", "Vendor Acme saved" (docs/decisions.md). */
export function savedMessage(kind: string, name?: string | number | null): string {
  return name === undefined || name === null || name === '' ? `${kind} saved` : `${kind} ${name} saved`;
}

/**
 * The one confirmation of a save: what was saved, headed by the spec's own message for that screen when it gives one
 * ("Vendor Updated!"), else "Saved".
 */
export function queueSaved(kind: string, name?: string | number | null, specMessage?: string): void {
  useMessageQueue
    .getState()
    .push({ type: 'successes', status: specMessage ?? 'Saved', message: savedMessage(kind, name) });
}
