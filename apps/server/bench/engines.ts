/**
 * PgBouncer and HAProxy as processes of a bench run (bench:api's `pgbouncer` and `haproxy2` modes), from the Debian
 * packages `npm run cluster` installs (scripts/cluster/cluster.sh install). Each listens on a free loopback port and
 * is stopped by the run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface EngineProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Why an engine cannot run here, or null when it can. */
export function missingEngine(binary: 'pgbouncer' | 'haproxy'): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
  return found ? null : `${binary} is not installed (bash scripts/cluster/cluster.sh install installs it)`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

async function listening(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await sleep(100);
  }
  throw new Error(`not listening on ${port} after 10 s: ${output()}`);
}

function run(command: string[], dir: string): { child: ChildProcess; output: () => string } {
  const child = spawn(command[0]!, command.slice(1), { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output.slice(-2_000) };
}

function stopper(child: ChildProcess, dir: string): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      const done = () => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
}

/**
 * PgBouncer in transaction mode in front of `targetUrl`'s database (user trusted, as the tests' server is), pool of
 * 20. It refuses to run as root: as root it runs as the postgres user.
 */
export async function startPgBouncer(targetUrl: string): Promise<EngineProcess> {
  const target = new URL(targetUrl);
  const database = target.pathname.slice(1);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kt-pgbouncer-'));
  const user = decodeURIComponent(target.username || 'postgres');
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${dir}/userlist.txt`,
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 1000',
      '',
    ].join('\n'),
  );
  const root = process.getuid?.() === 0;
  if (root) spawnSync('chown', ['-R', 'postgres:', dir]);
  const { child, output } = run(
    root
      ? ['runuser', '-u', 'postgres', '--', 'pgbouncer', '-q', `${dir}/pgbouncer.ini`]
      : ['pgbouncer', '-q', `${dir}/pgbouncer.ini`],
    dir,
  );
  await listening(port, child, output);
  return {
    url: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`,
    pid: child.pid!,
    stop: stopper(child, dir),
  };
}

/** HAProxy (HTTP, round robin, health check GET /api/health every second) in front of `backends` (http://host:port). */
export async function startHaproxy(backends: string[]): Promise<EngineProcess> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kt-haproxy-'));
  fs.writeFileSync(
    path.join(dir, 'haproxy.cfg'),
    [
      'global',
      '    maxconn 4000',
      'defaults',
      '    mode http',
      '    timeout connect 2s',
      '    timeout client 120s',
      '    timeout server 120s',
      'frontend web',
      `    bind 127.0.0.1:${port}`,
      '    default_backend api',
      'backend api',
      '    balance roundrobin',
      '    option httpchk GET /api/health',
      '    http-check expect status 200',
      '    default-server inter 1s fall 2 rise 1',
      ...backends.map((b, i) => `    server api${i + 1} ${new URL(b).host} check`),
      '',
    ].join('\n'),
  );
  const { child, output } = run(['haproxy', '-f', `${dir}/haproxy.cfg`], dir);
  await listening(port, child, output);
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: stopper(child, dir) };
}
