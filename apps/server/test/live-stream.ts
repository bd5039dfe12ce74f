import { SseParser } from '@keystone/contracts';

/** A test client of the live event stream (`GET /api/live/events`) over real HTTP: collects its events in order. */
export interface LiveEvent {
  event: string;
  data: Record<string, unknown>;
  /** performance.now() when it was read. */
  receivedAt: number;
}

export interface LiveStream {
  status: number;
  events: LiveEvent[];
  /** Waits for the first event (after those already consumed by earlier calls) matching; fails after timeoutMs. */
  next(match?: (e: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
}

export async function openLiveStream(baseUrl: string, token: string, topics: string): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/live/events?topics=${encodeURIComponent(topics)}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let consumed = 0;
  if (response.ok && response.body) {
    void (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const frame of parser.push(value)) {
            events.push({
              event: frame.event,
              data: JSON.parse(frame.data) as Record<string, unknown>,
              receivedAt: performance.now(),
            });
          }
          for (const wake of waiters) wake();
        }
      } catch {
        /* aborted */
      }
    })();
  }
  return {
    status: response.status,
    events,
    next(match = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          while (consumed < events.length) {
            const e = events[consumed++]!;
            if (match(e)) {
              waiters.delete(look);
              clearTimeout(timer);
              resolve(e);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(
            new Error(`no matching live event in ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`),
          );
        }, timeoutMs);
        waiters.add(look);
        look();
      });
    },
    close: () => controller.abort(),
  };
}
