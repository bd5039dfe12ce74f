import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../api-error';
import { indexedDbPersistence } from './outbox-persistence';
import { ScanOutbox, waitingCount, type OutboxEntry, type TOutboxOutcome } from './scan-outbox';

/** A server stand-in: applies each scan id once (as the real one does) and can be cut off or made to refuse. */
function fakeServer() {
  const applied = new Map<string, number>();
  const calls: string[] = [];
  let mode: 'up' | 'down' | 'hang' = 'up';
  const refuse = new Map<string, ApiCallError>();
  let next = 1;
  return {
    applied,
    calls,
    set mode(m: 'up' | 'down' | 'hang') {
      mode = m;
    },
    async send(entry: OutboxEntry, signal: AbortSignal) {
      calls.push(entry.id);
      if (mode === 'down') throw new TypeError('Failed to fetch');
      if (mode === 'hang')
        await new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('The operation timed out.', 'TimeoutError'))),
        );
      const refusal = refuse.get(entry.id);
      if (refusal) throw refusal;
      if (!applied.has(entry.id)) applied.set(entry.id, next++);
      return { transactionReferenceId: `IR-${applied.get(entry.id)}` };
    },
    refuse,
  };
}

const scan = (id: string) => ({
  id,
  kind: 'receive' as const,
  body: { clientScanId: id },
  context: 'po-line:1',
  label: id,
});

/** Until every entry is refused or gone, or 5 s (a loaded machine's IndexedDB writes can take a while). */
async function settle(outbox: ScanOutbox) {
  for (let i = 0; i < 1000 && outbox.entries().some((e) => e.state !== 'refused'); i++)
    await new Promise((r) => setTimeout(r, 5));
}

function outboxFor(server: ReturnType<typeof fakeServer>, name: string, retryDelaysMs = [60_000]) {
  return new ScanOutbox({
    persistence: indexedDbPersistence(name),
    send: (e, s) => server.send(e, s),
    retryDelaysMs,
    timeoutMs: 50,
  });
}

