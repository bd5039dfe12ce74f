import { create } from 'zustand';
import { ApiCallError, serverMessage } from '../api-error';

/**
 * The scan calls that may wait in the outbox, by name (their routes: `outbox-routes.ts`): `receive` a PO line's
 * unit (quickScanReceive), `transfer-scan` a committed transfer's unit (addScannedItem, its refId a path parameter),
 * `audit-scan` an audit item's counted unit (quick-add-scanned-item), `pick` a pick list item's pick (its id a path
 * parameter), `bin-items` a bin contents submit (its binId a path parameter), `sale-serial` a committed sale's
 * serials (addScannedItem, its ref a path parameter), `unreceive` a PO line's receipt un-received (its
 * reference a path parameter).
 */
export type TOutboxKind =
  'receive' | 'transfer-scan' | 'audit-scan' | 'pick' | 'bin-items' | 'sale-serial' | 'unreceive';

/** A scan the server must record, kept until it answers. */
export interface OutboxEntry {
  /** The client-made scan id: also in the body, so a replay is applied once. */
  id: string;
  /** Order of scanning: entries are sent in this order, one at a time. */
  seq: number;
  kind: TOutboxKind;
  /** The route's path parameters (`{ refId: 'CT-0000042' }`), for a route that has them. */
  params?: Record<string, string>;
  body: Record<string, unknown>;
  /** The flow that made it (`po-line:42`), so a reopened dialog finds its scans. */
  context: string;
  /** What the user scanned, for lists ("WM3400 (SN123)"). */
  label: string;
  createdAt: string;
  /** Failed tries (network, time-out, server unavailable). */
  attempts: number;
  /** It had to wait for the server (its own try failed, or one before it): its answer comes late, so it is named. */
  delayed?: boolean;
  state: 'pending' | 'sending' | 'refused';
  /** A refusal's message (the server's §5 text). */
  message?: string;
}

export type TOutboxOutcome =
  { ok: true; result: unknown } | { ok: false; message: string; status: number; error: unknown };

/** Where entries live between page loads. */
export interface OutboxPersistence {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  delete(id: string): Promise<void>;
}

/** How long one try may take before the scan waits for a replay (the server may still apply it: the id makes that safe). */
export const SCAN_SEND_TIMEOUT_MS = 15_000;
/** Delays between replays while the server cannot be reached. */
export const SCAN_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;

/** Whether a failed try is worth repeating: no answer, a time-out, or the server (or a proxy) unavailable for now. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiCallError)) return true;
  return (
    error.status === 401 ||
    error.status === 408 ||
    error.status === 425 ||
    error.status === 429 ||
    error.status === 502 ||
    error.status === 503 ||
    error.status === 504
  );
}

function refusalMessage(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  const errors =
    error instanceof ApiCallError ? (error.body as { errors?: Record<string, unknown> } | null)?.errors : undefined;
  for (const messages of Object.values(errors ?? {})) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first) return first;
  }
  return error instanceof ApiCallError ? `The server refused the scan (${error.status}).` : 'The scan was refused.';
}

export interface OutboxState {
  entries: OutboxEntry[];
  /** A try failed for the network or a time-out, and the outbox waits to replay. */
  stalled: boolean;
  /** Epoch ms of the server's last answer to a scan (a success): the shell's "last sync". */
  lastSyncAt: number | null;
}

export interface ScanOutboxOptions {
  persistence: OutboxPersistence;
  send(entry: OutboxEntry, signal: AbortSignal): Promise<unknown>;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

type Listener = (entry: OutboxEntry, outcome: TOutboxOutcome) => void;

/**
 * The scans waiting for the server. A scan is written here (IndexedDB in the browser) before it is sent, sent in
 * scanning order one at a time, and removed when the server answers. A try that fails for the network, a
 * time-out or an unavailable server leaves it (and all after it) waiting; it is replayed, with the same id, after
 * a back-off or as soon as the browser is online again. A refusal (a 4xx answer) is final: the entry stays,
 * marked with the server's message, until the user dismisses it; the next entry is sent.
 */
export class ScanOutbox {
  readonly store = create<OutboxState>(() => ({ entries: [], stalled: false, lastSyncAt: null }));
  private readonly listeners = new Set<Listener>();
  private running = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private nextSeq = 0;
  private loaded: Promise<void> | null = null;

  constructor(private readonly options: ScanOutboxOptions) {}

