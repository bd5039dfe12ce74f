import cluster, { type Worker } from 'node:cluster';

/** A worker that dies this many times within the window means the workers crash-loop: the primary gives up. */
export const CRASH_LOOP_RESTARTS = 5;
export const CRASH_LOOP_WINDOW_MS = 60_000;

/** One JSON log line in the shape of the workers' (pino) lines, so one log stream reads alike. */
function log(level: 'info' | 'warn' | 'fatal', msg: string, fields: object = {}): void {
  const levels = { info: 30, warn: 40, fatal: 60 };
  const line = JSON.stringify({
    level: levels[level],
    time: Date.now(),
    pid: process.pid,
    role: 'primary',
    ...fields,
    msg,
  });
  (level === 'info' ? console.log : console.error)(line);
}

/**
 * The primary of `WORKERS=N` (node:cluster): forks N API processes that share the port (the primary accepts
 * connections and hands them round-robin to the workers) and nothing else but the database. A worker that dies is
 * replaced; when workers die CRASH_LOOP_RESTARTS times within CRASH_LOOP_WINDOW_MS, the primary stops the others and
 * exits 1, for its supervisor to see. SIGTERM or SIGINT stops every worker (each finishes its requests in flight)
 * and then the primary, with 0.
 */
export function runPrimary(workers: number): Promise<void> {
  return new Promise<void>(() => {
    const deaths: number[] = [];
    let stopping = false;

    const fork = () => {
      const worker = cluster.fork();
      log('info', 'worker started', { worker: worker.id, workerPid: worker.process.pid });
      return worker;
    };

    const stopAll = (code: number) => {
      stopping = true;
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      if (!alive.length) process.exit(code);
      let left = alive.length;
      for (const worker of alive) {
        worker.once('exit', () => {
          if (--left === 0) process.exit(code);
        });
        worker.process.kill('SIGTERM');
      }
      // A worker that does not finish within 30 s is killed.
      setTimeout(() => {
        for (const worker of alive) if (!worker.isDead()) worker.process.kill('SIGKILL');
      }, 30_000).unref();
    };

    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      const now = Date.now();
      deaths.push(now);
      while (deaths.length && deaths[0]! < now - CRASH_LOOP_WINDOW_MS) deaths.shift();
      if (deaths.length >= CRASH_LOOP_RESTARTS) {
        log('fatal', `workers died ${deaths.length} times within ${CRASH_LOOP_WINDOW_MS / 1000} s: stopping`, {
          worker: worker.id,
          code,
          signal,
        });
        stopAll(1);
        return;
      }
      log('warn', 'worker died; starting another', { worker: worker.id, workerPid: worker.process.pid, code, signal });
      fork();
    });

    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        if (stopping) return;
        log('info', `${signal}: stopping the workers`);
        stopAll(0);
      });
    }

    log('info', `starting ${workers} API processes`, { workers });
    for (let i = 0; i < workers; i++) fork();
  });
}