describe('ScanOutbox', () => {
  it('sends scans in scanning order and reports each answer', async () => {
    const server = fakeServer();
    const outbox = outboxFor(server, 'order');
    const answers: [string, TOutboxOutcome][] = [];
    outbox.subscribe((entry, outcome) => answers.push([entry.id, outcome]));
    for (const id of ['a', 'b', 'c']) await outbox.add(scan(id));
    await settle(outbox);
    expect(server.calls).toEqual(['a', 'b', 'c']);
    expect(answers.map(([id, o]) => [id, o.ok])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
    ]);
    expect(outbox.entries()).toEqual([]);
    expect(await indexedDbPersistence('order').all()).toEqual([]);
  });

  it('keeps scans while the network is down, counts them waiting, and replays them in order with the same ids, once each', async () => {
    const server = fakeServer();
    const outbox = outboxFor(server, 'offline');
    await outbox.add(scan('a'));
    await settle(outbox);
    server.mode = 'down';
    for (const id of ['b', 'c', 'd']) await outbox.add(scan(id));
    await new Promise((r) => setTimeout(r, 20));
    // The first failure stalls the outbox: nothing after it is tried until the replay.
    expect(server.calls).toEqual(['a', 'b']);
    expect(waitingCount(outbox.store.getState())).toBe(3);
    expect(outbox.entries().map((e) => e.delayed)).toEqual([true, true, true]);
    expect((await indexedDbPersistence('offline').all()).map((e) => e.id)).toEqual(['b', 'c', 'd']);

    server.mode = 'up';
    outbox.retryNow();
    await settle(outbox);
    expect(server.calls).toEqual(['a', 'b', 'b', 'c', 'd']);
    expect([...server.applied.keys()]).toEqual(['a', 'b', 'c', 'd']);
    expect(waitingCount(outbox.store.getState())).toBe(0);
    expect(outbox.store.getState().lastSyncAt).toBeGreaterThan(Date.now() - 5_000);
    expect(await indexedDbPersistence('offline').all()).toEqual([]);
  });

  it('counts a scan as waiting only once it is stored: a page closed after the count showed it still holds it', async () => {
    const server = fakeServer();
    server.mode = 'down';
    const stored = indexedDbPersistence('stored-first');
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const outbox = new ScanOutbox({
      // The second scan's write is slow to commit (a loaded device).
      persistence: { ...stored, put: async (e) => (e.id === 'b' ? held.then(() => stored.put(e)) : stored.put(e)) },
      send: (e, s) => server.send(e, s),
      retryDelaysMs: [60_000],
      timeoutMs: 50,
    });
    await outbox.add(scan('a'));
    const adding = outbox.add(scan('b'));
    await new Promise((r) => setTimeout(r, 20));
    expect(outbox.entries().map((e) => e.id)).toEqual(['a']);
    expect(waitingCount(outbox.store.getState())).toBe(1);
    release();
    await adding;
    expect(outbox.entries().map((e) => e.id)).toEqual(['a', 'b']);
    expect(waitingCount(outbox.store.getState())).toBe(2);
    // What the count showed is what the next page finds.
    expect((await indexedDbPersistence('stored-first').all()).map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('treats a time-out as a network failure: the scan waits, and its replay is applied once', async () => {
    const server = fakeServer();
    const outbox = outboxFor(server, 'timeout');
    server.mode = 'hang';
    await outbox.add(scan('a'));
    await new Promise((r) => setTimeout(r, 120));
    expect(outbox.store.getState().stalled).toBe(true);
    expect(outbox.entries().map((e) => [e.id, e.state, e.attempts])).toEqual([['a', 'pending', 1]]);
    server.mode = 'up';
    outbox.retryNow();
    await settle(outbox);
    expect(server.applied.size).toBe(1);
  });

  it('marks a refused scan with the server message, goes on with the next, and forgets it when dismissed', async () => {
    const server = fakeServer();
    server.refuse.set(
      'b',
      new ApiCallError(
        422,
        { message: 'Serial cannot be re-scanned', errors: {} },
        '/api/scanner/receipt/quickScanReceive',
      ),
    );
    const outbox = outboxFor(server, 'refused');
    const refusals: string[] = [];
    outbox.subscribe((_, outcome) => !outcome.ok && refusals.push(outcome.message));
    for (const id of ['a', 'b', 'c']) await outbox.add(scan(id));
    await settle(outbox);
    expect([...server.applied.keys()]).toEqual(['a', 'c']);
    expect(refusals).toEqual(['Serial cannot be re-scanned']);
    expect(outbox.entries().map((e) => [e.id, e.state, e.message])).toEqual([
      ['b', 'refused', 'Serial cannot be re-scanned'],
    ]);
    await outbox.dismiss('b');
    expect(outbox.entries()).toEqual([]);
    expect(await indexedDbPersistence('refused').all()).toEqual([]);
  });

  it('a 503 (the server without its database) waits like a network failure; a 500 is a refusal', async () => {
    const server = fakeServer();
    const outbox = outboxFor(server, 'statuses');
    server.refuse.set('a', new ApiCallError(503, { message: 'Service Unavailable' }, '/x'));
    await outbox.add(scan('a'));
    await new Promise((r) => setTimeout(r, 20));
    expect(outbox.entries()[0]).toMatchObject({ id: 'a', state: 'pending', attempts: 1 });
    server.refuse.set('a', new ApiCallError(500, { message: 'Internal Server Error' }, '/x'));
    expect(outbox.store.getState().stalled).toBe(true);
    outbox.retryNow();
    await settle(outbox);
    expect(outbox.entries()[0]).toMatchObject({ id: 'a', state: 'refused', message: 'Internal Server Error' });
    // A refusal is an answer: the server is in reach, nothing waits.
    expect(outbox.store.getState().stalled).toBe(false);
    expect(outbox.store.getState().lastSyncAt).toBeNull();
  });

  it('replays what an earlier page left in IndexedDB (a reload while offline)', async () => {
    const server = fakeServer();
    server.mode = 'down';
    const before = outboxFor(server, 'reload');
    for (const id of ['a', 'b']) await before.add(scan(id));
    await new Promise((r) => setTimeout(r, 20));
    expect(server.applied.size).toBe(0);

    server.mode = 'up';
    const after = outboxFor(server, 'reload', [5]);
    await after.load();
    await settle(after);
    expect([...server.applied.keys()]).toEqual(['a', 'b']);
    expect(await indexedDbPersistence('reload').all()).toEqual([]);
  });

  it("keeps a transfer scan's path parameters: sent with them, stored with them, replayed with them after a reload", async () => {
    const seen: [string, Record<string, string> | undefined][] = [];
    let up = false;
    const send = async (entry: OutboxEntry) => {
      seen.push([entry.id, entry.params]);
      if (!up) throw new TypeError('Failed to fetch');
      return { message: 'Success' };
    };
    const transferScan = (id: string) => ({
      id,
      kind: 'transfer-scan' as const,
      params: { refId: 'CT-0000042' },
      body: { scannedUpc: '012', clientScanId: id },
      context: 'transfer:CT-0000042',
      label: id,
    });
    const before = new ScanOutbox({
      persistence: indexedDbPersistence('params'),
      send,
      retryDelaysMs: [60_000],
      timeoutMs: 50,
    });
    await before.add(transferScan('t1'));
    await new Promise((r) => setTimeout(r, 20));
    expect((await indexedDbPersistence('params').all()).map((e) => [e.kind, e.params])).toEqual([
      ['transfer-scan', { refId: 'CT-0000042' }],
    ]);

    up = true;
    const after = new ScanOutbox({
      persistence: indexedDbPersistence('params'),
      send,
      retryDelaysMs: [5],
      timeoutMs: 50,
    });
    const answers: string[] = [];
    after.subscribe((entry, outcome) => outcome.ok && answers.push(entry.id));
    await after.load();
    await settle(after);
    expect(answers).toEqual(['t1']);
    expect(seen.every(([id, params]) => id === 't1' && params?.refId === 'CT-0000042')).toBe(true);
    expect(await indexedDbPersistence('params').all()).toEqual([]);
  });

  it('retries by itself after the back-off', async () => {
    const server = fakeServer();
    server.mode = 'down';
    const outbox = outboxFor(server, 'backoff', [10]);
    const sent = vi.fn();
    outbox.subscribe(sent);
    await outbox.add(scan('a'));
    await new Promise((r) => setTimeout(r, 5));
    server.mode = 'up';
    await settle(outbox);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(server.calls.length).toBeGreaterThanOrEqual(2);
  });
});