  /** Reads the entries a previous page left, and replays them. */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      const saved = await this.options.persistence.all().catch((): OutboxEntry[] => []);
      const known = new Set(this.entries().map((e) => e.id));
      const restored = saved
        .filter((e) => !known.has(e.id))
        .map((e): OutboxEntry => (e.state === 'sending' ? { ...e, state: 'pending' } : e));
      this.set([...restored, ...this.entries()].sort((a, b) => a.seq - b.seq));
      this.nextSeq = Math.max(this.nextSeq, ...this.entries().map((e) => e.seq + 1));
      void this.pump();
    })();
    return this.loaded;
  }

  entries(): OutboxEntry[] {
    return this.store.getState().entries;
  }

  /** Called with every answer: a success (the server's result) or a refusal. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Keeps a scan and sends it after those before it. Resolves once it is stored. It joins the entries (and so the
   * counts of what waits) only once stored: a page closed after the count showed it still holds it (a write not yet
   * committed when the page unloads is lost).
   */
  async add(input: Pick<OutboxEntry, 'id' | 'kind' | 'params' | 'body' | 'context' | 'label'>): Promise<OutboxEntry> {
    const stalled = this.store.getState().stalled;
    const entry: OutboxEntry = {
      ...input,
      seq: Math.max(this.nextSeq++, Date.now() * 1000),
      createdAt: new Date().toISOString(),
      attempts: 0,
      state: 'pending',
      delayed: stalled,
    };
    this.nextSeq = entry.seq + 1;
    try {
      await this.options.persistence.put(entry);
    } catch {
      // Storage refused (private mode, quota): the scan is still sent from memory.
    }
    this.set([...this.entries(), entry].sort((a, b) => a.seq - b.seq));
    void this.pump();
    return entry;
  }

  /** Forgets a refused entry (the user has seen its message). */
  async dismiss(id: string): Promise<void> {
    this.set(this.entries().filter((e) => e.id !== id || e.state !== 'refused'));
    await this.options.persistence.delete(id).catch(() => {});
  }

  /** Replays now (the browser came online, the user signed in again). */
  retryNow(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.pump();
  }

  /** Sends pending entries in order until one has to wait. */
  async pump(): Promise<void> {
    if (this.running || this.retryTimer) return;
    this.running = true;
    try {
      for (;;) {
        const entry = this.entries().find((e) => e.state === 'pending');
        if (!entry) return;
        this.update(entry.id, { state: 'sending' });
        let result: unknown;
        try {
          result = await this.options.send(entry, AbortSignal.timeout(this.options.timeoutMs ?? SCAN_SEND_TIMEOUT_MS));
        } catch (error) {
          if (isRetryable(error)) {
            this.update(entry.id, { state: 'pending', attempts: entry.attempts + 1 });
            this.set(this.entries().map((e) => (e.state === 'pending' ? { ...e, delayed: true } : e)));
            this.store.setState({ stalled: true });
            await Promise.all(
              this.entries()
                .filter((e) => e.state === 'pending')
                .map((e) => this.options.persistence.put(e).catch(() => {})),
            );
            const delays = this.options.retryDelaysMs ?? SCAN_RETRY_DELAYS_MS;
            const delay = delays[Math.min(this.failures++, delays.length - 1)]!;
            this.retryTimer = setTimeout(() => {
              this.retryTimer = null;
              void this.pump();
            }, delay);
            return;
          }
          // The server answered: it is in reach again, whatever it said.
          this.failures = 0;
          this.store.setState({ stalled: false });
          const refused = this.update(entry.id, { state: 'refused', message: refusalMessage(error) });
          this.settled(refused, {
            ok: false,
            message: refused.message!,
            status: error instanceof ApiCallError ? error.status : 0,
            error,
          });
          await this.options.persistence.put(refused).catch(() => {});
          continue;
        }
        this.failures = 0;
        this.store.setState({ stalled: false, lastSyncAt: Date.now() });
        this.settled(entry, { ok: true, result });
        this.set(this.entries().filter((e) => e.id !== entry.id));
        await this.options.persistence.delete(entry.id).catch(() => {});
      }
    } finally {
      this.running = false;
    }
  }

  private settled(entry: OutboxEntry, outcome: TOutboxOutcome) {
    for (const listener of this.listeners) {
      try {
        listener(entry, outcome);
      } catch (error) {
        console.error(error);
      }
    }
  }

  private set(entries: OutboxEntry[]) {
    this.store.setState({ entries });
  }

  private update(id: string, patch: Partial<OutboxEntry>): OutboxEntry {
    let updated: OutboxEntry | undefined;
    this.set(this.entries().map((e) => (e.id === id ? (updated = { ...e, ...patch }) : e)));
    return updated!;
  }
}

/** The entries not yet answered or dismissed, for one flow. */
export function entriesOf(state: OutboxState, context: string): OutboxEntry[] {
  return state.entries.filter((e) => e.context === context);
}

/** How many scans wait for the server: all unanswered ones once a try has failed. */
export function waitingCount(state: OutboxState): number {
  return state.stalled ? state.entries.filter((e) => e.state !== 'refused').length : 0;
}
