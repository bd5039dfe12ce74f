// `npm run bench:upload-stall -w apps/server`: uploads that cannot stall the server (docs/decisions.md, "Upload row and field caps"). The real server
// in its own process on PostgreSQL; three clients at once (`BENCH_UPLOADS`) each upload a UPS invoice whose second line
// opens a quote and never closes it (60 MB of one field, `BENCH_UPLOAD_MB`), `BENCH_ROUNDS` times one after the other
// (default 1), while GET /api/health is called every 50 ms on a fixed schedule. Prints health latency (p50 / p99 / max; a call still unanswered at the end counts with the time it
// waited), each upload's answer and time, and the server's resident memory (VmRSS) before and at its peak.
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../src/config.js';
import { createServices } from '../src/modules/services.js';
import { upsLine } from '../src/modules/shipping-reconciliation/carrier-files.js';
import { signInOnEach, startServerProcess } from '../test/concurrency/server-processes.js';
import { fmt, openBenchDatabase, percentiles } from './bench-database.js';

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 60);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 3);
/** Rounds of UPLOADS at once, one after the other (more health calls to take the p99 of). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** Longer than the server's 120 s request timeout: the code before issue 30 held the uploads that long. */
const WAIT_MS = Number(process.env.BENCH_WAIT_MS ?? 180_000);
const POLL_MS = 50;

/** The uploading clients, in a worker thread: the bench's own thread only times the health calls. */
const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, bytes, uploads, rounds, line } = workerData;
const blob = new Blob([line, '\\r\\n2.1,,"', 'x'.repeat(bytes)], { type: 'text/csv' });
const one = async () => {
  const form = new FormData();
  form.append('file', blob, 'open-quote.csv');
  const start = performance.now();
  try {
    const res = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form });
    return { status: res.status, body: (await res.text()).slice(0, 160), ms: performance.now() - start };
  } catch (error) {
    return { status: 0, body: String(error.cause ?? error).slice(0, 160), ms: performance.now() - start };
  }
};
parentPort.once('message', async () => {
  const results = [];
  for (let round = 0; round < rounds; round++) results.push(...(await Promise.all(Array.from({ length: uploads }, one))));
  parentPort.postMessage(results);
});
fetch(url.replace(/\\/api\\/.*/, '/api/health')).then(() => parentPort.postMessage('ready'));
`;

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

async function main() {
  const database = await openBenchDatabase('kt_bench_upload_stall');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let uploader: Worker | undefined;
  try {
    const services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
    await services.users.ensureRoles();
    await services.users.create({ username: 'bench-uploader', password: 'bench-password', role: 'purchasing-1' });
    server = await startServerProcess(database.url);
    const [token] = await signInOnEach([server], 'bench-uploader', 'bench-password');
    const base = server.url;
    const health = `${base}/api/health`;

    // Idle health first (the baseline), then the uploads.
    const idle: number[] = [];
    for (let i = 0; i < 40; i++) {
      const start = performance.now();
      await (await fetch(health)).text();
      if (i >= 5) idle.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }

    const line = upsLine({
      trackingNumber: '1ZBENCHSTALL00001',
      cents: 1000,
      date: new Date().toISOString().slice(0, 10),
    });
    uploader = new Worker(UPLOADER, {
      eval: true,
      workerData: {
        url: `${base}/api/shipping-reconciliation/ups/upload`,
        token,
        bytes: UPLOAD_MB * 1024 * 1024,
        uploads: UPLOADS,
        rounds: ROUNDS,
        line,
      },
    });
    await new Promise((resolve) => uploader!.once('message', resolve));

    const pid = server.pid;
    const rssBefore = rssMb(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), POLL_MS);
    const samples: number[] = [];
    const open = new Set<number>();
    const poller = setInterval(() => {
      const start = performance.now();
      open.add(start);
      fetch(health)
        .then((res) => res.text())
        .then(
          () => samples.push(performance.now() - start),
          () => samples.push(performance.now() - start),
        )
        .finally(() => open.delete(start));
    }, POLL_MS);
    const t0 = performance.now();
    const answered = new Promise<{ status: number; body: string; ms: number }[]>((resolve) =>
      uploader!.once('message', resolve),
    );
    uploader.postMessage('go');
    const results = await Promise.race([
      answered,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_MS)),
    ]);
    const elapsed = performance.now() - t0;
    // Half a second more: the server's state once the answers are out.
    await new Promise((resolve) => setTimeout(resolve, 500));
    clearInterval(poller);
    clearInterval(sampler);
    const now = performance.now();
    for (const start of open) samples.push(now - start);

    const idleP = percentiles(idle);
    const busy = percentiles(samples);
    console.log(
      `${ROUNDS} × ${UPLOADS} uploads at once of a UPS invoice with one ${UPLOAD_MB} MB unterminated quoted field, server on PostgreSQL (pid ${pid})`,
    );
    console.log(`health idle: p50 ${fmt(idleP.p50)}, p99 ${fmt(idleP.p99)} (${idleP.n} calls)`);
    console.log(
      `health during the uploads: p50 ${fmt(busy.p50)}, p99 ${fmt(busy.p99)}, max ${fmt(busy.max)} (${busy.n} calls every ${POLL_MS} ms over ${(elapsed / 1000).toFixed(1)} s)`,
    );
    if (results) {
      const statuses = new Map<string, number>();
      for (const r of results)
        statuses.set(
          `${r.status} ${r.body.slice(0, 120)}`,
          (statuses.get(`${r.status} ${r.body.slice(0, 120)}`) ?? 0) + 1,
        );
      for (const [answer, n] of statuses) console.log(`uploads answered ${n} × ${answer}`);
      const times = percentiles(results.map((r) => r.ms));
      console.log(`upload answer time: p50 ${fmt(times.p50)}, max ${fmt(times.max)}`);
    } else console.log(`uploads: not all answered within ${WAIT_MS / 1000} s`);
    console.log(
      `server RSS ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB: growth ${(rssPeak - rssBefore).toFixed(0)} MB`,
    );
    console.log(
      `load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (1, 5, 15 min), ${os.cpus().length} cores`,
    );
  } finally {
    await uploader?.terminate();
    await server?.stop();
    await database.drop();
  }
}

await main();
