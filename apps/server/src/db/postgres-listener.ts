import pg from 'pg';
import { Backoff } from './backoff.js';

/** What a LISTEN delivers: each notification's payload, and (PostgreSQL) a note that the listener reconnected. */
export interface ListenHandlers {
  onMessage(payload: string): void;
  /** The listening connection was lost and is back: notifications sent meanwhile were missed. */
  onReconnect?(): void;
}

/** How long opening the listening connection may take before the attempt counts as failed (a stalled network). */
const CONNECT_TIMEOUT_MS = 5_000;

const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

/**
 * The one LISTEN connection of a process: every channel (live boards, jobs, the token cache, reviews)
 * shares it. One loop owns it: connect, LISTEN every channel, wait until the connection is lost, wait a backoff
 * (capped, with jitter), connect again. At most one connection is open or being opened at any moment, so an outage
 * never multiplies them. After a reconnect every handler's `onReconnect` says notifications may have been missed.
 */
export class PostgresListener {
  private readonly channels = new Map<string, Set<ListenHandlers>>();
  private client: pg.Client | null = null;
  /** The attempt in flight (connect and LISTEN), or null while connected or waiting to retry. */
  private attempt: Promise<void> | null = null;
  private loop: Promise<void> | null = null;
  private readonly backoff = new Backoff();
  private closed = false;
  private connectedOnce = false;

  constructor(
    private readonly url: string,
    private readonly onError?: (error: Error) => void,
  ) {}

  /** Connections this listener holds or is opening: 0 or 1 (tests read it). */
  get connections(): number {
    return this.client ? 1 : 0;
  }

  /**
   * Listens on `channel` until the answered function is called. Resolves once the channel is listened to on a live
   * connection; rejects (listening to nothing) when the connection cannot be made now: its caller answers that the
   * live service is unavailable and may ask again later.
   */
  async listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('the database listener is closed');
    let set = this.channels.get(channel);
    const fresh = !set;
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(handlers);
    const unlisten = async () => {
      const current = this.channels.get(channel);
      if (!current?.delete(handlers) || current.size > 0) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
    };
    try {
      this.loop ??= this.run();
      // The attempt in flight may have listed its channels before this one was added: LISTEN again (idempotent).
      const joined = Boolean(this.attempt);
      if (this.attempt) await this.attempt;
      const client = this.client;
      if (!client || this.attempt)
        throw Object.assign(new Error('the database listener is reconnecting'), { code: '08001' });
      if (fresh || joined) await client.query(`LISTEN ${quote(channel)}`);
      return unlisten;
    } catch (error) {
      await unlisten();
      throw error;
    }
  }

  /** Ends the connection and the loop. */
  async close(): Promise<void> {
    this.closed = true;
    this.backoff.cancel();
    await this.client?.end().catch(() => {});
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const client = new pg.Client({
        connectionString: this.url,
        keepAlive: true,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      this.client = client;
      let markLost!: (error?: Error) => void;
      const lost = new Promise<Error | undefined>((resolve) => (markLost = resolve));
      client.on('error', (error) => markLost(error));
      client.on('end', () => markLost());
      client.on('notification', (message) => {
        for (const handlers of this.channels.get(message.channel) ?? []) handlers.onMessage(message.payload ?? '');
      });
      this.attempt = this.open(client);
      let error: Error | undefined;
      try {
        await this.attempt;
        this.attempt = null;
        this.backoff.reset();
        if (this.connectedOnce)
          for (const set of this.channels.values()) for (const handlers of set) handlers.onReconnect?.();
        this.connectedOnce = true;
        error = await lost;
      } catch (failure) {
        this.attempt = null;
        error = failure as Error;
      }
      this.client = null;
      // Ends the socket whatever state it is in; 'end' after it is ignored (markLost has answered).
      await client.end().catch(() => {});
      if (this.closed) break;
      if (error) this.onError?.(error);
      await this.backoff.wait();
    }
  }

  private async open(client: pg.Client): Promise<void> {
    await client.connect();
    for (const channel of [...this.channels.keys()]) await client.query(`LISTEN ${quote(channel)}`);
  }
}
