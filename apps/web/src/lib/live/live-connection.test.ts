import { describe, expect, it, vi } from 'vitest';
import { LiveConnection, type TLiveStatus } from './live-connection';

/** A fake server: each fetch gets a stream the test writes to, or a status. */
function fakeServer() {
  const calls: { url: string; token: string | null; write(text: string): void; end(): void; aborted: boolean }[] = [];
  let status = 200;
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    if (status !== 200) return new Response('no', { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const call = {
      url: String(url),
      token: new Headers(init?.headers).get('authorization'),
      aborted: false,
      write: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => controller.close(),
    };
    init?.signal?.addEventListener('abort', () => {
      call.aborted = true;
      try {
        controller.error(new DOMException('aborted', 'AbortError'));
      } catch {
        /* closed */
      }
    });
    calls.push(call);
    return new Response(body, { status: 200 });
  });
  return { calls, fetchFn, setStatus: (s: number) => void (status = s) };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('LiveConnection', () => {
  it('opens one stream for all topics, calls only the changed topic, and reopens when topics change', async () => {
    const server = fakeServer();
    const statuses: TLiveStatus[] = [];
    const live = new LiveConnection({
      token: () => 'T1',
      fetch: server.fetchFn,
      onStatus: (s) => statuses.push(s),
      retryMs: { first: 10, max: 20 },
    });
    const sales = vi.fn();
    const transfers = vi.fn();
    const offSales = live.subscribe('committed-sales', sales);
    live.subscribe('committed-transfers', transfers);
    await tick();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.url).toBe('/api/live/events?topics=committed-sales%2Ccommitted-transfers');
    expect(server.calls[0]!.token).toBe('Bearer T1');
    server.calls[0]!.write('event: ready\ndata: {"topics":["committed-sales","committed-transfers"]}\n\n');
    server.calls[0]!.write('event: change\ndata: {"topic":"committed-sales","at":"x"}\n\n');
    await tick();
    expect([sales.mock.calls.length, transfers.mock.calls.length]).toEqual([1, 0]);
    expect(statuses).toEqual(['connecting', 'live']);

    offSales();
    await tick();
    expect(server.calls[0]!.aborted).toBe(true);
    expect(server.calls[1]!.url).toBe('/api/live/events?topics=committed-transfers');
  });

  it('after a lost stream reconnects and tells every listener to reload (changes may have been missed)', async () => {
    const server = fakeServer();
    const live = new LiveConnection({ token: () => 'T', fetch: server.fetchFn, retryMs: { first: 10, max: 20 } });
    const sales = vi.fn();
    live.subscribe('committed-sales', sales);
    await tick();
    server.calls[0]!.write('event: ready\ndata: {"topics":["committed-sales"]}\n\n');
    await tick();
    expect(sales).not.toHaveBeenCalled();
    server.calls[0]!.end();
    await new Promise((r) => setTimeout(r, 40));
    expect(server.calls).toHaveLength(2);
    server.calls[1]!.write('event: ready\ndata: {"topics":["committed-sales"]}\n\n');
    await tick();
    expect(sales).toHaveBeenCalledTimes(1);
    server.calls[1]!.write('event: resync\ndata: {"topics":["committed-sales"]}\n\n');
    await tick();
    expect(sales).toHaveBeenCalledTimes(2);
  });

  it('stays closed after a 401 until the token changes, and opens nothing when signed out', async () => {
    const server = fakeServer();
    let token: string | null = 'OLD';
    const live = new LiveConnection({ token: () => token, fetch: server.fetchFn, retryMs: { first: 5, max: 5 } });
    server.setStatus(401);
    live.subscribe('committed-sales', () => {});
    await new Promise((r) => setTimeout(r, 40));
    expect(server.fetchFn).toHaveBeenCalledTimes(1);
    expect(live.status).toBe('offline');
    server.setStatus(200);
    token = 'NEW';
    live.refresh();
    await tick();
    expect(server.calls.at(-1)!.token).toBe('Bearer NEW');
    token = null;
    live.refresh();
    await tick();
    expect(server.calls.at(-1)!.aborted).toBe(true);
    expect(live.status).toBe('idle');
  });
});
