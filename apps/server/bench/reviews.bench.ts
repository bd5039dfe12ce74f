// `npm run bench:reviews -w apps/server`: review moderation (docs/decisions.md, "Review moderation"). Two server processes on one PostgreSQL
// database with the embedded review store; 5 moderation streams (topic `reviews`) on process A; reviews pushed one
// after another through the public intake of process B. Reports intake latency, the time from sending a review to
// the event at a moderator's stream on the other process, and the moderation list (GET /api/reviews, 100 of
// BENCH_REVIEWS reviews, newest first) with and without a product filter.
import { loadConfig } from '../src/config.js';
import { pushId } from '../src/modules/reviews/push-id.js';
import { ReviewsRepository } from '../src/modules/reviews/reviews.repository.js';
import { createServices } from '../src/modules/services.js';
import { createProducts, nextUpc, type CreatedProduct } from '../test/factories.js';
import { openLiveStream } from '../test/live-stream.js';
import { signInOnEach, startServerProcess } from '../test/concurrency/server-processes.js';
import { openBenchDatabase, report } from './bench-database.js';

const WRITES = Number(process.env.BENCH_REVIEW_WRITES ?? 200);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 5000);
const STREAMS = 5;
const READS = 100;

async function main() {
  const database = await openBenchDatabase('keystone_bench_reviews');
  const services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  const products = (await createProducts(
    database.db,
    Array.from({ length: 20 }, (_, i) => ({ modelNumber: `BENCH-REV-${i}`, upc: nextUpc() })),
  )) as CreatedProduct[];
  const repo = new ReviewsRepository(database.db);
  const start = Date.now() - REVIEWS * 60_000;
  for (let i = 0; i < REVIEWS; i++) {
    const at = start + i * 60_000;
    await repo.insert(pushId(at), String(products[i % products.length]!.id), {
      message: `Bench review ${i} `.repeat(8),
      name: `Reviewer ${i}`,
      email: `r${i}@example.com`,
      stars: (i % 5) + 1,
      reviewOn: new Date(at).toISOString().slice(0, 10),
      visible: i % 3 === 0,
    });
  }
  await services.users.create({ username: 'bench-reviews', password: 'bench-password', role: 'developer' });
  const env = { REVIEW_INTAKE_MAX: String(WRITES * 10) };
  const servers = await Promise.all([startServerProcess(database.url, env), startServerProcess(database.url, env)]);
  try {
    const tokens = await signInOnEach(servers, 'bench-reviews', 'bench-password');
    const streams = await Promise.all(
      Array.from({ length: STREAMS }, () => openLiveStream(servers[0]!.url, tokens[0]!, 'reviews')),
    );
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'ready')));
    const intake: number[] = [];
    const toEvent: number[] = [];
    for (let i = 0; i < WRITES + 20; i++) {
      const arrivals = streams.map((s) => s.next((e) => e.event === 'change'));
      const sent = performance.now();
      const res = await fetch(`${servers[1]!.url}/api/public/reviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          product: products[i % products.length]!.id,
          message: `Bench intake ${i}`,
          name: 'Bench',
          email: 'bench@example.com',
          stars: 4,
        }),
      });
      const answered = performance.now();
      if (res.status !== 201) throw new Error(`intake answered ${res.status}: ${await res.text()}`);
      const events = await Promise.all(arrivals);
      if (i < 20) continue; // warm-up
      intake.push(answered - sent);
      for (const e of events) toEvent.push(e.receivedAt - sent);
    }
    for (const s of streams) s.close();
    const read = async (query: string) => {
      const samples: number[] = [];
      for (let i = 0; i < READS + 10; i++) {
        const sent = performance.now();
        const res = await fetch(`${servers[0]!.url}/api/reviews${query}`, {
          headers: { authorization: `Bearer ${tokens[0]}` },
        });
        await res.text();
        if (res.status !== 200) throw new Error(`list answered ${res.status}`);
        if (i >= 10) samples.push(performance.now() - sent);
      }
      return samples;
    };
    console.log(
      `\nReview moderation: ${REVIEWS + WRITES + 20} reviews (embedded store, PostgreSQL), ${STREAMS} moderation streams on process A, intake through process B`,
    );
    report('public intake (201)', intake);
    const live = report('review sent → event at a moderator on the other process', toEvent);
    const all = report(`GET /api/reviews (first 100, newest first)`, await read(''));
    report(`GET /api/reviews?product=…&visibility=hidden`, await read(`?product=${products[3]!.id}&visibility=hidden`));
    const ok = live.p95 < 200 && all.p95 < 100;
    console.log(
      ok
        ? 'targets met: moderators hear a review within 200 ms, the list answers within 100 ms (p95)'
        : 'TARGET MISSED',
    );
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
