import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { DataDirLockedError, lockOwnerText, openPglite, processStartTime, processState } from './database.js';
import { roles } from './schema.js';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A data folder made from nothing once (initdb and every migration: about 5 s of CPU, 10-25 s on a loaded 2-core
 * machine), copied for each test about the lock: those open a folder that exists, as a restarted server does. The
 * first test still makes its folder from nothing.
 */
let seed = '';
beforeAll(async () => {
  seed = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-db-seed-'));
  await (await openPglite(seed)).close();
}, 120_000);
afterAll(() => {
  if (seed) fs.rmSync(seed, { recursive: true, force: true });
});
/** A new temporary folder holding a copy of the migrated seed folder (without its lock). */
function seededDir() {
  const dir = tempDir();
  fs.cpSync(path.join(seed, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
  return dir;
}

// A bound that fits a slow start on a loaded machine (a folder made from nothing once took over the 30 s default in a
// CI run), so it is not taken for a hang.
describe('the embedded database folder', { timeout: 120_000 }, () => {
  it('is created on first open, migrated, and keeps its data across a clean close', async () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const first = await openPglite(dir);
    await first.db.insert(roles).values({ roleName: 'kept' });
    await first.close();
    expect(fs.existsSync(path.join(dir, 'keystone.lock'))).toBe(false);
    const second = await openPglite(dir);
    const rows = await second.db.select().from(roles);
    expect(rows.map((r) => r.roleName)).toEqual(['kept']);
    await second.close();
  });

  it('refuses a second opener while the first holds the lock, then lets it in after close', async () => {
    const dir = seededDir();
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openPglite(dir);
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = seededDir();
    // PID far above Linux's pid_max: no such process can exist.
    fs.writeFileSync(path.join(dir, 'keystone.lock'), '99999999');
    const db = await openPglite(dir);
    expect(fs.readFileSync(path.join(dir, 'keystone.lock'), 'utf8')).toBe(lockOwnerText());
    await db.close();
  });

  /** A live process that is not ours (as after a kill -9, when the dead owner's pid went to another process). */
  async function withLiveProcess(fn: (pid: number) => Promise<void>) {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    await new Promise((r) => child.once('spawn', r));
    try {
      await fn(child.pid!);
    } finally {
      child.kill('SIGKILL');
    }
  }

  it('takes over a lock whose pid is alive but belongs to a process started at another moment (pid reused)', async () => {
    await withLiveProcess(async (pid) => {
      const dir = seededDir();
      const start = processStartTime(pid);
      expect(start).not.toBeNull();
      fs.writeFileSync(path.join(dir, 'keystone.lock'), `${pid} ${Number(start) - 1234}`);
      const db = await openPglite(dir);
      expect(fs.readFileSync(path.join(dir, 'keystone.lock'), 'utf8')).toBe(lockOwnerText());
      await db.close();
    });
  });

  it('takes over an old pid-only lock whose pid now belongs to a process started after the lock was written', async () => {
    const dir = seededDir();
    const lock = path.join(dir, 'keystone.lock');
    await withLiveProcess(async (pid) => {
      fs.writeFileSync(lock, String(pid));
      const old = new Date(Date.now() - 60_000);
      fs.utimesSync(lock, old, old);
      const db = await openPglite(dir);
      await db.close();
    });
  });

  it('still refuses while the live owner holds it (same pid, same start time)', async () => {
    await withLiveProcess(async (pid) => {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, 'keystone.lock'), lockOwnerText(pid));
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
      fs.writeFileSync(path.join(dir, 'keystone.lock'), String(pid)); // the old form, written just now
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    });
  });

  it('takes over a lock whose owner is a zombie (killed, not yet reaped by its parent)', async () => {
    // The shell forks a short sleep, then becomes a long one that never waits for it: the short one ends a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(
        await new Promise<string>((resolve) =>
          parent.stdout!.once('data', (c: Buffer) => resolve(c.toString().trim())),
        ),
      );
      const owner = lockOwnerText(pid);
      for (let i = 0; i < 50 && processState(pid) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(processState(pid)).toBe('Z');
      const dir = seededDir();
      fs.writeFileSync(path.join(dir, 'keystone.lock'), owner);
      const db = await openPglite(dir);
      expect(fs.readFileSync(path.join(dir, 'keystone.lock'), 'utf8')).toBe(lockOwnerText());
      await db.close();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('starts after the owner was killed with SIGKILL', async () => {
    const dir = seededDir();
    const script = `import('${path.resolve(import.meta.dirname, 'database.ts').replace(/\\/g, '/')}').then(async (m) => { await m.openPglite(${JSON.stringify(dir)}); process.stdout.write('open\\n'); setInterval(() => {}, 1000); })`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (c: Buffer) => c.toString().includes('open') && resolve());
      child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const db = await openPglite(dir);
    await db.close();
  }, 60_000);
});

describe('the embedded database under queued work', { timeout: 120_000 }, () => {
  it('lets the event loop come round (sockets read, timers run) while a long queue of queries runs', async () => {
    const open = await openPglite(seededDir());
    try {
      const { sql } = await import('drizzle-orm');
      let done = 0;
      const total = 400;
      // Queued all at once, as fifty scanners' statements are: PGlite takes them one by one on its lock.
      const queries = Array.from({ length: total }, () =>
        open.db.execute(sql`select count(*) from generate_series(1, 3000)`).then(() => done++),
      );
      const started = performance.now();
      const turned = new Promise<{ done: number; ms: number }>((resolve) =>
        setImmediate(() => resolve({ done, ms: performance.now() - started })),
      );
      await Promise.all(queries);
      const elapsed = performance.now() - started;
      const firstTurn = await turned;
      // Without the yield the loop came round only after the last query (done === total).
      expect(elapsed, 'the queue takes long enough for the check to mean something').toBeGreaterThan(100);
      expect(firstTurn.done).toBeLessThan(total);
      expect(firstTurn.ms).toBeLessThan(elapsed / 2);
    } finally {
      await open.close();
    }
  });
});
