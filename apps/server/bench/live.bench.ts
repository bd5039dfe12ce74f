// `npm run bench:live` (and part of `npm run bench`): how fast a board hears a change made through another API
// process. Two server processes on one PostgreSQL database; 10 board streams open on the first;
// committed sales posted one after another through the second. Each sample is the time from sending the write to
// the event arriving at a stream (so it includes the write itself), measured on every stream.
import { loadConfig } from '../src/config.js';
import { createServices } from '../src/modules/services.js';
import { createLocation, createProducts, nextUpc, receiveStock, type CreatedProduct } from '../test/factories.js';
import { openLiveStream } from '../test/live-stream.js';
import { signInOnEach, startServerProcess } from '../test/concurrency/server-processes.js';
import { openBenchDatabase, report } from './bench-database.js';

const WRITES = Number(process.env.BENCH_LIVE_WRITES ?? 200);
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 10);

async function main() {
  const database = await openBenchDatabase('keystone_bench_live');
  const services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  const [kit] = (await createProducts(database.db, [
    { modelNumber: 'BENCH-LIVE-KIT', upc: nextUpc(), serialNumberTracked: false },
  ])) as [CreatedProduct];
  await receiveStock(services, kit, 'KY01_B_STOCK', { units: WRITES + 50 });
  await services.users.create({ username: 'bench-live', password: 'bench-password', role: 'admin' });
  const servers = await Promise.all([startServerProcess(database.url), startServerProcess(database.url)]);
  try {
    const tokens = await signInOnEach(servers, 'bench-live', 'bench-password');
    const streams = await Promise.all(
      Array.from({ length: STREAMS }, () => openLiveStream(servers[0]!.url, tokens[0]!, 'committed-sales')),
    );
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'ready')));
    const fromSend: number[] = [];
    const fromAnswer: number[] = [];
    for (let i = 0; i < WRITES + 20; i++) {
      const arrivals = streams.map((s) => s.next((e) => e.event === 'change'));
      const sent = performance.now();
      const res = await fetch(`${servers[1]!.url}/api/ims/committed-sales`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[1]}` },
        body: JSON.stringify({
          legacyPosInvoiceId: `BENCH-LIVE-${i}`,
          model: kit.modelNumber,
          sourceBucket: 'KY01_B_STOCK',
          quantity: 1,
        }),
      });
      const answered = performance.now();
      if (res.status !== 201) throw new Error(`intake answered ${res.status}: ${await res.text()}`);
      const events = await Promise.all(arrivals);
      if (i < 20) continue; // warm-up
      for (const e of events) {
        fromSend.push(e.receivedAt - sent);
        fromAnswer.push(e.receivedAt - answered);
      }
    }
    for (const s of streams) s.close();
    console.log(
      `\nLive boards: ${WRITES} committed sales through process B, ${STREAMS} board streams on process A (PostgreSQL LISTEN/NOTIFY)`,
    );
    const p = report('write sent → event at a board on the other process', fromSend);
    report('write answered → event at the board (negative: before the answer)', fromAnswer);
    const ok = p.p95 < 200;
    console.log(ok ? 'target met: a board hears a change within 200 ms (p95)' : 'TARGET MISSED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
