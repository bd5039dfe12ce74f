import { LIVE_EVENTS_PATH, SseParser, type TLiveTopic } from '@keystone/contracts';

export type TLiveStatus = 'idle' | 'connecting' | 'live' | 'offline';
type Listener = () => void;

export interface LiveConnectionOptions {
  /** The bearer token now (null: signed out, no stream). */
  token(): string | null;
  fetch?: typeof fetch;
  onStatus?(status: TLiveStatus): void;
  /** Reconnect delays: first, doubling up to max. */
  retryMs?: { first: number; max: number };
}

/**
 * One event stream per tab for every topic some screen follows. A `change` event calls its
 * topic's listeners. After the stream was lost and is back (`ready` again), and on the server's `resync`, every
 * listener is called: changes may have been missed meanwhile, so screens reload. The stream is reopened when the
 * set of topics or the token changes, and with growing delays after a failure; a 401 or 403 stops it until then.
 */
export class LiveConnection {
  private readonly listeners = new Map<TLiveTopic, Set<Listener>>();
  private controller: AbortController | null = null;
  private openTopics = '';
  private openToken: string | null = null;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private delay: number;
  private everReady = false;
  private pending = false;
  status: TLiveStatus = 'idle';

  constructor(private readonly options: LiveConnectionOptions) {
    this.delay = this.retryMs.first;
  }

  private get retryMs() {
    return this.options.retryMs ?? { first: 1_000, max: 30_000 };
  }

  subscribe(topic: TLiveTopic, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    this.schedule();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(topic);
      this.schedule();
    };
  }

  /** Re-evaluates the stream (the token changed). */
  refresh(): void {
    this.schedule();
  }

  private topics(): string {
    return [...this.listeners.keys()].sort().join(',');
  }

  /** Subscriptions made in one render settle before the stream is (re)opened. */
  private schedule(): void {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      const topics = this.topics();
      const token = this.options.token();
      if (topics === this.openTopics && token === this.openToken && (this.controller || this.retry)) return;
      this.stop();
      if (!topics || !token) return this.setStatus('idle');
      this.delay = this.retryMs.first;
      void this.open(topics, token);
    });
  }

  private stop(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    this.controller?.abort();
    this.controller = null;
    this.openTopics = '';
    this.openToken = null;
  }

  private setStatus(status: TLiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  private notify(topics: Iterable<TLiveTopic>): void {
    for (const topic of topics) for (const listener of [...(this.listeners.get(topic) ?? [])]) listener();
  }

  private async open(topics: string, token: string): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    this.openTopics = topics;
    this.openToken = token;
    this.setStatus('connecting');
    let refused = false;
    try {
      const response = await (this.options.fetch ?? fetch)(`${LIVE_EVENTS_PATH}?topics=${encodeURIComponent(topics)}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) refused = true;
      if (!response.ok || !response.body) throw new Error(`live stream answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) this.handle(event.event, event.data);
      }
    } catch {
      /* aborted, refused or lost: below */
    }
    if (this.controller !== controller) return; // replaced or stopped meanwhile
    this.controller = null;
    this.setStatus('offline');
    if (refused) return; // a new token or topic set opens it again
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.open(topics, token);
    }, this.delay);
    this.delay = Math.min(this.delay * 2, this.retryMs.max);
  }

  private handle(event: string, data: string): void {
    let parsed: { topic?: TLiveTopic; topics?: TLiveTopic[] } = {};
    try {
      parsed = JSON.parse(data) as typeof parsed;
    } catch {
      return;
    }
    if (event === 'ready') {
      this.setStatus('live');
      this.delay = this.retryMs.first;
      if (this.everReady) this.notify(parsed.topics ?? []);
      this.everReady = true;
    } else if (event === 'change' && parsed.topic) {
      this.notify([parsed.topic]);
    } else if (event === 'resync') {
      this.notify(parsed.topics ?? []);
    }
  }
}
