import type { FastifyBaseLogger } from 'fastify';
import { ZLiveTopicSchema, type TLiveTopic } from '@keystone/contracts';
import type { Listen } from '../../db/database.js';

/** The channel the board tables' triggers notify (migration 0011_live-notify). */
export const LIVE_CHANNEL = 'keystone_live';

export interface LiveSubscriber {
  topics: ReadonlySet<TLiveTopic>;
  /** Sends one server-sent event. */
  send(event: 'change' | 'resync', data: object): void;
  /** Ends the stream (the server is closing). */
  end(): void;
}

/**
 * A topic fed by something other than the board triggers (the review store's subscription): started with the hub,
 * it calls `onChange` for each change and `onResync` when changes may have been missed.
 */
export type LiveSource = (handlers: { onChange(): void; onResync(): void }) => Promise<() => Promise<void>>;

/**
 * One LISTEN per API process, fanned out to its event streams. The database delivers a
 * notification to every listening process when the writing transaction commits, so a change made through any
 * process reaches the streams of all of them. The listener starts with the first stream and stays.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private listening: Promise<() => Promise<void>> | null = null;
  private readonly sources = new Map<TLiveTopic, LiveSource>();
  private sourcesStarted: Promise<(() => Promise<void>)[]> | null = null;
  private closed = false;

  constructor(
    private readonly listen: Listen | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  get available(): boolean {
    return this.listen !== undefined && !this.closed;
  }

  /** Starts listening (once); resolves when notifications are being received. */
  async start(): Promise<void> {
    if (!this.listen) throw new Error('live updates need a database listener');
    this.listening ??= this.listen(LIVE_CHANNEL, {
      onMessage: (payload) => this.deliver(payload),
      onReconnect: () => {
        this.log.warn('live updates: the database listener reconnected; streams told to resync');
        for (const subscriber of this.subscribers) subscriber.send('resync', { topics: [...subscriber.topics] });
      },
    }).catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    await this.listening;
    this.sourcesStarted ??= Promise.all(
      [...this.sources].map(([topic, source]) =>
        source({
          onChange: () => this.deliver(topic),
          onResync: () => {
            for (const subscriber of this.subscribers)
              if (subscriber.topics.has(topic)) subscriber.send('resync', { topics: [topic] });
          },
        }).catch((error: unknown) => {
          // One source that cannot start must not take the boards' streams down: its topic stays quiet.
          this.log.error({ err: error, topic }, 'live updates: a topic source could not start');
          return async () => {};
        }),
      ),
    );
    await this.sourcesStarted;
  }

  /** Feeds a topic from a source of its own (started with the first stream, stopped with the hub). */
  addSource(topic: TLiveTopic, source: LiveSource): void {
    this.sources.set(topic, source);
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private deliver(payload: string): void {
    const topic = ZLiveTopicSchema.safeParse(payload);
    if (!topic.success) return;
    const event = { topic: topic.data, at: new Date().toISOString() };
    for (const subscriber of this.subscribers) if (subscriber.topics.has(topic.data)) subscriber.send('change', event);
  }

  /** Ends every stream and stops listening (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    for (const subscriber of [...this.subscribers]) subscriber.end();
    this.subscribers.clear();
    const listening = this.listening;
    this.listening = null;
    const sources = this.sourcesStarted;
    this.sourcesStarted = null;
    if (sources) for (const stop of (await sources.catch(() => null)) ?? []) await stop().catch(() => {});
    if (listening) await (await listening.catch(() => null))?.();
  }
}
