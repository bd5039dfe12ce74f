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
 * One LISTEN per API process, fanned out to its event streams (issue 10 part 5). The database delivers a
 * notification to every listening process when the writing transaction commits, so a change made through any
 * process reaches the streams of all of them. The listener starts with the first stream and stays.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private listening: Promise<() => Promise<void>> | null = null;
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
    if (listening) await (await listening.catch(() => null))?.();
  }
}
